// Heavy work in a Web Worker, on the library's own job protocol: a page's worker serves the library's jobs by
// their registry names (and, beside them, the page's own quick estimates), and the page runs them by name with
// runInWorker, typed by the worker's registry. Stopping asks the worker to stop; one that does not answer in
// time is ended.
import { GridbitsError } from '../../../src/core/error.js';
import { now, type Job } from '../../../src/core/job.js';
import type { Progress, RunOptions } from '../../../src/core/run.js';
import {
  runInWorker,
  serveJobs,
  type Endpoint,
  type JobArgs,
  type JobOutcome,
  type JobPartial,
  type JobRegistry,
} from '../../../src/core/worker.js';

export type { Endpoint, JobRegistry };

export interface WorkerLike extends Endpoint {
  terminate(): void;
}

/** Worker side: serves these jobs (the registry's, by their names, and any of the page's own) to the page. */
export function serve(registry: JobRegistry): void {
  serveJobs(registry, self as unknown as Endpoint);
}

/** Runs one job of the worker's registry by name: its outcome, with its progress going to the task's bar. */
export type RunJob<R extends JobRegistry> = <K extends keyof R & string>(
  name: K,
  args: JobArgs<K, R>,
  options?: Pick<RunOptions<JobPartial<K, R>>, 'timeoutMs' | 'maxNodes' | 'onPartial'>,
) => Promise<JobOutcome<K, R>>;

/** A page's request answered by one or more jobs run on its worker, in turn. */
export type Task<Req, Res, R extends JobRegistry> = (request: Req, run: RunJob<R>) => Promise<Res>;

/**
 * How long a request's jobs may run on the page itself, in milliseconds, before the rest of it goes to the worker:
 * a small question (an 8×8 tour, a walk of ten moves and its tally) is answered at once, in the frame that asks it,
 * with no worker to start (starting one costs the page about as much); a larger one loses at most this much before
 * the worker takes it from the start. The engines' first run on a page is their slowest (not yet compiled): 1,000
 * walks of ten moves took 8 ms cold in Node here (`jobs.simulate({ board: '8x8', steps: 10, from: 27, trials: 1000 })
 * .runSync()` from src/walk/jobs.ts, the first call in a fresh process).
 */
const HERE_MS = 30;

/**
 * How long a stopped job may take to hand its outcome back before its worker is ended (a job pauses every
 * 20 ms, so this is for a worker caught in something that does not).
 */
const STOP_GRACE_MS = 1000;

function aborted(): GridbitsError {
  return new GridbitsError('ABORTED', 'stopped before finishing');
}

/**
 * Page side: answers one request at a time with the page's task, on a worker made on demand. Starting another
 * request, or cancelling, stops the one running (its promise rejects with ABORTED at once): its job is asked to
 * stop, and its worker ended if it does not within a second (the next request then gets a fresh one).
 */
export class JobRunner<Req, Res, R extends JobRegistry> {
  private worker: WorkerLike | null = null;
  private current: AbortController | null = null;

  /**
   * @param here the jobs the page can run itself (a subset of the worker's registry, by the same names): a request's
   *   jobs run here while they take under HERE_MS in all, the rest on the worker
   */
  constructor(
    private readonly create: () => WorkerLike,
    private readonly task: Task<Req, Res, R>,
    private readonly here: Partial<R> = {},
  ) {}

  run(request: Req, options: { onProgress?: (p: Progress) => void } = {}): Promise<Res> {
    this.cancel();
    const controller = new AbortController();
    this.current = controller;
    const { signal } = controller;
    const live = (): boolean => !signal.aborted;
    let hereLeft = HERE_MS;
    const runJob: RunJob<R> = (name, args, limits = {}) => {
      if (!live()) return Promise.reject(aborted());
      const make = Object.hasOwn(this.here, name) ? this.here[name] : undefined;
      if (make && hereLeft > 0) {
        // Run here with what is left of the page's share; a job stopped by that share (not by its own limits)
        // goes to the worker, as does everything after it.
        const own = limits.timeoutMs ?? Infinity;
        const share = hereLeft;
        const start = now();
        try {
          const job = (make as (...a: unknown[]) => Job<unknown, unknown>)(...(args as unknown[]));
          const outcome = job.runSync({
            maxNodes: limits.maxNodes,
            timeoutMs: Math.min(own, share),
            onPartial: limits.onPartial as ((partial: unknown) => void) | undefined,
          });
          hereLeft -= now() - start;
          if (outcome.finished || outcome.stopped !== 'time' || own <= share) {
            return Promise.resolve(outcome as Awaited<ReturnType<RunJob<R>>>);
          }
        } catch (e) {
          return Promise.reject(e as Error);
        }
        hereLeft = 0;
      }
      const worker = (this.worker ??= this.create());
      const { onPartial } = limits;
      return new Promise((resolve, reject) => {
        let grace: ReturnType<typeof setTimeout> | undefined;
        const onAbort = (): void => {
          reject(aborted());
          grace = setTimeout(() => this.worker === worker && this.terminate(), STOP_GRACE_MS);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        runInWorker<R, typeof name>(worker, name, args, {
          ...limits,
          signal,
          onProgress: (p) => live() && options.onProgress?.(p),
          onPartial: onPartial && ((p) => live() && onPartial(p)),
        })
          .then(resolve, reject)
          .finally(() => {
            clearTimeout(grace);
            signal.removeEventListener('abort', onAbort);
          });
      });
    };
    const done = this.task(request, runJob).then(
      (value) => {
        if (!live()) throw aborted();
        return value;
      },
      (e: unknown) => {
        throw live() ? e : aborted();
      },
    );
    return done.finally(() => {
      if (this.current === controller) this.current = null;
    });
  }

  /**
   * Starts the worker now, if there is none, so that a request made soon does not wait for it: a worker loads and
   * compiles its engines in a few hundred milliseconds, and longer while the page draws something large.
   */
  warm(): void {
    this.worker ??= this.create();
  }

  /** Stops the running request, if any (its promise rejects with ABORTED). */
  cancel(): void {
    this.current?.abort();
    this.current = null;
  }

  get busy(): boolean {
    return this.current !== null;
  }

  /** Ends the worker; the next request starts a new one. */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
