// A tour count split into independent shards whose counts add up to the total: for a job queue or local cores.
//
// Method: the join of half-tours (count-halves.ts, count-cross.ts; after McKay's count of the 8×8 tours, ANU
// technical report TR-CS-97-03, 1997) cut into parts by groups of the top half's boundary states (open tours
// 8 wide, class by class of their ends first), each part counted on its own; counts that do not split run
// whole, as one shard.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { job, type Job, type JobControl } from '../core/job.js';
import type { Piece } from '../pieces/piece.js';
import { DEFAULT_SHARDS, type ShardCount, type ShardedCount as BaseShardedCount } from '../core/shards.js';
import {
  byEndsClasses,
  CrossSearch,
  crossJoinSteps,
  CrossParts,
  endsClasses,
  PART_TABLES_BYTES,
  type CrossTable,
  type EndsClassShare,
} from './count-cross.js';
import { HalvesSearch, joinHalvesSteps, type HalvesTables } from './count-halves.js';
import { buildCountGraph } from './count-graph.js';
import { byCrossing, byHalves, COUNT_MAX_SQUARES, noTours, prepareCount } from './count.js';
import { checkOptions, checkWhole, leaperOf, shown } from './check.js';
import { CountCap } from './count-frontier.js';
import { thousands } from '../core/text.js';

/**
 * The question a sharded count answers, as plain data (it travels to other processes and machines): the
 * board, the leaper (its name, as `parsePiece` reads it) and the kind of tour.
 */
export interface TourCountQuestion {
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
export interface ShardedTourCount extends BaseShardedCount<TourCountQuestion> {
  kind: 'tour';
  /**
   * How the shards are made: 'halves' (two half-boards, the join split), 'crossing' (two half-boards joined
   * through the edges between them, the top's degree vectors split) or 'whole' (one shard).
   */
  method: 'halves' | 'crossing' | 'whole';
  /**
   * Open tours joined across the middle class by class of their ends (see `endsClasses`): how many classes.
   * Shard c·(shards / classes) + i is share i of class c's join.
   */
  classes?: number;
}

/**
 * A shard the counter could not count: it met a limit of its own on the way (see `CountOutOfReach`), as every
 * shard of the count would; the count is not known.
 */
export interface ShardOutOfReach {
  /** Which shard. */
  index: number;
  /** The key of the count it belongs to. */
  key: string;
  /** The limit the counter met, in words. */
  reason: string;
  /** Work done for it, in the engine's nodes. */
  nodes: number;
}

/** Splits a count into shards (`shards` of them where the method can split; one otherwise). */
export function shardTourCount(question: TourCountQuestion, shards = DEFAULT_SHARDS): ShardedTourCount {
  const { board, piece } = checkQuestion(question, 'question');
  checkWhole(shards, 'shards', 1);
  const layout = layoutOf(board, piece, question.closed);
  const method = layout === null ? 'whole' : layout.crossing ? 'crossing' : 'halves';
  const classes = layout === null ? null : classesOf(layout.width, layout.height, piece, question.closed);
  // Open tours by classes of their ends: each class's join split alike, in at least CLASS_SHARDS shards.
  const n =
    method === 'whole'
      ? 1
      : classes === null
        ? shards
        : classes.length * Math.max(CLASS_SHARDS, Math.ceil(shards / classes.length));
  // A class's shards split its degree vectors in numerical order (`, keys in order`; before, as its tables listed
  // them).
  const split =
    classes === null ? `${method} ${n}` : `${method} ${n} in ${classes.length} classes of ends, keys in order`;
  const key = `tour-count ${question.width}x${question.height} ${piece.name} ${question.closed ? 'closed' : 'open'} ${split}`;
  return { kind: 'tour', question, method, shards: n, ...(classes === null ? {} : { classes: classes.length }), key };
}

/**
 * Shards of each class's join at least, for open tours by classes of their ends: 8×8's costliest class (no end
 * inside the parts, the two ends placed on the boundary rows at the join) takes about 3·10^5 s of one core
 * here, so a shard of it stays under half an hour (bench/results/tour-count.md).
 */
export const CLASS_SHARDS = 200;

/** The classes of ends an open count joined across the middle goes through (see `byEndsClasses`), or null. */
function classesOf(width: number, height: number, piece: Piece, closed: boolean): EndsClassShare[] | null {
  return closed || !byEndsClasses(width) ? null : endsClasses(width, height, piece);
}

/** The layout the halves methods count in (rows across the width), or null where they do not apply. */
function layoutOf(
  board: Board,
  piece: Piece,
  closed: boolean,
): { width: number; height: number; crossing: boolean } | null {
  // None by theorem: one shard, answered at once.
  if (noTours(board, piece, closed) !== null) return null;
  const g = buildCountGraph(board, piece);
  const layout = { width: g.width, height: g.n / g.width };
  // As a count in one process: small boards on the whole board, where halves would be slower.
  if (byCrossing(g, closed, piece)) return { ...layout, crossing: true };
  return byHalves(g, closed, piece) ? { ...layout, crossing: false } : null;
}

/** The counting layout (rows across the shorter side) of a count joined across the middle. */
function crossLayout(board: Board, piece: Piece): { width: number; height: number } {
  const g = buildCountGraph(board, piece);
  return { width: g.width, height: g.n / g.width };
}

/**
 * Boundary tables computed in this process, by question: the shards of one count share the top part's
 * frontier program, which is most of a shard's work on boards where the join is short. Classes of ends keep
 * the last class's tables (a class's shards are numbered together), and parts' tables within PART_TABLES_BYTES
 * for the classes that share them (8×8: a part's table with one end or none serves 45 classes of 81).
 */
const tables = new Map<string, HalvesTables>();
const crossTables = new Map<string, CrossTable>();
let classTables: { key: string; table: CrossTable } | null = null;

const partTables = new CrossParts(PART_TABLES_BYTES);

/** Counts one shard, as a job; its count is a part of the total (see `ShardedTourCount`). */
export function countTourShardJob(sc: ShardedTourCount, index: number): Job<ShardCount | ShardOutOfReach, unknown> {
  const { board, piece } = checkSharded(sc, 'sharded');
  if (!Number.isSafeInteger(index) || index < 0 || index >= sc.shards)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `index must be one of the count's ${sc.shards} shards (0 to ${sc.shards - 1}), got ${shown(index)}`,
    );
  return job(function* (ctl: JobControl<unknown>): Generator<void, ShardCount | ShardOutOfReach, void> {
    try {
      return yield* shardSteps(sc, index, board, piece, ctl);
    } catch (e) {
      if (!(e instanceof CountCap)) throw e;
      return { index, key: sc.key, reason: e.reason, nodes: ctl.nodes };
    }
  });
}

/** A shard's steps (see `countTourShardJob`); a limit of the counter's own met on the way is thrown as a CountCap. */
function* shardSteps(
  sc: ShardedTourCount,
  index: number,
  board: Board,
  piece: Piece,
  ctl: JobControl<unknown>,
): Generator<void, ShardCount | ShardOutOfReach, void> {
  const { question } = sc;
  {
    if (sc.method === 'whole') {
      const run = prepareCount(board, { piece, closed: question.closed, pastLimit: true });
      const r = yield* run.steps(ctl, (share) => ctl.report({ share }));
      if (!r.complete) return { index, key: sc.key, reason: r.reason, nodes: r.nodes };
      return {
        index,
        key: sc.key,
        count: r.count,
        nodes: r.nodes,
        ...(r.peakStates !== undefined ? { peakStates: r.peakStates } : {}),
      };
    }
    // The shard says how its count splits; a count joined across the middle is so on any layout that fits.
    const layout =
      sc.method === 'crossing'
        ? crossLayout(board, piece)
        : (layoutOf(board, piece, question.closed) as { width: number; height: number });
    const tableKey = `${layout.width}x${layout.height} ${piece.name} ${question.closed ? 'closed' : 'open'}`;
    if (sc.method === 'crossing') {
      const classes = sc.classes === undefined ? null : endsClasses(layout.width, layout.height, piece);
      if (classes !== null && (question.closed || classes.length !== sc.classes || sc.shards % classes.length !== 0)) {
        throw new GridbitsError(
          'BAD_ARGUMENT',
          `the count's ${sc.classes} classes of ends are not those of ${question.width}×${question.height}`,
        );
      }
      const report = (share: number): void => ctl.report({ share: share * 0.02 });
      if (classes !== null) {
        // Shard c·per + i: share i of class c's join, after that class's tables (the first of its shards counts their
        // work).
        const per = sc.shards / classes.length,
          c = Math.floor(index / per),
          sub = index % per;
        const key = `${tableKey} class ${c}`;
        if (classTables?.key !== key) {
          classTables = null;
          classTables = {
            key,
            table: yield* new CrossSearch(layout.width, layout.height, piece, false, classes[c].ends, partTables).steps(
              ctl,
              report,
            ),
          };
        }
        const t = classTables.table;
        const r = yield* crossJoinSteps(t, sub, per, ctl, (share) => ctl.report({ share: 0.02 + share * 0.98 }));
        return {
          index,
          key: sc.key,
          count: 2n * BigInt(classes[c].times) * r.count,
          nodes: (sub === 0 ? t.nodes : 0) + r.seen,
          peakStates: t.peakStates,
        };
      }
      // The top half's table: a few per cent of the work (8×8: 35 s of about 40 minutes), then this shard's vectors.
      let t = crossTables.get(tableKey);
      if (t === undefined) {
        t = yield* new CrossSearch(layout.width, layout.height, piece, question.closed).steps(ctl, report);
        crossTables.set(tableKey, t);
      }
      const r = yield* crossJoinSteps(t, index, sc.shards, ctl, (share) => ctl.report({ share: 0.02 + share * 0.98 }));
      // The top half's work once, in shard 0; each shard its own part of the join. Open tours both ways.
      return {
        index,
        key: sc.key,
        count: question.closed ? r.count : 2n * r.count,
        nodes: (index === 0 ? t.nodes : 0) + r.seen,
        peakStates: t.peakStates,
      };
    }
    let top = tables.get(tableKey);
    if (top === undefined) {
      top = yield* new HalvesSearch(layout.width, layout.height, piece, false, question.closed).steps(ctl, (share) =>
        ctl.report({ share: share * 0.9 }),
      );
      tables.set(tableKey, top);
    }
    const { count } = yield* joinHalvesSteps(top, index, sc.shards, ctl, (share) =>
      ctl.report({ share: 0.9 + share * 0.1 }),
    );
    ctl.report({ share: 1 });
    // Open tours are directed (each path both ways), as the whole board's count.
    return {
      index,
      key: sc.key,
      count: question.closed ? count : 2n * count,
      nodes: top.nodes,
      peakStates: top.peakStates,
    };
  }
}

/** A count's question as plain data, checked: its board (up to COUNT_MAX_SQUARES squares) and its leaper. */
function checkQuestion(question: unknown, what: string): { board: Board; piece: Piece } {
  checkOptions(question, what);
  const q = (question ?? {}) as Record<string, unknown>;
  if (question === undefined)
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be a count's question, got undefined`);
  checkWhole(q.width, `${what}.width`, 1);
  checkWhole(q.height, `${what}.height`, 1);
  if ((q.width as number) * (q.height as number) > COUNT_MAX_SQUARES)
    throw new GridbitsError(
      'LIMIT',
      `${what}: ${q.width}x${q.height} is past the ${thousands(COUNT_MAX_SQUARES)} squares tours are counted on`,
    );
  if (typeof q.piece !== 'string')
    throw new GridbitsError(
      'BAD_PIECE',
      `${what}.piece must be a leaper's name ('knight', '1,4'), got ${shown(q.piece)}`,
    );
  const piece = leaperOf(q.piece, `${what}.piece`);
  if (typeof q.closed !== 'boolean')
    throw new GridbitsError('BAD_ARGUMENT', `${what}.closed must be true or false, got ${shown(q.closed)}`);
  return { board: Board.of(q.width as number, q.height as number), piece };
}

/** A sharded tour count as `shardTourCount` makes it (plain data, from another process perhaps), checked. */
function checkSharded(sc: unknown, what: string): { board: Board; piece: Piece } {
  checkOptions(sc, what);
  const s = (sc ?? {}) as Record<string, unknown>;
  if (sc === undefined || s.kind !== 'tour')
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be a tour count split by shardTourCount, got ${shown(sc)}`);
  if (!['halves', 'crossing', 'whole'].includes(s.method as string))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what}.method must be 'halves', 'crossing' or 'whole', got ${shown(s.method)}`,
    );
  checkWhole(s.shards, `${what}.shards`, 1);
  if (s.classes !== undefined) checkWhole(s.classes, `${what}.classes`, 1);
  if (typeof s.key !== 'string')
    throw new GridbitsError('BAD_ARGUMENT', `${what}.key must be a string, got ${shown(s.key)}`);
  return checkQuestion(s.question, `${what}.question`);
}

/** Forgets the boundary tables this process kept for its shards (their memory is freed). */
export function forgetShardTables(): void {
  tables.clear();
  crossTables.clear();
  classTables = null;
  partTables.clear();
}
