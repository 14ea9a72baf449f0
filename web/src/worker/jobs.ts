// Heavy work in a Web Worker, on the library's own job protocol: a page's worker serves the library's jobs by
// their registry names (and, beside them, the page's own quick estimates), and the page runs them by name with
// runInWorker, typed by the worker's registry. Stopping asks the worker to stop; one that does not answer in
// time is ended.
import { GridbitsError } from '../../../src/core/error.js';
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

  constructor(
    private readonly create: () => WorkerLike,
    private readonly task: Task<Req, Res, R>,
  ) {}

  run(request: Req, options: { onProgress?: (p: Progress) => void } = {}): Promise<Res> {
    this.cancel();
    const controller = new AbortController();
    this.current = controller;
    const { signal } = controller;
    const live = (): boolean => !signal.aborted;
    const runJob: RunJob<R> = (name, args, limits = {}) => {
      if (!live()) return Promise.reject(aborted());
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
