// Heavy work in a Web Worker, on the library's own job protocol (serveJobs / runInWorker): each page's worker
// serves one job, 'page', that answers the page's request; cancelling ends the worker, so it stops at once.
import { GridbitsError } from '../../../src/core/error.js';
import { finishedValue, type Job } from '../../../src/core/job.js';
import type { Progress } from '../../../src/core/run.js';
import { runInWorker, serveJobs, type Endpoint } from '../../../src/core/worker.js';

export type { Endpoint };

export interface WorkerLike extends Endpoint {
  terminate(): void;
}

/**
 * Worker side: answers each request by running the job the handler makes for it (its progress, node budget
 * and time limit as any job's); errors keep their code.
 */
export function servePage<Req, Res>(scope: Endpoint, handler: (request: Req) => Pick<Job<Res, unknown>, 'run'>): void {
  serveJobs({ page: handler }, scope);
}

/** The one job a page's worker serves: the page's request answered. */
type PageJobs<Req, Res> = { page: (request: Req) => Pick<Job<Res, unknown>, 'run'> };

export interface RunJobOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

/**
 * Page side: runs one job at a time on a worker made on demand. Starting a job while another runs, or
 * aborting the signal, ends the worker (the next job gets a fresh one) and rejects with ABORTED.
 */
export class JobRunner<Req, Res> {
  private worker: WorkerLike | null = null;
  private cancelCurrent: (() => void) | null = null;

  constructor(private readonly create: () => WorkerLike) {}

  run(request: Req, options: RunJobOptions = {}): Promise<Res> {
    this.cancel();
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new GridbitsError('ABORTED', 'stopped before starting'));
    const worker = (this.worker ??= this.create());
    return new Promise<Res>((resolve, reject) => {
      let settled = false;
      const finish = (): boolean => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        this.cancelCurrent = null;
        return true;
      };
      const onAbort = (): void => {
        if (!finish()) return;
        this.terminate();
        reject(new GridbitsError('ABORTED', 'stopped before finishing'));
      };
      this.cancelCurrent = onAbort;
      signal?.addEventListener('abort', onAbort);
      runInWorker<PageJobs<Req, Res>>(worker, 'page', [request], {
        onProgress: (p) => !settled && onProgress?.(p),
      }).then(
        (outcome) => {
          if (!finish()) return;
          try {
            resolve(finishedValue(outcome));
          } catch (e) {
            reject(e);
          }
        },
        (e: unknown) => finish() && reject(e),
      );
    });
  }

  /** Stops the running job, if any (its promise rejects with ABORTED). */
  cancel(): void {
    this.cancelCurrent?.();
  }

  get busy(): boolean {
    return this.cancelCurrent !== null;
  }

  /** Ends the worker; the next job starts a new one. */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
