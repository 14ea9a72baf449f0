// Set-wise attacks on huge boards without masks of the whole board: rank by rank over row bitsets (a sweep
// down the ranks for downward rays, then up for the rest), or by stepping each vector when the pieces are few.
import type { Board } from '../core/board.js';
import type { Piece, Vector } from './piece.js';
import { anyBits, fillRow, orBitsAt, orRowInto } from './rows.js';

/** A ray in a sweep: its fronts, one row per rank of its step (the rays leaving those ranks). */
interface SweepRay {
  dx: number;
  dy: number;
  slide: boolean;
  /** ring[y mod |dy|]: the squares of rank y a ray leaves from (pieces, and empty squares a ray reached). */
  ring: Uint32Array[];
  /** Whether that ring row has a bit (rows without are skipped). */
  live: Uint8Array;
  /** Kogge-Stone doubling steps of a ray along a rank (dy = 0). */
  steps: number;
}

/** One sweep over the ranks, downward (from the top rank) or upward, with the vectors it handles. */
export interface SweepPass {
  /** True when the pass goes from the top rank down. */
  readonly down: boolean;
  /** Leaps (any direction: their sources are all known). */
  readonly leaps: Vector[];
  /** Rays with dy ≠ 0, all in the pass's direction, and rays along the ranks (dy = 0). */
  readonly rays: SweepRay[];
}

const fits = (board: Board, [dx, dy]: Vector): boolean => Math.abs(dx) < board.width && Math.abs(dy) < board.height;

/**
 * The attacks of the pieces on `src` (a board's words; the pieces count as occupied), rank by rank. Ranks are
 * independent within a pass except for the ray fronts, kept in rings of |dy| rows, so memory is a few rows per
 * vector. Run `rank(pass, r)` for every rank of each pass in its order (see `order`); `out` then holds the answer.
 */
export class RowSweep {
  /** The passes, in the order they run. */
  readonly passes: SweepPass[];
  private readonly w: number;
  private readonly h: number;
  private readonly rw: number;
  private readonly lastMask: number;
  private readonly has: Uint8Array;
  private readonly S: Uint32Array;
  private readonly E: Uint32Array;
  private readonly A: Uint32Array;
  private readonly T: Uint32Array;
  private readonly G: Uint32Array;
  private readonly P: Uint32Array;
  private readonly L: Uint32Array;
  private readonly row: Uint32Array;

  /** src, occ: the board's words of the pieces and of the blockers; out: the words to OR the attacks into. */
  constructor(
    private readonly board: Board,
    piece: Piece,
    private readonly src: Uint32Array,
    private readonly occ: Uint32Array | undefined,
    readonly out: Uint32Array,
  ) {
    const w = board.width,
      h = board.height;
    this.w = w;
    this.h = h;
    this.rw = (w + 31) >>> 5;
    this.lastMask = (w & 31) === 0 ? -1 : (1 << (w & 31)) - 1;
    const row = (): Uint32Array => new Uint32Array(this.rw);
    [this.S, this.E, this.A, this.T, this.G, this.P, this.L, this.row] = [
      row(),
      row(),
      row(),
      row(),
      row(),
      row(),
      row(),
      row(),
    ];
    this.has = new Uint8Array(h);
    for (let r = 0; r < h; r++) this.has[r] = anyBits(src, r * w, r * w + w) ? 1 : 0;
    const ray = ([dx, dy]: Vector, slide: boolean): SweepRay => {
      const len = Math.ceil(w / Math.max(1, Math.abs(dx)));
      let steps = 0;
      while (1 << steps < len) steps++;
      const n = Math.abs(dy);
      return { dx, dy, slide, ring: Array.from({ length: n }, row), live: new Uint8Array(n), steps };
    };
    const rays = [
      ...piece.rides.filter((v) => fits(board, v)).map((v) => ray(v, false)),
      ...piece.slides.filter((v) => fits(board, v)).map((v) => ray(v, true)),
    ];
    const leaps = piece.leaps.filter((v) => fits(board, v));
    const downRays = rays.filter((r) => r.dy < 0),
      upRays = rays.filter((r) => r.dy > 0),
      flat = rays.filter((r) => r.dy === 0);
    if (downRays.length === 0 || upRays.length === 0) {
      this.passes = [{ down: downRays.length > 0, leaps, rays: [...downRays, ...upRays, ...flat] }];
      return;
    }
    // Leaps and rays along the ranks may go in either pass: share them out so both passes take about as long
    // (progress counts the ranks of both passes alike).
    const down: SweepPass = { down: true, leaps: [], rays: downRays },
      up: SweepPass = { down: false, leaps: [], rays: upRays };
    const cost = (r: SweepRay): number => (r.dy === 0 ? 4 * r.steps : 2) + (r.slide ? 2 : 0);
    let dLoad = downRays.reduce((a, r) => a + cost(r), 0),
      uLoad = upRays.reduce((a, r) => a + cost(r), 0);
    for (const r of [...flat].sort((a, b) => cost(b) - cost(a))) {
      const into = dLoad <= uLoad ? down : up;
      into.rays.push(r);
      if (into === down) dLoad += cost(r);
      else uLoad += cost(r);
    }
    for (const v of leaps) {
      const into = dLoad <= uLoad ? down : up;
      into.leaps.push(v);
      if (into === down) dLoad++;
      else uLoad++;
    }
    this.passes = [down, up];
  }

  /** The rank a pass handles at its i-th step. */
  rankAt(pass: SweepPass, i: number): number {
    return pass.down ? this.h - 1 - i : i;
  }

  /** Handles rank r of the pass (every rank of a pass, in its order, before the next pass). */
  rank(pass: SweepPass, r: number): void {
    const { w, h, rw, S, E, A, T, row, src } = this;
    const has = this.has[r] === 1;
    // Ranks far from every piece and ray front cost nothing: no rows are read or written there.
    let touched = false,
      ready = false;
    for (const [dx, dy] of pass.leaps) {
      const y = r - dy;
      if (y >= 0 && y < h && this.has[y] === 1) {
        if (!touched) row.fill(0);
        touched = true;
        orBitsAt(row, src, y * w - dx, Math.max(0, dx), Math.min(w, w + dx));
      }
    }
    for (const ray of pass.rays) {
      const { dx, dy } = ray,
        lo = Math.max(0, dx),
        hi = Math.min(w, w + dx);
      const i = dy === 0 ? 0 : r % Math.abs(dy);
      if (!has && (dy === 0 || ray.live[i] === 0)) continue;
      if (!ready) this.empties(E, S, r);
      ready = true;
      if (dy === 0) {
        this.fillAlong(ray);
        A.fill(0);
        orBitsAt(A, this.G, -dx, lo, hi);
      } else {
        // The slot holds the rays leaving rank r - dy (the pass met that rank |dy| ranks ago).
        const slot = ray.ring[i];
        A.fill(0);
        if (ray.live[i] === 1) orBitsAt(A, slot, -dx, lo, hi);
        let any = 0;
        for (let j = 0; j < rw; j++) any |= slot[j] = S[j] | (A[j] & E[j]);
        ray.live[i] = any !== 0 ? 1 : 0;
      }
      if (!touched) row.fill(0);
      touched = true;
      if (!ray.slide) {
        for (let j = 0; j < rw; j++) row[j] |= A[j];
        continue;
      }
      // A slide ends on an empty square it reached whose next step is off the board or occupied.
      let reached = 0;
      for (let j = 0; j < rw; j++) reached |= A[j] &= E[j];
      if (reached === 0) continue;
      const next = r + dy;
      // (empties uses T as scratch: read the next rank before T is cleared for the shift.)
      const L = next < 0 || next >= h ? null : dy === 0 ? E : this.empties(this.L, this.P, next);
      T.fill(0);
      if (L !== null) orBitsAt(T, L, dx, Math.max(0, -dx), Math.min(w, w - dx));
      for (let j = 0; j < rw; j++) row[j] |= A[j] & ~T[j];
    }
    if (touched) orRowInto(this.out, row, r * w, w);
  }

  /** E = the empty squares of rank r, S = its pieces (the pieces count as occupied); returns E. */
  private empties(E: Uint32Array, S: Uint32Array, r: number): Uint32Array {
    const { w, rw, T } = this;
    S.fill(0);
    orBitsAt(S, this.src, r * w, 0, w);
    T.fill(0);
    if (this.occ !== undefined) orBitsAt(T, this.occ, r * w, 0, w);
    for (let j = 0; j < rw; j++) E[j] = ~(S[j] | T[j]);
    E[rw - 1] &= this.lastMask;
    return E;
  }

  /** G = the pieces of the rank and the empty squares their rays along it pass (Kogge-Stone, in the row). */
  private fillAlong(ray: SweepRay): void {
    const { w, rw, G, P, T } = this;
    if (Math.abs(ray.dx) < 32) {
      fillRow(G, this.S, this.E, ray.dx, rw);
      return;
    }
    G.set(this.S);
    P.set(this.E);
    for (let i = 0, s = ray.dx; i < ray.steps && Math.abs(s) < w; i++, s *= 2) {
      const lo = Math.max(0, s),
        hi = Math.min(w, w + s);
      T.fill(0);
      orBitsAt(T, G, -s, lo, hi);
      for (let j = 0; j < rw; j++) G[j] |= P[j] & T[j];
      T.fill(0);
      orBitsAt(T, P, -s, lo, hi);
      for (let j = 0; j < rw; j++) P[j] &= T[j];
    }
  }
}

/** Steps from a piece at (x, y) along its vectors until the edge: an upper bound on the work of stepping it. */
function stepBound(board: Board, piece: Piece, square: number): number {
  const w = board.width,
    h = board.height,
    x = square % w,
    y = (square / w) | 0;
  let n = piece.leaps.length;
  for (const vs of [piece.rides, piece.slides]) {
    for (const [dx, dy] of vs) {
      const sx = dx > 0 ? ((w - 1 - x) / dx) | 0 : dx < 0 ? (x / -dx) | 0 : Infinity;
      const sy = dy > 0 ? ((h - 1 - y) / dy) | 0 : dy < 0 ? (y / -dy) | 0 : Infinity;
      n += Math.min(sx, sy);
    }
  }
  return n;
}

/**
 * ORs into out the attacks of the pieces on the squares squares[i0..i1), by stepping each vector; src, occ:
 * the words of the pieces and of the blockers (both stop rays). Returns the steps taken (the work done).
 */
export function stepAttacks(
  board: Board,
  piece: Piece,
  squares: readonly number[],
  i0: number,
  i1: number,
  src: Uint32Array,
  occ: Uint32Array | undefined,
  out: Uint32Array,
): number {
  const w = board.width,
    h = board.height;
  const blocked = (t: number): boolean =>
    (((src[t >>> 5] | (occ === undefined ? 0 : occ[t >>> 5])) >>> (t & 31)) & 1) === 1;
  let n = 0;
  for (let i = i0; i < i1; i++) {
    const s = squares[i],
      x = s % w,
      y = (s / w) | 0;
    for (const [dx, dy] of piece.leaps) {
      const tx = x + dx,
        ty = y + dy;
      n++;
      if (tx >= 0 && ty >= 0 && tx < w && ty < h) {
        const t = ty * w + tx;
        out[t >>> 5] |= 1 << (t & 31);
      }
    }
    for (const [dx, dy] of piece.rides) {
      for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
        const t = ty * w + tx;
        n++;
        out[t >>> 5] |= 1 << (t & 31);
        if (blocked(t)) break;
      }
    }
    for (const [dx, dy] of piece.slides) {
      let last = -1;
      for (let tx = x + dx, ty = y + dy; tx >= 0 && ty >= 0 && tx < w && ty < h; tx += dx, ty += dy) {
        const t = ty * w + tx;
        n++;
        if (blocked(t)) break;
        last = t;
      }
      if (last >= 0) out[last >>> 5] |= 1 << (last & 31);
    }
  }
  return n;
}

/** How far below its own rank a piece's attacks can reach: Infinity with downward rays. */
export function reachDown(piece: Piece): number {
  if ([...piece.rides, ...piece.slides].some(([, dy]) => dy < 0)) return Infinity;
  return piece.leaps.reduce((a, [, dy]) => Math.max(a, -dy), 0);
}

/** Boards up to this many cells get the whole-board shifts (their masks are cheap); larger ones a sweep or steps. */
export const SHIFT_CELLS = 1 << 20;
/** More pieces than this always go by ranks (listing them to weigh stepping costs more than it saves). */
const STEP_PIECES = 1 << 14;

/** How a set of attacks is made: whole-board shifts, a sweep by ranks, or steps from each piece. */
export type AttackMethod = 'shifts' | 'rows' | 'steps';

/** The squares of the set bits of words, lowest first; null when there are more than cap. */
function squaresOf(words: Uint32Array, cap = Infinity): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 0) continue;
    for (let x = words[i] | 0; x !== 0; x &= x - 1) out.push((i << 5) + 31 - Math.clz32(x & -x));
    if (out.length > cap) return null;
  }
  return out;
}

/** The method for these pieces on this board ('auto'), or the one asked for; with the pieces' squares for steps. */
export function planAttacks(
  board: Board,
  piece: Piece,
  src: Uint32Array,
  how: AttackMethod | 'auto',
): { method: AttackMethod; squares: number[] } {
  if (how === 'steps') return { method: how, squares: squaresOf(src) ?? [] };
  if (how !== 'auto') return { method: how, squares: [] };
  if (board.cells <= SHIFT_CELLS) return { method: 'shifts', squares: [] };
  const squares = squaresOf(src, STEP_PIECES);
  if (squares === null) return { method: 'rows', squares: [] };
  let steps = 0;
  for (const s of squares) steps += stepBound(board, piece, s);
  // A sweep does a few operations on every word of the board per vector; a step costs about as much as each.
  const vectors = piece.leaps.length + piece.rides.length + piece.slides.length;
  return { method: steps <= board.words * vectors ? 'steps' : 'rows', squares };
}

/** The attacks of the pieces on src (words) on a board over SHIFT_CELLS, in one go (no limits): fresh words. */
export function attackWordsHuge(
  board: Board,
  piece: Piece,
  src: Uint32Array,
  occ: Uint32Array | undefined,
): Uint32Array {
  const out = new Uint32Array(Math.max(board.words, 2));
  const plan = planAttacks(board, piece, src, 'auto');
  if (plan.method === 'steps') {
    stepAttacks(board, piece, plan.squares, 0, plan.squares.length, src, occ, out);
    return out;
  }
  const sweep = new RowSweep(board, piece, src, occ, out);
  for (const pass of sweep.passes) for (let i = 0; i < board.height; i++) sweep.rank(pass, sweep.rankAt(pass, i));
  return out;
}
