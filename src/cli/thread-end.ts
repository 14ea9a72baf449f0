// Ending a worker thread that has just worked. Node 20 can abort the whole process when a thread is ended while
// one of its helper threads still compiles the thread's hot code (an assertion in its platform: "ForIsolate ...
// data.first != nullptr"): a tour count stopped at its time limit met it about once in 25 runs on a busy machine.
// A thread that answered is therefore ended a moment later, once its helpers are done (no abort in 160 runs); one
// that does not answer is still ended at once, as Ctrl-C must be answered.
import type { Worker } from 'node:worker_threads';

/** How long a thread that answered is left before it is ended: its helpers' compiling takes milliseconds. */
const SETTLE_MS = 100;

/**
 * Ends a thread that is idle (it answered its last job) once its helper threads have settled; resolves when it
 * has ended. The process waits for it before it exits, so nothing is cut short; a command's answer need not wait.
 */
export function endIdleThread(worker: Worker): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      void worker.terminate().then(() => resolve());
    }, SETTLE_MS),
  );
}
