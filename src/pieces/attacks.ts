// Attack generation for any piece on any board: set-wise (every piece of a set in one call, by shifts and
// file masks; Kogge-Stone fills for riders) and from one square (tables on small boards, steps elsewhere).
import { Bitboard } from '../core/bitboard.js';
import type { Board } from '../core/board.js';
import { shiftWordsInto } from '../core/words.js';
import type { Piece, Vector } from './piece.js';

/** Leaper-only pieces on boards up to this many cells get a per-square table of attack sets. */
const TABLE_CELLS = 4096;

const pair = new Int32Array(2);

interface Ray {
  k: number;
  mask: Uint32Array;
  /** Kogge-Stone doubling steps needed to cover the longest ray. */
  steps: number;
}

/** Attack generator compiled for one piece on one board. Get one with `attackGen`. */
export class AttackGen {
  readonly board: Board;
  readonly piece: Piece;
  private readonly len: number;
  private readonly leapK: Int32Array;
  private readonly leapMask: Uint32Array[];
  private readonly leapLo: Int32Array;
  private readonly leapHi: Int32Array;
  private readonly rides: Ray[];
  private readonly slides: Ray[];
  private table: Bitboard[] | null = null;
  private readonly a: Uint32Array;
  private readonly b: Uint32Array;
  private readonly c: Uint32Array;

  constructor(board: Board, piece: Piece) {
    this.board = board;
    this.piece = piece;
    this.len = Math.max(board.words, 2);
    const leaps = piece.leaps.filter((v) => fits(board, v));
    this.leapK = Int32Array.from(leaps, ([dx, dy]) => dy * board.width + dx);
    this.leapMask = leaps.map(([dx]) => board.fileMask(dx));
    this.leapLo = Int32Array.from(this.leapMask, (m) => m[0]);
    this.leapHi = Int32Array.from(this.leapMask, (m) => m[1]);
    this.rides = piece.rides.filter((v) => fits(board, v)).map((v) => ray(board, v));
    this.slides = piece.slides.filter((v) => fits(board, v)).map((v) => ray(board, v));
    this.a = new Uint32Array(this.len);
    this.b = new Uint32Array(this.len);
    this.c = new Uint32Array(this.len);
  }

  /** True when the piece only leaps, so occupancy never changes its attacks. */
  get leaperOnly(): boolean {
    return this.piece.rides.length === 0 && this.piece.slides.length === 0;
  }

  /**
   * The union of the attacks of pieces standing on every square of `from`, in one pass.
   * Riders stop at the first occupied square and include it; sliders stop on the last empty square.
   * The pieces themselves count as occupied.
   */
  attacks(from: Bitboard, occupied?: Bitboard): Bitboard {
    const board = this.board;
    if (this.leaperOnly && board.small) {
      let lo = 0, hi = 0;
      const flo = from.lo, fhi = from.hi, ks = this.leapK, ml = this.leapLo, mh = this.leapHi;
      for (let i = 0; i < ks.length; i++) {
        shiftPair(flo, fhi, ks[i]);
        lo |= pair[0] & ml[i];
        hi |= pair[1] & mh[i];
      }
      return Bitboard.fromPair(board, lo, hi);
    }
    const src = from.toWords();
    const acc = new Uint32Array(this.len);
    const tmp = this.a;
    for (let i = 0; i < this.leapK.length; i++) {
      shiftWordsInto(tmp, src, this.leapK[i]);
      const m = this.leapMask[i];
      for (let j = 0; j < acc.length; j++) acc[j] |= tmp[j] & m[j];
    }
    if (this.rides.length > 0 || this.slides.length > 0) {
      const empty = this.emptyWords(src, occupied);
      for (const r of this.rides) this.ride(acc, src, empty, r, false);
      for (const r of this.slides) this.ride(acc, src, empty, r, true);
    }
    return Bitboard.adopt(board, board.small ? acc : acc.subarray(0, board.words));
  }

  /** The attacks of one piece on `square`. */
  attacksFrom(square: number, occupied?: Bitboard): Bitboard {
    if (this.leaperOnly && this.board.cells <= TABLE_CELLS) {
      if (this.table === null) this.table = this.buildTable();
      return this.table[square];
    }
    const w = new Uint32Array(this.len);
    this.collect(square, occupied?.toWords(), (t) => {
      w[t >>> 5] |= 1 << (t & 31);
    });
    return Bitboard.adopt(this.board, this.board.small ? w : w.subarray(0, this.board.words));
  }

  /** Target squares of one piece on `square`, in increasing index order, without repeats. */
  targets(square: number, occupied?: Bitboard): number[] {
    return this.attacksFrom(square, occupied).squares();
  }

  /**
   * Calls f for every target of a piece on `square`, by stepping along each vector (a target reached by two
   * vectors is reported twice). occ: occupancy words, or undefined for an empty board.
   */
  collect(square: number, occ: Uint32Array | undefined, f: (target: number) => void): void {
    const { width: w, height: h } = this.board;
    const x = square % w, y = (square / w) | 0;
    const occupiedAt = (s: number): boolean => (s === square ? true : occ !== undefined && ((occ[s >>> 5] >>> (s & 31)) & 1) === 1);
    for (const [dx, dy] of this.piece.leaps) {
      const tx = x + dx, ty = y + dy;
      if (tx >= 0 && ty >= 0 && tx < w && ty < h) f(ty * w + tx);
    }
    for (const [dx, dy] of this.piece.rides) {
      for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
        const t = ty * w + tx;
        f(t);
        if (occupiedAt(t)) break;
      }
    }
    for (const [dx, dy] of this.piece.slides) {
      let last = -1;
      for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
        const t = ty * w + tx;
        if (occupiedAt(t)) break;
        last = t;
      }
      if (last >= 0) f(last);
    }
  }

  private buildTable(): Bitboard[] {
    const out: Bitboard[] = [];
    for (let s = 0; s < this.board.cells; s++) {
      const w = new Uint32Array(this.len);
      this.collect(s, undefined, (t) => {
        w[t >>> 5] |= 1 << (t & 31);
      });
      out.push(Bitboard.adopt(this.board, this.board.small ? w : w.subarray(0, this.board.words)));
    }
    return out;
  }

  private emptyWords(src: Uint32Array, occupied: Bitboard | undefined): Uint32Array {
    const all = this.board.fileMask(0);
    const occ = occupied?.toWords();
    const empty = new Uint32Array(this.len);
    for (let j = 0; j < empty.length; j++) empty[j] = all[j] & ~src[j] & ~(occ === undefined ? 0 : occ[j]);
    return empty;
  }

  /** Kogge-Stone occluded fill along one ray direction, OR-ed into acc (attacks, or slide ends). */
  private ride(acc: Uint32Array, src: Uint32Array, empty: Uint32Array, r: Ray, toEnd: boolean): void {
    const g = this.b, p = this.c, tmp = this.a, n = this.len, bits = n * 32;
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

function fits(board: Board, [dx, dy]: Vector): boolean {
  return Math.abs(dx) < board.width && Math.abs(dy) < board.height;
}

function ray(board: Board, [dx, dy]: Vector): Ray {
  const len = Math.min(dx === 0 ? Infinity : Math.ceil(board.width / Math.abs(dx)), dy === 0 ? Infinity : Math.ceil(board.height / Math.abs(dy)));
  let steps = 0;
  while (1 << steps < len) steps++;
  return { k: dy * board.width + dx, mask: board.fileMask(dx), steps };
}

/** Inline-friendly 64-bit shift of (lo, hi) by k into the module's pair. */
function shiftPair(lo: number, hi: number, k: number): void {
  if (k > 0) {
    if (k >= 32) {
      pair[0] = 0;
      pair[1] = k >= 64 ? 0 : lo << (k - 32);
    } else {
      pair[1] = (hi << k) | (lo >>> (32 - k));
      pair[0] = lo << k;
    }
  } else if (k < 0) {
    const m = -k;
    if (m >= 32) {
      pair[0] = m >= 64 ? 0 : hi >>> (m - 32);
      pair[1] = 0;
    } else {
      pair[0] = (lo >>> m) | (hi << (32 - m));
      pair[1] = hi >>> m;
    }
  } else {
    pair[0] = lo;
    pair[1] = hi;
  }
}

const cache = new Map<string, AttackGen>();

/** The (cached) attack generator of a piece on a board. */
export function attackGen(board: Board, piece: Piece): AttackGen {
  if (board.cells > 1 << 20) return new AttackGen(board, piece);
  const key = `${board.width}x${board.height}:${piece.name}:${piece.leaps.join(';')}|${piece.rides.join(';')}|${piece.slides.join(';')}`;
  let g = cache.get(key);
  if (g === undefined) {
    if (cache.size > 256) cache.clear();
    g = new AttackGen(board, piece);
    cache.set(key, g);
  }
  return g;
}

/** Set-wise attacks of `piece` from every square of `from`. */
export function attacks(piece: Piece, from: Bitboard, occupied?: Bitboard): Bitboard {
  return attackGen(from.board, piece).attacks(from, occupied);
}
