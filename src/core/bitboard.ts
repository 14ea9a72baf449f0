// Bitboard: an immutable set of squares of one board, as a (lo, hi) int pair on boards of ≤ 64 cells
// and as 32-bit words in a Uint32Array on larger ones.
import { Board, fileMask } from './board.js';
import { checkFunction, checkInstance, refuse } from './check.js';
import { GridbitsError } from './error.js';
import { allocWords, copyWords, lowestBit32, popcount32, popcountWords, shift64, shiftWordsInto } from './words.js';

const pair = new Int32Array(2);

/**
 * An immutable set of squares of one board, with set algebra (`union`, `intersect`, `with`, `without`), shifts
 * and popcount. Every method returns a new set; two sets of different boards cannot be combined.
 * @example
 * ```ts
 * import { Bitboard, Board } from 'gridbits/core';
 * const board = Board.of(8, 8);
 * const set = Bitboard.fromSquares(board, [board.parse('d4'), board.parse('e5')]);
 * set.shift(1, 0).names(); // ['e4', 'f5']
 * ```
 */
export class Bitboard {
  /** The board whose squares this set holds. */
  readonly board: Board;
  /** Bits 0..31 on a small board (≤ 64 cells); 0 on a large one. */
  readonly lo: number;
  /** Bits 32..63 on a small board; 0 on a large one. */
  readonly hi: number;
  /** The words on a large board; null on a small one. Never mutated after construction. */
  readonly words: Uint32Array | null;

  private constructor(board: Board, lo: number, hi: number, words: Uint32Array | null) {
    this.board = board;
    this.lo = lo | 0;
    this.hi = hi | 0;
    this.words = words;
  }

  /** The empty set of the board. */
  static empty(board: Board): Bitboard {
    checkBoard(board);
    return board.small ? new Bitboard(board, 0, 0, null) : new Bitboard(board, 0, 0, allocWords(board.words));
  }

  /** Every square of the board. */
  static full(board: Board): Bitboard {
    checkBoard(board);
    const all = fileMask(board, 0);
    return board.small
      ? new Bitboard(board, all[0], all[1], null)
      : new Bitboard(board, 0, 0, copyWords(all.subarray(0, board.words)));
  }

  /**
   * A bitboard over a copy of the given 32-bit words, bit s of the words being square s (as `toWords` gives them;
   * bits past the last cell are dropped).
   */
  static fromWords(board: Board, words: ArrayLike<number>): Bitboard {
    checkBoard(board);
    checkWords(board, words);
    const all = fileMask(board, 0);
    if (board.small) return new Bitboard(board, (words[0] ?? 0) & all[0], (words[1] ?? 0) & all[1], null);
    const w = allocWords(board.words);
    for (let i = 0; i < w.length; i++) w[i] = (words[i] ?? 0) & all[i];
    return new Bitboard(board, 0, 0, w);
  }

  /** A small board's set from its two 32-bit halves (bits past the last cell are dropped). */
  static fromPair(board: Board, lo: number, hi: number): Bitboard {
    checkBoard(board);
    checkWord(lo, 'lo');
    checkWord(hi, 'hi');
    if (!board.small) return Bitboard.fromWords(board, [lo, hi]);
    const all = fileMask(board, 0);
    return new Bitboard(board, lo & all[0], hi & all[1], null);
  }

  /** The set of the given square indices (each checked to lie on the board). */
  static fromSquares(board: Board, squares: Iterable<number>): Bitboard {
    checkBoard(board);
    if (
      typeof (squares as Partial<Iterable<number>> | null)?.[Symbol.iterator] !== 'function' ||
      typeof squares === 'string'
    ) {
      refuse('squares', 'a list of square indices', squares);
    }
    if (squares instanceof Bitboard && !squares.board.equals(board)) {
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `squares must be squares of the ${board} board, got a bitboard of ${squares.board}`,
      );
    }
    const w = allocWords(Math.max(board.words, 2));
    for (const s of squares) {
      board.checkIndex(s, 'squares: square');
      w[s >>> 5] |= 1 << (s & 31);
    }
    return board.small ? new Bitboard(board, w[0], w[1], null) : new Bitboard(board, 0, 0, w);
  }

  /** The words of this set (a fresh copy, at least 2 long on small boards). */
  toWords(): Uint32Array {
    if (this.words !== null) return copyWords(this.words);
    const w = new Uint32Array(2);
    w[0] = this.lo;
    w[1] = this.hi;
    return w;
  }

  /** Whether the square is in the set. */
  has(square: number): boolean {
    if (!(Number.isInteger(square) && square >= 0 && square < this.board.cells)) checkSquare(this.board, square);
    if (this.words === null) return ((square < 32 ? this.lo >>> square : this.hi >>> (square - 32)) & 1) === 1;
    return ((this.words[square >>> 5] >>> (square & 31)) & 1) === 1;
  }

  /** The set with the square added. */
  with(square: number): Bitboard {
    checkSquare(this.board, square);
    if (this.words === null) {
      return square < 32
        ? new Bitboard(this.board, this.lo | (1 << square), this.hi, null)
        : new Bitboard(this.board, this.lo, this.hi | (1 << (square - 32)), null);
    }
    const w = copyWords(this.words);
    w[square >>> 5] |= 1 << (square & 31);
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The set with the square removed. */
  without(square: number): Bitboard {
    checkSquare(this.board, square);
    if (this.words === null) {
      return square < 32
        ? new Bitboard(this.board, this.lo & ~(1 << square), this.hi, null)
        : new Bitboard(this.board, this.lo, this.hi & ~(1 << (square - 32)), null);
    }
    const w = copyWords(this.words);
    w[square >>> 5] &= ~(1 << (square & 31));
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The squares in this set or in o. */
  union(o: Bitboard): Bitboard {
    sameBoard(this, o);
    if (this.words === null) return new Bitboard(this.board, this.lo | o.lo, this.hi | o.hi, null);
    const a = this.words,
      b = o.words!,
      w = allocWords(a.length);
    for (let i = 0; i < a.length; i++) w[i] = a[i] | b[i];
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The squares in both sets. */
  intersect(o: Bitboard): Bitboard {
    sameBoard(this, o);
    if (this.words === null) return new Bitboard(this.board, this.lo & o.lo, this.hi & o.hi, null);
    const a = this.words,
      b = o.words!,
      w = allocWords(a.length);
    for (let i = 0; i < a.length; i++) w[i] = a[i] & b[i];
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The squares of this set that are not in o. */
  diff(o: Bitboard): Bitboard {
    sameBoard(this, o);
    if (this.words === null) return new Bitboard(this.board, this.lo & ~o.lo, this.hi & ~o.hi, null);
    const a = this.words,
      b = o.words!,
      w = allocWords(a.length);
    for (let i = 0; i < a.length; i++) w[i] = a[i] & ~b[i];
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The squares in exactly one of the two sets. */
  xor(o: Bitboard): Bitboard {
    sameBoard(this, o);
    if (this.words === null) return new Bitboard(this.board, this.lo ^ o.lo, this.hi ^ o.hi, null);
    const a = this.words,
      b = o.words!,
      w = allocWords(a.length);
    for (let i = 0; i < a.length; i++) w[i] = a[i] ^ b[i];
    return new Bitboard(this.board, 0, 0, w);
  }

  /** The squares of the board not in this set. */
  complement(): Bitboard {
    const all = fileMask(this.board, 0);
    if (this.words === null) return new Bitboard(this.board, ~this.lo & all[0], ~this.hi & all[1], null);
    const a = this.words,
      w = allocWords(a.length);
    for (let i = 0; i < a.length; i++) w[i] = ~a[i] & all[i];
    return new Bitboard(this.board, 0, 0, w);
  }

  /** Whether the set has no square. */
  isEmpty(): boolean {
    if (this.words === null) return (this.lo | this.hi) === 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) if (a[i] !== 0) return false;
    return true;
  }

  /** Whether the two sets share a square. */
  intersects(o: Bitboard): boolean {
    sameBoard(this, o);
    if (this.words === null) return ((this.lo & o.lo) | (this.hi & o.hi)) !== 0;
    const a = this.words,
      b = o.words!;
    for (let i = 0; i < a.length; i++) if ((a[i] & b[i]) !== 0) return true;
    return false;
  }

  /** Whether every square of this set is in o. */
  isSubsetOf(o: Bitboard): boolean {
    sameBoard(this, o);
    if (this.words === null) return ((this.lo & ~o.lo) | (this.hi & ~o.hi)) === 0;
    const a = this.words,
      b = o.words!;
    for (let i = 0; i < a.length; i++) if ((a[i] & ~b[i]) !== 0) return false;
    return true;
  }

  /** Whether the two sets hold the same squares. */
  equals(o: Bitboard): boolean {
    if (!(o instanceof Bitboard)) refuse('other', 'a Bitboard', o);
    if (!this.board.equals(o.board)) return false;
    if (this.words === null) return this.lo === o.lo && this.hi === o.hi;
    const a = this.words,
      b = o.words!;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** Number of squares in the set (SWAR popcount per word). */
  count(): number {
    if (this.words === null) return popcount32(this.lo) + popcount32(this.hi);
    return popcountWords(this.words);
  }

  /** The lowest square, or -1 when empty. */
  first(): number {
    if (this.words === null) {
      if (this.lo !== 0) return lowestBit32(this.lo);
      return this.hi !== 0 ? 32 + lowestBit32(this.hi) : -1;
    }
    const a = this.words;
    for (let i = 0; i < a.length; i++) if (a[i] !== 0) return (i << 5) + lowestBit32(a[i]);
    return -1;
  }

  /** The highest square, or -1 when empty. */
  last(): number {
    if (this.words === null) {
      if (this.hi !== 0) return 63 - Math.clz32(this.hi);
      return this.lo !== 0 ? 31 - Math.clz32(this.lo) : -1;
    }
    const a = this.words;
    for (let i = a.length - 1; i >= 0; i--) if (a[i] !== 0) return (i << 5) + 31 - Math.clz32(a[i]);
    return -1;
  }

  /** Calls `callback` for each square in increasing order (pops the lowest bit of each word: x &= x - 1). */
  forEach(callback: (square: number) => void): void {
    checkFunction(callback, 'callback');
    const f = callback;
    if (this.words === null) {
      for (let x = this.lo; x !== 0; x &= x - 1) f(lowestBit32(x));
      for (let x = this.hi; x !== 0; x &= x - 1) f(32 + lowestBit32(x));
      return;
    }
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      for (let x = a[i] | 0; x !== 0; x &= x - 1) f((i << 5) + lowestBit32(x));
    }
  }

  /** The square indices, lowest first. */
  squares(): number[] {
    const out: number[] = [];
    this.forEach((s) => out.push(s));
    return out;
  }

  /** The square indices, lowest first. */
  *[Symbol.iterator](): IterableIterator<number> {
    yield* this.squares();
  }

  /** The set moved by dx files and dy ranks; squares that would leave the board (or wrap) are dropped. */
  shift(dx: number, dy: number): Bitboard {
    if (!Number.isSafeInteger(dx)) refuse('dx', 'a whole number of files', dx);
    if (!Number.isSafeInteger(dy)) refuse('dy', 'a whole number of ranks', dy);
    const b = this.board;
    if (dx >= b.width || -dx >= b.width || dy >= b.height || -dy >= b.height) return Bitboard.empty(b);
    const k = dy * b.width + dx;
    const mask = fileMask(b, dx);
    if (this.words === null) {
      shift64(this.lo, this.hi, k, pair);
      return new Bitboard(b, pair[0] & mask[0], pair[1] & mask[1], null);
    }
    const w = allocWords(this.words.length);
    shiftWordsInto(w, this.words, k);
    for (let i = 0; i < w.length; i++) w[i] &= mask[i];
    return new Bitboard(b, 0, 0, w);
  }

  /** Square names, lowest first. */
  names(): string[] {
    return this.squares().map((s) => this.board.name(s));
  }

  /** The square names, lowest first, separated by spaces. */
  toString(): string {
    return `Bitboard(${this.board}: ${this.names().join(' ')})`;
  }
}

/** Throws BAD_ARGUMENT unless `o` is a bitboard of the board of `set` (sets of two boards cannot be combined). */
function sameBoard(set: Bitboard, o: Bitboard): void {
  if (!(o instanceof Bitboard)) refuse('other', 'a Bitboard', o);
  if (!o.board.equals(set.board)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `other must be a bitboard of the same board: bitboards of different boards (${set.board} and ${o.board}) cannot be combined`,
    );
  }
}

function checkSquare(board: Board, s: number): void {
  board.checkIndex(s, 'square index');
}

function checkBoard(board: unknown): void {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
}

/** A 32-bit word, signed (as `lo` and `hi` hold it) or not (as `toWords` gives it). */
function checkWord(value: unknown, name: string): void {
  if (!(Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) < 2 ** 32)) {
    refuse(name, 'a 32-bit word (a whole number from -2^31 to 2^32 - 1)', value);
  }
}

/** A list of 32-bit words, no longer than a bitboard of the board. */
function checkWords(board: Board, words: unknown): void {
  const most = Math.max(board.words, 2);
  const typed = words instanceof Uint32Array || words instanceof Int32Array;
  if (!(Array.isArray(words) || typed) || (words as ArrayLike<number>).length > most) {
    refuse('words', `a list of at most ${most} 32-bit words (toWords() of a bitboard of the ${board} board)`, words);
  }
  if (typed) return;
  for (const w of words as unknown[]) checkWord(w, 'words: each word');
}

/** The private constructor, for the engines' internals below (they are the class's friends, not its API). */
const make = Bitboard as unknown as new (board: Board, lo: number, hi: number, words: Uint32Array | null) => Bitboard;

/**
 * Internal (engines and the CLI; not exported from the index): the set whose words the caller hands over, taken as
 * they are — no copy and no masking, so they must hold no bit past the last cell and never be written again.
 */
export function adoptWords(board: Board, words: Uint32Array): Bitboard {
  return board.small ? new make(board, words[0], words.length > 1 ? words[1] : 0, null) : new make(board, 0, 0, words);
}

/** Internal (engines; not exported from the index): a small board's set from a pair known to lie on the board. */
export function pairOnBoard(board: Board, lo: number, hi: number): Bitboard {
  return new make(board, lo, hi, null);
}
