// Options every long-running engine call takes: cancellation, progress reports and a work budget.
import { GridbitsError } from './error.js';

export interface Progress {
  /** Work done so far, in the unit the engine names. */
  done: number;
  /** Total work when known. */
  total?: number;
  /** What the unit is: "squares", "nodes", "rows", … */
  unit?: string;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Largest number of search nodes the call may visit before it answers "budget exhausted". */
  maxNodes?: number;
  /** Wall-clock limit in milliseconds. */
  timeoutMs?: number;
}

/** Throws ABORTED when the signal has fired. */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GridbitsError('ABORTED', 'stopped before finishing');
}

/**
 * Lets the event loop run (a signal's handler, progress output, Ctrl-C) before long work goes on: setImmediate
 * in Node, setTimeout where it is missing (browsers and Web Workers).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
