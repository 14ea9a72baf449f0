// A worker that serves every gridbits job: load it as a Node worker thread or a module Web Worker, then call
// runInWorker(worker, 'tour.count', [args], options) from the other side.
/**
 * A worker that serves every gridbits job by name. Start it as a Node worker thread
 * (`new Worker(new URL('gridbits/worker', import.meta.url))`, or the file `dist/worker.js`) or as a module Web Worker,
 * then run jobs in it with {@link core!runInWorker}.
 * @module worker
 */
import { serveJobs, type Endpoint } from './core/worker.js';
import { JOBS } from './jobs.js';

export { JOBS };

declare const WorkerGlobalScope: unknown;

async function endpoint(): Promise<Endpoint | null> {
  // A browser's (or Deno's) worker global scope; in Node, the worker thread's parent port.
  if (typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined') return self as unknown as Endpoint;
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (node) {
    const threads = 'node:worker_threads';
    const { parentPort } = (await import(/* @vite-ignore */ threads)) as typeof import('node:worker_threads');
    return parentPort as unknown as Endpoint | null;
  }
  return null;
}

// No top-level await: bundlers build Web Workers in formats that lack it.
void endpoint().then((port) => port && serveJobs(JOBS, port));
