// Survival at any horizon (N up to 10^9) in floating point with the exponent kept apart: a DP over the
// orbits of the board's symmetries, repeated squaring of the orbit operator, or, on big boards, the DP run
// until the decay per two moves settles and extrapolated. Also the decay rate λ (probability ≈ c·λ^N).
import { GridbitsError } from '../core/error.js';
import { checkSquare, checkSteps, squareOrbits, type Orbits, type WalkGraph } from './graph.js';

/** The largest horizon taken. */
export const HORIZON_MAX_STEPS = 1_000_000_000;

export interface HorizonResult {
  /** The probability as a double: 0 where it underflows (then read log10). */
  probability: number;
  /** Base-10 logarithm of the probability; -Infinity when it is exactly 0. */
  log10: number;
  /** The decay rate from this square: the probability falls like c·λ^N for large N (0 when it dies out). */
  lambda: number;
  /** An estimate of λ's absolute error (the last change of the power iteration, extrapolated). */
  lambdaError: number;
  /**
   * log10 of c in p ≈ c·λ^N, read off at this N: it settles as N grows (on bipartite leaper graphs, one
   * value for even N and one for odd N). null when λ is 0.
   */
  log10c: number | null;
  method: 'dp' | 'squaring' | 'extrapolation';
  /**
   * The result's relative error: a rounding bound for dp and squaring (it grows like N, since p_N's relative
   * sensitivity to the operator is N), the extrapolation's estimated error otherwise.
   */
  relativeError: number;
}

const EPS = 2 ** -52;
const LOG10_2 = Math.log10(2);
// Rescale when the largest entry drops under 2^-512: values stay normal doubles, the exponent kept apart.
const TINY = 2 ** -512;
const DP_WORK = 5_000_000;
const SQUARING_MAX_ORBITS = 128;
const DECAY_WORK = 200_000_000;

/**
 * The operator on the orbits reachable from one square: next[o] = (1/k) Σ cur[orbit of t] over the targets
 * t of a representative of o, as CSR arrays over local ids (members[local] is the orbit id). Keeping to the
 * start's component matters: another component may decay faster or slower, and scaling the whole vector by
 * its largest entry would then flush the start's value to 0.
 */
interface Reduced {
  m: number;
  fromOrbit: number;
  members: Int32Array;
  /** The number of squares in each orbit: the weights that make the orbit operator self-adjoint. */
  weight: Float64Array;
  start: Int32Array;
  target: Int32Array;
  inv: number;
}

function reduced(g: WalkGraph, from: number, orbits: Orbits = squareOrbits(g)): Reduced {
  const { orbit, reps } = orbits;
  const local = new Int32Array(reps.length).fill(-1);
  const members: number[] = [orbit[from]];
  local[orbit[from]] = 0;
  for (let i = 0; i < members.length; i++) {
    const s = reps[members[i]];
    for (let j = g.start[s]; j < g.start[s + 1]; j++) {
      const o = orbit[g.targets[j]];
      if (local[o] < 0) {
        local[o] = members.length;
        members.push(o);
      }
    }
  }
  const m = members.length;
  const start = new Int32Array(m + 1);
  const target: number[] = [];
  for (let o = 0; o < m; o++) {
    start[o] = target.length;
    const s = reps[members[o]];
    for (let i = g.start[s]; i < g.start[s + 1]; i++) target.push(local[orbit[g.targets[i]]]);
  }
  start[m] = target.length;
  const size = new Float64Array(reps.length);
  for (let s = 0; s < orbit.length; s++) size[orbit[s]]++;
  const weight = Float64Array.from(members, (o) => size[o]);
  return { m, fromOrbit: 0, members: Int32Array.from(members), weight, start, target: Int32Array.from(target), inv: 1 / g.k };
}

/** One step of the reduced DP, scaled: returns the log2 of the factor taken out. */
function step(r: Reduced, cur: Float64Array, next: Float64Array): number {
  let max = 0;
  for (let o = 0; o < r.m; o++) {
    let sum = 0;
    for (let i = r.start[o], e = r.start[o + 1]; i < e; i++) sum += cur[r.target[i]];
    const v = sum * r.inv;
    next[o] = v;
    if (v > max) max = v;
  }
  if (max > 0 && max < TINY) {
    for (let o = 0; o < r.m; o++) next[o] *= 2 ** 512;
    return -512;
  }
  return 0;
}

/** The value mant·2^log2 as a double (0 where it underflows) and as log10. */
export function scaledValue(mant: number, log2: number): { probability: number; log10: number } {
  if (mant === 0) return { probability: 0, log10: -Infinity };
  const log10 = Math.log10(mant) + log2 * LOG10_2;
  // Two factors, each a normal double, so a result in the subnormal range keeps what precision it can.
  const half = Math.floor(log2 / 2);
  const probability = log2 < -2200 ? 0 : mant * 2 ** half * 2 ** (log2 - half);
  return { probability, log10 };
}

/**
 * The decay rate from `from`: λ² is the limit of p_{n+2}/p_n (two moves, since leaper graphs are often
 * bipartite and then the ±λ eigenvalues alternate). Power iteration on the orbit operator until the ratio
 * settles or the work budget runs out.
 */
export function decayRate(g: WalkGraph, from: number): { lambda: number; error: number; iterations: number } {
  checkSquare(g.board, from);
  const r = reduced(g, from);
  return decayOf(r).rate;
}

interface Decay {
  rate: { lambda: number; error: number; iterations: number };
  /** The scaled vector after `steps` steps, its log2 scale, and the two-step ratio at the from orbit. */
  v: Float64Array;
  log2: number;
  steps: number;
  ratio: number;
  ratioError: number;
  /** Relative error of the start's value as c·λ^n at the last step (the lesser eigenvalues' share). */
  contamination: number;
}

/** Σ weight·v², taken on v·2^256 so squares of entries near the 2^-512 floor stay normal doubles. */
function norm2(r: Reduced, v: Float64Array): number {
  let t = 0;
  for (let o = 0; o < r.m; o++) {
    const x = v[o] * 2 ** 256;
    t += r.weight[o] * x * x;
  }
  return t;
}

/**
 * λ² by the Rayleigh quotient of the two-move operator, |Mx|²/|x|² (M is symmetric on the board, the
 * orbit weights make it so on orbits), which converges twice as fast as the ratio p(n+2)/p(n) at one square.
 * That local ratio is kept too: its distance from λ² measures what the start's value still owes to the
 * lesser eigenvalues, the error of reading p(n)·λ^(N-n) as p(N).
 */
function decayOf(r: Reduced, parity = 0): Decay {
  let cur = new Float64Array(r.m).fill(1);
  let next = new Float64Array(r.m);
  let log2 = 0;
  let steps = 0;
  const maxSteps = Math.max(64, Math.floor(DECAY_WORK / Math.max(1, r.target.length)));
  const advance = (): void => {
    log2 += step(r, cur, next);
    const t = cur;
    cur = next;
    next = t;
    steps++;
  };
  if (parity === 1) advance();
  let prev = NaN, prevDelta = NaN, ratio = NaN, delta = Infinity, settled = 0;
  let gap = Infinity, prevGap = NaN;
  while (steps + 2 <= maxSteps) {
    const before = cur[r.fromOrbit], beforeLog = log2;
    advance();
    const mid = norm2(r, cur), midLog = log2;
    advance();
    const after = cur[r.fromOrbit];
    if (after === 0 || before === 0) {
      return { rate: { lambda: 0, error: 0, iterations: steps }, v: cur, log2, steps, ratio: 0, ratioError: 0, contamination: 0 };
    }
    const local = (after / before) * 2 ** (log2 - beforeLog);
    ratio = (norm2(r, cur) / mid) * 2 ** (2 * (log2 - midLog));
    prevDelta = delta;
    delta = Math.abs(ratio - prev);
    prev = ratio;
    prevGap = gap;
    gap = Math.abs(local - ratio);
    // Run on until the start's own ratio agrees with λ² too: then its value is c·λ^n, ready to extrapolate.
    if (delta <= 4 * EPS * ratio && gap <= 16 * EPS * ratio) {
      if (++settled >= 3) break;
    } else settled = 0;
  }
  // Geometric convergence: the remaining error is about delta · q / (1 - q), q the shrink per round.
  const q = Number.isFinite(prevDelta) && prevDelta > 0 ? Math.min(delta / prevDelta, 0.999) : 0.999;
  const ratioError = Math.max(delta * (q / (1 - q)), 4 * EPS * ratio);
  // The local ratio's gap to λ² shrinks by (μ/λ)² a round; the start's value owes about gap / (1 - that).
  const shrink = Number.isFinite(prevGap) && prevGap > 0 ? Math.min(gap / prevGap, 0.999) : 0.999;
  const contamination = Math.min(1, gap / ratio / Math.max(1 - shrink, 1e-3));
  const lambda = Math.sqrt(ratio);
  return { rate: { lambda, error: ratioError / (2 * lambda), iterations: steps }, v: cur, log2, steps, ratio, ratioError, contamination };
}

/** R^steps · 1 by the scaled DP; the vector is v · 2^log2. */
function byDp(r: Reduced, steps: number): { v: Float64Array; log2: number } {
  let cur = new Float64Array(r.m).fill(1);
  let next = new Float64Array(r.m);
  let log2 = 0;
  for (let i = 0; i < steps; i++) {
    log2 += step(r, cur, next);
    [cur, next] = [next, cur];
  }
  return { v: cur, log2 };
}

/** m×m matrix product into out (all row-major Float64Array). */
function matMul(a: Float64Array, b: Float64Array, out: Float64Array, m: number): void {
  out.fill(0);
  for (let i = 0; i < m; i++) {
    const ri = i * m;
    for (let l = 0; l < m; l++) {
      const x = a[ri + l];
      if (x === 0) continue;
      const rl = l * m;
      for (let j = 0; j < m; j++) out[ri + j] += x * b[rl + j];
    }
  }
}

function scaleDown(a: Float64Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > max) max = a[i];
  if (max === 0) return 0;
  const e = Math.floor(Math.log2(max));
  const f = 2 ** -e;
  for (let i = 0; i < a.length; i++) a[i] *= f;
  return e;
}

/** R^steps · 1 by binary powering, each power kept as (matrix, log2 scale); the vector is v · 2^log2. */
function bySquaring(r: Reduced, steps: number): { v: Float64Array; log2: number } {
  const m = r.m;
  let p = new Float64Array(m * m);
  for (let o = 0; o < m; o++) for (let i = r.start[o]; i < r.start[o + 1]; i++) p[o * m + r.target[i]] += r.inv;
  let pLog = 0;
  let tmp = new Float64Array(m * m);
  let v = new Float64Array(m).fill(1);
  let vNext = new Float64Array(m);
  let vLog = 0;
  for (let n = steps; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) {
      for (let i = 0; i < m; i++) {
        let s = 0;
        for (let j = 0; j < m; j++) s += p[i * m + j] * v[j];
        vNext[i] = s;
      }
      [v, vNext] = [vNext, v];
      vLog += pLog + scaleDown(v);
    }
    if (n > 1) {
      matMul(p, p, tmp, m);
      [p, tmp] = [tmp, p];
      pLog = 2 * pLog + scaleDown(p);
    }
  }
  return { v, log2: vLog };
}

/** The survival probability, λ and the error, without c. */
function horizon(g: WalkGraph, from: number, steps: number, options: { method?: HorizonResult['method'] }): Omit<HorizonResult, 'log10c'> {
  checkSquare(g.board, from);
  checkSteps(steps, HORIZON_MAX_STEPS);
  const r = reduced(g, from);
  const decay = decayOf(r, steps % 2);
  const { lambda, error: lambdaError } = decay.rate;
  const maxDeg = Math.max(1, g.k);
  // The DP is exact up to rounding; it runs when cheap, or when the decay estimate already went as far.
  const forced = options.method;
  const dp = forced === 'dp' || (forced === undefined && (steps * (r.target.length + r.m) <= DP_WORK || (r.m > SQUARING_MAX_ORBITS && decay.steps >= steps)));
  if (dp || (forced === 'extrapolation' && decay.steps >= steps)) {
    const { v, log2 } = byDp(r, steps);
    return { ...scaledValue(v[r.fromOrbit], log2), lambda, lambdaError, method: 'dp', relativeError: steps * maxDeg * EPS };
  }
  if (forced === 'squaring' || (forced === undefined && r.m <= SQUARING_MAX_ORBITS)) {
    const { v, log2 } = bySquaring(r, steps);
    const mant = v[r.fromOrbit];
    // Squaring doubles the relative error of each power, so rounding adds up to about N·m·eps, like the DP's.
    const bits = Math.ceil(Math.log2(steps + 1));
    return { ...scaledValue(mant, log2), lambda, lambdaError, method: 'squaring', relativeError: Math.min(1, (steps + 2 * bits) * r.m * EPS) };
  }
  // Big board and far horizon: from the settled DP (same parity as steps), p_N ≈ p_n · ratio^((N - n) / 2).
  const mant = decay.v[r.fromOrbit];
  if (mant === 0 || decay.ratio === 0) return { probability: 0, log10: -Infinity, lambda, lambdaError, method: 'extrapolation', relativeError: 0 };
  const half = (steps - decay.steps) / 2;
  const log2 = decay.log2 + half * Math.log2(decay.ratio);
  const relativeError = Math.min(1, half * (decay.ratioError / decay.ratio) + decay.contamination + decay.steps * maxDeg * EPS);
  return { ...scaledValue(mant, log2), lambda, lambdaError, method: 'extrapolation', relativeError };
}

/**
 * P(still on the board after `steps` moves) from `from`, for any steps up to 10^9, with λ, c and the error.
 * The method is chosen by cost unless `options.method` names one (tests compare them).
 */
export function survivalAtHorizon(g: WalkGraph, from: number, steps: number, options: { method?: HorizonResult['method'] } = {}): HorizonResult {
  const r = horizon(g, from, steps, options);
  const log10c = r.lambda > 0 && Number.isFinite(r.log10) ? r.log10 - steps * Math.log10(r.lambda) : null;
  return { ...r, log10c };
}

/** Squares × steps up to which survivalMapAtHorizon runs the DP on boards too big for squaring. */
export const MAP_MAX_WORK = 200_000_000;

/**
 * P(still on the board after `steps` moves) from every square, with log10 beside it where a double
 * underflows: per connected class of orbits, by the scaled DP or repeated squaring (whichever is cheaper),
 * so N may reach 10^9 on boards with up to 128 orbits per class; beyond, squares × steps ≤ MAP_MAX_WORK.
 */
export function survivalMapAtHorizon(g: WalkGraph, steps: number): { probability: Float64Array; log10: Float64Array } {
  checkSteps(steps, HORIZON_MAX_STEPS);
  const orbits = squareOrbits(g);
  const n = g.board.cells;
  const probability = new Float64Array(n), log10 = new Float64Array(n);
  const perOrbit = new Float64Array(orbits.reps.length * 2).fill(NaN);
  for (let o0 = 0; o0 < orbits.reps.length; o0++) {
    if (!Number.isNaN(perOrbit[2 * o0])) continue;
    const r = reduced(g, orbits.reps[o0], orbits);
    const work = steps * (r.target.length + r.m);
    if (work > DP_WORK && r.m > SQUARING_MAX_ORBITS && steps * n > MAP_MAX_WORK) {
      throw new GridbitsError('LIMIT', `walk: every square of ${g.board} at ${steps} steps is over the limit of squares × steps = ${MAP_MAX_WORK}; ask for one square (--from) instead`);
    }
    const { v, log2 } = work <= DP_WORK || r.m > SQUARING_MAX_ORBITS ? byDp(r, steps) : bySquaring(r, steps);
    for (let i = 0; i < r.m; i++) {
      const f = scaledValue(v[i], log2);
      perOrbit[2 * r.members[i]] = f.probability;
      perOrbit[2 * r.members[i] + 1] = f.log10;
    }
  }
  for (let s = 0; s < n; s++) {
    probability[s] = perOrbit[2 * orbits.orbit[s]];
    log10[s] = perOrbit[2 * orbits.orbit[s] + 1];
  }
  return { probability, log10 };
}

/**
 * P(still on the board after `steps` moves) from one square as a plain double (0 where it underflows):
 * the DP on the orbits reachable from it, a fraction of the board's work on symmetric boards.
 */
export function survivalOnOrbits(g: WalkGraph, from: number, steps: number): number {
  checkSquare(g.board, from);
  checkSteps(steps, HORIZON_MAX_STEPS);
  const { v, log2 } = byDp(reduced(g, from), steps);
  return scaledValue(v[0], log2).probability;
}
