// Running a job in another thread: the message protocol between a page or process and a worker (a Node worker
// thread or a browser Web Worker), with the same options and outcome as a job run in place.
import { checkLimits } from './run.js';
import { checkRunOptions, refuse } from './check.js';
import { GridbitsError, type ErrorCode } from './error.js';
// Types only: the names of the jobs come from the registry of every engine (src/jobs.ts), which imports this.
import type { JobsByName } from '../jobs.js';
import type { Job, JobRegistry, Outcome } from './job.js';

export type { JobRegistry };
import type { Limits, Progress, RunOptions } from './run.js';

/** The name of a job gridbits runs in a worker: `'tour.count'`, `'fleet.heat'`, … (see `JOBS` in `gridbits/worker`). */
export type JobName = keyof JobsByName & string;

/** What the job of this name takes. */
export type JobArgs<K extends keyof R, R extends JobRegistry = JobsByName> = Parameters<R[K]>;

/** What the job of this name has when it stops early (its partial result). */
export type JobPartial<K extends keyof R, R extends JobRegistry = JobsByName> = Exclude<
  Extract<JobOutcome<K, R>, { finished: false }>['partial'],
  undefined
>;

/** The outcome of the job of this name: its answer and its partial result. */
export type JobOutcome<K extends keyof R, R extends JobRegistry = JobsByName> = Awaited<
  ReturnType<ReturnType<R[K]>['run']>
>;

/** The messages of the protocol, both ways. */
/** A message to a worker: start a job by name (with its arguments and limits), or abort the job with this id. */
type ToWorker =
  | {
      /** The caller's number for this job. */
      id: number;
      /** The job's name in the registry, e.g. `'tour.count'`. */
      start: string;
      /** The job maker's arguments. */
      args: unknown[];
      /** The job's limits. */
      options: Limits;
      /** Send the partial result with each progress report. */
      partials?: boolean;
    }
  | {
      /** The job to stop. */
      id: number;
      /** Stop it: its outcome comes back with `stopped: 'signal'`. */
      abort: true;
    };
/** A message from a worker about a job: its progress, its outcome, or the error it threw. */
type FromWorker =
  | {
      /** The job's number. */
      id: number;
      /** How far it is. */
      progress: Progress;
      /**
       * What it has so far, when the caller asked for it: in the same message as the report it goes with, so a page
       * showing both redraws once per report, not twice.
       */
      partial?: unknown;
    }
  | {
      /** The job's number. */
      id: number;
      /** How it ended. */
      outcome: Outcome<unknown, unknown>;
    }
  | {
      /** The job's number. */
      id: number;
      /** What it threw. */
      error: {
        /** The GridbitsError code, or null for another error. */
        code: ErrorCode | null;
        /** The error's message. */
        message: string;
      };
    };

/** The part of a Worker, MessagePort or worker global this protocol uses: Node's `on`/`off` or the DOM's listeners. */
export interface Endpoint {
  /** Sends a message to the other side. */
  postMessage(message: unknown): void;
  /** Node: listens for messages. */
  on?(event: 'message', listener: (data: unknown) => void): unknown;
  /** Node: stops listening. */
  off?(event: 'message', listener: (data: unknown) => void): unknown;
  /** DOM: listens for messages. */
  addEventListener?(event: 'message', listener: (e: { data: unknown }) => void): void;
  /** DOM: stops listening. */
  removeEventListener?(event: 'message', listener: (e: { data: unknown }) => void): void;
}

function listen(endpoint: Endpoint, handler: (data: unknown) => void): () => void {
  if (typeof endpoint.on === 'function') {
    endpoint.on('message', handler);
    return () => endpoint.off?.('message', handler);
  }
  const domHandler = (e: { data: unknown }): void => handler(e.data);
  endpoint.addEventListener?.('message', domHandler);
  return () => endpoint.removeEventListener?.('message', domHandler);
}

/**
 * The worker's side: answers start messages by running the named job (async, so abort messages get through),
 * posting its progress and its outcome, or the error it threw. Returns a function that stops listening.
 */
export function serveJobs(registry: Partial<JobRegistry>, endpoint: Endpoint): () => void {
  const running = new Map<number, AbortController>();
  return listen(endpoint, (data) => {
    const msg = data as ToWorker;
    if ('abort' in msg) {
      running.get(msg.id)?.abort();
      return;
    }
    const { id } = msg;
    const controller = new AbortController();
    running.set(id, controller);
    // A job hands its partial result right after the report it goes with (when it has one): the report waits for
    // it, to go out in one message, and goes alone when none comes before the job's next pause.
    let report: Progress | null = null;
    const postReport = (partial?: { partial: unknown }): void => {
      if (report === null) return;
      endpoint.postMessage({ id, progress: report, ...partial } satisfies FromWorker);
      report = null;
    };
    void (async () => {
      try {
        const make = Object.hasOwn(registry, msg.start) ? registry[msg.start] : undefined;
        if (!make) throw new GridbitsError('BAD_ARGUMENT', `no job named '${msg.start}'`);
        const outcome = await (make as (...a: unknown[]) => Pick<Job<unknown, unknown>, 'run'>)(...msg.args).run({
          ...msg.options,
          signal: controller.signal,
          onProgress: (progress) => {
            postReport();
            report = progress;
            if (msg.partials) queueMicrotask(postReport);
            else postReport();
          },
          onPartial: msg.partials ? (partial) => postReport({ partial }) : undefined,
        });
        postReport();
        endpoint.postMessage({ id, outcome } satisfies FromWorker);
      } catch (e) {
        postReport();
        const code = e instanceof GridbitsError ? e.code : null;
        endpoint.postMessage({
          id,
          error: { code, message: e instanceof Error ? e.message : String(e) },
        } satisfies FromWorker);
      } finally {
        running.delete(id);
      }
    })();
  });
}

let nextId = 1;

/**
 * Runs the named job in a worker that serves gridbits' jobs, with the same options as a job run in place: the
 * signal asks the worker to stop (the outcome then says 'signal' and carries the partial result), progress
 * comes back as the worker reports it. An error the job threw is thrown here again (a GridbitsError keeps its
 * code). The name and arguments are checked against the job's types (`R`, a registry of your own, for a worker
 * that serves one).
 * @example
 * ```ts
 * import { Worker } from 'node:worker_threads';
 * import { runInWorker } from 'gridbits/core';
 * // A Node worker thread running gridbits' worker (in a browser, a module Web Worker whose file imports it).
 * const worker = new Worker(new URL(import.meta.resolve('gridbits/worker')));
 * const out = await runInWorker(worker, 'tour.count', [{ width: 5, height: 5 }]);
 * if (out.finished) console.log(out.value.count); // 1728n
 * // Ended a moment after its answer: Node 20 can abort the process when a thread is ended while its helper
 * // threads still compile for it.
 * setTimeout(() => void worker.terminate(), 100);
 * ```
 */
export function runInWorker<R extends JobRegistry = JobsByName, K extends keyof R & string = keyof R & string>(
  endpoint: Endpoint,
  name: K,
  args: JobArgs<K, R>,
  options: RunOptions<JobPartial<K, R>> = {},
): Promise<JobOutcome<K, R>> {
  const e = endpoint as Partial<Endpoint> | null;
  if (typeof e !== 'object' || e === null || typeof e.postMessage !== 'function') {
    refuse('endpoint', 'a Worker, a MessagePort or a worker global', endpoint);
  }
  if (typeof e.on !== 'function' && typeof e.addEventListener !== 'function') {
    refuse('endpoint', 'a Worker, a MessagePort or a worker global (it cannot be listened to)', endpoint);
  }
  if (typeof name !== 'string') refuse('name', "a job's name, like 'tour.count'", name);
  if (!Array.isArray(args)) refuse('args', "a list of the job's arguments", args);
  checkRunOptions(options);
  checkLimits(options);
  const id = nextId++;
  const { signal, onProgress, onPartial, maxNodes, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => endpoint.postMessage({ id, abort: true } satisfies ToWorker);
    const unlisten = listen(endpoint, (data) => {
      const msg = data as FromWorker;
      if (msg?.id !== id) return;
      if ('progress' in msg) {
        onProgress?.(msg.progress);
        if ('partial' in msg) onPartial?.(msg.partial as JobPartial<K, R>);
        return;
      }
      unlisten();
      signal?.removeEventListener('abort', onAbort);
      if ('outcome' in msg) resolve(msg.outcome as JobOutcome<K, R>);
      else reject(msg.error.code ? new GridbitsError(msg.error.code, msg.error.message) : new Error(msg.error.message));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    const start: ToWorker = { id, start: name, args, options: { maxNodes, timeoutMs } };
    if (onPartial !== undefined) start.partials = true;
    endpoint.postMessage(start);
    if (signal?.aborted) onAbort();
  });
}
