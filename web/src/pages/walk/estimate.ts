// Quick answers for the Random walk page while the exact ones are computed: the survival map and the
// distribution after N moves from the first M ≤ N moves (M with N's parity), the rest extrapolated by the decay
// per two moves ρ seen at the end (Aitken's Δ² over the last spans), p_N ≈ p_M · ρ^((N − M) / 2). Plain
// functions, so Node tests run them.
import type { Graph } from '../../../../src/walk/index.js';

/**
 * Squares × moves of a quick answer: 5,000,000 is 0.2–0.5 s of a king's DP on this shared machine (in Node), so
 * the first answer to any control comes within a second however large the board or N. In Chromium's worker the
 * knight's map or distribution on 100×100 (500 moves) or 50×50 (2,000) took 0.26–0.52 s with the machine's load
 * near 10. Half of it would halve that but take the 100×100 king at N = 20,001 from 6.5 % to 26 % off in log10.
 */
export const QUICK_WORK = 5_000_000;

/** A quick answer: per square the probability (0 where a double underflows) and its log10. */
export interface Estimate {
  probability: Float64Array;
  log10: Float64Array;
  /** The moves computed exactly (M); equal to N when the answer is not extrapolated. */
  moves: number;
  /** True when moves < N: the last N − M moves are extrapolated. */
  extrapolated: boolean;
}

/**
 * The moves M a quick answer computes for N moves on `cells` squares: N when it fits, else the most that fits with N's
 * parity.
 */
export function quickMoves(cells: number, steps: number): number {
  const most = Math.max(2, Math.floor(QUICK_WORK / Math.max(1, cells)));
  if (steps <= most) return steps;
  return most - ((most - steps) & 1);
}

/** True when the exact answer may take long enough that a quick one is worth showing first. */
export function wantsQuick(cells: number, steps: number): boolean {
  return cells * steps > QUICK_WORK;
}

const LOG10_2 = Math.log10(2);
const SCALE = 2 ** 512;
const TINY = 2 ** -512;

/** One backward move: next[s] = (1/k) Σ cur[t] over the on-board targets t of s. Returns the largest value. */
function backwardStep(g: Graph, cur: Float64Array, next: Float64Array): number {
  const { start, targets } = g;
  const inv = 1 / g.k;
  let max = 0;
  for (let s = 0, n = cur.length; s < n; s++) {
    let sum = 0;
    for (let i = start[s], e = start[s + 1]; i < e; i++) sum += cur[targets[i]];
    const v = sum * inv;
    next[s] = v;
    if (v > max) max = v;
  }
  return max;
}

/** One forward move: the mass on each square spread over its on-board targets. Returns the largest value. */
function forwardStep(g: Graph, cur: Float64Array, next: Float64Array): number {
  const { start, targets } = g;
  const inv = 1 / g.k;
  next.fill(0);
  for (let s = 0, n = cur.length; s < n; s++) {
    const p = cur[s] * inv;
    if (p === 0) continue;
    for (let i = start[s], e = start[s + 1]; i < e; i++) next[targets[i]] += p;
  }
  let max = 0;
  for (let s = 0, n = next.length; s < n; s++) if (next[s] > max) max = next[s];
  return max;
}

/** The sum of v, as log10 with the scale 2^log2. */
function logSum(v: Float64Array, log2: number): number {
  let sum = 0;
  for (let s = 0; s < v.length; s++) sum += v[s];
  return log10Of(sum, log2);
}

/**
 * Runs `moves` steps of a DP from `v0`, rescaling by 2^512 when the values sink (nothing underflows); gives the
 * values after `moves` (with their log2 scale), and log10 of the values' sum every `span` moves over the last
 * 3 spans (fewer when moves is short).
 */
function run(
  g: Graph,
  v0: Float64Array,
  moves: number,
  span: number,
  step: (g: Graph, cur: Float64Array, next: Float64Array) => number,
) {
  let cur: Float64Array = v0;
  let next: Float64Array = new Float64Array(v0.length);
  let log2 = 0;
  const sums: number[] = [];
  for (let m = 0; m < moves; m++) {
    if (m >= moves - 3 * span && (moves - m) % span === 0) sums.push(logSum(cur, log2));
    const max = step(g, cur, next);
    [cur, next] = [next, cur];
    if (max > 0 && max < TINY) {
      for (let s = 0; s < cur.length; s++) cur[s] *= SCALE;
      log2 -= 512;
    }
  }
  sums.push(logSum(cur, log2));
  return { v: cur, log2, sums };
}

/** The span between the sums twoMoveDecay reads: an even number of moves, a tenth of those computed. */
function spanOf(moves: number): number {
  return Math.max(2, 2 * Math.floor(moves / 20));
}

/**
 * log10 of the decay per two moves, from the sums every `span` moves: the last span's, sped up by Aitken's Δ²
 * over the last three spans where they converge geometrically (as a power iteration does), so a few hundred
 * moves settle it on boards whose walks take many thousands to forget where they started.
 */
function twoMoveDecay(sums: number[], span: number): number {
  const k = sums.length;
  if (k < 2 || !Number.isFinite(sums[k - 1])) return -Infinity;
  const l: number[] = [];
  for (let i = 1; i < k; i++) l.push(sums[i] - sums[i - 1]);
  let best = l[l.length - 1];
  if (l.length >= 3) {
    const [l1, l2, l3] = l.slice(-3);
    const d1 = l2 - l1,
      d2 = l3 - l2;
    if (d1 !== 0 && d2 / d1 > 0 && d2 / d1 < 1) best = l3 - (d2 * d2) / (d2 - d1);
  }
  return Math.min(0, (2 * best) / span);
}

/** log10 of x · 2^log2, -Infinity for x = 0. */
function log10Of(x: number, log2: number): number {
  return x === 0 ? -Infinity : Math.log10(x) + log2 * LOG10_2;
}

function fill(log10: Float64Array): Float64Array {
  const p = new Float64Array(log10.length);
  for (let s = 0; s < p.length; s++) p[s] = log10[s] === -Infinity ? 0 : 10 ** log10[s];
  return p;
}

/**
 * The squares the piece can stand on after exactly `moves` moves from `from` (1) and the others (0). The sets
 * move by move are a function of the one before, so once one equals the set two moves earlier they alternate
 * from then on: a few dozen moves settle it on boards where the estimate computes hundreds.
 */
export function reachedAfter(g: Graph, from: number, moves: number): Uint8Array {
  const n = g.board.cells;
  const { start, targets } = g;
  let before = new Uint8Array(n); // the set two moves back
  let prev = new Uint8Array(n); // one move back
  let cur = new Uint8Array(n);
  cur[from] = 1;
  for (let m = 1; m <= moves; m++) {
    [before, prev, cur] = [prev, cur, before];
    cur.fill(0);
    for (let s = 0; s < n; s++) if (prev[s]) for (let i = start[s], e = start[s + 1]; i < e; i++) cur[targets[i]] = 1;
    if (m >= 2 && sameSet(cur, before)) return (moves - m) % 2 === 0 ? cur : prev;
  }
  return cur;
}

function sameSet(a: Uint8Array, b: Uint8Array): boolean {
  for (let s = 0; s < a.length; s++) if (a[s] !== b[s]) return false;
  return true;
}

/**
 * P(still on the board after `steps` moves) from every square: exact up to quickMoves, extrapolated by the decay
 * beyond.
 */
export function survivalEstimate(g: Graph, steps: number): Estimate {
  const n = g.board.cells;
  const moves = quickMoves(n, steps);
  const span = spanOf(moves);
  const { v, log2, sums } = run(g, new Float64Array(n).fill(1), moves, span, backwardStep);
  const half = (steps - moves) / 2;
  const slope = half === 0 ? 0 : twoMoveDecay(sums, span);
  const log10 = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    const l = log10Of(v[s], log2);
    log10[s] = half === 0 || l === -Infinity ? l : l + half * slope;
  }
  return { probability: fill(log10), log10, moves, extrapolated: half > 0 };
}

/**
 * Where the piece stands after `steps` moves from `from`, with the total (the survival probability from there).
 * Beyond quickMoves: a leaper's walk is symmetric (each leap can be undone), so after many moves the piece stands
 * on t in proportion to t's own survival, p_N(t); the squares it can be on at all after N moves (its part of the
 * board, and its colour when the moves alternate colours) are those the first M moves reach. So the estimate is
 * p_N(t) on those squares, scaled to sum to p_N(from), both from survivalEstimate.
 */
export function distributionEstimate(
  g: Graph,
  from: number,
  steps: number,
): Estimate & { total: { probability: number; log10: number } } {
  const n = g.board.cells;
  const moves = quickMoves(n, steps);
  const log10 = new Float64Array(n);
  if (moves === steps) {
    const v0 = new Float64Array(n);
    v0[from] = 1;
    const { v, log2, sums } = run(g, v0, moves, 2, forwardStep);
    for (let s = 0; s < n; s++) log10[s] = log10Of(v[s], log2);
    const total = sums[sums.length - 1];
    return {
      probability: fill(log10),
      log10,
      moves,
      extrapolated: false,
      total: { probability: total === -Infinity ? 0 : 10 ** total, log10: total },
    };
  }
  const v = reachedAfter(g, from, moves);
  const survival = survivalEstimate(g, steps);
  const total = survival.log10[from];
  // log10 of the sum of p_N over the squares reached, by the largest term so nothing underflows.
  let top = -Infinity;
  for (let s = 0; s < n; s++) if (v[s] > 0) top = Math.max(top, survival.log10[s]);
  let rest = 0;
  for (let s = 0; s < n; s++) if (v[s] > 0 && survival.log10[s] > -Infinity) rest += 10 ** (survival.log10[s] - top);
  const norm = top + Math.log10(rest);
  for (let s = 0; s < n; s++)
    log10[s] = v[s] > 0 && Number.isFinite(norm) && total > -Infinity ? survival.log10[s] - norm + total : -Infinity;
  return {
    probability: fill(log10),
    log10,
    moves,
    extrapolated: true,
    total: { probability: total === -Infinity ? 0 : 10 ** total, log10: total },
  };
}
