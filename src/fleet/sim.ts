// Simulation: the hunting AI against uniform random layouts, and the distribution of shots it needs.
import { GridbitsError } from '../core/error.js';
import { createRng, type Rng } from '../core/prng.js';
import { Job, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { createHunter, type Hunter, type HunterOptions } from './ai.js';
import { FleetGame } from './game.js';
import { drawLayout } from './uniform.js';
import { checkOptions, checkProblem, checkWhole, RUN_KEYS, shown } from './args.js';

/** The most game seeds one call lists. */
const MAX_GAMES = 100_000_000;
import type { FleetLayout, FleetProblem } from './problem.js';

/** What to simulate: how many games, from which seed, with which hunter, against which layouts. */
export interface SimOptions {
  /** Games to play (a whole number ≥ 1). */
  games: number;
  /** The run's seed: game g's seed is the g-th number its generator draws (see gameSeeds). */
  seed: number;
  /** The hunter's strategy and samples (default: createHunter's). */
  hunter?: HunterOptions;
  /** Where the hidden layouts come from: a uniform sampler of the problem. */
  layouts: (rng: Rng) => FleetLayout;
}

/** The distribution of shots over a set of games. */
export interface ShotStats {
  /** Games played. */
  games: number;
  /** Mean shots per game (0 with no games). */
  mean: number;
  /** Median shots per game (the mean of the middle two for an even number of games; 0 with no games). */
  median: number;
  /** Fewest shots in a game (0 with no games). */
  min: number;
  /** Most shots in a game (0 with no games). */
  max: number;
  /** Games per number of shots. */
  histogram: Record<string, number>;
}

/** A simulation's answer: the shot statistics, the seed, the games asked for and each game's shots. */
export interface SimResult extends ShotStats {
  /** The run's seed. */
  seed: number;
  /** The games asked for; `games` is fewer in the partial result of a stopped run. */
  requested: number;
  /** The hunter's strategy. */
  strategy: string;
  /** Shots of each game, in order. */
  shots: number[];
}

/**
 * The options of a simulation checked where it is made (the number of games, the seed, the hunter's): the hunter
 * they ask for.
 */
export function checkSimOptions(problem: FleetProblem, options: Omit<SimOptions, 'layouts'>): Hunter {
  if (typeof options !== 'object' || options === null)
    throw new GridbitsError('BAD_ARGUMENT', `options must be { games, seed, … }, got ${shown(options)}`);
  checkOptions(options, ['games', 'seed', 'hunter', 'layouts', ...RUN_KEYS]);
  const { games, seed } = options;
  if (!Number.isSafeInteger(games) || games < 1)
    throw new GridbitsError('BAD_ARGUMENT', `options.games must be a whole number ≥ 1, got ${shown(games)}`);
  if (!Number.isSafeInteger(seed))
    throw new GridbitsError('BAD_ARGUMENT', `options.seed must be a whole number, got ${shown(seed)}`);
  return createHunter(problem, options.hunter);
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

/** The statistics of a list of shot counts, one per game. */
export function shotStats(shots: readonly number[]): ShotStats {
  if (!Array.isArray(shots) || !shots.every((s) => Number.isSafeInteger(s) && s >= 0))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `shots must be a list of whole numbers of shots, one per game, got ${shown(shots)}`,
    );
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

/**
 * The first `games` games' seeds: the numbers the run seed's generator draws, in order, so game g is the same
 * whichever games run beside it (simulate draws them the same way, one per game as it plays).
 */
export function gameSeeds(seed: number, games: number): number[] {
  checkWhole(seed, 'seed', Number.MIN_SAFE_INTEGER);
  checkWhole(games, 'games', 0, MAX_GAMES);
  const rng = createRng(seed);
  return Array.from({ length: games }, () => rng.nextU32());
}

/**
 * The job playing `games` games (each: a uniform layout, then the hunter until every ship is sunk), drawing
 * each game's seed as it comes to it. Its nodes are the games played; a run stopped by its limits has the
 * games played so far as its partial (the first games of an unhurried run, exactly).
 *
 * @example
 * ```ts
 * import { fleetProblem, isTooLarge, simulateSync, uniformLayoutSourceSync } from 'gridbits/fleet';
 * const problem = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
 * const source = uniformLayoutSourceSync(problem);
 * if (source.finished && !isTooLarge(source.value)) {
 *   const outcome = simulateSync(problem, { games: 100, seed: 1, layouts: source.value, timeoutMs: 10_000 });
 *   const result = outcome.finished ? outcome.value : outcome.partial;
 *   console.log(result?.games, result?.mean);
 * }
 * ```
 */
export function simulateJob(problem: FleetProblem, options: SimOptions): Job<SimResult, SimResult> {
  checkProblem(problem);
  const hunter = checkSimOptions(problem, options);
  if (typeof options.layouts !== 'function')
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `options.layouts must be a source of layouts (uniformLayoutSource), got ${shown(options.layouts)}`,
    );
  const { games, seed } = options;
  const result = (shots: number[]): SimResult => ({
    ...shotStats(shots),
    seed,
    requested: games,
    strategy: hunter.strategy,
    shots,
  });
  return new Job(
    function* (ctl) {
      const shots: number[] = [];
      ctl.partial = () => result(shots.slice());
      const seeds = createRng(seed);
      ctl.report({ share: 0, done: 0, unit: 'games' });
      const limit = problem.width * problem.height;
      for (let g = 0; g < games; g++) {
        const rng = createRng(seeds.nextU32());
        const game = new FleetGame(problem, yield* drawLayout(options.layouts, rng, ctl));
        // A pause after every shot: a shot costs thousands of times a proposal or a state, so the pace the
        // drivers learnt from the set-up would let whole games run between two pauses.
        while (!game.over) {
          if (game.shots >= limit) throw new Error('hunter: shot every cell without sinking the fleet');
          game.shoot(hunter.choose(game.knowledge, rng));
          yield;
        }
        shots.push(game.shots);
        ctl.spend();
        ctl.report({ share: (g + 1) / games, done: g + 1, unit: 'games' });
      }
      return result(shots);
    },
    { unit: 'games' },
  );
}

/** simulateJob run to its end or its limits, giving the event loop a turn as it goes (Ctrl-C, progress). */
export function simulate(
  problem: FleetProblem,
  options: SimOptions & RunOptions,
): Promise<Outcome<SimResult, SimResult>> {
  return simulateJob(problem, options).run(options);
}

/** simulateJob run to its end or its limits on this thread. */
export function simulateSync(problem: FleetProblem, options: SimOptions & RunOptions): Outcome<SimResult, SimResult> {
  return simulateJob(problem, options).runSync(options);
}
