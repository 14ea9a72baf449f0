// The random-walk engine's public face: survival probabilities of a leaper, float, exact, far horizons, simulated.
export { WALK_MAX_SIDE, squareOrbits, walkGraph, type Orbits, type WalkGraph } from './graph.js';
export { FLOAT_MAX_STEPS, distribution, distributionWithLog, survival, survivalMap } from './float.js';
export { EXACT_MAX_WORK, exactCounts, exactSurvival, exactSurvivalMap, fractionText, reduceFraction, type Fraction } from './exact.js';
export { HORIZON_MAX_STEPS, MAP_MAX_WORK, decayRate, survivalAtHorizon, survivalMapAtHorizon, type HorizonResult } from './horizon.js';
export { SIMULATE_MAX_WORK, simulate, simulateAsync, type Simulation } from './simulate.js';
export { wilson } from '../core/stats.js';
