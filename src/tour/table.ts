// Per-start tables like the paper's (backtracks per start square, 'N' = no tour, 'LIM' = budget) and the
// set of squares that start an open tour, each with its reason.
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { runLimits, yieldToEventLoop, type Progress } from '../core/run.js';
import type { Piece } from '../pieces/piece.js';
import { TourMachine, type SearchSwitches } from './machine.js';

export interface TableOptions {
  closed?: boolean;
  /** Backtracks allowed per start square (over all tries); beyond it the square is 'LIM' (exists: null). */
  maxBacktracks?: number;
  /** Wall-clock limit for the whole table; squares not decided in time are null. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  switches?: SearchSwitches;
}

export interface TableCell {
  square: number;
  /** true: a tour starts here; false: proved that none does; null: the budget ran out first. */
  exists: boolean | null;
  backtracks: number;
  nodes: number;
  /** The move array (try) that found the tour, from 0 ('A' in the paper's tables). */
  tryIndex?: number;
}

/**
 * What a table cell says, as in the paper: the backtracks (with a letter naming the move array that found the
 * tour when it was not the first; #n past Z), 'N' when no tour starts there, 'LIM' when the budget ran out.
 */
export function tableCellText(c: Pick<TableCell, 'exists' | 'backtracks' | 'tryIndex'>): string {
  if (c.exists === false) return 'N';
  if (c.exists === null) return 'LIM';
  const t = c.tryIndex ?? 0;
  return String(c.backtracks) + (t === 0 ? '' : t < 26 ? String.fromCharCode(65 + t) : `#${t + 1}`);
}

/** Nodes searched between two yields, so an async caller can keep its event loop (and Ctrl-C) alive. */
const SLICE_NODES = 1 << 18;

/** The table's work in slices: yields between slices, returns the cells (indexed by square). */
function* tableSlices(board: Board, piece: Piece, o: TableOptions): Generator<void, TableCell[]> {
  const cells: TableCell[] = [];
  const { deadline } = runLimits(o);
  const maxBack = o.maxBacktracks ?? Infinity;
  for (let s = 0; s < board.cells; s++) {
    const m = new TourMachine({ board, piece, closed: o.closed ?? false, from: s }, o.switches);
    let status = 'budget';
    // Every square gets at least one slice, even after the deadline: parity and easy tours take no time.
    for (let first = true; status === 'budget' && m.backtracks < maxBack && (first || Date.now() < deadline); first = false) {
      if (o.signal?.aborted) throw new GridbitsError('ABORTED', 'stopped before finishing');
      status = m.run({ maxBacktracks: maxBack, maxNodes: m.nodes + SLICE_NODES, timeoutMs: Math.max(0, deadline - Date.now()) }).status;
      if (status === 'budget') yield;
    }
    const cell: TableCell = { square: s, exists: status === 'found' ? true : status === 'none' ? false : null, backtracks: m.backtracks, nodes: m.nodes };
    if (status === 'found') cell.tryIndex = m.tryIndex;
    cells.push(cell);
    o.onProgress?.({ done: s + 1, total: board.cells, unit: 'squares' });
    yield;
  }
  return cells;
}

function drain<T>(g: Generator<void, T>): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/** For every start square: does an open (or closed) tour start there, and how many backtracks the search took. */
export function tourTable(board: Board, piece: Piece, options: TableOptions = {}): TableCell[] {
  return drain(tableSlices(board, piece, options));
}

/** tourTable that yields to the event loop between slices of work (for the CLI's Ctrl-C and progress). */
export async function tourTableAsync(board: Board, piece: Piece, options: TableOptions = {}): Promise<TableCell[]> {
  const g = tableSlices(board, piece, options);
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
    await yieldToEventLoop();
  }
}

export type StartReason = 'colour parity' | 'proved by exhaustive search' | 'found' | 'budget exhausted';

export interface StartCell {
  square: number;
  exists: boolean | null;
  reason: StartReason;
}

export interface StartOptions {
  /** Backtracks allowed per searched square before it is left undecided (null). */
  maxBacktracks?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  switches?: SearchSwitches;
}

/**
 * Which squares start an open tour, each with its reason: colour parity on odd boards, else search. Squares
 * are decided once per symmetry class of the board, and the far end of every tour found starts one too.
 */
export function openTourStarts(board: Board, piece: Piece, options: StartOptions = {}): StartCell[] {
  const n = board.cells;
  const out: (StartCell | undefined)[] = new Array(n);
  const maps = symmetries(board, piece);
  const mark = (s: number, exists: boolean | null, reason: StartReason): void => {
    for (const f of maps) {
      const t = f(s);
      if (out[t] === undefined) out[t] = { square: t, exists, reason };
    }
  };
  const switches = { ...options.switches, parity: false };
  for (let s = 0; s < n; s++) {
    if (out[s] !== undefined) continue;
    if (options.signal?.aborted) throw new GridbitsError('ABORTED', 'stopped before finishing');
    const m = new TourMachine({ board, piece, closed: false, from: s }, switches);
    if (m.colourSwitching && (n & 1) === 1 && ((board.file(s) + board.rank(s)) & 1) === 1) {
      mark(s, false, 'colour parity');
      continue;
    }
    const r = m.run({ maxBacktracks: options.maxBacktracks, signal: options.signal });
    if (r.status === 'found') {
      mark(s, true, 'found');
      mark(m.tour![n - 1], true, 'found');
    } else {
      mark(s, r.status === 'none' ? false : null, r.status === 'none' ? 'proved by exhaustive search' : 'budget exhausted');
    }
    options.onProgress?.({ done: s + 1, total: n, unit: 'squares' });
  }
  return out as StartCell[];
}

/** The board's symmetries (as square maps) that also map the piece's leaps onto themselves. */
function symmetries(board: Board, piece: Piece): ((s: number) => number)[] {
  const w = board.width, h = board.height;
  const lin: [number, number, number, number][] = [[1, 0, 0, 1], [-1, 0, 0, 1], [1, 0, 0, -1], [-1, 0, 0, -1]];
  if (w === h) lin.push([0, 1, 1, 0], [0, -1, 1, 0], [0, 1, -1, 0], [0, -1, -1, 0]);
  const leaps = new Set(piece.leaps.map(([x, y]) => `${x},${y}`));
  const keeps = ([a, b, c, d]: number[]): boolean => piece.leaps.every(([x, y]) => leaps.has(`${a * x + b * y},${c * x + d * y}`));
  return lin.filter(keeps).map(([a, b, c, d]) => (s: number) => {
    // Map about the centre: coordinates doubled so the centre is an integer.
    const x = 2 * board.file(s) - (w - 1), y = 2 * board.rank(s) - (h - 1);
    const nx = a * x + b * y, ny = c * x + d * y;
    return board.index((nx + w - 1) / 2, (ny + h - 1) / 2);
  });
}
