// Monte-Carlo estimate of the survival probability: seeded random walks and a Wilson 95% interval.
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import { checkSquare, checkSteps, type WalkGraph } from './graph.js';

/** Walks × steps above this are refused (about a few seconds of work). */
export const SIMULATE_MAX_WORK = 1_000_000_000;

export interface Simulation {
  trials: number;
  survived: number;
  estimate: number;
  /** The Wilson score interval at 95%. */
  low: number;
  high: number;
}

const Z95 = 1.959963984540054;

/** The Wilson score interval for `survived` successes in `trials` at normal quantile z. */
export function wilson(survived: number, trials: number, z = Z95): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = survived / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function simulate(g: WalkGraph, from: number, steps: number, trials: number, rng: Rng): Simulation {
  checkSquare(g.board, from);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  if (!Number.isSafeInteger(trials) || trials < 1) throw new GridbitsError('BAD_ARGUMENT', `walk: the number of simulated walks must be a whole number ≥ 1, got ${trials}`);
  if (trials * steps > SIMULATE_MAX_WORK) {
    throw new GridbitsError('LIMIT', `walk: walks × steps = ${trials * steps} is over the simulation limit of ${SIMULATE_MAX_WORK}`);
  }
  const { jump, k } = g;
  let survived = 0;
  for (let t = 0; t < trials; t++) {
    let s = from;
    for (let i = 0; i < steps && s >= 0; i++) s = jump[s * k + rng.below(k)];
    if (s >= 0) survived++;
  }
  return { trials, survived, estimate: survived / trials, ...wilson(survived, trials) };
}
