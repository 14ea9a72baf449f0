// The in-engine tour checker: every tour the engine returns passes it first (O(cells), typed arrays only).
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { KNIGHT, type Piece, type Vector } from '../pieces/piece.js';
import { checkBoard, checkFlag, checkOptions, leaperOf, shown } from './check.js';

/** Options of `fault`. */
export interface FaultOptions {
  /** The leaper whose tour it is (a piece or its name; default the knight). */
  piece?: Piece | string;
  /** A closed tour: the last square one leap from the first too. */
  closed?: boolean;
}

/**
 * Returns null when `path` visits every square of the board exactly once, each step a leap of the piece (and,
 * for a closed tour, the last square one leap from the first); else the reason, in words.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT } from 'gridbits/pieces';
 * import { fault } from 'gridbits/tour';
 * const board = Board.of(3, 4);
 * const path = 'a1 b3 c1 a2 b4 c2 a3 c4 b2 a4 c3 b1'.split(' ').map((s) => board.parse(s));
 * console.log(fault(board, path, { piece: KNIGHT }) ?? 'a valid open tour of 3x4');
 * ```
 */
export function fault(board: Board, path: ArrayLike<number>, options: FaultOptions = {}): string | null {
  checkBoard(board, 'board');
  if (path === null || typeof path !== 'object' || typeof path.length !== 'number')
    throw new GridbitsError('BAD_ARGUMENT', `path must be a list of square indices, got ${shown(path)}`);
  checkOptions(options, 'options');
  const piece = options.piece === undefined ? KNIGHT : leaperOf(options.piece, 'options.piece');
  const closed = checkFlag(options.closed, 'options.closed') ?? false;
  return pathFault(board, piece.leaps, path, closed);
}

/** As `fault`, for the engine's own checks: the leaps given, nothing checked. */
export function pathFault(
  board: Board,
  leaps: readonly Vector[],
  path: ArrayLike<number>,
  closed: boolean,
): string | null {
  const n = board.cells,
    w = board.width;
  if (path.length !== n) return `the path has ${path.length} squares, the board ${n}`;
  const reach = reachOf(leaps);
  if (w > 2 * reach && reach * (w + 1) <= 1 << 20)
    return new FastCheck(board, stepTable(w, leaps, reach), path, closed).advance(Infinity) ?? null;
  // A step (dx, dy) is looked up in a small table indexed by the offset, so the loop makes no allocations.
  const span = 2 * reach + 1;
  const isLeap = new Uint8Array(span * span);
  for (const [dx, dy] of leaps) isLeap[(dy + reach) * span + dx + reach] = 1;
  const seen = new Uint8Array(n);
  const step = (a: number, b: number): boolean => {
    const ax = a % w,
      bx = b % w;
    const dx = bx - ax,
      dy = (b - bx) / w - (a - ax) / w;
    return dx >= -reach && dx <= reach && dy >= -reach && dy <= reach && isLeap[(dy + reach) * span + dx + reach] === 1;
  };
  for (let i = 0; i < n; i++) {
    const s = path[i];
    if (!Number.isInteger(s) || s < 0 || s >= n) return `square ${s} at step ${i} is off the board`;
    if (seen[s] === 1) return `square ${board.name(s)} is visited twice (step ${i})`;
    seen[s] = 1;
    if (i > 0 && !step(path[i - 1], s))
      return `step ${i} from ${board.name(path[i - 1])} to ${board.name(s)} is not a leap`;
  }
  if (closed && n > 1 && !step(path[n - 1], path[0])) return 'the last square is not a leap from the first';
  return null;
}

/** The longest reach of the leaps, along a file or a rank. */
function reachOf(leaps: readonly Vector[]): number {
  let reach = 0;
  for (let i = 0; i < leaps.length; i++) reach = Math.max(reach, Math.abs(leaps[i][0]), Math.abs(leaps[i][1]));
  return reach;
}

/** Squares checked between two pauses of `pathFaultSteps` (about a millisecond's work). */
const CHECK_PART = 1 << 17;

/**
 * As `pathFault`, pausing (yielding) every CHECK_PART squares on boards wide enough for the fast check (a
 * 16384×16384 tour takes seconds to check; a narrow board's is short and checked in one go).
 */
export function* pathFaultSteps(
  board: Board,
  leaps: readonly Vector[],
  path: ArrayLike<number>,
  closed: boolean,
): Generator<void, string | null, void> {
  const w = board.width,
    reach = reachOf(leaps);
  const paced = path.length === board.cells && board.cells > CHECK_PART && w > 2 * reach && reach * (w + 1) <= 1 << 20;
  if (!paced) return pathFault(board, leaps, path, closed);
  // A check that pauses holds the kept marks until it ends: a check run meanwhile makes marks of its own.
  const borrowed = !marksLent && board.cells <= SCRATCH_CELLS;
  const check = new FastCheck(board, stepTable(w, leaps, reach), path, closed);
  if (borrowed) marksLent = true;
  try {
    for (;;) {
      const fault = check.advance(CHECK_PART);
      if (fault !== undefined) return fault;
      yield;
    }
  } finally {
    if (borrowed) marksLent = false;
  }
}

/** The steps of a leaper on a board of one width, indexed by square difference (see `fastFault`). */
interface StepTable {
  width: number;
  /** The leaps it was made for, flat (dx, dy, dx, dy, …). */
  leaps: Int32Array;
  reach: number;
  /** Offset added to a square difference to index the arrays. */
  base: number;
  valid: Uint8Array;
  stepX: Int8Array;
  stepY: Int8Array;
}

// The last table, kept: tours are checked one after another on one board (the 64 tours of 8x8 in a row),
// and building the table costs more than checking a small board's tour.
let lastTable: StepTable | null = null;

function stepTable(w: number, leaps: readonly Vector[], reach: number): StepTable {
  const t = lastTable;
  if (t !== null && t.width === w && t.leaps.length === 2 * leaps.length) {
    let same = true;
    for (let i = 0; i < leaps.length && same; i++)
      same = t.leaps[2 * i] === leaps[i][0] && t.leaps[2 * i + 1] === leaps[i][1];
    if (same) return t;
  }
  const flat = new Int32Array(2 * leaps.length);
  const base = reach * w + reach;
  const size = 2 * base + 1;
  const valid = new Uint8Array(size),
    stepX = new Int8Array(size),
    stepY = new Int8Array(size);
  for (let i = 0; i < leaps.length; i++) {
    const dx = leaps[i][0],
      dy = leaps[i][1];
    flat[2 * i] = dx;
    flat[2 * i + 1] = dy;
    const d = dy * w + dx + base;
    valid[d] = 1;
    stepX[d] = dx;
    stepY[d] = dy;
  }
  lastTable = { width: w, leaps: flat, reach, base, valid, stepX, stepY };
  return lastTable;
}

/** Boards up to this many squares share one kept array of seen marks (cleared per check) rather than a new one each. */
const SCRATCH_CELLS = 1 << 22;
let scratch = new Uint8Array(64);
/** True while a paused check holds the kept marks (a job stopped inside one and never run again keeps them). */
let marksLent = false;

/** A cleared array of n seen marks. */
function seenMarks(n: number): Uint8Array {
  if (n > SCRATCH_CELLS || marksLent) return new Uint8Array(n);
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, 2 * scratch.length));
  scratch.fill(0, 0, n);
  return scratch;
}

/**
 * The check when the board is wider than twice the reach: then an index difference names one step
 * (dx, dy), so the loop tracks coordinates by adding, with no division per square. It can stop and go on
 * (its hot loop in a plain method, not in a generator).
 */
class FastCheck {
  private readonly seen: Uint8Array;
  private i = 1;
  private x = 0;
  private y = 0;
  private prev: number;
  private readonly first: number;
  /** A fault found before the loop (the first square off the board). */
  private readonly early: string | null = null;

  constructor(
    private readonly board: Board,
    private readonly table: StepTable,
    private readonly path: ArrayLike<number>,
    private readonly closed: boolean,
  ) {
    const n = board.cells,
      w = board.width;
    this.seen = seenMarks(n);
    const first = path[0];
    this.first = this.prev = first;
    if (!Number.isInteger(first) || first < 0 || first >= n) {
      this.early = `square ${first} at step 0 is off the board`;
      return;
    }
    this.seen[first] = 1;
    this.x = first % w;
    this.y = (first - this.x) / w;
  }

  /** Checks up to `most` more squares: the fault, null once the whole tour passed, undefined while under way. */
  advance(most: number): string | null | undefined {
    if (this.early !== null) return this.early;
    const { board, path, seen } = this;
    const n = board.cells,
      w = board.width,
      h = board.height;
    const { reach, base, valid, stepX, stepY } = this.table;
    const size = valid.length;
    const end = Math.min(n, this.i + most);
    let x = this.x,
      y = this.y,
      prev = this.prev,
      i = this.i;
    for (; i < end; i++) {
      const s = path[i];
      const d = s - prev + base;
      if (!(d >= 0 && d < size && valid[d] === 1)) {
        if (!Number.isInteger(s) || s < 0 || s >= n) return `square ${s} at step ${i} is off the board`;
        return `step ${i} from ${board.name(prev)} to ${board.name(s)} is not a leap`;
      }
      x += stepX[d];
      y += stepY[d];
      if (x < 0 || y < 0 || x >= w || y >= h) return `step ${i} from ${board.name(prev)} leaves the board`;
      if (seen[s] === 1) return `square ${board.name(s)} is visited twice (step ${i})`;
      seen[s] = 1;
      prev = s;
    }
    this.x = x;
    this.y = y;
    this.prev = prev;
    this.i = i;
    if (i < n) return undefined;
    const first = this.first;
    if (this.closed && n > 1) {
      const d = first - prev + base;
      const fx = first % w;
      if (!(d >= 0 && d < size && valid[d] === 1) || Math.abs(fx - x) > reach)
        return 'the last square is not a leap from the first';
    }
    return null;
  }
}
