// A page's worker for Node tests, made of a MessageChannel: the job side serves a registry in this thread, which
// is all the job protocol needs. A deaf worker drops the requests to stop, as a worker caught in work that never
// pauses would not hear them.
import { MessageChannel } from 'node:worker_threads';
import { serveJobs } from '../../src/core/worker.js';
import type { Endpoint, JobRegistry, WorkerLike } from '../../web/src/worker/jobs.js';

export interface FakeWorker {
  worker: WorkerLike;
  /** Whether the page ended it. */
  ended(): boolean;
}

export function fakeWorker(registry: Partial<JobRegistry>, deaf = false): FakeWorker {
  const ch = new MessageChannel();
  let ended = false;
  serveJobs(registry, ch.port2 as unknown as Endpoint);
  const port = ch.port1 as unknown as WorkerLike & { close(): void };
  const worker: WorkerLike = {
    postMessage: (m) => (deaf && (m as { abort?: boolean }).abort ? undefined : port.postMessage(m)),
    on: (event, listener) => port.on?.(event, listener),
    off: (event, listener) => port.off?.(event, listener),
    terminate: () => {
      ended = true;
      port.close();
      ch.port2.close();
    },
  };
  return { worker, ended: () => ended };
}
