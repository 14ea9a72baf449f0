// The tour engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import { Board, type BoardSize } from '../core/board.js';
import { isPlainObject, refuse } from '../core/check.js';
import type { JobRegistry } from '../core/job.js';
import { parsePiece } from '../pieces/piece.js';
import { countToursFromEachJob } from './count-each.js';
import { countToursJob, type TourCountOptions } from './count.js';
import { checkTourTextJob, type TextCheckOptions } from './check-text.js';
import { countTourShardJob, type ShardedTourCount } from './count-shards.js';
import { findTourJob } from './find.js';
import type { SearchSwitches } from './machine.js';
import { searchTourJob } from './search.js';
import { openTourStartsJob, tableJob, type StartOptions, type TableOptions } from './table.js';
import type { Query } from './types.js';

/** A tour query as plain data: the board's size and the piece's spec ('knight', 'camel', '2,3', …; default knight). */
export interface QuerySpec extends Omit<Query, 'board' | 'piece'> {
  /** Files. */
  width: number;
  /** Ranks. */
  height: number;
  /** The leaper's spec, as `parsePiece` reads it. */
  piece?: string;
}

/** Count options as plain data: the piece as its spec. */
export type CountSpec = Omit<TourCountOptions, 'piece'> & {
  /** The leaper's spec, as `parsePiece` reads it. */
  piece?: string;
};

/** A tour found for a query in plain data (`findTourJob`): the registry's 'tour.find', on its own. */
export function findTourOf(query: QuerySpec) {
  return findTourJob(queryOf(query));
}

function queryOf(q: QuerySpec): Query {
  if (!isPlainObject(q)) refuse('query', 'an object { width, height, piece?, closed?, from?, to?, seed? }', q);
  return {
    board: Board.of(q.width, q.height),
    piece: parsePiece(q.piece ?? 'knight'),
    closed: q.closed,
    from: q.from,
    to: q.to,
    seed: q.seed,
  };
}

function countOptions(o: CountSpec): TourCountOptions {
  return { ...o, piece: parsePiece(o.piece ?? 'knight') };
}

/**
 * The tour jobs by name, as a worker serving gridbits runs them ('tour.find', 'tour.count', …). No default
 * node budget here: give `maxNodes` or `timeoutMs` in the run options where the search may run long.
 */
export const jobs = {
  /** A verified tour, or the proof that none exists (`findTourJob`). */
  find: findTourOf,
  /** The backtracking search alone (`searchTourJob`). */
  search: (query: QuerySpec, switches?: SearchSwitches) => searchTourJob(queryOf(query), { switches }),
  /** The per-start table (`tableJob`). */
  table: (board: BoardSize, piece: string, options: TableOptions = {}) =>
    tableJob(Board.from(board), parsePiece(piece), options),
  /** The squares that start an open tour (`openTourStartsJob`). */
  starts: (board: BoardSize, piece: string, options: StartOptions = {}) =>
    openTourStartsJob(Board.from(board), parsePiece(piece), options),
  /** An exact count (`countToursJob`). */
  count: (board: BoardSize, options: CountSpec = {}) => countToursJob(Board.from(board), countOptions(options)),
  /** Directed open tours from every square (`countToursFromEachJob`). */
  each: (board: BoardSize, options: Omit<CountSpec, 'from' | 'to' | 'closed'> = {}) =>
    countToursFromEachJob(Board.from(board), countOptions(options)),
  /** A tour written as text, read and checked (`checkTourTextJob`). */
  check: (text: string, options: TextCheckOptions = {}) => checkTourTextJob(text, options),
  /** One shard of a count split by `shardTourCount` (`countTourShardJob`): its part of the total. */
  countShard: (sharded: ShardedTourCount, index: number) => countTourShardJob(sharded, index),
} satisfies JobRegistry;
