// The valley engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import type { JobRegistry } from '../core/job.js';
import { matchJob, type MatchOptions } from './ai.js';
import { parsePosition } from './notation.js';
import { divideJob, perftJob } from './perft.js';
import { searchJob, type SearchOptions } from './search.js';
import { solveJob, type SolveOptions } from './solve.js';
import { createVariantEngine, type VariantName } from './variant.js';
import { createEngine } from './engine5.js';

/** What a worker search takes: SearchOptions without its callbacks, and the table size. */
export type WorkerSearchOptions = Omit<SearchOptions, 'onIteration' | 'evaluate'> & {
  /** Entries of the search's transposition table (default 2^18, 15 bytes each). */
  tableSize?: number;
};

/**
 * The jobs: a variant's name and a position string in its notation (undefined: its start), then plain
 * options; answers are plain objects (moves as Move numbers, rows as [move, count] pairs).
 */
export const jobs = {
  /** perft: leaves `depth` plies below the position. */
  perft: (variant: VariantName, position: string | undefined, depth: number) =>
    perftJob(createVariantEngine(variant, position), depth),
  /** divide: perft by first move. */
  divide: (variant: VariantName, position: string | undefined, depth: number) =>
    divideJob(createVariantEngine(variant, position), depth),
  /** search: the best move by iterative deepening. */
  search: (variant: VariantName, position: string | undefined, options: WorkerSearchOptions = {}) =>
    searchJob(createVariantEngine(variant, position), options),
  /** solve: the value of a 5×5 position (standard rules). */
  solve: (position: string, options: Omit<SolveOptions, 'onStatus'> = {}) =>
    solveJob(createEngine(parsePosition(position)), options),
  /** match: players against each other. */
  match: (options: Omit<MatchOptions, 'onGame'>) => matchJob(options),
} satisfies JobRegistry;
