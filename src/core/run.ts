// What every long call takes (a signal, a progress listener, a node budget, a time limit) and how it says how
// far it is: one progress shape, a share done where known and a count in a unit from one fixed list.
import { GridbitsError } from './error.js';

/**
 * What progress is counted in. Each job names the unit of its work (its `nodes`); a part of a job may count
 * something else while it runs (a fleet simulation counts 'layouts' drawn, then 'games' played).
 */
export const PROGRESS_UNITS = [
  'nodes',
  'backtracks',
  'states',
  'squares',
  'rows',
  'pieces',
  'moves',
  'walks',
  'additions',
  'layouts',
  'proposals',
  'games',
  'plies',
  'positions',
  'leaves',
  'places',
  'searches',
  'shards',
] as const;

/** A unit progress is counted in: one of {@link PROGRESS_UNITS}. */
export type ProgressUnit = (typeof PROGRESS_UNITS)[number];

/** How far a long call is: the share done where it is known, and the work done in its unit. */
export interface Progress {
  /** The share of the work done, from 0 to 1; absent where the size of the work is not known. */
  share?: number;
  /** Work done so far, counted in `unit`. */
  done: number;
  /** What `done` counts. */
  unit: ProgressUnit;
}

/** The limits a run of a job takes: a node budget and a time limit, each counted from the start of the run. */
export interface Limits {
  /**
   * Largest number of work units (search nodes, states, games, …: the job says which) the run may spend before
   * it stops with `stopped: 'nodes'`.
   */
  maxNodes?: number;
  /** Time limit in milliseconds, after which the run stops with `stopped: 'time'`. */
  timeoutMs?: number;
}

/**
 * What every long call takes: an abort signal, a progress listener, a node budget and a time limit. The call
 * answers with an outcome that says whether it finished or which of these stopped it.
 */
export interface RunOptions<P = unknown> extends Limits {
  /** Stops the work when it fires (the outcome then says `stopped: 'signal'`). */
  signal?: AbortSignal;
  /** Hears how far the work is, about every 100 ms and once at the end. */
  onProgress?: (p: Progress) => void;
  /**
   * Hears what the work has so far (the partial result an unfinished outcome would carry) with each progress
   * report, for showing an answer as it grows (a table filling square by square). Only where the job has one.
   */
  onPartial?: (partial: P) => void;
}

/** Throws BAD_ARGUMENT unless `unit` is one of PROGRESS_UNITS. */
export function checkUnit(unit: unknown, name: string): void {
  if (!(PROGRESS_UNITS as readonly unknown[]).includes(unit)) {
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be one of ${PROGRESS_UNITS.join(', ')}, got ${String(unit)}`);
  }
}

/** The limits checked: a node budget of a whole number ≥ 1 (or Infinity), a time limit ≥ 0 ms. */
export function checkLimits(limits: Limits): void {
  const { maxNodes, timeoutMs } = limits;
  if (maxNodes !== undefined && maxNodes !== Infinity && !(Number.isSafeInteger(maxNodes) && maxNodes >= 1)) {
    throw new GridbitsError('BAD_ARGUMENT', `options.maxNodes must be a whole number ≥ 1, got ${String(maxNodes)}`);
  }
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs >= 0)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `options.timeoutMs must be a number of milliseconds ≥ 0, got ${String(timeoutMs)}`,
    );
  }
}

/** The share `done / total`, kept within 0 … 1 (0 for an empty total). */
export function shareOf(done: number, total: number): number {
  if (typeof done !== 'number' || !Number.isFinite(done))
    throw new GridbitsError('BAD_ARGUMENT', 'done must be a number');
  if (typeof total !== 'number' || !Number.isFinite(total))
    throw new GridbitsError('BAD_ARGUMENT', 'total must be a number');
  return total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
}
