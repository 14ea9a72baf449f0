// Options every long-running engine call takes: cancellation, progress reports and a work budget.
import { GridbitsError } from './error.js';

/** How far a long call is: `done` of `total` in `unit`. */
export interface Progress {
  /** Work done so far, in the unit the engine names. */
  done: number;
  /** Total work when known. */
  total?: number;
  /** What the unit is: "squares", "nodes", "rows", … */
  unit?: string;
}

/**
 * What every long call takes: an abort signal, a progress listener, a node budget and a time limit. The call
 * answers with an outcome that says whether it finished or which of these stopped it.
 */
export interface RunOptions {
  /** Stops the work when it fires (the outcome then says `stopped: 'signal'`). */
  signal?: AbortSignal;
  /** Hears how far the work is, about every 100 ms and once at the end. */
  onProgress?: (p: Progress) => void;
  /** Largest number of search nodes the call may visit before it answers "budget exhausted". */
  maxNodes?: number;
  /** Wall-clock limit in milliseconds. */
  timeoutMs?: number;
}

/**
 * The run's limits, checked: the node budget (Infinity when none) and the deadline on the clock `now` comes
 * from (Infinity when none). A budget that is not a whole number ≥ 1, or a time that is not ≥ 0 ms, is a
 * mistake named in a BAD_ARGUMENT error, never a silent "no limit".
 */
export function runLimits(options: Pick<RunOptions, 'maxNodes' | 'timeoutMs'>, now: number = Date.now()): { maxNodes: number; deadline: number } {
  const { maxNodes, timeoutMs } = options;
  if (maxNodes !== undefined && maxNodes !== Infinity && !(Number.isSafeInteger(maxNodes) && maxNodes >= 1)) {
    throw new GridbitsError('BAD_ARGUMENT', `the node budget must be a whole number ≥ 1, got ${maxNodes}`);
  }
  if (timeoutMs !== undefined && !(timeoutMs >= 0)) throw new GridbitsError('BAD_ARGUMENT', `the time limit must be ≥ 0 ms, got ${timeoutMs}`);
  return { maxNodes: maxNodes ?? Infinity, deadline: timeoutMs === undefined ? Infinity : now + timeoutMs };
}

/** Throws ABORTED when the signal has fired. */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GridbitsError('ABORTED', 'stopped before finishing');
}

export { yieldToEventLoop } from './job.js';
