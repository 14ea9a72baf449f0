// Monte-Carlo estimate of the survival probability: seeded random walks and a Wilson 95% interval.
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import { wilson } from '../core/stats.js';
import { checkAborted, yieldToEventLoop, type RunOptions } from '../core/run.js';
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

function checkSimulation(g: WalkGraph, from: number, steps: number, trials: number): void {
  checkSquare(g.board, from);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  if (!Number.isSafeInteger(trials) || trials < 1) throw new GridbitsError('BAD_ARGUMENT', `walk: the number of simulated walks must be a whole number ≥ 1, got ${trials}`);
  if (trials * steps > SIMULATE_MAX_WORK) {
    throw new GridbitsError('LIMIT', `walk: walks × steps = ${trials * steps} is over the simulation limit of ${SIMULATE_MAX_WORK}`);
  }
}

/** Walks `trials` random walks and counts those still on the board; returns the survivors. */
function walks(g: WalkGraph, from: number, steps: number, trials: number, rng: Rng): number {
  const { jump, k } = g;
  let survived = 0;
  for (let t = 0; t < trials; t++) {
    let s = from;
    for (let i = 0; i < steps && s >= 0; i++) s = jump[s * k + rng.below(k)];
    if (s >= 0) survived++;
  }
  return survived;
}

function result(trials: number, survived: number): Simulation {
  return { trials, survived, estimate: survived / trials, ...wilson(survived, trials) };
}

export function simulate(g: WalkGraph, from: number, steps: number, trials: number, rng: Rng): Simulation {
  checkSimulation(g, from, steps, trials);
  return result(trials, walks(g, from, steps, trials, rng));
}

/**
 * The same simulation in slices of about a million moves, yielding to the event loop between them so a
 * caller can cancel (signal) and show progress (in walks); the same seed gives the same answer as simulate.
 */
export async function simulateAsync(g: WalkGraph, from: number, steps: number, trials: number, rng: Rng, options: RunOptions = {}): Promise<Simulation> {
  checkSimulation(g, from, steps, trials);
  const slice = Math.max(1, Math.floor(1_000_000 / Math.max(1, steps)));
  let survived = 0;
  for (let done = 0; done < trials; ) {
    checkAborted(options.signal);
    const n = Math.min(slice, trials - done);
    survived += walks(g, from, steps, n, rng);
    done += n;
    options.onProgress?.({ done, total: trials, unit: 'walks' });
    if (done < trials) await yieldToEventLoop();
  }
  return result(trials, survived);
}
