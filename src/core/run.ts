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
  /**
   * Largest number of work units (search nodes, states, games, …) the call may spend before it stops with `stopped:
   * 'nodes'`.
   */
  maxNodes?: number;
  /** Wall-clock limit in milliseconds, after which the call stops with `stopped: 'time'`. */
  timeoutMs?: number;
}

/**
 * Throws ABORTED when the signal has fired.
 * @deprecated Long calls are jobs now and answer a fired signal with an outcome that says `stopped: 'signal'`;
 * this is kept for callers of 0.1.
 */
export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GridbitsError('ABORTED', 'stopped before finishing');
}
