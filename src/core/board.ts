// Board geometry for any W×H rectangle: limits, square names (a1, aa12, …), indices and edge masks.
import { checkInt, checkString, isPlainObject, refuse, shown } from './check.js';
import { GridbitsError } from './error.js';

/** Largest side accepted for any board. */
export const MAX_SIDE = 100_000;
/** Largest number of cells accepted for any board (16384 × 16384). */
export const MAX_CELLS = 1 << 28;

const boardCache = new Map<number, Board>();

/** A board's size as plain data: `'8x8'`, or `{ width, height }`. */
export type BoardSize =
  | string
  | {
      /** Number of files (columns). */
      width: number;
      /** Number of ranks (rows). */
      height: number;
    };

/**
 * A rectangle of squares: square indices run `rank * width + file` from a1 = 0 (bottom-left); names are
 * spreadsheet-style files (`a` … `z`, `aa`, …) and ranks from 1. Boards are immutable and interned for small
 * sizes, so masks are built once per size.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * const board = Board.of(8, 8);
 * board.parse('e4'); // 28
 * board.name(63); // 'h8'
 * ```
 */
export class Board {
  /** Number of files (columns). */
  readonly width: number;
  /** Number of ranks (rows). */
  readonly height: number;
  /** Number of squares, width × height. */
  readonly cells: number;
  /** Number of 32-bit words a bitboard of this board uses. */
  readonly words: number;
  /** True when every square fits into one 64-bit (lo, hi) pair. */
  readonly small: boolean;
  private readonly maskCache = new Map<number, Uint32Array>();

  private constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.cells = width * height;
    this.words = Math.ceil(this.cells / 32);
    this.small = this.cells <= 64;
  }

  /** The board of the given size; throws BAD_BOARD or BOARD_TOO_LARGE. */
  static of(width: number, height: number): Board {
    checkSize(width, height);
    const key = width * (MAX_SIDE + 1) + height;
    let b = boardCache.get(key);
    if (b === undefined) {
      b = new Board(width, height);
      if (b.cells <= 1 << 16) boardCache.set(key, b);
    }
    return b;
  }

  /**
   * The board a plain size names (as a worker receives it): `'8x8'` (read as parseBoardSize reads it) or `{ width,
   * height }`.
   */
  static from(size: BoardSize): Board {
    return boardFrom(size, 'size');
  }

  /** True when `other` is a board of the same width and height (large boards are not shared, so compare with this). */
  equals(other: Board): boolean {
    if (other === this) return true;
    if (!(other instanceof Board)) refuse('other', 'a Board', other);
    return other.width === this.width && other.height === this.height;
  }

  /** The index of the square on a 0-based file and rank; throws OFF_BOARD unless both lie on the board. */
  index(file: number, rank: number): number {
    if (!(Number.isInteger(file) && file >= 0 && file < this.width)) {
      refuse('file', `a file of the ${this} board (0 to ${this.width - 1})`, file, 'OFF_BOARD');
    }
    if (!(Number.isInteger(rank) && rank >= 0 && rank < this.height)) {
      refuse('rank', `a rank of the ${this} board (0 to ${this.height - 1})`, rank, 'OFF_BOARD');
    }
    return rank * this.width + file;
  }

  /** The 0-based file of a square index. */
  file(index: number): number {
    if (!(Number.isInteger(index) && index >= 0 && index < this.cells)) this.checkIndex(index, 'index: square');
    return index % this.width;
  }

  /** The 0-based rank of a square index. */
  rank(index: number): number {
    if (!(Number.isInteger(index) && index >= 0 && index < this.cells)) this.checkIndex(index, 'index: square');
    return (index / this.width) | 0;
  }

  /** Whether a 0-based file and rank lie on the board (any whole numbers: those off it answer false). */
  contains(file: number, rank: number): boolean {
    if (!Number.isInteger(file)) refuse('file', 'a whole number', file);
    if (!Number.isInteger(rank)) refuse('rank', 'a whole number', rank);
    return file >= 0 && rank >= 0 && file < this.width && rank < this.height;
  }

  /**
   * Throws OFF_BOARD ("<what> <index> is off the WxH board") unless index is a whole number naming a square here:
   * `what` names the square in the message (your argument's name).
   */
  checkIndex(index: number, what = 'square'): void {
    if (typeof what !== 'string') refuse('what', 'a string', what);
    if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < this.cells)) {
      throw new GridbitsError('OFF_BOARD', `${what} ${shown(index)} is off the ${this} board`);
    }
  }

  /** The name of a square index, e.g. 0 → "a1". */
  name(index: number): string {
    this.checkIndex(index, 'index: square');
    return fileName(this.file(index)) + String(this.rank(index) + 1);
  }

  /** The index of a named square; throws BAD_SQUARE or OFF_BOARD naming the token and the board size. */
  parse(name: string): number {
    checkString(name, 'square name');
    const m = /^([a-zA-Z]+)([0-9]+)$/.exec(name.trim());
    if (m === null)
      throw new GridbitsError('BAD_SQUARE', `bad square '${name}': expected a file letter and a rank number, like d4`);
    const file = parseFileName(m[1]);
    const rank = Number(m[2]) - 1;
    if (!this.contains(file, rank)) {
      throw new GridbitsError('OFF_BOARD', `square '${name}' is off the ${this.width}x${this.height} board`);
    }
    return this.index(file, rank);
  }

  /** Parses a comma- or space-separated list of square names. */
  parseList(squares: string): number[] {
    checkString(squares, 'squares');
    return squares
      .split(/[\s,]+/)
      .filter((t) => t.length > 0)
      .map((t) => this.parse(t));
  }

  /** The size as `WxH`, e.g. `8x8`. */
  toString(): string {
    return `${this.width}x${this.height}`;
  }
}

/**
 * Bitmask words of the squares that a shift by dx files may land on without wrapping: files ≥ dx for dx > 0,
 * files < width + dx for dx < 0, every square for dx = 0. Bits past the last cell are always clear, so the mask
 * also trims shifts off the top. Internal (the engines' shifts; never exported from the index): the words are
 * the board's shared cache, never to be written.
 */
export function fileMask(board: Board, dx: number): Uint32Array {
  // Bracket access reaches the board's private cache: this file is the class's own.
  const cache = board['maskCache'];
  let m = cache.get(dx);
  if (m === undefined) {
    m = new Uint32Array(Math.max(board.words, 2));
    const lo = dx > 0 ? dx : 0;
    const hi = dx < 0 ? board.width + dx : board.width;
    if (lo < hi) {
      for (let r = 0; r < board.height; r++) {
        const base = r * board.width;
        for (let f = lo; f < hi; f++) {
          const i = base + f;
          m[i >>> 5] |= 1 << (i & 31);
        }
      }
    }
    cache.set(dx, m);
  }
  return m;
}

/** The board a plain size names, the size named `name` in errors (Board.from; a job's `task.board`). */
export function boardFrom(size: unknown, name: string): Board {
  if (typeof size === 'string') return parseBoardSize(size);
  if (!isPlainObject(size)) refuse(name, "a board size ('8x8' or { width, height })", size, 'BAD_BOARD');
  checkInt(size.width, `${name}.width`, 1, MAX_SIDE);
  checkInt(size.height, `${name}.height`, 1, MAX_SIDE);
  return Board.of(size.width as number, size.height as number);
}

function checkSize(width: number, height: number): void {
  for (const [side, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
      throw new GridbitsError('BAD_BOARD', `board ${side} must be a whole number of at least 1, got ${shown(v)}`);
    }
    if (v > MAX_SIDE) {
      throw new GridbitsError('BOARD_TOO_LARGE', `board ${side} ${v} is over the limit of ${MAX_SIDE}`);
    }
  }
  if (width * height > MAX_CELLS) {
    throw new GridbitsError(
      'BOARD_TOO_LARGE',
      `board ${width}x${height} has ${width * height} cells, over the limit of ${MAX_CELLS} (16384x16384)`,
    );
  }
}

/** Parses "WxH" (or a single "N" for N×N); throws BAD_BOARD naming the token. */
export function parseBoardSize(text: string): Board {
  checkString(text, 'size');
  // × written as \u00d7: code that is all ASCII loads faster (scripts/bundle-cli.mjs).
  const m = /^\s*([0-9]+)\s*(?:[xX\u00d7*]\s*([0-9]+))?\s*$/.exec(text);
  if (m === null) throw new GridbitsError('BAD_BOARD', `bad board size '${text}': expected WxH, like 8x8`);
  const w = Number(m[1]);
  const h = m[2] === undefined ? w : Number(m[2]);
  if (w > MAX_SIDE || h > MAX_SIDE || !Number.isSafeInteger(w) || !Number.isSafeInteger(h)) {
    throw new GridbitsError(
      'BOARD_TOO_LARGE',
      `board '${text}' is over the limit of ${MAX_SIDE} per side and ${MAX_CELLS} cells`,
    );
  }
  return Board.of(w, h);
}

/** File name of a 0-based file: 0 → a, 25 → z, 26 → aa, 27 → ab (spreadsheet columns, lower case). */
export function fileName(file: number): string {
  checkInt(file, 'file', 0, MAX_SIDE);
  let s = '';
  let n = file + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(97 + r) + s;
    n = (n - 1 - r) / 26;
  }
  return s;
}

/** 0-based file of a file name: a → 0, aa → 26. */
export function parseFileName(letters: string): number {
  if (typeof letters !== 'string' || !/^[a-zA-Z]+$/.test(letters))
    refuse('letters', 'file letters like a or aa', letters, 'BAD_SQUARE');
  let n = 0;
  const s = letters.toLowerCase();
  for (let i = 0; i < s.length; i++) {
    n = n * 26 + (s.charCodeAt(i) - 96);
    if (n > MAX_SIDE + 1) return MAX_SIDE + 1;
  }
  return n - 1;
}
