// The random-walk engine's public face (`gridbits/walk`): survival probabilities of a leaper, float, exact, far
// horizons, simulated.
/**
 * Random walks of a leaper on a board: each move one of its leaps, chosen uniformly, and a walk ends when it
 * leaves the board. From the walk {@link graph}, the chance of staying on for N moves: in floating point
 * ({@link survival}, {@link survivalMap}), exactly as fractions ({@link exactSurvival}), at far horizons with the
 * decay rate ({@link survivalAtHorizon}, {@link decayRate}), or estimated from simulated walks ({@link simulateWalks}).
 * @module walk
 */
export { GRAPH_MAX_SIDE, graph, squareOrbits, type Graph, type Orbits } from './graph.js';
export {
  FLOAT_MAX_STEPS,
  FLOAT_MAX_WORK,
  distribution,
  distributionJob,
  distributionSync,
  survival,
  survivalJob,
  survivalMap,
  survivalMapJob,
  survivalMapSync,
  survivalSync,
  type Distribution,
  type DistributionPartial,
} from './float.js';
export {
  EXACT_MAX_WORK,
  exactCounts,
  exactCountsJob,
  exactCountsSync,
  exactSurvival,
  exactSurvivalJob,
  exactSurvivalMap,
  exactSurvivalMapJob,
  exactSurvivalMapSync,
  exactSurvivalSync,
  exactWork,
  fractionText,
  reduceFraction,
  type Counts,
  type Fraction,
} from './exact.js';
export {
  HORIZON_MAX_STEPS,
  HORIZON_METHODS,
  MAP_MAX_WORK,
  decayRate,
  decayRateJob,
  decayRateSync,
  mapWithin,
  survivalAtHorizon,
  survivalAtHorizonJob,
  survivalAtHorizonSync,
  survivalMapAtHorizon,
  survivalMapAtHorizonJob,
  survivalMapAtHorizonSync,
  type DecayRate,
  type HorizonMethod,
  type HorizonOptions,
  type HorizonResult,
  type SurvivalMap,
} from './horizon.js';
export {
  SIMULATE_MAX_WORK,
  WALK_MAX_MOVES,
  randomWalk,
  simulateWalks,
  simulateWalksJob,
  simulateWalksSync,
  type RandomWalk,
  type Simulation,
} from './simulate.js';
export type { WalkFromTask, WalkTask } from './jobs.js';
