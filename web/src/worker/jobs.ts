// Heavy work in a Web Worker: a request/response protocol with progress, errors that keep their code, and
// cancellation by ending the worker (engines in tight loops cannot be interrupted any other way).
import { GridbitsError, type ErrorCode } from '../../../src/core/error.js';
import type { Progress } from '../../../src/core/run.js';

/** What the page sends and receives; a Worker, a MessagePort or a test double all fit. */
export interface Endpoint {
  postMessage(message: unknown): void;
  onmessage: ((ev: MessageEvent) => void) | null;
}

export interface WorkerLike extends Endpoint {
  terminate(): void;
}

export type Reply<Res> =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'result'; result: Res }
  | { id: number; type: 'error'; code: string; message: string };

export interface JobContext {
  onProgress: (p: Progress) => void;
}

/**
 * Worker side: answers every request with the handler's result, or its error (GridbitsError keeps its code).
 * Progress is forwarded at most every 50 ms so a busy engine does not flood the page.
 */
export function serveJobs<Req, Res>(scope: Endpoint, handler: (request: Req, ctx: JobContext) => Res | Promise<Res>): void {
  scope.onmessage = async (ev: MessageEvent) => {
    const { id, request } = ev.data as { id: number; request: Req };
    let last = 0;
    const onProgress = (progress: Progress): void => {
      const now = Date.now();
      if (now - last < 50 && progress.done !== progress.total) return;
      last = now;
      scope.postMessage({ id, type: 'progress', progress } satisfies Reply<Res>);
    };
    try {
      const result = await handler(request, { onProgress });
      scope.postMessage({ id, type: 'result', result } satisfies Reply<Res>);
    } catch (e) {
      const err = e instanceof GridbitsError ? e : null;
      scope.postMessage({ id, type: 'error', code: err?.code ?? 'INTERNAL', message: err?.message ?? String((e as Error)?.message ?? e) } satisfies Reply<Res>);
    }
  };
}

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
  private nextId = 1;
  private cancelCurrent: (() => void) | null = null;

  constructor(private readonly create: () => WorkerLike) {}

  run(request: Req, options: RunJobOptions = {}): Promise<Res> {
    this.cancel();
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new GridbitsError('ABORTED', 'stopped before starting'));
    const worker = (this.worker ??= this.create());
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      const finish = (): void => {
        signal?.removeEventListener('abort', onAbort);
        worker.onmessage = null;
        this.cancelCurrent = null;
      };
      const onAbort = (): void => {
        finish();
        this.terminate();
        reject(new GridbitsError('ABORTED', 'stopped before finishing'));
      };
      this.cancelCurrent = onAbort;
      signal?.addEventListener('abort', onAbort);
      worker.onmessage = (ev: MessageEvent) => {
        const reply = ev.data as Reply<Res>;
        if (reply.id !== id) return;
        if (reply.type === 'progress') {
          onProgress?.(reply.progress);
        } else if (reply.type === 'result') {
          finish();
          resolve(reply.result);
        } else {
          finish();
          reject(reply.code === 'INTERNAL' ? new Error(reply.message) : new GridbitsError(reply.code as ErrorCode, reply.message));
        }
      };
      worker.postMessage({ id, request });
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
