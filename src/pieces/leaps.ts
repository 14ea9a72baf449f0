// Set-wise leaper attacks on large boards: shift the set sideways once per file distance (masking files that
// would wrap), then up and down by whole ranks — fewer passes over the words than one shift per vector.
import { fileMask, type Board } from '../core/board.js';
import type { Vector } from './piece.js';

interface Group {
  /** File distance a ≥ 0: H = set shifted by +a and -a files (or the set itself when a = 0). */
  a: number;
  /** Rank distances b ≥ 0 paired with a: attacks |= H shifted up and down by b ranks. */
  bs: number[];
}

/** A compiled leap pattern for one board, usable when the vectors are symmetric in both signs. */
export class SymmetricLeaps {
  private readonly groups: Group[];
  private readonly board: Board;
  private readonly pad: number;
  private readonly src: Uint32Array;
  private readonly h: Uint32Array;

  private constructor(board: Board, groups: Group[]) {
    this.board = board;
    this.groups = groups;
    let maxShift = 1;
    for (const g of groups) {
      maxShift = Math.max(maxShift, g.a);
      for (const b of g.bs) maxShift = Math.max(maxShift, b * board.width);
    }
    this.pad = Math.min(board.words, (maxShift >>> 5) + 1) + 2;
    this.src = new Uint32Array(board.words + 2 * this.pad);
    this.h = new Uint32Array(board.words + 2 * this.pad);
  }

  /** The pattern of the vectors, or null when they are not closed under sign changes of dx and of dy. */
  static compile(board: Board, vectors: readonly Vector[]): SymmetricLeaps | null {
    const has = new Set(vectors.map(([x, y]) => `${x},${y}`));
    const byA = new Map<number, Set<number>>();
    for (const [dx, dy] of vectors) {
      for (const [x, y] of [
        [-dx, dy],
        [dx, -dy],
        [-dx, -dy],
      ])
        if (!has.has(`${x + 0},${y + 0}`)) return null;
      const a = Math.abs(dx),
        b = Math.abs(dy);
      if (a >= board.width || b >= board.height) continue;
      let bs = byA.get(a);
      if (bs === undefined) byA.set(a, (bs = new Set()));
      bs.add(b);
    }
    return new SymmetricLeaps(
      board,
      [...byA].map(([a, bs]) => ({ a, bs: [...bs] })),
    );
  }

  /** acc |= attacks of every square of src (acc and src: board.words long). */
  orAttacks(acc: Uint32Array, src: Uint32Array): void {
    this.src.set(src, this.pad);
    const g = this.groups;
    if (
      g.length === 2 &&
      g[0].a > 0 &&
      g[1].a > 0 &&
      g[0].a < 32 &&
      g[1].a < 32 &&
      g[0].bs.length === 1 &&
      g[1].bs.length === 1 &&
      g[0].bs[0] > 0 &&
      g[1].bs[0] > 0
    ) {
      this.twoGroups(acc);
    } else {
      this.anyGroups(acc);
    }
    // Shifts up may carry bits past the last cell of the last word.
    const n = this.board.words;
    acc[n - 1] &= fileMask(this.board, 0)[n - 1];
  }

  /**
   * The (m, n)-leaper case (knight, camel, zebra, …) in one pass: each word of the vertical shifts (up and down
   * by b ranks) is made once and kept in registers for the sideways shifts of the word before and after it.
   * `(x >>> 1) >>> (31 - r)` is x >>> (32 - r) that also gives 0 when r = 0.
   */
  private twoGroups(acc: Uint32Array): void {
    const n = this.board.words,
      pad = this.pad,
      P = this.src,
      w = this.board.width;
    const [g1, g2] = this.groups;
    const p1 = fileMask(this.board, g1.a),
      m1 = fileMask(this.board, -g1.a);
    const p2 = fileMask(this.board, g2.a),
      m2 = fileMask(this.board, -g2.a);
    const r1 = g1.a,
      s1 = 31 - r1,
      r2 = g2.a,
      s2 = 31 - r2;
    const k1 = g1.bs[0] * w,
      k2 = g2.bs[0] * w;
    const v1 = k1 >>> 5,
      w1 = k1 & 31,
      t1 = 31 - w1,
      v2 = k2 >>> 5,
      w2 = k2 & 31,
      t2 = 31 - w2;
    if (w1 === 0 && w2 === 0) {
      this.twoGroupsAligned(acc, v1, v2, p1, m1, p2, m2);
      return;
    }
    // x0, x1, x2: group 1's vertical word at i - 1, i, i + 1; y0, y1, y2 likewise for group 2.
    let j = pad - 1;
    let x0 = (P[j - v1] << w1) | ((P[j - v1 - 1] >>> 1) >>> t1) | (P[j + v1] >>> w1) | ((P[j + v1 + 1] << 1) << t1);
    let y0 = (P[j - v2] << w2) | ((P[j - v2 - 1] >>> 1) >>> t2) | (P[j + v2] >>> w2) | ((P[j + v2 + 1] << 1) << t2);
    j = pad;
    let x1 = (P[j - v1] << w1) | ((P[j - v1 - 1] >>> 1) >>> t1) | (P[j + v1] >>> w1) | ((P[j + v1 + 1] << 1) << t1);
    let y1 = (P[j - v2] << w2) | ((P[j - v2 - 1] >>> 1) >>> t2) | (P[j + v2] >>> w2) | ((P[j + v2 + 1] << 1) << t2);
    for (let i = 0; i < n; i++) {
      j = pad + i + 1;
      const x2 = (P[j - v1] << w1) | ((P[j - v1 - 1] >>> 1) >>> t1) | (P[j + v1] >>> w1) | ((P[j + v1 + 1] << 1) << t1);
      const y2 = (P[j - v2] << w2) | ((P[j - v2 - 1] >>> 1) >>> t2) | (P[j + v2] >>> w2) | ((P[j + v2 + 1] << 1) << t2);
      acc[i] |=
        (((x1 << r1) | ((x0 >>> 1) >>> s1)) & p1[i]) |
        (((x1 >>> r1) | ((x2 << 1) << s1)) & m1[i]) |
        (((y1 << r2) | ((y0 >>> 1) >>> s2)) & p2[i]) |
        (((y1 >>> r2) | ((y2 << 1) << s2)) & m2[i]);
      x0 = x1;
      x1 = x2;
      y0 = y1;
      y1 = y2;
    }
  }

  /** twoGroups when both vertical shifts are whole words (the width times b is a multiple of 32, e.g. 64 wide). */
  private twoGroupsAligned(
    acc: Uint32Array,
    v1: number,
    v2: number,
    p1: Uint32Array,
    m1: Uint32Array,
    p2: Uint32Array,
    m2: Uint32Array,
  ): void {
    const n = this.board.words,
      pad = this.pad,
      P = this.src;
    const [g1, g2] = this.groups;
    const r1 = g1.a,
      s1 = 31 - r1,
      r2 = g2.a,
      s2 = 31 - r2;
    let j = pad - 1;
    let x0 = P[j - v1] | P[j + v1],
      y0 = P[j - v2] | P[j + v2];
    j = pad;
    let x1 = P[j - v1] | P[j + v1],
      y1 = P[j - v2] | P[j + v2];
    for (let i = 0; i < n; i++) {
      j = pad + i + 1;
      const x2 = P[j - v1] | P[j + v1],
        y2 = P[j - v2] | P[j + v2];
      acc[i] |=
        (((x1 << r1) | ((x0 >>> 1) >>> s1)) & p1[i]) |
        (((x1 >>> r1) | ((x2 << 1) << s1)) & m1[i]) |
        (((y1 << r2) | ((y0 >>> 1) >>> s2)) & p2[i]) |
        (((y1 >>> r2) | ((y2 << 1) << s2)) & m2[i]);
      x0 = x1;
      x1 = x2;
      y0 = y1;
      y1 = y2;
    }
  }

  private anyGroups(acc: Uint32Array): void {
    const n = this.board.words,
      pad = this.pad,
      P = this.src,
      H = this.h;
    for (const { a, bs } of this.groups) {
      if (a === 0) {
        H.set(P);
      } else {
        const plus = fileMask(this.board, a),
          minus = fileMask(this.board, -a);
        const q = a >>> 5,
          r = a & 31;
        if (r === 0) {
          for (let i = 0; i < n; i++) H[i + pad] = (P[i + pad - q] & plus[i]) | (P[i + pad + q] & minus[i]);
        } else {
          const rr = 32 - r;
          for (let i = 0; i < n; i++) {
            const j = i + pad;
            H[j] =
              (((P[j - q] << r) | (P[j - q - 1] >>> rr)) & plus[i]) |
              (((P[j + q] >>> r) | (P[j + q + 1] << rr)) & minus[i]);
          }
        }
      }
      for (const b of bs) {
        if (b === 0) {
          for (let i = 0; i < n; i++) acc[i] |= H[i + pad];
          continue;
        }
        const k = b * this.board.width,
          q = k >>> 5,
          r = k & 31;
        if (r === 0) {
          for (let i = 0; i < n; i++) acc[i] |= H[i + pad - q] | H[i + pad + q];
        } else {
          const rr = 32 - r;
          for (let i = 0; i < n; i++) {
            const j = i + pad;
            acc[i] |= (H[j - q] << r) | (H[j - q - 1] >>> rr) | (H[j + q] >>> r) | (H[j + q + 1] << rr);
          }
        }
      }
    }
  }
}
