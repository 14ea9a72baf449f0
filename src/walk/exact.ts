// Exact survival probabilities: BigInt counts of the move sequences that stay on the board, over k^N,
// reduced to lowest terms. Counts pass 2^53 after a few moves, hence BigInt (off the float hot path).
import { GridbitsError } from '../core/error.js';
import { checkSquare, checkSteps, squareOrbits, type WalkGraph } from './graph.js';

/** The exact mode stops at squares × steps = 12 800 (8×8 with N = 200); the float mode goes further. */
export const EXACT_MAX_WORK = 64 * 200;

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function reduceFraction(numerator: bigint, denominator: bigint): Fraction {
  const d = gcd(numerator, denominator);
  return d === 0n ? { numerator, denominator } : { numerator: numerator / d, denominator: denominator / d };
}

export function fractionText(f: Fraction): string {
  return `${f.numerator}/${f.denominator}`;
}

function checkExact(g: WalkGraph, steps: number): void {
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  const work = g.board.cells * steps;
  if (work > EXACT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: exact fractions go up to squares × steps = ${EXACT_MAX_WORK} (8x8 with 200 steps); ${g.board} with ${steps} steps is ${work}: drop --exact for the float mode`,
    );
  }
}

/**
 * The number of the k^steps move sequences from every square that stay on the board; the probability
 * from s is counts[s] / k^steps. Counted on the orbits of the board symmetries (10 instead of 64 on 8×8):
 * squares of one orbit have equal counts, so BigInt work shrinks by the number of symmetries.
 */
export function exactCounts(g: WalkGraph, steps: number): { counts: bigint[]; total: bigint } {
  checkExact(g, steps);
  const { orbit, reps } = squareOrbits(g);
  const m = reps.length;
  const targets: number[][] = [];
  for (let o = 0; o < m; o++) {
    const s = reps[o];
    const ts: number[] = [];
    for (let i = g.start[s]; i < g.start[s + 1]; i++) ts.push(orbit[g.targets[i]]);
    targets.push(ts);
  }
  let cur: bigint[] = new Array<bigint>(m).fill(1n);
  for (let step = 0; step < steps; step++) {
    const next: bigint[] = new Array<bigint>(m);
    for (let o = 0; o < m; o++) {
      let sum = 0n;
      for (const t of targets[o]) sum += cur[t];
      next[o] = sum;
    }
    cur = next;
  }
  const counts: bigint[] = new Array<bigint>(g.board.cells);
  for (let s = 0; s < g.board.cells; s++) counts[s] = cur[orbit[s]];
  return { counts, total: BigInt(g.k) ** BigInt(steps) };
}

/** The exact survival probability from every square, each in lowest terms. */
export function exactSurvivalMap(g: WalkGraph, steps: number): Fraction[] {
  const { counts, total } = exactCounts(g, steps);
  return counts.map((c) => reduceFraction(c, total));
}

export function exactSurvival(g: WalkGraph, from: number, steps: number): Fraction {
  checkSquare(g.board, from);
  return exactSurvivalMap(g, steps)[from];
}
