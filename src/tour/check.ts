// The tour engine's checks of what a caller passes (boards, pieces, squares, flags, paths): at the public
// boundary only, each naming the argument; the searches and counts inside take checked values unchecked.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece, type Piece } from '../pieces/piece.js';

/** The longest side of a board the tour engine reads a tour of (the CLI's `tour` goes up to 16384×16384). */
export const TOUR_MAX_SIDE = 16_384;

/** What a value is, in a message: short, and safe for symbols and objects. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol' || typeof v === 'function') return `a ${typeof v}`;
  if (v === null || typeof v !== 'object') return String(v);
  return Array.isArray(v) ? 'an array' : 'an object';
}

/** `board` is a Board. */
export function checkBoard(board: unknown, what: string): Board {
  if (!(board instanceof Board)) throw new GridbitsError('BAD_BOARD', `${what} must be a Board, got ${shown(board)}`);
  return board;
}

/** A leaper: a Piece with leaps, or its name ('knight', 'zebra', '2,3'), read as `parsePiece` reads it. */
export function leaperOf(piece: unknown, what: string): Piece {
  let p: Piece;
  if (typeof piece === 'string') {
    try {
      p = parsePiece(piece);
    } catch (e) {
      throw new GridbitsError('BAD_PIECE', `${what}: ${(e as Error).message}`);
    }
  } else if (
    piece !== null &&
    typeof piece === 'object' &&
    Array.isArray((piece as Piece).leaps) &&
    Array.isArray((piece as Piece).rides) &&
    Array.isArray((piece as Piece).slides) &&
    typeof (piece as Piece).name === 'string'
  ) {
    p = piece as Piece;
  } else {
    throw new GridbitsError('BAD_PIECE', `${what} must be a piece or its name, got ${shown(piece)}`);
  }
  if (p.rides.length > 0 || p.slides.length > 0 || p.leaps.length === 0)
    throw new GridbitsError('BAD_PIECE', `${what}: tours are for leapers only; '${p.name}' is not one`);
  return p;
}

/** A square index of the board. */
export function checkSquare(board: Board, square: unknown, what: string): number {
  if (typeof square !== 'number' || !Number.isInteger(square) || square < 0 || square >= board.cells)
    throw new GridbitsError(
      'OFF_BOARD',
      `${what} must be a square of the ${board} board (0 to ${board.cells - 1}), got ${shown(square)}`,
    );
  return square;
}

/** An optional flag: true, false or absent. */
export function checkFlag(value: unknown, what: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean')
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be true or false, got ${shown(value)}`);
  return value;
}

/** An options object (or absent). */
export function checkOptions(options: unknown, what: string): void {
  const plain = (o: object): boolean => [Object.prototype, null].includes(Object.getPrototypeOf(o) as object | null);
  if (options !== undefined && (options === null || typeof options !== 'object' || !plain(options)))
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be an object of options, got ${shown(options)}`);
}

/** A path of square indices of the board (any array-like of numbers). */
export function checkPath(board: Board, path: unknown, what: string): number[] {
  if (path === null || typeof path !== 'object' || typeof (path as ArrayLike<number>).length !== 'number')
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be a list of square indices, got ${shown(path)}`);
  const list = Array.from(path as ArrayLike<unknown>);
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s >= board.cells)
      throw new GridbitsError('OFF_BOARD', `${what}[${i}] must be a square of the ${board} board, got ${shown(s)}`);
  }
  return list as number[];
}

/** A query as the tour calls take it: a board, a leaper (a Piece: `parsePiece` makes one from a name), the flags. */
export function checkQueryShape(query: unknown, what: string): void {
  checkOptions(query, what);
  if (query === undefined) throw new GridbitsError('BAD_ARGUMENT', `${what} must be a query, got undefined`);
  const q = query as Record<string, unknown>;
  const board = checkBoard(q.board, `${what}.board`);
  if (typeof q.piece === 'string')
    throw new GridbitsError('BAD_PIECE', `${what}.piece must be a Piece (parsePiece('${q.piece}') makes one)`);
  leaperOf(q.piece, `${what}.piece`);
  if (typeof q.closed !== 'boolean')
    throw new GridbitsError('BAD_ARGUMENT', `${what}.closed must be true or false, got ${shown(q.closed)}`);
  if (q.from !== undefined) checkSquare(board, q.from, `${what}.from`);
  if (q.to !== undefined) checkSquare(board, q.to, `${what}.to`);
  if (q.seed !== undefined && !(typeof q.seed === 'number' && Number.isSafeInteger(q.seed)))
    throw new GridbitsError('BAD_ARGUMENT', `${what}.seed must be a whole number, got ${shown(q.seed)}`);
}

/** Count options: the flags, the piece (a Piece) and the squares, each named. */
export function checkCountShape(board: Board, options: unknown, what: string): void {
  checkOptions(options, what);
  if (options === undefined) return;
  const o = options as Record<string, unknown>;
  if (o.piece !== undefined) {
    if (typeof o.piece === 'string')
      throw new GridbitsError('BAD_PIECE', `${what}.piece must be a Piece (parsePiece('${o.piece}') makes one)`);
    leaperOf(o.piece, `${what}.piece`);
  }
  checkFlag(o.closed, `${what}.closed`);
  if (o.from !== undefined) checkSquare(board, o.from, `${what}.from`);
  if (o.to !== undefined) checkSquare(board, o.to, `${what}.to`);
  if (o.method !== undefined && !['auto', 'frontier', 'backtracking'].includes(o.method as string))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what}.method must be 'auto', 'frontier' or 'backtracking', got ${shown(o.method)}`,
    );
  checkFlag(o.pastLimit, `${what}.pastLimit`);
  if (o.resume !== undefined) {
    const r = o.resume as Record<string, unknown> | null;
    if (
      r === null ||
      typeof r !== 'object' ||
      typeof r.head !== 'object' ||
      r.head === null ||
      !(r.cur instanceof Uint32Array) ||
      !(r.next instanceof Uint32Array)
    )
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `${what}.resume must be a saved count as read back (its head and two tables), got ${shown(o.resume)}`,
      );
  }
  if (o.checkpoint !== undefined) {
    checkOptions(o.checkpoint, `${what}.checkpoint`);
    const c = o.checkpoint as Record<string, unknown>;
    if (!(typeof c.everyMs === 'number' && c.everyMs >= 0))
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `${what}.checkpoint.everyMs must be a number of milliseconds ≥ 0, got ${shown(c.everyMs)}`,
      );
    checkFunction(c.save, `${what}.checkpoint.save`);
  }
}

/** A leaper given as a Piece (a name is refused: `parsePiece` makes a Piece of it, as the caller should). */
export function checkPiece(piece: unknown, what: string): Piece {
  if (typeof piece === 'string')
    throw new GridbitsError('BAD_PIECE', `${what} must be a Piece (parsePiece('${piece}') makes one)`);
  return leaperOf(piece, what);
}

/** A whole number from `min` up (Infinity too where `infinite`). */
export function checkWhole(value: unknown, what: string, min: number, infinite = false): number {
  if (!(
    typeof value === 'number' &&
    ((infinite && value === Infinity) || (Number.isSafeInteger(value) && value >= min))
  ))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what} must be a whole number of at least ${min}${infinite ? ' (or Infinity)' : ''}, got ${shown(value)}`,
    );
  return value;
}

/** A function (or absent, where `optional`). */
export function checkFunction(value: unknown, what: string, optional = false): void {
  if (typeof value !== 'function' && !(optional && value === undefined))
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be a function, got ${shown(value)}`);
}

/** The search's switches: each a flag, `tieBreak` 'edge' or 'order', the numbers positive. */
export function checkSwitches(switches: unknown, what: string): void {
  checkOptions(switches, what);
  if (switches === undefined) return;
  const s = switches as Record<string, unknown>;
  for (const k of ['parity', 'deadCells', 'warnsdorff', 'restarts', 'connectivity']) checkFlag(s[k], `${what}.${k}`);
  if (s.tieBreak !== undefined && s.tieBreak !== 'edge' && s.tieBreak !== 'order')
    throw new GridbitsError('BAD_ARGUMENT', `${what}.tieBreak must be 'edge' or 'order', got ${shown(s.tieBreak)}`);
  for (const k of ['tries', 'goodRet']) if (s[k] !== undefined) checkWhole(s[k], `${what}.${k}`, 1);
  if (s.growth !== undefined && !(typeof s.growth === 'number' && s.growth >= 1 && s.growth < Infinity))
    throw new GridbitsError('BAD_ARGUMENT', `${what}.growth must be a number of at least 1, got ${shown(s.growth)}`);
}

/** Options of a tour search, a table or its cells: the flags, the switches, the budget per square. */
export function checkSearchOptions(options: unknown, what: string): void {
  checkOptions(options, what);
  if (options === undefined) return;
  const o = options as Record<string, unknown>;
  checkFlag(o.closed, `${what}.closed`);
  checkSwitches(o.switches, `${what}.switches`);
  if (o.maxSquareNodes !== undefined) checkWhole(o.maxSquareNodes, `${what}.maxSquareNodes`, 0, true);
  if (o.maxEvents !== undefined) checkWhole(o.maxEvents, `${what}.maxEvents`, 0, true);
}
