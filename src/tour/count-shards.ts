// A tour count split into independent shards whose counts add up to the total: for a job queue or local cores.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { job, type Job, type JobControl } from '../core/job.js';
import { parsePiece, type Piece } from '../pieces/piece.js';
import type { ShardCount as BaseShardCount, ShardedCount as BaseShardedCount } from '../core/shards.js';
import { HalvesJob, halvesFit, joinHalves, type HalvesTables } from './count-halves.js';
import { buildCountGraph } from './count-graph.js';
import { prepareCount } from './count.js';

/**
 * The question a sharded count answers, as plain data (it travels to other processes and machines): the
 * board, the leaper (its name, as `parsePiece` reads it) and the kind of tour.
 */
export interface CountQuestion {
  /** The board's width. */
  width: number;
  /** The board's height. */
  height: number;
  /** The leaper's name ('knight', 'camel', '1,4', …). */
  piece: string;
  /** Closed tours rather than open ones. */
  closed: boolean;
}

/** A tour count split into shards: each shard is counted on its own, anywhere, and the shards' counts add up to it. */
export interface ShardedCount extends BaseShardedCount<CountQuestion> {
  kind: 'tour';
  /** How the shards are made: 'halves' (two half-boards, the join split) or 'whole' (one shard). */
  method: 'halves' | 'whole';
}

/** A shard's answer (its nodes: the top half's program, shared by the shards a process counts, and its join). */
export type ShardCount = BaseShardCount;

/** Shards a count splits into by default: enough for a few machines, each shard a small part of the join. */
export const DEFAULT_SHARDS = 64;

/** Splits a count into shards (`shards` of them where the method can split; one otherwise). */
export function shardCount(question: CountQuestion, shards = DEFAULT_SHARDS): ShardedCount {
  if (!Number.isInteger(shards) || shards < 1) throw new GridbitsError('BAD_ARGUMENT', `shards must be a whole number of at least 1, got ${shards}`);
  const piece = parsePiece(question.piece);
  const board = Board.of(question.width, question.height);
  const layout = layoutOf(board, piece, question.closed);
  const method = layout !== null ? 'halves' : 'whole';
  const n = method === 'halves' ? shards : 1;
  return { kind: 'tour', question, method, shards: n, key: `tour-count ${question.width}x${question.height} ${piece.name} ${question.closed ? 'closed' : 'open'} ${method} ${n}` };
}

/** The layout the halves method counts in (rows across the width), or null where it does not apply. */
function layoutOf(board: Board, piece: Piece, closed: boolean): { width: number; height: number } | null {
  const g = buildCountGraph(board, piece);
  const w = g.width, h = g.n / g.width;
  return halvesFit(w, h, piece, closed) ? { width: w, height: h } : null;
}

/**
 * Boundary tables computed in this process, by question: the shards of one count share the top part's
 * frontier program, which is most of a shard's work on boards where the join is short.
 */
const tables = new Map<string, HalvesTables>();

/** Counts one shard, as a job; its count is a part of the total (see `ShardedCount`). */
export function countShardJob(sc: ShardedCount, index: number): Job<ShardCount, unknown> {
  if (!Number.isInteger(index) || index < 0 || index >= sc.shards) throw new GridbitsError('BAD_ARGUMENT', `shard ${index} is not one of the count's ${sc.shards} shards`);
  const { question } = sc;
  const piece = parsePiece(question.piece);
  const board = Board.of(question.width, question.height);
  return job(function* (ctl: JobControl<unknown>) {
    if (sc.method === 'whole') {
      const run = prepareCount(board, { piece, closed: question.closed, pastLimit: true });
      const r = yield* run.steps(ctl, (share) => ctl.report(Math.floor(share * 1000) / 10, 100, '%'));
      return { index, key: sc.key, count: r.count, nodes: r.nodes, ...(r.peakStates !== undefined ? { peakStates: r.peakStates } : {}) };
    }
    const layout = layoutOf(board, piece, question.closed) as { width: number; height: number };
    const tableKey = `${layout.width}x${layout.height} ${piece.name} ${question.closed ? 'closed' : 'open'}`;
    let top = tables.get(tableKey);
    if (top === undefined) {
      top = yield* new HalvesJob(layout.width, layout.height, piece, false, question.closed).steps(ctl, (share) => ctl.report(Math.floor(share * 900) / 10, 100, '%'));
      tables.set(tableKey, top);
    }
    const { count } = joinHalves(top, index, sc.shards);
    ctl.report(100, 100, '%');
    // Open tours are directed (each path both ways), as the whole board's count.
    return { index, key: sc.key, count: question.closed ? count : 2n * count, nodes: top.nodes, peakStates: top.peakStates };
  });
}

/** Forgets the boundary tables this process kept for its shards (their memory is freed). */
export function forgetShardTables(): void {
  tables.clear();
}
