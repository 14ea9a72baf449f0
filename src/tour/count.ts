// Exact counts of open and closed tours of any leaper on small boards (OEIS conventions), as jobs.
//
// Methods, by file: frontier-based search (count-frontier.ts: Minato's frontier method, Knuth's SIMPATH; Kawahara,
// Inoue, Iwashita, Minato, IEICE Trans. Fundamentals, 2017); half-tours joined at a boundary or across the middle
// (count-halves.ts, count-cross.ts: as in B. D. McKay, "Knight's tours of an 8×8 chessboard", ANU technical
// report TR-CS-97-03, 1997); backtracking where neither fits (count-dfs.ts). The 8×8 closed count,
// 13,267,364,410,532, is McKay's; M. Löbbing and I. Wegener's count with binary decision diagrams (Electronic
// Journal of Combinatorics 3, 1996) gave 33,439,123,484,294, which was later found wrong.
import { checkBoard, checkCountShape, checkFlag, checkOptions, checkPiece, checkSquare, shown } from './check.js';
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { Job, now, type JobBody, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { KNIGHT, type Piece } from '../pieces/piece.js';
import { DfsSearch } from './count-dfs.js';
import {
  checkpointParts,
  checkpointSnapshot,
  frontierFingerprint,
  notThisCount,
  type CheckpointHead,
} from './count-checkpoint.js';
import { CountCap, FrontierSearch, frontierFits, type FrontierOptions } from './count-frontier.js';
import {
  byEndsClasses,
  CrossSearch,
  crossFit,
  crossJoinSteps,
  CrossParts,
  endsClasses,
  PART_TABLES_BYTES,
  type EndsClassShare,
} from './count-cross.js';
import { HalvesSearch, halvesFit, joinHalvesSteps } from './count-halves.js';
import { buildCountGraph, vertexOf, type CountGraph } from './count-graph.js';
import { decide } from './existence.js';
import { thousands } from '../core/text.js';

/**
 * Conventions (as OEIS counts them):
 * - open tours are counted **directed**: a tour and its reverse are two tours, as in A165134 (n×n: 1, 0, 0, 0,
 *   1728, 6637920, …) and A118067 (3×n). Halve for undirected counts (A169696 3×n, A079137 4×n, A083386 5×n).
 *   With `from`, the directed open tours that start on that square (A165134's 5×5 table: 304 from a corner).
 * - closed tours are counted **undirected**: one cycle, whatever its start and direction, as in A001230 (6×6:
 *   9862; 8×8: 13,267,364,410,532), A070030 (3×2n), A175881 (6×n). Every closed tour passes through every square,
 *   so `from` does not change a closed count.
 */
export const COUNT_CONVENTION = {
  /** Open tours, no start given. */
  open: 'directed open tours: a tour and its reverse count twice (OEIS A165134)',
  /** Open tours from a given square. */
  openFrom: 'directed open tours starting on the given square (OEIS A165134 per-square table)',
  /** Closed tours. */
  closed: 'undirected closed tours: each cycle once, whatever its start and direction (OEIS A001230)',
} as const;

/** Widest counting window the exact counter accepts without a budget (a knight on boards up to 6 wide). */
export const COUNT_MAX_REACH = 13;

/** What is counted, and how. */
export interface TourCountOptions {
  /** The leaper (default the knight). */
  piece?: Piece;
  /** Closed tours rather than open ones. */
  closed?: boolean;
  /** Start square (board index). */
  from?: number;
  /** End square of open tours (board index); needs `from`. */
  to?: number;
  /** 'auto' picks the frontier program where it fits and backtracking otherwise. */
  method?: 'auto' | 'frontier' | 'backtracking';
  /**
   * Count a board past `countLimit` anyway (its run should then have a node budget or a time limit; see
   * `CountPartial` for what a stop gives). `countTours` and `countToursSync` set it when `maxNodes` or
   * `timeoutMs` is given.
   */
  pastLimit?: boolean;
  /**
   * Continue a count saved by `CountRun.checkpoint` (read back with count-checkpoint.ts). It must be of the
   * same question and method, else BAD_INPUT; a damaged one is refused the same way.
   */
  resume?: CountCheckpoint;
  /**
   * Saves the count's state (`save` gets a checkpoint's bytes) at a pause once `everyMs` have passed since the
   * last, and when a run of the job (`run`, `runSync`) stops before the end (a budget, a time limit, the
   * signal), wherever the count can be saved (see `countCheckpoint`).
   */
  checkpoint?: {
    /** Milliseconds between saves. */
    everyMs: number;
    /**
     * Gets a checkpoint's bytes, to write one after the other; `stopped` is true for the save made as a run
     * stopped (the state the same count resumed from it goes on from).
     */
    save: (parts: Uint8Array[], stopped: boolean) => void;
  };
}

/** A saved count as read back: its header and its two tables. */
export interface CountCheckpoint {
  /** Its header (`readCheckpointHead`). */
  head: CheckpointHead;
  /** The first table's words, `head.curEntries` × 4 of them. */
  cur: Uint32Array;
  /** The second table's words, `head.nextEntries` × 4. */
  next: Uint32Array;
}

/** An exact count. */
export interface Count {
  /** Always true here: the count is exact (see `CountOutOfReach` for one the counter could not finish). */
  complete: true;
  /** The count under `convention`. */
  count: bigint;
  /** Closed tours were counted. */
  closed: boolean;
  /** True for open counts (each direction counted), false for closed ones. */
  directed: boolean;
  /** The convention, in words (one of COUNT_CONVENTION). */
  convention: string;
  /** How it was counted ('theorem': none exist, by the reason in `theorem`, so nothing was searched). */
  method: 'frontier' | 'backtracking' | 'theorem';
  /** With method 'theorem': why no such tour exists (colour parity, Schwenk's theorem, …). */
  theorem?: string;
  /** Search nodes (frontier: states expanded; backtracking: moves tried). */
  nodes: number;
  /** Frontier only: the most states held at once. */
  peakStates?: number;
  /**
   * Counted as two half-boards joined at their boundary: closed tours, and open ones with no `from`, of boards
   * with at least 4 rows across the shorter side (see count-halves.ts); 'crossing': closed tours of boards 8
   * wide, two half-boards joined through the edges between them (see count-cross.ts).
   */
  split?: 'halves' | 'crossing';
}

/**
 * What a stopped count has: by backtracking, a lower bound (the tours found so far); by the frontier program, no
 * bound at all (it completes no tour before its last square), but how far it got.
 */
export interface CountPartial {
  /**
   * A lower bound of the count, under the same convention: the tours the backtracking search completed before
   * the stop. `null` for the frontier program, which knows no lower bound until its last square (the count may
   * be anything, 0 included).
   */
  count: bigint | null;
  /** How it was being counted. */
  method: 'frontier' | 'backtracking';
  /** Frontier only: the most states held at once so far. */
  peakStates?: number;
  /** Frontier only: squares added to the program before the stop (of `squares`). */
  squaresAdded?: number;
  /** Frontier only: the squares of the board, all of which the program adds before it has a count. */
  squares?: number;
  /**
   * Frontier only: the share of the work done (0 to 1), as the program forecasts the states still to come (the
   * share its progress reports); a rough guide to the budget a whole count needs.
   */
  shareDone?: number;
  /** As `Count.split`: how the board was being split. */
  split?: 'halves' | 'crossing';
}

/**
 * A count the counter could not finish: it met a limit of its own while it counted (more states at once than
 * the memory it is allowed, or sums past 2^53 where the join across the middle adds them exactly), so no budget
 * would finish it. What it had, as a stopped count's partial, and the limit in words.
 */
export interface CountOutOfReach extends CountPartial {
  /** Always false here: the count is not known (`count`: a lower bound where the method has one, else null). */
  complete: false;
  /** The limit the counter met, in words ("the count needs more than 33,554,432 states at once, …"). */
  reason: string;
  /** Closed tours were being counted. */
  closed: boolean;
  /** True for open counts (each direction counted), false for closed ones. */
  directed: boolean;
  /** The convention, in words (one of COUNT_CONVENTION). */
  convention: string;
  /** Search nodes spent. */
  nodes: number;
}

/** What a count answers: the exact count, or why the counter could not finish it (`complete` tells which). */
export type CountAnswer = Count | CountOutOfReach;

/**
 * Largest number of squares the exact counter takes without a budget, by the width of its window: where this
 * machine (2 cores, 24 GB) counts in about a minute of CPU or less, well within a few GB (measured with the
 * CLI, written in bench/tour-count.bench.ts): 3×6666 open, 4×400 open, 5×10 open and 5×100 closed, 6×6 open
 * (54 s, 375 MB) and 6×9 closed. Past it, a count needs a budget.
 */
function maxCells(reach: number, closed: boolean): number {
  if (reach <= 7) return 20_000;
  if (reach <= 9) return 1600;
  if (reach <= 11) return closed ? 500 : 50;
  if (reach <= 13) return closed ? 54 : 36;
  return 0;
}

/**
 * Whether the exact counter takes this board without a budget; otherwise the reason, naming the limit. Open
 * tours from a start square (`from`) are counted on the whole board, under its limit.
 */
export function countLimit(board: Board, piece: Piece = KNIGHT, closed = false, from?: number): string | null {
  checkBoard(board, 'board');
  checkPiece(piece, 'piece');
  checkFlag(closed, 'closed');
  if (from !== undefined) checkSquare(board, from, 'from');
  if (board.cells > COUNT_MAX_SQUARES) return hugeBoard(board);
  // A board on which a theorem rules every such tour out is answered at once, whatever its size.
  if (noTours(board, piece, closed, from) !== null) return null;
  const g = buildCountGraph(board, piece);
  return limitOf(board, g, closed, piece, byHalves(g, closed, piece) && (closed || from === undefined));
}

/**
 * Why a theorem rules out every such tour (a closed tour on an odd number of squares, Schwenk's theorem, colour
 * parity for a start square, …), or null where tours may exist: such counts are 0 without a search.
 */
export function noTours(board: Board, piece: Piece, closed: boolean, from?: number, to?: number): string | null {
  const e = decide({
    board,
    piece,
    closed,
    ...(closed || from === undefined ? {} : { from }),
    ...(closed || to === undefined ? {} : { to }),
  });
  return e.exists === false ? e.reason : null;
}

/** Boards past this many squares are refused even with a budget: a count there could not even start meaningfully. */
export const COUNT_MAX_SQUARES = 1_000_000;

function hugeBoard(board: Board): string {
  return `${board} has ${board.cells} squares; tours are counted on boards up to ${thousands(COUNT_MAX_SQUARES)} squares even with a budget`;
}

/**
 * Closed tours counted by halves (boards of 4 rows or more, see count-halves.ts), by the window of the whole
 * board's program: 6 wide up to 6×14 (84 squares; 37 s of CPU and 300 MB, measured with the halves program on
 * this machine); 7 wide up to 7×8 (56 squares; `node dist/cli/main.js tour-count 7x8 --closed --json`: 67 s of
 * CPU and 1.2 GB). 7×10 takes the frontier program about 8 minutes and 28 million states at once, near
 * MAX_STATES (2^25), before its join.
 */
const HALVES_6_WIDE = 84;
const HALVES_7_WIDE = 56;
/** The widest window counted by halves without a budget (a knight 7 wide). */
const HALVES_MAX_REACH = 15;

/**
 * Open tours counted by halves (no start square given), measured with `/usr/bin/time -f '%U s %M KB' node
 * dist/cli/main.js tour-count WxH --json` on this machine (CPU seconds, peak memory; 5×20 with `--max-nodes
 * 1000000000000`, one process): 5 wide up to 5×20 (100 squares; 57 s, 243 MB; 5×14: 27 s); 6×8
 * (48 squares; 104 s, 920 MB, the frontier program's 28 million states expanded, 8.3 million at once, where
 * the whole board takes 649 s and 22 million at once; 6×6: 8 s and 227 MB, the whole board 46 s). 6×10 takes
 * 974 s and 2.5 GB (120 million states expanded, 25 million at once, near MAX_STATES; then 8.4 million boundary
 * states, whose join compares 6 billion pairs and takes most of the time), so 6×12 is out of reach. Narrower
 * boards keep the whole board's limits (halves count them faster: 4×100 in 9 s against 15 s). 7 wide stays out:
 * 7×4 alone takes 10 s, its boundary of 14 squares giving 384,000 states. 6 wide, the limit is 6×7: 6×8's 104 s
 * are past a minute, so it is counted with a budget (a time limit of a few minutes) rather than refused.
 * Odd numbers of rows take the tables of the boards one row taller and shorter, measured 2026-12-03 the same
 * way (CPU seconds, the machine shared): 6×7 open 779,938,932 in 28 s and 940 MB; 5×19 open in 35 s, 5×17 in
 * 27 s (310 MB); 6×13 closed in 22 s, 440 MB; 7×7 closed (none: 49 squares) in 21 s, 1.3 GB; 4×99 open 5 s.
 */
const OPEN_HALVES_5_WIDE = 100;
const OPEN_HALVES_6_WIDE = 42;

/** The most squares counted by halves without a budget, by the whole board's window. */
function halvesCells(reach: number, closed: boolean): number {
  if (closed)
    return reach < 13
      ? maxCells(reach, true)
      : reach <= 13
        ? HALVES_6_WIDE
        : reach <= HALVES_MAX_REACH
          ? HALVES_7_WIDE
          : 0;
  return reach <= 9 ? maxCells(reach, false) : reach <= 11 ? OPEN_HALVES_5_WIDE : reach <= 13 ? OPEN_HALVES_6_WIDE : 0;
}

/** Boards this small are counted by backtracking when the frontier window is too wide for them. */
const SMALL_BOARD = 25;

/**
 * Whether the tours of this board are counted by halves (when the frontier program counts them and no end is given).
 */
export function byHalves(g: CountGraph, closed: boolean, piece: Piece): boolean {
  return g.n > SMALL_BOARD && halvesFit(g.width, g.n / g.width, piece);
}

/** The widest window open tours are counted by halves in (a knight 6 wide); past it they are joined across. */
const OPEN_HALVES_MAX_REACH = 13;

/**
 * Whether the tours of this board are joined across the middle (count-cross.ts): boards whose window is too
 * wide for the halves method (closed tours: a knight 8 wide; open ones: 7 wide) and whose parts each hold at
 * least 2 rows.
 */
export function byCrossing(g: CountGraph, closed: boolean, piece: Piece): boolean {
  return (
    g.n > SMALL_BOARD &&
    g.reach > (closed ? HALVES_MAX_REACH : OPEN_HALVES_MAX_REACH) &&
    crossFit(g.width, g.n / g.width, piece)
  );
}

/**
 * Tours joined across the middle without a budget, by the most squares. Closed: 8 wide up to 8×6 (48
 * squares); 8×8 takes 1,233 s on this machine's 2 cores and 3.4 GB (`tour-count 8x8 --closed --timeout 1h`,
 * measured 2026-12-03), so it needs a time limit (bench/results/tour-count.md). Open: 7 wide up to 7×6 (42
 * squares, which the halves count; joined across, about a minute on one core); 7×7 needs a time limit.
 */
const CROSSING_CELLS = 48;
const OPEN_CROSSING_CELLS = 42;

function limitOf(
  board: Board,
  g: CountGraph,
  closed: boolean,
  piece: Piece,
  halves = byHalves(g, closed, piece),
): string | null {
  if (board.cells <= SMALL_BOARD) return null;
  if (byCrossing(g, closed, piece)) {
    const cap = closed ? CROSSING_CELLS : OPEN_CROSSING_CELLS;
    return board.cells > cap
      ? `${board} has ${board.cells} squares, over the exact counter's limit of ${cap} for ${closed ? 'closed' : 'open'} tours this wide (joined across the middle)`
      : null;
  }
  const cap = halves ? halvesCells(g.reach, closed) : maxCells(g.reach, closed);
  if (cap === 0) {
    return `${board} is too wide to count exactly: the counter's window would hold ${g.reach} squares, the limit is ${COUNT_MAX_REACH} (a knight on boards up to 6 squares on the shorter side), ${HALVES_MAX_REACH} for closed tours counted by halves (a knight 7 wide)`;
  }
  if (board.cells > cap) {
    return `${board} has ${board.cells} squares, over the exact counter's limit of ${cap} for boards this wide (${closed ? 'closed' : 'open'} tours${halves ? ', counted by halves' : ''})`;
  }
  return null;
}

/**
 * A count past the minute that a machine like this one (2 cores, 24 GB) still finishes: the board of its kind
 * measured at the largest size taken, with its time and peak memory (bench/results/tour-count.md). Commands run
 * such counts when asked, with progress and the time left; past them a count takes a budget, or the job queue
 * where it splits into shards.
 */
export interface LongCount {
  /** The board measured, e.g. '8x8 closed': the longest count of this kind taken. */
  measured: string;
  /** Its wall time on this machine, in seconds (both cores where the count runs as shards). */
  seconds: number;
  /** Its peak memory, in bytes. */
  bytes: number;
}

/** The kinds of count with a long tier: the window they count in, their largest board and its measurement. */
const LONG_COUNTS: ReadonlyArray<{ closed: boolean; crossing: boolean; reach: number; cells: number } & LongCount> = [
  // `tour-count 8x8 --closed --timeout 60m --json`, 2026-12-04: 1,331 s wall on 2 threads, 1,520,792 KB.
  { closed: true, crossing: true, reach: 17, cells: 64, measured: '8x8 closed', seconds: 1331, bytes: 1.52e9 },
  // `tour-count 7x7 --timeout 60m --json`, 2026-12-04: 557 s wall on 2 threads, 4,296,444 KB.
  { closed: false, crossing: true, reach: 15, cells: 49, measured: '7x7 open', seconds: 557, bytes: 4.3e9 },
  // `tour-count 7x10 --closed --timeout 50m --json`, 2026-12-03: 365 s of CPU, 4.8 GB.
  { closed: true, crossing: false, reach: 15, cells: 70, measured: '7x10 closed', seconds: 365, bytes: 4.8e9 },
  // `tour-count 6x10 --json` with a budget, 2026-12-01: 974 s of CPU, 2.5 GB.
  { closed: false, crossing: false, reach: 13, cells: 60, measured: '6x10 open', seconds: 974, bytes: 2.5e9 },
];

/**
 * Directed open tours of 8×8 on one machine like this one, in hours (the 81 classes of its ends measured shard by
 * shard: bench/results/tour-open-plan.md, `npm run bench:open-plan`, 2026-12-04): a count for the job queue.
 */
export const OPEN_8X8_HOURS = 232;

/**
 * Whether a count past `countLimit` (the minute) is one a machine like this one still finishes, and what the
 * largest such count took here; null when the count is within the minute, or beyond this machine (open tours
 * from a start square are counted on the whole board and have no long tier).
 */
export function longCount(board: Board, piece: Piece = KNIGHT, closed = false, from?: number): LongCount | null {
  if (countLimit(board, piece, closed, from) === null || board.cells > COUNT_MAX_SQUARES) return null;
  if (!closed && from !== undefined) return null;
  const g = buildCountGraph(board, piece);
  const crossing = byCrossing(g, closed, piece);
  if (!crossing && !byHalves(g, closed, piece)) return null;
  const tier = LONG_COUNTS.find((t) => t.closed === closed && t.crossing === crossing && t.reach === g.reach);
  if (tier === undefined || board.cells > tier.cells) return null;
  return { measured: tier.measured, seconds: tier.seconds, bytes: tier.bytes };
}

/**
 * Counting the tours of a leaper on a board exactly, as a job (see COUNT_CONVENTION). A board past
 * `countLimit` is refused (LIMIT) unless `pastLimit` is set. One work unit is a state expanded (frontier) or a
 * move tried (backtracking); progress is in percent, weighted by the states each step is forecast to expand.
 * A stopped count's partial result is a lower bound when backtracking counted; the frontier program has none
 * (its `count` is null) and says how far it got.
 */
export function countToursJob(board: Board, options: TourCountOptions = {}): Job<CountAnswer, CountPartial> {
  checkCountShape(checkBoard(board, 'board'), options, 'options');
  const run = prepareCount(board, options);
  const every = options.checkpoint;
  // Asked to save what the method keeps nothing of: said at once, not found out when nothing was saved.
  if (every !== undefined && run.unsaved !== undefined)
    throw new GridbitsError('BAD_ARGUMENT', `this count cannot be saved in checkpoints: ${run.unsaved}`);
  let last = now();
  const j = new CountJob(function* (ctl) {
    ctl.partial = run.partial;
    return yield* run.steps(ctl, (share) => {
      ctl.report({ share });
      if (every !== undefined && now() - last >= every.everyMs) {
        const parts = run.checkpoint();
        if (parts !== null) every.save(parts, false);
        last = now();
      }
    });
  }, every);
  runs.set(j, run);
  return j;
}

/** A count's job: it saves its checkpoint (where it has one) when a run stops before the end. */
class CountJob extends Job<CountAnswer, CountPartial> {
  constructor(
    body: JobBody<CountAnswer, CountPartial>,
    private readonly saving: TourCountOptions['checkpoint'],
  ) {
    super(body);
  }

  override async run(options: RunOptions<CountPartial> = {}): Promise<Outcome<CountAnswer, CountPartial>> {
    return this.stopped(await super.run(options));
  }

  override runSync(options: RunOptions<CountPartial> = {}): Outcome<CountAnswer, CountPartial> {
    return this.stopped(super.runSync(options));
  }

  private stopped(out: Outcome<CountAnswer, CountPartial>): Outcome<CountAnswer, CountPartial> {
    if (!out.finished && this.saving !== undefined) {
      const parts = countCheckpoint(this);
      if (parts !== null) this.saving.save(parts, true);
    }
    return out;
  }
}

const runs = new WeakMap<Job<CountAnswer, CountPartial>, CountRun>();

/**
 * The state of a count job at a pause (stopped by a budget, a time limit or a signal) as a checkpoint's bytes
 * to write one after the other, or null where it cannot be saved (backtracking, counts past 2^64, finished
 * counts). Read back with count-checkpoint.ts and give it as `resume` to continue the count anywhere.
 */
export function countCheckpoint(j: Job<CountAnswer, CountPartial>): Uint8Array[] | null {
  const run = (typeof j === 'object' && j !== null && runs.get(j)) || undefined;
  if (run === undefined)
    throw new GridbitsError('BAD_ARGUMENT', `job must be a count's job (countToursJob), got ${shown(j)}`);
  return run.checkpoint();
}

/**
 * Counts the tours of a leaper on a board exactly (see `countToursJob`), giving the event loop a turn about
 * every 20 ms. With `maxNodes` or `timeoutMs` a board past `countLimit` is counted too (see `CountPartial` for
 * what a stop gives).
 *
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { countTours } from 'gridbits/tour';
 * const out = await countTours(Board.of(5, 5));
 * if (out.finished) console.log(out.value.count); // 1728n directed open tours (OEIS A165134)
 * ```
 */
export function countTours(
  board: Board,
  options: TourCountOptions & RunOptions = {},
): Promise<Outcome<CountAnswer, CountPartial>> {
  return countToursJob(board, budgeted(options)).run(options);
}

/** As `countTours`, run to its end or a limit without giving the event loop a turn. */
export function countToursSync(
  board: Board,
  options: TourCountOptions & RunOptions = {},
): Outcome<CountAnswer, CountPartial> {
  return countToursJob(board, budgeted(options)).runSync(options);
}

/** The options with `pastLimit` set when a budget is given and `pastLimit` is not. */
export function budgeted<O extends Pick<TourCountOptions, 'pastLimit'>>(o: O & RunOptions): O {
  checkOptions(o, 'options');
  return { ...o, pastLimit: o.pastLimit ?? (o.maxNodes !== undefined || o.timeoutMs !== undefined) };
}

/** A count ready to run: its steps (with a share-done callback) and its partial result. */
export interface CountRun {
  /** The count's steps: its answer, exact or out of reach (a limit of the counter's own met on the way). */
  steps(control: JobControl<unknown>, onShare: (share: number) => void): Generator<void, CountAnswer, void>;
  partial(): CountPartial;
  /**
   * The count's state at a pause as bytes to write one after the other (a checkpoint), or null where it cannot
   * be saved: backtracking, counts past 2^64, the join of the halves (short: it is redone), or once finished.
   */
  checkpoint(): Uint8Array[] | null;
  /** The question in words, as checkpoints name it. */
  question: string;
  /** Why the method picked keeps nothing a checkpoint could save, where it keeps nothing. */
  unsaved?: string;
}

/**
 * Checks the question and picks the method; throws BAD_ARGUMENT, OFF_BOARD or LIMIT at once. The run's steps
 * answer `CountOutOfReach` where the counter meets a limit of its own on the way (`maxStates`: the frontier
 * program's cap of states held at once, MAX_STATES unless given, which tests lower).
 */
export function prepareCount(board: Board, options: TourCountOptions, maxStates?: number): CountRun {
  const run = chooseCount(board, options, maxStates);
  const { closed, convention } = run.base;
  return {
    ...run,
    *steps(ctl, onShare) {
      try {
        return yield* run.steps(ctl, onShare);
      } catch (e) {
        if (!(e instanceof CountCap)) throw e;
        // A limit of the counter's own: no budget would finish this count, so it is an answer, not a stop.
        return {
          ...run.partial(),
          complete: false,
          reason: e.reason,
          closed,
          directed: !closed,
          convention,
          nodes: ctl.nodes,
        };
      }
    },
  };
}

/** A count ready to run, as the method picked makes it, with the fields every answer of the count shares. */
interface ChosenCount extends Omit<CountRun, 'steps'> {
  steps(control: JobControl<unknown>, onShare: (share: number) => void): Generator<void, Count, void>;
  base: Pick<Count, 'closed' | 'directed' | 'convention'>;
}

function chooseCount(board: Board, options: TourCountOptions, maxStates: number | undefined): ChosenCount {
  const piece = options.piece ?? KNIGHT;
  const closed = options.closed ?? false;
  if (board.cells > COUNT_MAX_SQUARES) throw new GridbitsError('LIMIT', hugeBoard(board));
  if (options.to !== undefined && options.from === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'an end square `to` needs a start square `from`');
  if (options.to !== undefined && options.to === options.from)
    throw new GridbitsError('BAD_ARGUMENT', 'the end square must differ from the start');
  if (options.to !== undefined && closed) throw new GridbitsError('BAD_ARGUMENT', 'closed tours have no end square');
  for (const s of [options.from, options.to]) {
    if (s !== undefined) board.checkIndex(s);
  }
  const convention = closed
    ? COUNT_CONVENTION.closed
    : options.from !== undefined
      ? COUNT_CONVENTION.openFrom
      : COUNT_CONVENTION.open;
  const base = { closed, directed: !closed, convention };
  const exact = { ...base, complete: true } as const;
  const where =
    options.from === undefined || closed
      ? ''
      : ` from ${board.name(options.from)}${options.to === undefined ? '' : ` to ${board.name(options.to)}`}`;
  const question = `${closed ? 'closed' : 'directed open'} ${piece.name} tours of the ${board} board${where}`;
  // None by theorem: the count is 0 at once (unless a method is asked for by name, as tests of the methods do).
  const theorem =
    options.method === undefined || options.method === 'auto'
      ? noTours(board, piece, closed, options.from, options.to)
      : null;
  if (theorem !== null) {
    // Such a count is never saved, so a checkpoint given for it is another count's.
    if (options.resume !== undefined) throw notThisCount(options.resume.head, question);
    return {
      // eslint-disable-next-line require-yield
      *steps(_ctl, onShare) {
        onShare(1);
        return { ...exact, count: 0n, method: 'theorem', theorem, nodes: 0 };
      },
      partial: () => ({ count: 0n, method: 'backtracking' }),
      checkpoint: () => null,
      question,
      base,
    };
  }
  // The move graph only for a count that searches (a theorem's answer needs none, on boards of any size).
  const g = buildCountGraph(board, piece);
  const [from, to] = latestEnds(board, g, options.from, options.to);
  const budget = options.pastLimit ?? false;
  // Tours by halves (open ones with no end given), unless the whole board's
  // frontier program is asked for.
  const halves =
    byHalves(g, closed, piece) &&
    (closed || from === undefined) &&
    options.method !== 'frontier' &&
    options.method !== 'backtracking';
  const crossing =
    byCrossing(g, closed, piece) &&
    (closed || from === undefined) &&
    options.method !== 'frontier' &&
    options.method !== 'backtracking';
  const limit = limitOf(board, g, closed, piece, halves);
  if (crossing) {
    if (limit !== null && !budget)
      throw new GridbitsError(
        'LIMIT',
        `${limit}; give a node budget (maxNodes) or a time limit (timeoutMs) to count anyway`,
      );
    return crossingRun(g, piece, closed, base, question, options.resume);
  }
  let method = options.method ?? 'auto';
  if (method === 'auto') {
    // The frontier program where its window is narrow; small boards of wide leapers by backtracking.
    const narrow =
      g.reach <= COUNT_MAX_REACH || (halves && g.reach <= HALVES_MAX_REACH) || (budget && board.cells > SMALL_BOARD);
    method = frontierFits(g.reach) && narrow && (limit === null || budget) ? 'frontier' : 'backtracking';
  }
  if (method === 'frontier' && !frontierFits(g.reach))
    throw new GridbitsError('LIMIT', limit ?? `${board} is too wide for the frontier counter`);
  if (limit !== null && !budget)
    throw new GridbitsError(
      'LIMIT',
      `${limit}; give a node budget (maxNodes) or a time limit (timeoutMs) to count anyway`,
    );
  const resumed = (fj: FrontierSearch, gr: CountGraph, o: FrontierOptions): void => {
    const r = options.resume;
    if (r !== undefined) fj.restore(checkpointSnapshot(r.head, r.cur, r.next, question, frontierFingerprint(gr, o)));
  };
  const saver = (fj: FrontierSearch, gr: CountGraph, o: FrontierOptions) => (): Uint8Array[] | null => {
    const snap = fj.snapshot();
    return snap === null ? null : checkpointParts(question, frontierFingerprint(gr, o), snap);
  };

  if (method === 'frontier' && halves) {
    // Two half-boards joined at their boundary, the frontier program's state saved in checkpoints.
    const hj = new HalvesSearch(g.width, g.n / g.width, piece, false, closed, maxStates);
    const fj = hj.frontier,
      o = hj.options;
    resumed(fj, hj.plan.graph, o);
    return {
      *steps(ctl, onShare) {
        const t = yield* hj.steps(ctl, (share) => onShare(share * 0.95));
        const joined = (yield* joinHalvesSteps(t, 0, 1, ctl, (share) => onShare(0.95 + share * 0.05))).count;
        // Undirected paths → directed tours: both directions.
        const count = closed ? joined : 2n * joined;
        onShare(1);
        return { ...exact, count, method: 'frontier', split: 'halves', nodes: t.nodes, peakStates: t.peakStates };
      },
      partial: () => ({
        count: null,
        method: 'frontier',
        split: 'halves',
        peakStates: hj.peakStates,
        squaresAdded: hj.squaresAdded,
        squares: g.n,
        shareDone: hj.shareDone * 0.95,
      }),
      checkpoint: saver(fj, hj.plan.graph, o),
      question,
      base,
    };
  }

  if (method === 'frontier') {
    const ends = closed ? [] : [from, to].filter((e): e is number => e !== undefined);
    const o: FrontierOptions = { closed, ends, ...(maxStates !== undefined ? { maxStates } : {}) };
    const fj = new FrontierSearch(g, o);
    resumed(fj, g, o);
    return {
      *steps(ctl, onShare) {
        const r = yield* fj.steps(ctl, onShare);
        // Undirected paths → directed tours: both directions, or the one leaving `from`.
        const count = !closed && from === undefined && g.n > 1 ? r.count * 2n : r.count;
        return { ...exact, count, method: 'frontier', nodes: r.nodes, peakStates: r.peakStates };
      },
      // No tour is complete before the last square, so no lower bound: how far the program got instead.
      partial: () => ({
        count: null,
        method: 'frontier',
        peakStates: fj.peakStates,
        squaresAdded: fj.squaresAdded,
        squares: g.n,
        shareDone: fj.shareDone,
      }),
      checkpoint: saver(fj, g, o),
      question,
      base,
    };
  }
  // Backtracking: closed tours from one square (each cycle found twice, once per direction).
  const starts = closed ? [from ?? 0] : from !== undefined ? [from] : Array.from({ length: g.n }, (_, i) => i);
  const dj = new DfsSearch(g, { closed, starts, ...(to !== undefined ? { endAt: to } : {}) });
  return {
    *steps(ctl, onShare) {
      const r = yield* dj.steps(ctl, onShare);
      const count = closed ? BigInt(r.count) / 2n : BigInt(r.count);
      return { ...exact, count, method: 'backtracking', nodes: r.nodes };
    },
    // A cycle is found once per direction; an unfinished search may have met some in one direction only.
    partial: () => ({ count: closed ? (BigInt(dj.count) + 1n) / 2n : BigInt(dj.count), method: 'backtracking' }),
    checkpoint: () => null,
    question,
    base,
    unsaved: 'it is counted by backtracking, which keeps no tables to save',
  };
}

/**
 * Tours joined across the middle (count-cross.ts) in this process: the parts' frontier programs, then
 * the join of every degree vector; open tours 8 wide class by class of their ends (see `endsClasses`), each
 * class's tables in turn. The join's sum so far is a lower bound (each vector's tours are distinct).
 * Not saved in checkpoints: a count this long runs as shards, whose finished ones a queue keeps.
 */
function crossingRun(
  g: CountGraph,
  piece: Piece,
  closed: boolean,
  base: Pick<Count, 'closed' | 'directed' | 'convention'>,
  question: string,
  resume: CountCheckpoint | undefined,
): ChosenCount {
  if (resume !== undefined) throw notThisCount(resume.head, question);
  const width = g.width,
    height = g.n / g.width;
  const classes: Array<EndsClassShare | null> =
    !closed && byEndsClasses(width) ? endsClasses(width, height, piece) : [null];
  // Undirected paths → directed tours: both directions.
  const directions = closed ? 1n : 2n;
  // Classes share parts' tables (see CrossParts).
  const parts = classes.length > 1 ? new CrossParts(PART_TABLES_BYTES) : undefined;
  let cj = new CrossSearch(width, height, piece, closed, classes[0]?.ends, parts);
  let joined: bigint | null = null;
  let share = 0;
  let peak = 0;
  return {
    *steps(ctl, onShare) {
      let count = 0n,
        nodes = 0;
      for (let i = 0; i < classes.length; i++) {
        const c = classes[i];
        if (i > 0) cj = new CrossSearch(width, height, piece, closed, c?.ends, parts);
        // Each class an equal share of the progress.
        const at = (s: number): number => (i + s) / classes.length;
        const t = yield* cj.steps(ctl, (s) => onShare((share = at(s * TOP_SHARE))));
        peak = Math.max(peak, t.peakStates);
        const times = directions * BigInt(c?.times ?? 1);
        joined = count;
        const r = yield* crossJoinSteps(
          t,
          0,
          1,
          ctl,
          (s) => onShare((share = at(TOP_SHARE + s * (1 - TOP_SHARE)))),
          (n) => (joined = count + times * n),
        );
        count += times * r.count;
        nodes += t.nodes + r.seen;
      }
      onShare(1);
      return { ...base, complete: true, count, method: 'frontier', split: 'crossing', nodes, peakStates: peak };
    },
    partial: () => ({
      count: joined,
      method: 'frontier',
      split: 'crossing',
      peakStates: Math.max(peak, cj.peakStates),
      squaresAdded: cj.frontier.squaresAdded,
      squares: g.n,
      shareDone: share,
    }),
    checkpoint: () => null,
    question,
    base,
    unsaved: 'it is joined across the middle, too long to save whole; count it in shards, whose finished ones are kept',
  };
}

/** The top half's share of a count joined across the middle (8×8: 35 s of about 40 minutes). */
const TOP_SHARE = 0.02;

/**
 * The fixed ends in the counting layout, after the reflection of the board (which changes no count) that adds
 * them as late as possible: while an end is still to come the program allows one fewer other end, which prunes
 * many states (5×5 from c3: a fifth of the states; from a1 reflected to the far corner, far fewer).
 */
function latestEnds(
  board: Board,
  g: CountGraph,
  from: number | undefined,
  to: number | undefined,
): [number | undefined, number | undefined] {
  if (from === undefined) return [undefined, undefined];
  const w = board.width,
    h = board.height;
  const reflect = (s: number, k: number): number => {
    const f = board.file(s),
      r = board.rank(s);
    return board.index(k & 1 ? w - 1 - f : f, k & 2 ? h - 1 - r : r);
  };
  let best: [number, number | undefined] = [
    vertexOf(board, g, from),
    to === undefined ? undefined : vertexOf(board, g, to),
  ];
  const key = ([a, b]: [number, number | undefined]): number => Math.min(a, b ?? a);
  for (let k = 1; k < 4; k++) {
    const c: [number, number | undefined] = [
      vertexOf(board, g, reflect(from, k)),
      to === undefined ? undefined : vertexOf(board, g, reflect(to, k)),
    ];
    if (key(c) > key(best)) best = c;
  }
  return best;
}
