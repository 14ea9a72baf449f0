// Exact survival probabilities: counts of the move sequences that stay on the board, over k^N, in lowest terms.
// The DP adds multi-word integers kept in one Uint32Array (no BigInt in the loop); BigInt only at the end.
import { GridbitsError } from '../core/error.js';
import { Job, job, type Outcome } from '../core/job.js';
import { shareOf, type RunOptions } from '../core/run.js';
import { refuse } from '../core/check.js';
import { checkGraph, checkSquare, checkSteps, squareOrbits, type Graph } from './graph.js';

/**
 * The exact mode's limit on squares × steps × words (the 32-bit words of the largest count, steps·log2(k)/32):
 * about a minute on a 2-core machine (100×100 knight, 2,000 steps), measured in bench/results/walk.md.
 */
export const EXACT_MAX_WORK = 8_000_000_000;

/** A fraction of two BigInts; the exact calls give it in lowest terms with a positive denominator. */
export interface Fraction {
  /** The numerator (≥ 0 for probabilities). */
  numerator: bigint;
  /** The denominator (> 0). */
  denominator: bigint;
}

/** The counts behind the exact probabilities: the probability from square s is counts[s] / total. */
export interface Counts {
  /** counts[s]: how many of the k^steps move sequences from s stay on the board. */
  counts: bigint[];
  /** k^steps, the number of move sequences. */
  total: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** The fraction numerator/denominator in lowest terms. */
export function reduceFraction(numerator: bigint, denominator: bigint): Fraction {
  if (typeof numerator !== 'bigint') refuse('numerator', 'a bigint', numerator);
  if (typeof denominator !== 'bigint' || denominator === 0n)
    refuse('denominator', 'a bigint other than 0n', denominator);
  const d = gcd(numerator, denominator);
  return d === 0n ? { numerator, denominator } : { numerator: numerator / d, denominator: denominator / d };
}

/** The fraction as text, `numerator/denominator` (e.g. `1/16`). */
export function fractionText(f: Fraction): string {
  if (typeof f !== 'object' || f === null || typeof f.numerator !== 'bigint' || typeof f.denominator !== 'bigint') {
    refuse('fraction', 'a fraction { numerator, denominator } of bigints', f);
  }
  return `${f.numerator}/${f.denominator}`;
}

/** The 32-bit words of the largest count after `steps` moves of a k-move piece (k^steps < 2^(32·words)). */
function wordsFor(k: number, steps: number): number {
  return Math.floor((steps * Math.log2(Math.max(k, 1))) / 32) + 2;
}

/** The exact mode's cost, in the units of EXACT_MAX_WORK: squares × steps × words of the largest count. */
export function exactWork(g: Graph, steps: number): number {
  checkGraph(g);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  return g.board.cells * steps * wordsFor(g.k, steps);
}

function checkExact(g: Graph, steps: number): void {
  checkGraph(g);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  const work = exactWork(g, steps);
  if (work > EXACT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: exact fractions go up to squares × steps × words of the count = ${EXACT_MAX_WORK}; ${g.board} with ${steps} steps is ${work}: the float survival (survivalAtHorizon) goes further`,
    );
  }
}

/**
 * The counts of the k^steps move sequences from every square that stay on the board, as a job (progress in
 * word additions, which grow with the counts, so it advances evenly with the time). Counted on the orbits of the
 * board symmetries: squares of one orbit have equal counts. Throws LIMIT past EXACT_MAX_WORK.
 */
export function exactCountsJob(g: Graph, steps: number): Job<Counts> {
  checkExact(g, steps);
  return job(
    function* (ctl) {
      const { orbit, reps } = squareOrbits(g);
      // The orbits are set-up of their own (a few milliseconds on 100×100): a pause before the tables.
      yield;
      const m = reps.length;
      // Orbit o's targets, as offsets of their rows in the word array: start[o] .. start[o + 1].
      const start = new Int32Array(m + 1);
      const rows: number[] = [];
      for (let o = 0; o < m; o++) {
        const s = reps[o];
        for (let i = g.start[s]; i < g.start[s + 1]; i++) rows.push(orbit[g.targets[i]]);
        start[o + 1] = rows.length;
      }
      const W = wordsFor(g.k, steps);
      const lb = Math.log2(Math.max(g.k, 1));
      const wordsAt = (n: number): number => Math.min(W, Math.floor((n * lb) / 32) + 2);
      let total = 0;
      for (let n = 1; n <= steps; n++) total += wordsAt(n);
      const target = Int32Array.from(rows, (t) => t * W);
      let cur = new Uint32Array(m * W);
      let next = new Uint32Array(m * W);
      const acc = new Float64Array(W);
      for (let o = 0; o < m; o++) cur[o * W] = 1;
      let done = 0;
      ctl.report({ share: 0, done: 0, unit: 'additions' });
      for (let n = 1; n <= steps; n++) {
        // Counts after n moves are below k^n: the words past `len` stay 0.
        const len = wordsAt(n);
        for (let o = 0; o < m; o++) {
          addRows(cur, next, acc, target, start[o], start[o + 1], o * W, len);
          if (ctl.spend(len)) {
            ctl.report({ share: shareOf(done + (o + 1) * len, total * m), done: done + (o + 1) * len });
            yield;
          }
        }
        done += m * len;
        ctl.report({ share: shareOf(done, total * m), done });
        [cur, next] = [next, cur];
      }
      const byOrbit = new Array<bigint>(m);
      // Long counts take a while to become BigInts: a pause every 64 of them.
      for (let o = 0; o < m; o++) {
        byOrbit[o] = wordsToBigInt(cur, o * W, W);
        if ((o & 63) === 63) yield;
      }
      const counts = new Array<bigint>(g.board.cells);
      for (let s = 0; s < g.board.cells; s++) counts[s] = byOrbit[orbit[s]];
      return { counts, total: BigInt(g.k) ** BigInt(steps) };
    },
    { unit: 'additions' },
  );
}

/**
 * next[out ..] = Σ cur[row ..] over the rows target[a .. e), `len` words: row by row into doubles (a sum of up
 * to 2^21 words of 32 bits stays exact), then one carry pass. A plain function, not inline in the job's
 * generator: V8 optimizes a long loop inside a generator poorly (no on-stack replacement there).
 */
function addRows(
  cur: Uint32Array,
  next: Uint32Array,
  acc: Float64Array,
  target: Int32Array,
  a: number,
  e: number,
  out: number,
  len: number,
): void {
  acc.fill(0, 0, len);
  for (let j = a; j < e; j++) {
    const row = target[j];
    for (let i = 0; i < len; i++) acc[i] += cur[row + i];
  }
  let carry = 0;
  for (let i = 0; i < len; i++) {
    const sum = acc[i] + carry;
    const low = sum >>> 0;
    next[out + i] = low;
    carry = (sum - low) / 4294967296;
  }
}

/** The little-endian words a[from .. from + n) as a BigInt, through one hex string. */
function wordsToBigInt(a: Uint32Array, from: number, n: number): bigint {
  let top = from + n - 1;
  while (top > from && a[top] === 0) top--;
  let hex = '0x' + a[top].toString(16);
  for (let i = top - 1; i >= from; i--) hex += a[i].toString(16).padStart(8, '0');
  return BigInt(hex);
}

/**
 * The exact survival probability from every square, each in lowest terms, as a job.
 * @example
 * ```ts
 * import { exactSurvivalMapSync, fractionText, graph } from 'gridbits/walk';
 * import { Board } from 'gridbits/core';
 * const out = exactSurvivalMapSync(graph(Board.of(3, 3), 'knight'), 2);
 * if (out.finished) console.log(fractionText(out.value[0])); // 1/16
 * ```
 */
export function exactSurvivalMapJob(g: Graph, steps: number): Job<Fraction[]> {
  const inner = exactCountsJob(g, steps);
  return job(
    function* (ctl) {
      const { counts } = yield* inner.within(ctl);
      return reduceAll(counts, g.k, steps);
    },
    { unit: 'additions' },
  );
}

/**
 * Each count over k^steps in lowest terms. The gcd with k^steps is a product of powers of k's primes, so
 * dividing out each prime as often as it goes (a shift for 2) is far cheaper than Euclid on long numbers.
 */
function reduceAll(counts: bigint[], k: number, steps: number): Fraction[] {
  const primes: [bigint, number][] = [];
  for (let p = 2, r = k; r > 1; p++) {
    let e = 0;
    for (; r % p === 0; r /= p) e++;
    if (e > 0) primes.push([BigInt(p), e * steps]);
  }
  const total = BigInt(k) ** BigInt(steps);
  const seen = new Map<bigint, Fraction>();
  return counts.map((c) => {
    let f = seen.get(c);
    if (f !== undefined) return f;
    if (c === 0n) f = { numerator: 0n, denominator: 1n };
    else {
      let numerator = c,
        denominator = total;
      for (const [p, most] of primes) {
        let v = 0;
        if (p === 2n) {
          v = Math.min(most, (numerator & -numerator).toString(2).length - 1);
          numerator >>= BigInt(v);
        } else {
          while (v < most && numerator % p === 0n) {
            numerator /= p;
            v++;
          }
        }
        denominator /= p ** BigInt(v);
      }
      f = { numerator, denominator };
    }
    seen.set(c, f);
    return f;
  });
}

/**
 * The exact survival probability from one square after `steps` moves, in lowest terms, as a job.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { exactSurvivalSync, fractionText, graph } from 'gridbits/walk';
 * const out = exactSurvivalSync(graph(Board.of(8, 8), 'knight'), 0, 10);
 * if (out.finished) console.log(fractionText(out.value)); // 4669663/268435456
 * ```
 */
export function exactSurvivalJob(g: Graph, from: number, steps: number): Job<Fraction> {
  const inner = exactCountsJob(g, steps);
  checkSquare(g.board, from);
  return job(
    function* (ctl) {
      const { counts } = yield* inner.within(ctl);
      return reduceAll([counts[from]], g.k, steps)[0];
    },
    { unit: 'additions' },
  );
}

/** exactCountsJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function exactCounts(g: Graph, steps: number, options: RunOptions = {}): Promise<Outcome<Counts>> {
  return exactCountsJob(g, steps).run(options);
}

/** exactCountsJob run to its end or a limit in one go. */
export function exactCountsSync(g: Graph, steps: number, options: RunOptions = {}): Outcome<Counts> {
  return exactCountsJob(g, steps).runSync(options);
}

/** exactSurvivalMapJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function exactSurvivalMap(g: Graph, steps: number, options: RunOptions = {}): Promise<Outcome<Fraction[]>> {
  return exactSurvivalMapJob(g, steps).run(options);
}

/** exactSurvivalMapJob run to its end or a limit in one go. */
export function exactSurvivalMapSync(g: Graph, steps: number, options: RunOptions = {}): Outcome<Fraction[]> {
  return exactSurvivalMapJob(g, steps).runSync(options);
}

/** exactSurvivalJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function exactSurvival(
  g: Graph,
  from: number,
  steps: number,
  options: RunOptions = {},
): Promise<Outcome<Fraction>> {
  return exactSurvivalJob(g, from, steps).run(options);
}

/** exactSurvivalJob run to its end or a limit in one go. */
export function exactSurvivalSync(g: Graph, from: number, steps: number, options: RunOptions = {}): Outcome<Fraction> {
  return exactSurvivalJob(g, from, steps).runSync(options);
}
