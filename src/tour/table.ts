// Per-start tables like the paper's (backtracks per start square, 'N' = no tour, 'LIM' = budget) and the
// set of squares that start an open tour, each with its reason.
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { job, type Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import type { Piece } from '../pieces/piece.js';
import { SearchMachine, type SearchSwitches } from './machine.js';
import { SEARCH_BUDGET } from './search.js';
import { checkBoard, checkPiece, checkSearchOptions, checkSquare, shown } from './check.js';

/** Options of the per-start table. */
export interface TableOptions {
  /** Closed tours rather than open ones. */
  closed?: boolean;
  /**
   * Nodes (moves) the search may make from each start square, over all its tries; past it the square is
   * undecided, 'LIM' (exists: null). Default {@link SEARCH_BUDGET}, 10,000,000.
   */
  maxSquareNodes?: number;
  /** The search's optimisations (all on by default). */
  switches?: SearchSwitches;
}

/** One start square of the table. */
export interface TableCell {
  /** The start square (board index). */
  square: number;
  /**
   * true: a tour starts here; false: proved that none does; null: undecided within `maxSquareNodes` (the paper's LIM).
   */
  exists: boolean | null;
  /** Backtracks the search made from this square. */
  backtracks: number;
  /** Search nodes (moves) from this square. */
  nodes: number;
  /** The move array (try) that found the tour, from 0 ('A' in the paper's tables). */
  tryIndex?: number;
}

/**
 * What a table cell says, as in the paper: the backtracks (with a letter naming the move array that found the
 * tour when it was not the first; #n past Z), 'N' when no tour starts there, 'LIM' when the budget ran out.
 */
export function tableCellText(c: Pick<TableCell, 'exists' | 'backtracks' | 'tryIndex'>): string {
  const v = c as unknown as Record<string, unknown> | null;
  if (
    v === null ||
    typeof v !== 'object' ||
    (v.exists !== true && v.exists !== false && v.exists !== null) ||
    !(Number.isSafeInteger(v.backtracks) && (v.backtracks as number) >= 0) ||
    (v.tryIndex !== undefined && !(Number.isSafeInteger(v.tryIndex) && (v.tryIndex as number) >= 0))
  )
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `cell must be a cell of a table (exists, backtracks, tryIndex), got ${shown(c)}`,
    );
  if (c.exists === false) return 'N';
  if (c.exists === null) return 'LIM';
  const t = c.tryIndex ?? 0;
  return String(c.backtracks) + (t === 0 ? '' : t < 26 ? String.fromCharCode(65 + t) : `#${t + 1}`);
}

/**
 * One square of the table as a job: the search from `square` within the nodes allowed. `progress`, when
 * given, is called before each pause with the share (0..1) of the square's allowance spent.
 */
export function tableCellJob(board: Board, piece: Piece, square: number, options: TableOptions = {}): Job<TableCell> {
  checkTableArgs(board, piece, options);
  checkSquare(board, square, 'square');
  return cellJob(board, piece, square, options, undefined);
}

/** One square of the table (see `tableCellJob`), giving the event loop a turn about every 20 ms. */
export function tableCell(
  board: Board,
  piece: Piece,
  square: number,
  options: TableOptions & RunOptions = {},
): Promise<Outcome<TableCell>> {
  return tableCellJob(board, piece, square, options).run(options);
}

/** As `tableCell`, run to its end or a limit without giving the event loop a turn. */
export function tableCellSync(
  board: Board,
  piece: Piece,
  square: number,
  options: TableOptions & RunOptions = {},
): Outcome<TableCell> {
  return tableCellJob(board, piece, square, options).runSync(options);
}

/** A square's job; its progress, the share of its allowance spent, goes to `progress` or is its own. */
function cellJob(
  board: Board,
  piece: Piece,
  square: number,
  options: TableOptions,
  progress: ((share: number) => void) | undefined,
): Job<TableCell> {
  // A generator function made per call costs microseconds (each has its own prototype), a good share of a
  // small board's square: one, shared.
  return job((ctl) => cellSteps(board, piece, square, options, progress ?? ((share) => ctl.report({ share })), ctl));
}

function* cellSteps(
  board: Board,
  piece: Piece,
  square: number,
  options: TableOptions,
  progress: ((share: number) => void) | undefined,
  ctl: JobControl<unknown>,
): Generator<void, TableCell, void> {
  const allowed = options.maxSquareNodes ?? SEARCH_BUDGET;
  const m = new SearchMachine({ board, piece, closed: options.closed ?? false, from: square }, options.switches);
  const share = allowed === Infinity ? () => 0 : () => Math.min(1, m.nodes / Math.max(1, allowed));
  const status = yield* m.steps(ctl, allowed, progress && (() => progress(share())));
  const cell: TableCell = {
    square,
    exists: status === 'found' ? true : status === 'none' ? false : null,
    backtracks: m.backtracks,
    nodes: m.nodes,
  };
  if (status === 'found') cell.tryIndex = m.tryIndex;
  return cell;
}

/**
 * The per-start table as a job: for every start square, does an open (or closed) tour start there, and how
 * many backtracks the search took. One work unit is a move (and one per square set up); progress counts
 * squares, a square's share growing with the nodes it has spent of `maxSquareNodes`. A stopped table's
 * partial result is the cells done so far, in square order.
 */
export function tableJob(board: Board, piece: Piece, options: TableOptions = {}): Job<TableCell[], TableCell[]> {
  checkTableArgs(board, piece, options);
  const n = board.cells;
  return job(function* (ctl) {
    const cells: TableCell[] = [];
    ctl.partial = () => cells.slice();
    for (let s = 0; s < n; s++) {
      ctl.report({ share: s / n, done: s, unit: 'squares' });
      // Setting up a square is work too: a board of parity squares still pauses.
      if (ctl.spend(1)) yield;
      cells.push(
        yield* cellJob(board, piece, s, options, (share) => ctl.report({ share: (s + 0.99 * share) / n })).within(ctl),
      );
    }
    ctl.report({ share: 1, done: n });
    return cells;
  });
}

/**
 * The per-start table (see `tableJob`), giving the event loop a turn about every 20 ms.
 *
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT } from 'gridbits/pieces';
 * import { table, tableCellText } from 'gridbits/tour';
 * const out = await table(Board.of(5, 5), KNIGHT, { maxSquareNodes: 10_000 });
 * if (out.finished) console.log(out.value.map(tableCellText).join(' '));
 * ```
 */
export function table(
  board: Board,
  piece: Piece,
  options: TableOptions & RunOptions = {},
): Promise<Outcome<TableCell[], TableCell[]>> {
  return tableJob(board, piece, options).run(options);
}

/** As `table`, run to its end or a limit without giving the event loop a turn. */
export function tableSync(
  board: Board,
  piece: Piece,
  options: TableOptions & RunOptions = {},
): Outcome<TableCell[], TableCell[]> {
  return tableJob(board, piece, options).runSync(options);
}

/** Why a square does or does not start an open tour. */
export type StartReason = 'colour parity' | 'proved by exhaustive search' | 'found' | 'search budget';

/** One square of `openTourStarts`. */
export interface StartCell {
  /** The square (board index). */
  square: number;
  /** true: an open tour starts here; false: none does; null: undecided within `maxSquareNodes`. */
  exists: boolean | null;
  /** How it was decided. */
  reason: StartReason;
}

/** Options of `openTourStarts`. */
export interface StartOptions {
  /**
   * Nodes (moves) the search may make from each searched square before it is left undecided (null); default
   * {@link SEARCH_BUDGET}.
   */
  maxSquareNodes?: number;
  /** The search's optimisations (all on by default; colour parity is applied by the table itself). */
  switches?: SearchSwitches;
}

/**
 * Which squares start an open tour, each with its reason, as a job: colour parity on odd boards, else search.
 * Squares are decided once per symmetry class of the board, and the far end of every tour found starts one
 * too. Progress counts squares; a stopped run's partial result is the squares decided so far.
 */
export function openTourStartsJob(
  board: Board,
  piece: Piece,
  options: StartOptions = {},
): Job<StartCell[], StartCell[]> {
  checkTableArgs(board, piece, options);
  const n = board.cells;
  const maps = symmetries(board, piece);
  const switches = { ...options.switches, parity: false };
  return job(function* (ctl) {
    const out: (StartCell | undefined)[] = new Array(n);
    ctl.partial = () => out.filter((c): c is StartCell => c !== undefined);
    const mark = (s: number, exists: boolean | null, reason: StartReason): void => {
      for (const f of maps) {
        const t = f(s);
        if (out[t] === undefined) out[t] = { square: t, exists, reason };
      }
    };
    for (let s = 0; s < n; s++) {
      ctl.report({ share: s / n, done: s, unit: 'squares' });
      if (out[s] !== undefined) continue;
      if (ctl.spend(1)) yield;
      const m = new SearchMachine({ board, piece, closed: false, from: s }, switches);
      if (m.colourSwitching && (n & 1) === 1 && ((board.file(s) + board.rank(s)) & 1) === 1) {
        mark(s, false, 'colour parity');
        continue;
      }
      const status = yield* m.steps(ctl, options.maxSquareNodes ?? SEARCH_BUDGET, () => undefined);
      if (status === 'found') {
        mark(s, true, 'found');
        mark(m.tour![n - 1], true, 'found');
      } else {
        mark(s, status === 'none' ? false : null, status === 'none' ? 'proved by exhaustive search' : 'search budget');
      }
    }
    ctl.report({ share: 1, done: n });
    return out as StartCell[];
  });
}

/** The squares that start an open tour (see `openTourStartsJob`), giving the event loop a turn about every 20 ms. */
export function openTourStarts(
  board: Board,
  piece: Piece,
  options: StartOptions & RunOptions = {},
): Promise<Outcome<StartCell[], StartCell[]>> {
  return openTourStartsJob(board, piece, options).run(options);
}

/** As `openTourStarts`, run to its end or a limit without giving the event loop a turn. */
export function openTourStartsSync(
  board: Board,
  piece: Piece,
  options: StartOptions & RunOptions = {},
): Outcome<StartCell[], StartCell[]> {
  return openTourStartsJob(board, piece, options).runSync(options);
}

/** The board, the leaper (a Piece) and the options of a table, its cells or its open-tour starts, each named. */
function checkTableArgs(board: Board, piece: Piece, options: TableOptions): void {
  checkBoard(board, 'board');
  checkPiece(piece, 'piece');
  checkSearchOptions(options, 'options');
}

/** The board's symmetries (as square maps) that also map the piece's leaps onto themselves. */
function symmetries(board: Board, piece: Piece): ((s: number) => number)[] {
  const w = board.width,
    h = board.height;
  const lin: [number, number, number, number][] = [
    [1, 0, 0, 1],
    [-1, 0, 0, 1],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
  ];
  if (w === h) lin.push([0, 1, 1, 0], [0, -1, 1, 0], [0, 1, -1, 0], [0, -1, -1, 0]);
  const leaps = new Set(piece.leaps.map(([x, y]) => `${x},${y}`));
  const keeps = ([a, b, c, d]: number[]): boolean =>
    piece.leaps.every(([x, y]) => leaps.has(`${a * x + b * y},${c * x + d * y}`));
  return lin.filter(keeps).map(([a, b, c, d]) => (s: number) => {
    // Map about the centre: coordinates doubled so the centre is an integer.
    const x = 2 * board.file(s) - (w - 1),
      y = 2 * board.rank(s) - (h - 1);
    const nx = a * x + b * y,
      ny = c * x + d * y;
    return board.index((nx + w - 1) / 2, (ny + h - 1) / 2);
  });
}
