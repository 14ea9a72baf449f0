// The far-horizon machinery on symmetry orbits: the orbit operator of one square's class, its scaled DP, its
// power iteration for the decay rate and its repeated squaring, as job steps (a node is one move of the DP, or
// as many multiply-adds of a squaring).
import type { JobControl } from '../core/job.js';
import { squareOrbits, type Graph, type Orbits } from './graph.js';

/** Machine epsilon of doubles. */
export const EPS = 2 ** -52;
const LOG10_2 = Math.log10(2);
// Rescale when the largest entry drops under 2^-512: values stay normal doubles, the exponent kept apart.
const TINY = 2 ** -512;
/** Moves × (orbit edges + orbits) up to which the DP is taken as cheap. */
export const DP_WORK = 5_000_000;
/** Classes of up to this many orbits are squared; bigger ones run the DP or extrapolate. */
export const SQUARING_MAX_ORBITS = 128;
const DECAY_WORK = 200_000_000;

/** A control any job body passes down: these steps only spend, report and yield. */
type Control = JobControl<unknown>;

/**
 * The operator on the orbits reachable from one square: next[o] = (1/k) Σ cur[orbit of t] over the targets
 * t of a representative of o, as CSR arrays over local ids (members[local] is the orbit id). Keeping to the
 * start's component matters: another component may decay faster or slower, and scaling the whole vector by
 * its largest entry would then flush the start's value to 0.
 */
export interface Reduced {
  m: number;
  fromOrbit: number;
  members: Int32Array;
  /** The number of squares in each orbit: the weights that make the orbit operator self-adjoint. */
  weight: Float64Array;
  start: Int32Array;
  target: Int32Array;
  inv: number;
}

export function reduced(g: Graph, from: number, orbits: Orbits = squareOrbits(g)): Reduced {
  const { orbit, reps } = orbits;
  // Typed arrays of their largest sizes (an orbit each, an edge of the graph each): no growing lists, so that
  // the set-up of a 100×100 board takes a millisecond or two.
  const local = new Int32Array(reps.length).fill(-1);
  const found = new Int32Array(reps.length);
  let m = 0;
  found[m++] = orbit[from];
  local[orbit[from]] = 0;
  for (let i = 0; i < m; i++) {
    const s = reps[found[i]];
    for (let j = g.start[s]; j < g.start[s + 1]; j++) {
      const o = orbit[g.targets[j]];
      if (local[o] < 0) {
        local[o] = m;
        found[m++] = o;
      }
    }
  }
  const members = found.slice(0, m);
  const start = new Int32Array(m + 1);
  const edges = new Int32Array(g.targets.length);
  let e = 0;
  for (let o = 0; o < m; o++) {
    start[o] = e;
    const s = reps[members[o]];
    for (let i = g.start[s]; i < g.start[s + 1]; i++) edges[e++] = local[orbit[g.targets[i]]];
  }
  start[m] = e;
  const size = new Float64Array(reps.length);
  for (let s = 0; s < orbit.length; s++) size[orbit[s]]++;
  const weight = new Float64Array(m);
  for (let o = 0; o < m; o++) weight[o] = size[members[o]];
  return { m, fromOrbit: 0, members, weight, start, target: edges.slice(0, e), inv: 1 / g.k };
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

/**
 * `n` steps of the reduced DP from cur, ping-ponging with next (the result is in next when n is odd): log2 taken out.
 */
function stepMany(r: Reduced, cur: Float64Array, next: Float64Array, n: number): number {
  let log2 = 0;
  for (let i = 0; i < n; i++) log2 += i % 2 === 0 ? step(r, cur, next) : step(r, next, cur);
  return log2;
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

export interface Decay {
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

/** The most moves the power iteration makes on this class (it usually settles long before). */
function decaySteps(r: Reduced): number {
  return Math.max(64, Math.floor(DECAY_WORK / Math.max(1, r.target.length)));
}

/**
 * λ² by the Rayleigh quotient of the two-move operator, |Mx|²/|x|² (M is symmetric on the board, the
 * orbit weights make it so on orbits), which converges twice as fast as the ratio p(n+2)/p(n) at one square.
 * That local ratio is kept too: its distance from λ² measures what the start's value still owes to the
 * lesser eigenvalues, the error of reading p(n)·λ^(N-n) as p(N).
 */
export function* decayOf(r: Reduced, parity: number, ctl: Control, say: LeftReport): Generator<void, Decay, void> {
  const it = new PowerIteration(r, parity);
  for (;;) {
    const before = it.steps;
    // As many rounds as reach the drivers' next check, in a method (V8 optimizes it, not a generator's loop).
    const finished = it.rounds(Math.max(1, Math.ceil((ctl.checkAt - ctl.nodes) / 2)));
    const pause = ctl.spend(it.steps - before);
    if (finished) return it.result();
    if (pause) {
      say(it.movesLeft());
      yield;
    }
  }
}

/** Hears, at each pause of a step generator, the nodes it has still to spend (for decayOf, a forecast). */
export type LeftReport = (left: number) => void;

/*
 * How long the power iteration has to go: its two measures of error (the change of the ratio, the gap between
 * the start's own ratio and it) shrink geometrically, so the rounds left are each one's distance to its
 * threshold in logs over its recent fall per round (a moving average over about RATE_ROUNDS rounds), the larger
 * of the two, plus the settled rounds still wanted.
 */
const RATE_ROUNDS = 8;

/** The state of decayOf's power iteration, advanced a few rounds (two moves each) at a time. */
class PowerIteration {
  private cur: Float64Array;
  private next: Float64Array;
  private log2 = 0;
  steps = 0;
  private readonly maxSteps: number;
  private prev = NaN;
  private prevDelta = NaN;
  private ratio = NaN;
  private delta = Infinity;
  private settled = 0;
  private gap = Infinity;
  private prevGap = NaN;
  private dead = false;
  /** Moving averages of the fall of log(delta) and log(gap) per round, for movesLeft. */
  private deltaFall = 0;
  private gapFall = 0;
  private roundsDone = 0;

  constructor(
    private readonly r: Reduced,
    parity: number,
  ) {
    this.cur = new Float64Array(r.m).fill(1);
    this.next = new Float64Array(r.m);
    this.maxSteps = decaySteps(r);
    if (parity === 1) this.advance();
  }

  private advance(): void {
    this.log2 += step(this.r, this.cur, this.next);
    const t = this.cur;
    this.cur = this.next;
    this.next = t;
    this.steps++;
  }

  /** Up to `k` rounds; true once the ratio has settled, the walk died out, or the work budget ran out. */
  rounds(k: number): boolean {
    const r = this.r;
    for (let i = 0; i < k; i++) {
      if (this.steps + 2 > this.maxSteps) return true;
      const before = this.cur[r.fromOrbit],
        beforeLog = this.log2;
      this.advance();
      const mid = norm2(r, this.cur),
        midLog = this.log2;
      this.advance();
      const after = this.cur[r.fromOrbit];
      if (after === 0 || before === 0) {
        this.dead = true;
        return true;
      }
      const local = (after / before) * 2 ** (this.log2 - beforeLog);
      const ratio = (norm2(r, this.cur) / mid) * 2 ** (2 * (this.log2 - midLog));
      this.ratio = ratio;
      this.prevDelta = this.delta;
      this.delta = Math.abs(ratio - this.prev);
      this.prev = ratio;
      this.prevGap = this.gap;
      this.gap = Math.abs(local - ratio);
      this.track();
      // Run on until the start's own ratio agrees with λ² too: then its value is c·λ^n, ready to extrapolate.
      if (this.delta <= 4 * EPS * ratio && this.gap <= 16 * EPS * ratio) {
        if (++this.settled >= 3) return true;
      } else this.settled = 0;
    }
    return false;
  }

  /** Updates the falls per round of the two error measures (rounds where one is 0 or was infinite add nothing). */
  private track(): void {
    this.roundsDone++;
    const a = Math.min(1, 2 / (Math.min(this.roundsDone, RATE_ROUNDS) + 1));
    if (this.delta > 0 && this.prevDelta > 0 && Number.isFinite(this.prevDelta))
      this.deltaFall += a * (Math.log(this.prevDelta / this.delta) - this.deltaFall);
    if (this.gap > 0 && this.prevGap > 0 && Number.isFinite(this.prevGap))
      this.gapFall += a * (Math.log(this.prevGap / this.gap) - this.gapFall);
  }

  /** The moves the iteration is forecast to make before it settles (at most its budget). */
  movesLeft(): number {
    const budget = Math.max(0, this.maxSteps - this.steps);
    if (this.roundsDone < 2) return budget;
    const ratio = this.ratio;
    const rounds = (x: number, limit: number, fall: number): number => {
      if (!(x > limit)) return 0;
      return fall > 1e-9 ? Math.log(x / limit) / fall : Infinity;
    };
    const left =
      Math.max(rounds(this.delta, 4 * EPS * ratio, this.deltaFall), rounds(this.gap, 16 * EPS * ratio, this.gapFall)) +
      3 -
      this.settled;
    return Math.min(budget, 2 * Math.ceil(left));
  }

  /** λ, its error and the settled vector, once `rounds` said it is done. */
  result(): Decay {
    const { cur: v, log2, steps, ratio, delta, prevDelta, gap, prevGap } = this;
    if (this.dead)
      return {
        rate: { lambda: 0, error: 0, iterations: steps },
        v,
        log2,
        steps,
        ratio: 0,
        ratioError: 0,
        contamination: 0,
      };
    // Geometric convergence: the remaining error is about delta · q / (1 - q), q the shrink per round.
    const q = Number.isFinite(prevDelta) && prevDelta > 0 ? Math.min(delta / prevDelta, 0.999) : 0.999;
    const ratioError = Math.max(delta * (q / (1 - q)), 4 * EPS * ratio);
    // The local ratio's gap to λ² shrinks by (μ/λ)² a round; the start's value owes about gap / (1 - that).
    const shrink = Number.isFinite(prevGap) && prevGap > 0 ? Math.min(gap / prevGap, 0.999) : 0.999;
    const contamination = Math.min(1, gap / ratio / Math.max(1 - shrink, 1e-3));
    const lambda = Math.sqrt(ratio);
    return {
      rate: { lambda, error: ratioError / (2 * lambda), iterations: steps },
      v,
      log2,
      steps,
      ratio,
      ratioError,
      contamination,
    };
  }
}

/** A vector v·2^log2 kept apart from its scale so nothing underflows. */
export interface Scaled {
  /** The vector's mantissas. */
  v: Float64Array;
  /** The base-2 exponent of the scale. */
  log2: number;
}

/**
 * The nodes a squaring spends at the bit where `n` moves remain: its multiply-adds (m³ for the matrix product,
 * m² for the vector's) counted in moves of the DP, which cost edges + orbits each — so nodes stay comparable
 * work whichever method runs, and a far horizon's nodes do not stand for moves never made.
 */
function squaringNodes(r: Reduced, n: number): number {
  const m = r.m;
  const work = (n % 2 === 1 ? m * m : 0) + (n > 1 ? m * m * m : 0);
  return Math.max(1, Math.ceil(work / (r.target.length + r.m)));
}

/** The nodes bySquaring spends for `steps` moves, in all. */
export function squaringCost(r: Reduced, steps: number): number {
  let nodes = 0;
  for (let n = steps; n > 0; n = Math.floor(n / 2)) nodes += squaringNodes(r, n);
  return nodes;
}

/** R^steps · 1 by the scaled DP; the vector is v · 2^log2. */
export function* byDp(
  r: Reduced,
  steps: number,
  ctl: Control,
  say: LeftReport = () => undefined,
): Generator<void, Scaled, void> {
  let cur = new Float64Array(r.m).fill(1);
  let next = new Float64Array(r.m);
  let log2 = 0;
  for (let i = 0; i < steps;) {
    // As many moves as reach the drivers' next check, in a plain function (V8 optimizes it, not a generator's loop).
    const n = Math.min(steps - i, Math.max(1, ctl.checkAt - ctl.nodes));
    log2 += stepMany(r, cur, next, n);
    if (n % 2 === 1) {
      const t = cur;
      cur = next;
      next = t;
    }
    i += n;
    if (ctl.spend(n)) {
      say(steps - i);
      yield;
    }
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
export function* bySquaring(
  r: Reduced,
  steps: number,
  ctl: Control,
  say: LeftReport = () => undefined,
): Generator<void, Scaled, void> {
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
    if (ctl.spend(squaringNodes(r, n))) {
      say(squaringCost(r, Math.floor(n / 2)));
      yield;
    }
  }
  return { v, log2: vLog };
}
