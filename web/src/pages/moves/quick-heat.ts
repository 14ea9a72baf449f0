// The Moves page's heat map at once: the moves from every square counted per vector, from the distance to the
// edge (an empty board: a division per vector and square) or one pass along each ray direction (with blockers),
// exact whenever no two of the piece's vectors can reach the same square (every named piece).
import type { Piece, Vector } from '../../../../src/pieces/piece.js';

/** Move counts from every square and their total, as the engine's mobility answers them. */
export interface QuickHeat {
  counts: Int32Array;
  total: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A vector's direction as a key: the vector divided by the gcd of its parts. */
function direction([dx, dy]: Vector): string {
  const g = gcd(Math.abs(dx), Math.abs(dy));
  return `${dx / g},${dy / g}`;
}

/**
 * Whether every target of the piece comes from one vector only, whatever the blockers: no two rays (rides or
 * slides) point the same way, and no leap lies on a ray's line. Then the counts are sums over the vectors.
 * (Leaps are distinct, and rays of different directions never meet again.)
 */
export function vectorsDisjoint(piece: Piece): boolean {
  const rays = new Set<string>();
  for (const v of [...piece.rides, ...piece.slides]) {
    const d = direction(v);
    if (rays.has(d)) return false;
    rays.add(d);
  }
  return piece.leaps.every((v) => !rays.has(direction(v)));
}

/**
 * The move count from every square of a width × height board, with riders stopping at the blockers in `occ`
 * (occupancy words as the engine's bitboards hold them, or undefined for an empty board), or null when two of
 * the piece's vectors may reach one square (then only a walk of the rays gives distinct targets).
 */
export function quickHeat(width: number, height: number, piece: Piece, occ?: Uint32Array): QuickHeat | null {
  if (!vectorsDisjoint(piece)) return null;
  const counts = new Int32Array(width * height);
  for (const v of piece.leaps) addLeap(counts, width, height, v);
  const run = occ ? new Int32Array(width * height) : null;
  for (const v of piece.rides) {
    if (run && occ) addRideBlocked(counts, run, width, height, v, occ);
    else addRideEmpty(counts, width, height, v);
  }
  for (const v of piece.slides) addSlide(counts, width, height, v, occ);
  let total = 0;
  for (let s = 0; s < counts.length; s++) total += counts[s];
  return { counts, total };
}

/** The files [lo, hi) from which a step of dx stays on the board. */
const filesFor = (width: number, dx: number): [number, number] => [Math.max(0, -dx), Math.min(width, width - dx)];

function addLeap(counts: Int32Array, w: number, h: number, [dx, dy]: Vector): void {
  const [lo, hi] = filesFor(w, dx);
  for (let r = Math.max(0, -dy), rEnd = Math.min(h, h - dy); r < rEnd; r++) {
    for (let f = lo, s = r * w + lo; f < hi; f++, s++) counts[s]++;
  }
}

/** Steps of size d (d ≠ 0) that stay within [0, n) from x: floor of the distance to the edge over |d|. */
function stepsTo(x: number, d: number, n: number): number {
  if (d > 0) return Math.floor((n - 1 - x) / d);
  if (d < 0) return Math.floor(x / -d);
  return Infinity;
}

/** A rider on an empty board reaches every square of its ray up to the edge. */
function addRideEmpty(counts: Int32Array, w: number, h: number, [dx, dy]: Vector): void {
  for (let r = 0; r < h; r++) {
    const ry = stepsTo(r, dy, h);
    if (ry === 0) continue;
    for (let f = 0, s = r * w; f < w; f++, s++) {
      const n = Math.min(ry, stepsTo(f, dx, w));
      counts[s] += n;
    }
  }
}

const isSet = (occ: Uint32Array, s: number): boolean => ((occ[s >>> 5] >>> (s & 31)) & 1) === 1;

/**
 * A rider with blockers: run[s] = targets along (dx, dy) from s = 0 off the board, 1 when the next square is
 * blocked (it is taken), else 1 + run[next]; squares are visited so that the next square is done first.
 */
function addRideBlocked(
  counts: Int32Array,
  run: Int32Array,
  w: number,
  h: number,
  [dx, dy]: Vector,
  occ: Uint32Array,
): void {
  const rStart = dy > 0 ? h - 1 : 0,
    rStep = dy > 0 ? -1 : 1;
  const fStart = dx > 0 ? w - 1 : 0,
    fStep = dx > 0 ? -1 : 1;
  for (let i = 0, r = rStart; i < h; i++, r += rStep) {
    const ty = r + dy;
    for (let j = 0, f = fStart; j < w; j++, f += fStep) {
      const s = r * w + f,
        tx = f + dx;
      let n = 0;
      if (tx >= 0 && tx < w && ty >= 0 && ty < h) {
        const t = ty * w + tx;
        n = isSet(occ, t) ? 1 : 1 + run[t];
      }
      run[s] = n;
      counts[s] += n;
    }
  }
}

/** A slider moves (to the end of its ray) exactly when its first step is on the board and empty. */
function addSlide(counts: Int32Array, w: number, h: number, [dx, dy]: Vector, occ: Uint32Array | undefined): void {
  const [lo, hi] = filesFor(w, dx);
  for (let r = Math.max(0, -dy), rEnd = Math.min(h, h - dy); r < rEnd; r++) {
    for (let f = lo, s = r * w + lo; f < hi; f++, s++) {
      if (occ === undefined || !isSet(occ, s + dy * w + dx)) counts[s]++;
    }
  }
}
