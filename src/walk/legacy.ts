// The walk engine's names as the package root exported them before 0.2 (deprecated): thin wrappers over 'gridbits/walk'.
import { finishedValue } from '../core/job.js';
import type { Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import { exactCountsSync, exactSurvivalMapSync, exactSurvivalSync, type Counts, type Fraction } from './exact.js';
import { GRAPH_MAX_SIDE, graph, type Graph } from './graph.js';
import {
  decayRateSync,
  survivalAtHorizonSync,
  survivalMapAtHorizonSync,
  type DecayRate,
  type HorizonMethod,
  type HorizonResult,
  type SurvivalMap,
} from './horizon.js';
import { simulate as simulateOutcome, simulateSync, type Simulation } from './simulate.js';

export { squareOrbits, type Orbits } from './graph.js';
export { FLOAT_MAX_STEPS, distribution, distributionWithLog, survival, survivalMap } from './float.js';
export { fractionText, reduceFraction, type Fraction } from './exact.js';
export { HORIZON_MAX_STEPS, MAP_MAX_WORK, type HorizonResult } from './horizon.js';
export { SIMULATE_MAX_WORK, type Simulation } from './simulate.js';
export { wilson } from '../core/stats.js';

/** @deprecated Use `GRAPH_MAX_SIDE` from 'gridbits/walk'. */
export const WALK_MAX_SIDE = GRAPH_MAX_SIDE;

/** @deprecated Use `Graph` from 'gridbits/walk'. */
export type WalkGraph = Graph;

/** @deprecated Use `graph` from 'gridbits/walk'. */
export function walkGraph(...args: Parameters<typeof graph>): Graph {
  return graph(...args);
}

/**
 * @deprecated The old bound of squares × steps; the exact mode now goes much further. Use `exactWork` and
 * `EXACT_MAX_WORK` from 'gridbits/walk' to ask whether a task is within it.
 */
export const EXACT_MAX_WORK = 64 * 200;

/** @deprecated Use `exactCountsSync` from 'gridbits/walk' (an outcome; this throws past the limit). */
export function exactCounts(g: Graph, steps: number): Counts {
  return finishedValue(exactCountsSync(g, steps));
}

/** @deprecated Use `exactSurvivalMapSync` from 'gridbits/walk' (an outcome). */
export function exactSurvivalMap(g: Graph, steps: number): Fraction[] {
  return finishedValue(exactSurvivalMapSync(g, steps));
}

/** @deprecated Use `exactSurvivalSync` from 'gridbits/walk' (an outcome). */
export function exactSurvival(g: Graph, from: number, steps: number): Fraction {
  return finishedValue(exactSurvivalSync(g, from, steps));
}

/** @deprecated Use `decayRateSync` from 'gridbits/walk' (an outcome). */
export function decayRate(g: Graph, from: number): DecayRate {
  return finishedValue(decayRateSync(g, from));
}

/** @deprecated Use `survivalAtHorizonSync` from 'gridbits/walk' (an outcome). */
export function survivalAtHorizon(
  g: Graph,
  from: number,
  steps: number,
  options: { method?: HorizonMethod } = {},
): HorizonResult {
  return finishedValue(survivalAtHorizonSync(g, from, steps, { method: options.method }));
}

/** @deprecated Use `survivalMapAtHorizonSync` from 'gridbits/walk' (an outcome). */
export function survivalMapAtHorizon(g: Graph, steps: number): SurvivalMap {
  return finishedValue(survivalMapAtHorizonSync(g, steps));
}

/** @deprecated Use `simulateSync` from 'gridbits/walk' (an outcome). */
export function simulate(g: Graph, from: number, steps: number, trials: number, rng: Rng): Simulation {
  return finishedValue(simulateSync(g, from, steps, trials, rng));
}

/**
 * @deprecated Use `simulate` from 'gridbits/walk' (an outcome: a signal stops it with the walks so far, where
 * this rejects with ABORTED).
 */
export async function simulateAsync(
  g: Graph,
  from: number,
  steps: number,
  trials: number,
  rng: Rng,
  options: RunOptions = {},
): Promise<Simulation> {
  return finishedValue(
    await simulateOutcome(g, from, steps, trials, rng, { signal: options.signal, onProgress: options.onProgress }),
  );
}
