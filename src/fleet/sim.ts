// Simulation: the hunting AI against uniform random layouts, and the distribution of shots it needs.
import { GridbitsError } from '../core/error.js';
import { createRng, type Rng } from '../core/prng.js';
import { checkAborted, runLimits, yieldToEventLoop, type RunOptions } from '../core/run.js';
import { createHunter, type Hunter, type HunterOptions } from './ai.js';
import { FleetGame } from './game.js';
import type { FleetLayout, FleetProblem } from './problem.js';

export interface SimOptions extends RunOptions {
  games: number;
  seed: number;
  hunter?: HunterOptions;
  /** Where the hidden layouts come from: a uniform sampler of the problem. */
  layouts: (rng: Rng) => FleetLayout;
}

export interface ShotStats {
  games: number;
  mean: number;
  median: number;
  min: number;
  max: number;
  /** Games per number of shots. */
  histogram: Record<string, number>;
}

export interface SimResult extends ShotStats {
  seed: number;
  /** The games asked for; `games` is fewer when the time limit stopped the run ('time'). */
  requested: number;
  stopped?: 'time';
  strategy: string;
  /** Shots of each game, in order. */
  shots: number[];
}

/** Plays one game to the end; returns the number of shots. */
export function playOut(problem: FleetProblem, layout: FleetLayout, hunter: Hunter, rng: Rng): number {
  const game = new FleetGame(problem, layout);
  const limit = problem.width * problem.height;
  while (!game.over) {
    if (game.shots >= limit) throw new Error('hunter: shot every cell without sinking the fleet');
    game.shoot(hunter.choose(game.knowledge, rng));
  }
  return game.shots;
}

export function shotStats(shots: readonly number[]): ShotStats {
  const sorted = [...shots].sort((a, b) => a - b);
  const n = sorted.length;
  const histogram: Record<string, number> = {};
  for (const s of sorted) histogram[s] = (histogram[s] ?? 0) + 1;
  return {
    games: n,
    mean: n ? sorted.reduce((a, b) => a + b, 0) / n : 0,
    median: n ? (n % 2 ? sorted[n >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2) : 0,
    min: n ? sorted[0] : 0,
    max: n ? sorted[n - 1] : 0,
    histogram,
  };
}

/** Each game's seed: drawn from the run's seed, so game g is the same whichever games run beside it. */
export function gameSeeds(seed: number, games: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: games }, () => rng.nextU32());
}

/**
 * Plays `games` games (each: a uniform layout, then the hunter until every ship is sunk). With `timeoutMs`,
 * stops soon after the time is up and answers for the games played, with stopped: 'time'.
 */
export async function simulate(problem: FleetProblem, options: SimOptions): Promise<SimResult> {
  const { games, seed } = options;
  if (!Number.isSafeInteger(games) || games < 1) throw new GridbitsError('BAD_ARGUMENT', `the number of games must be a whole number ≥ 1, got ${games}`);
  const hunter = createHunter(problem, options.hunter);
  const shots: number[] = [];
  const seeds = gameSeeds(seed, games);
  const { deadline } = runLimits(options);
  let lastYield = Date.now();
  for (let g = 0; g < games; g++) {
    const rng = createRng(seeds[g]);
    shots.push(playOut(problem, options.layouts(rng), hunter, rng));
    if (Date.now() - lastYield > 50) {
      // Let Ctrl-C and the progress line in.
      await yieldToEventLoop();
      lastYield = Date.now();
      checkAborted(options.signal);
      // Out of time: the games played so far are the answer, said to be cut short.
      if (Date.now() > deadline && g + 1 < games) return { ...shotStats(shots), seed, requested: games, stopped: 'time', strategy: hunter.strategy, shots };
      options.onProgress?.({ done: g + 1, total: games, unit: 'games' });
    }
  }
  options.onProgress?.({ done: games, total: games, unit: 'games' });
  return { ...shotStats(shots), seed, requested: games, strategy: hunter.strategy, shots };
}
