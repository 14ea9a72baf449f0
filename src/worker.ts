// A worker that serves every gridbits job: load it as a Node worker thread or a module Web Worker, then call
// runInWorker(worker, 'tour.count', [args], options) from the other side.
/**
 * A worker that serves every gridbits job by name. Load it from a one-line file of your own, beside the file
 * that starts the worker:
 *
 * ```js
 * // job.worker.js
 * import 'gridbits/worker';
 * ```
 *
 * then start that file as a module Web Worker in a browser (bundlers such as Vite build it from this line) or as
 * a worker thread in Node, and run jobs in it with {@link core!runInWorker}:
 *
 * ```js
 * const worker = new Worker(new URL('./job.worker.js', import.meta.url), { type: 'module' }); // a browser
 * const worker = new Worker(new URL('./job.worker.js', import.meta.url)); // Node: Worker from 'node:worker_threads'
 * const outcome = await runInWorker(worker, 'tour.count', [{ width: 5, height: 5 }]); // 1,728 tours when finished
 * ```
 * @module worker
 */
import { serveJobs, type Endpoint } from './core/worker.js';
import { JOBS, type JobsByName } from './jobs.js';

export { JOBS, type JobsByName };

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
