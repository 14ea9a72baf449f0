// Attack generation for any piece on any board: set-wise (every piece of a set in one call, by shifts and
// file masks with Kogge-Stone fills for riders; on huge boards by ranks or steps, see sweep.ts) and from one
// square (tables on small boards, steps elsewhere).
import { adoptWords, Bitboard, pairOnBoard } from '../core/bitboard.js';
import { Board, fileMask } from '../core/board.js';
import { checkInstance, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { allocWords, orShiftedMasked, shiftWordsInto } from '../core/words.js';
import { SymmetricLeaps } from './leaps.js';
import { attackWordsHuge, SHIFT_CELLS } from './sweep.js';
import { checkPiece, type Piece, type Vector } from './piece.js';

/** Leaper-only pieces on boards up to this many cells get a per-square table of attack sets. */
const TABLE_CELLS = 4096;

interface Ray {
  k: number;
  mask: Uint32Array;
  /** Kogge-Stone doubling steps needed to cover the longest ray. */
  steps: number;
}

/** Attack generator compiled for one piece on one board. Get one with `attackGen`. */
export class AttackGen {
  /** The board the generator was compiled for. */
  readonly board: Board;
  /** The piece whose attacks it generates. */
  readonly piece: Piece;
  private readonly len: number;
  private readonly small: SmallLeaps | null;
  /** The whole-board shifts' masks and buffers, made on first use (on a huge board they take seconds). */
  private shifts: Shifts | null = null;
  private table: Bitboard[] | null = null;
  /** True when the piece only leaps, so occupancy never changes its attacks. */
  readonly leaperOnly: boolean;

  /** Compiles the piece's vectors for the board (prefer `attackGen`, which caches). */
  constructor(board: Board, piece: Piece) {
    checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
    checkPiece(piece);
    this.board = board;
    this.piece = piece;
    this.len = Math.max(board.words, 2);
    this.leaperOnly = piece.rides.length === 0 && piece.slides.length === 0;
    this.small = board.small ? this.compileShifts().small : null;
  }

  private compileShifts(): Shifts {
    if (this.shifts !== null) return this.shifts;
    const { board, piece } = this;
    const leaps = piece.leaps.filter((v) => fits(board, v));
    const leapK = Int32Array.from(leaps, ([dx, dy]) => dy * board.width + dx);
    const leapMask = leaps.map(([dx]) => fileMask(board, dx));
    this.shifts = {
      leapK,
      leapMask,
      small: board.small ? smallLeaps(leapK, leapMask) : null,
      symmetric: board.small || leaps.length === 0 ? null : SymmetricLeaps.compile(board, piece.leaps),
      rides: piece.rides.filter((v) => fits(board, v)).map((v) => ray(board, v)),
      slides: piece.slides.filter((v) => fits(board, v)).map((v) => ray(board, v)),
      a: new Uint32Array(this.len),
      b: new Uint32Array(this.len),
      c: new Uint32Array(this.len),
    };
    return this.shifts;
  }

  /**
   * The union of the attacks of pieces standing on every square of `from`, in one pass.
   * Riders stop at the first occupied square and include it; sliders stop on the last empty square.
   * The pieces themselves count as occupied.
   */
  attacks(from: Bitboard, occupied?: Bitboard): Bitboard {
    // The check costs one compare where the sets are of this very board (the common case); the full one,
    // which also takes bitboards of an equal board, only when that fails.
    if (!(from instanceof Bitboard) || from.board !== this.board) checkSquares(from, 'from', this.board);
    if (occupied !== undefined && (!(occupied instanceof Bitboard) || occupied.board !== this.board)) {
      checkSquares(occupied, 'occupied', this.board);
    }
    // Two bodies, so each stays monomorphic for the JIT whichever board sizes a program mixes.
    if (this.leaperOnly && this.board.small) return this.leapsSmall(from);
    if (this.board.cells <= SHIFT_CELLS) return this.attacksWide(from, occupied);
    // Huge boards: by ranks or by steps, without masks of the whole board (attackSetJob does it as a job).
    return adoptWords(
      this.board,
      attackWordsHuge(this.board, this.piece, wordsOf(from), occupied && wordsOf(occupied)),
    );
  }

  /**
   * The set-wise attacks by whole-board shifts and file masks, whatever the board's size (on a huge board the
   * masks alone take seconds to build), unchecked: for attackSetJob and the benchmarks, through
   * {@link attacksByShifts}.
   */
  private byShifts(from: Bitboard, occupied: Bitboard | undefined): Bitboard {
    return this.leaperOnly && this.board.small ? this.leapsSmall(from) : this.attacksWide(from, occupied);
  }

  /** Leapers on a ≤ 64-cell board: vectors grouped by shift case when compiled, so each loop is branch-free. */
  private leapsSmall(from: Bitboard): Bitboard {
    const flo = from.lo,
      fhi = from.hi,
      g = this.small!;
    let lo = 0,
      hi = 0;
    for (let i = 0; i < g.upK.length; i++) {
      const k = g.upK[i];
      lo |= (flo << k) & g.upLo[i];
      hi |= ((fhi << k) | (flo >>> (32 - k))) & g.upHi[i];
    }
    for (let i = 0; i < g.downK.length; i++) {
      const k = g.downK[i];
      lo |= ((flo >>> k) | (fhi << (32 - k))) & g.downLo[i];
      hi |= (fhi >>> k) & g.downHi[i];
    }
    for (let i = 0; i < g.farUpK.length; i++) hi |= (flo << g.farUpK[i]) & g.farUpHi[i];
    for (let i = 0; i < g.farDownK.length; i++) lo |= (fhi >>> g.farDownK[i]) & g.farDownLo[i];
    return pairOnBoard(this.board, lo, hi);
  }

  private attacksWide(from: Bitboard, occupied: Bitboard | undefined): Bitboard {
    const src = from.words ?? from.toWords();
    const acc = allocWords(this.len);
    const sh = this.compileShifts();
    if (sh.symmetric !== null) sh.symmetric.orAttacks(acc, src);
    else for (let i = 0; i < sh.leapK.length; i++) orShiftedMasked(acc, src, sh.leapK[i], sh.leapMask[i]);
    if (sh.rides.length > 0 || sh.slides.length > 0) {
      const empty = this.emptyWords(src, occupied);
      for (const r of sh.rides) this.ride(acc, src, empty, r, false);
      for (const r of sh.slides) this.ride(acc, src, empty, r, true);
    }
    return adoptWords(this.board, acc);
  }

  /** The attacks of one piece on `square`. */
  attacksFrom(square: number, occupied?: Bitboard): Bitboard {
    checkSquareOn(this.board, square);
    if (occupied !== undefined) checkSquares(occupied, 'occupied', this.board);
    if (this.leaperOnly && this.board.cells <= TABLE_CELLS) {
      if (this.table === null) this.table = this.buildTable();
      return this.table[square];
    }
    const w = allocWords(this.len);
    collectTargets(this, square, occupied?.toWords(), (t) => {
      w[t >>> 5] |= 1 << (t & 31);
    });
    return adoptWords(this.board, w);
  }

  /**
   * The attack set from every square, indexed by square (built once, then shared): the fastest one-square
   * lookup, as in chess engines' attack tables. Leaper-only pieces on boards up to 4096 cells; null otherwise.
   */
  attackTable(): readonly Bitboard[] | null {
    if (!this.leaperOnly || this.board.cells > TABLE_CELLS) return null;
    if (this.table === null) this.table = this.buildTable();
    return this.table;
  }

  /** Target squares of one piece on `square`, in increasing index order, without repeats. */
  targets(square: number, occupied?: Bitboard): number[] {
    return this.attacksFrom(square, occupied).squares();
  }

  private buildTable(): Bitboard[] {
    const out: Bitboard[] = [];
    for (let s = 0; s < this.board.cells; s++) {
      const w = allocWords(this.len);
      collectTargets(this, s, undefined, (t) => {
        w[t >>> 5] |= 1 << (t & 31);
      });
      out.push(adoptWords(this.board, w));
    }
    return out;
  }

  private emptyWords(src: Uint32Array, occupied: Bitboard | undefined): Uint32Array {
    const all = fileMask(this.board, 0);
    const occ = occupied?.toWords();
    const empty = allocWords(this.len);
    for (let j = 0; j < empty.length; j++) empty[j] = all[j] & ~src[j] & ~(occ === undefined ? 0 : occ[j]);
    return empty;
  }

  /** Kogge-Stone occluded fill along one ray direction, OR-ed into acc (attacks, or slide ends). */
  private ride(acc: Uint32Array, src: Uint32Array, empty: Uint32Array, r: Ray, toEnd: boolean): void {
    const sh = this.compileShifts();
    const g = sh.b,
      p = sh.c,
      tmp = sh.a,
      n = this.len,
      bits = n * 32;
    g.set(src);
    for (let j = 0; j < n; j++) p[j] = empty[j] & r.mask[j];
    for (let i = 0, s = r.k; i < r.steps && Math.abs(s) < bits; i++, s *= 2) {
      shiftWordsInto(tmp, g, s);
      for (let j = 0; j < n; j++) g[j] |= p[j] & tmp[j];
      shiftWordsInto(tmp, p, s);
      for (let j = 0; j < n; j++) p[j] &= tmp[j];
    }
    shiftWordsInto(tmp, g, r.k);
    if (!toEnd) {
      for (let j = 0; j < n; j++) acc[j] |= tmp[j] & r.mask[j];
      return;
    }
    // An end square is an empty square of the ray whose next step is off the board or occupied.
    for (let j = 0; j < n; j++) g[j] = tmp[j] & r.mask[j] & empty[j];
    for (let j = 0; j < n; j++) p[j] = empty[j] & r.mask[j];
    shiftWordsInto(tmp, p, -r.k);
    for (let j = 0; j < n; j++) acc[j] |= g[j] & ~tmp[j];
  }
}

/** The compiled whole-board shifts of an AttackGen. */
interface Shifts {
  leapK: Int32Array;
  leapMask: Uint32Array[];
  small: SmallLeaps | null;
  symmetric: SymmetricLeaps | null;
  rides: Ray[];
  slides: Ray[];
  a: Uint32Array;
  b: Uint32Array;
  c: Uint32Array;
}

function wordsOf(b: Bitboard): Uint32Array {
  return b.words ?? b.toWords();
}

/** Leap shifts of a ≤ 64-cell board, split by case: 0 < k < 32, -32 < k < 0, k ≥ 32, k ≤ -32. */
interface SmallLeaps {
  upK: Int32Array;
  upLo: Int32Array;
  upHi: Int32Array;
  downK: Int32Array;
  downLo: Int32Array;
  downHi: Int32Array;
  farUpK: Int32Array;
  farUpHi: Int32Array;
  farDownK: Int32Array;
  farDownLo: Int32Array;
}

function smallLeaps(ks: Int32Array, masks: Uint32Array[]): SmallLeaps {
  const pick = (ok: (k: number) => boolean): number[] => [...ks.keys()].filter((i) => ok(ks[i]));
  const up = pick((k) => k > 0 && k < 32),
    down = pick((k) => k < 0 && k > -32);
  const farUp = pick((k) => k >= 32),
    farDown = pick((k) => k <= -32);
  return {
    upK: Int32Array.from(up, (i) => ks[i]),
    upLo: Int32Array.from(up, (i) => masks[i][0]),
    upHi: Int32Array.from(up, (i) => masks[i][1]),
    downK: Int32Array.from(down, (i) => -ks[i]),
    downLo: Int32Array.from(down, (i) => masks[i][0]),
    downHi: Int32Array.from(down, (i) => masks[i][1]),
    farUpK: Int32Array.from(farUp, (i) => ks[i] - 32),
    farUpHi: Int32Array.from(farUp, (i) => masks[i][1]),
    farDownK: Int32Array.from(farDown, (i) => -ks[i] - 32),
    farDownLo: Int32Array.from(farDown, (i) => masks[i][0]),
  };
}

function fits(board: Board, [dx, dy]: Vector): boolean {
  return Math.abs(dx) < board.width && Math.abs(dy) < board.height;
}

function ray(board: Board, [dx, dy]: Vector): Ray {
  const len = Math.min(
    dx === 0 ? Infinity : Math.ceil(board.width / Math.abs(dx)),
    dy === 0 ? Infinity : Math.ceil(board.height / Math.abs(dy)),
  );
  let steps = 0;
  while (1 << steps < len) steps++;
  return { k: dy * board.width + dx, mask: fileMask(board, dx), steps };
}

/**
 * Calls f for every target of the generator's piece on `square`, by stepping along each vector (a target reached
 * by two vectors is reported twice). occ: occupancy words, or undefined for an empty board. Unchecked: for the
 * engines' loops.
 */
export function collectTargets(
  gen: AttackGen,
  square: number,
  occ: Uint32Array | undefined,
  f: (target: number) => void,
): void {
  const { width: w, height: h } = gen.board;
  const x = square % w,
    y = (square / w) | 0;
  const occupiedAt = (s: number): boolean =>
    s === square ? true : occ !== undefined && ((occ[s >>> 5] >>> (s & 31)) & 1) === 1;
  for (const [dx, dy] of gen.piece.leaps) {
    const tx = x + dx,
      ty = y + dy;
    if (tx >= 0 && ty >= 0 && tx < w && ty < h) f(ty * w + tx);
  }
  for (const [dx, dy] of gen.piece.rides) {
    for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
      const t = ty * w + tx;
      f(t);
      if (occupiedAt(t)) break;
    }
  }
  for (const [dx, dy] of gen.piece.slides) {
    let last = -1;
    for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
      const t = ty * w + tx;
      if (occupiedAt(t)) break;
      last = t;
    }
    if (last >= 0) f(last);
  }
}

/**
 * Internal (attackSetJob and the benchmarks; not exported from the index): the set-wise attacks by whole-board
 * shifts and file masks whatever the board's size, unchecked (the caller checked the sets).
 */
export function attacksByShifts(gen: AttackGen, from: Bitboard, occupied?: Bitboard): Bitboard {
  // Bracket access reaches the private method: this file is the class's own.
  return gen['byShifts'](from, occupied);
}

/** Throws BAD_ARGUMENT naming the argument unless `set` is a Bitboard (of `board`, when given). */
export function checkSquares(set: unknown, name: string, board?: Board): asserts set is Bitboard {
  if (!(set instanceof Bitboard)) refuse(name, 'a Bitboard', set);
  if (board !== undefined && !set.board.equals(board)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a bitboard of the ${board} board, got one of ${set.board}`,
    );
  }
}

/** Throws BAD_ARGUMENT naming both unless `occupied` is a bitboard of the board of `from`. */
export function checkSameBoard(from: Bitboard, occupied: unknown): void {
  checkSquares(occupied, 'occupied');
  if (!occupied.board.equals(from.board)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `from and occupied must be bitboards of one board, got from of ${from.board} and occupied of ${occupied.board}`,
    );
  }
}

/** Throws OFF_BOARD naming the square unless it is a square index of the board. */
function checkSquareOn(board: Board, square: unknown): void {
  if (!(typeof square === 'number' && Number.isInteger(square) && square >= 0 && square < board.cells)) {
    refuse('square', `a square of the ${board} board (0 to ${board.cells - 1})`, square, 'OFF_BOARD');
  }
}

const cache = new Map<string, AttackGen>();

/** The (cached) attack generator of a piece on a board. */
export function attackGen(board: Board, piece: Piece): AttackGen {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  checkPiece(piece);
  if (board.cells > SHIFT_CELLS) return new AttackGen(board, piece);
  const key = `${board.width}x${board.height}:${piece.name}:${piece.leaps.join(';')}|${piece.rides.join(';')}|${piece.slides.join(';')}`;
  let g = cache.get(key);
  if (g === undefined) {
    if (cache.size > 256) cache.clear();
    g = new AttackGen(board, piece);
    cache.set(key, g);
  }
  return g;
}

/**
 * Set-wise attacks of `piece` from every square of `from` (riders stop at `occupied`, sliders before it).
 * @example
 * ```ts
 * import { Bitboard, Board } from 'gridbits/core';
 * import { attacks, parsePiece } from 'gridbits/pieces';
 * const b = Board.of(8, 8);
 * attacks(parsePiece('knight'), Bitboard.fromSquares(b, [b.parse('d4')])).squares().map((s) => b.name(s));
 * // ['c2', 'e2', 'b3', 'f3', 'b5', 'f5', 'c6', 'e6']
 * ```
 */
export function attacks(piece: Piece, from: Bitboard, occupied?: Bitboard): Bitboard {
  checkSquares(from, 'from');
  if (occupied !== undefined) checkSameBoard(from, occupied);
  return attackGen(from.board, piece).attacks(from, occupied);
}
