// The fleet engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import { isPlainObject, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { Job } from '../core/job.js';
import { createRng } from '../core/prng.js';
import type { JobRegistry } from '../core/job.js';
import type { HunterOptions } from './ai.js';
import { cellCountsJob, type CellCounts } from './cells.js';
import { countLayoutsJob, type FleetCountOptions } from './count.js';
import { countLayoutShardJob, type ShardedLayoutCount } from './count-shards.js';
import { fleetProblem, type FleetSpec } from './fleets.js';
import type { Knowledge } from './game.js';
import { heatMapJob, type HeatMap, type HeatOptions } from './heat.js';
import { placeFleetJob, placeLayoutsJob, type PlacedLayouts, type PlaceMethod, type PlaceResult } from './place.js';
import type { FleetLayout } from './problem.js';
import { uniformSamplerJob } from './sample.js';
import { checkSimOptions, simulateJob, type SimResult } from './sim.js';
import { isTooLarge, type TooLarge } from './memory.js';
import { uniformLayoutSourceJob, uniformLayoutsJob, type UniformDraw, type UniformOptions } from './uniform.js';

/** Layouts drawn between two pauses by the sample job (64 take a few milliseconds on 10×10). */
const SAMPLE_BATCH = 64;

/** A number of layouts or games: a whole number ≥ 0 (≥ 1 with `least`), checked where the job is made. */
function checkCount(n: number, what: string, least = 0): void {
  if (!(Number.isSafeInteger(n) && n >= least))
    throw new GridbitsError('BAD_ARGUMENT', `${what} must be a whole number ≥ ${least}, got ${String(n)}`);
}

/*
 * The fleet's jobs: each takes the problem as a FleetSpec (board, fleet, ships, touch rule, masks) and seeds
 * as numbers, and answers with plain data (layouts as kinds and square indices, counts as bigints).
 */
const table = {
  /** A layout or a proof that none exists, by 'search' (default) or the Sea Battle article's shuffled 'rails'. */
  place: (spec: FleetSpec, options: { method?: PlaceMethod; seed?: number } = {}): Job<PlaceResult> => {
    if (!isPlainObject(options)) refuse('options', 'an object of options { method?, seed? }', options);
    return placeFleetJob(fleetProblem(spec), {
      method: options.method,
      ...(options.seed === undefined ? {} : { rng: createRng(options.seed) }),
    });
  },
  /**
   * `samples` layouts by 'search' (default) or 'rails', one after another from one seed, each search within limits
   * of its own (`maxNodes`, `timeoutMs`); a stopped run's partial holds the layouts found.
   */
  layouts: (
    spec: FleetSpec,
    options: { method?: PlaceMethod; seed?: number; samples: number; maxNodes?: number; timeoutMs?: number },
  ): Job<PlacedLayouts, PlacedLayouts> => {
    if (!isPlainObject(options)) refuse('options', 'an object of options with samples', options);
    const { seed, samples, ...rest } = options;
    return placeLayoutsJob(fleetProblem(spec), samples, {
      ...rest,
      ...(seed === undefined ? {} : { rng: createRng(seed) }),
    });
  },
  /** The exact number of layouts. */
  count: (spec: FleetSpec, options: FleetCountOptions = {}): Job<bigint | TooLarge> =>
    countLayoutsJob(fleetProblem(spec), options),
  /** One shard of a count split by `shardLayoutCount` (`countLayoutShardJob`): its part of the total. */
  countShard: (sharded: ShardedLayoutCount, index: number) => countLayoutShardJob(sharded, index),
  /**
   * `count` exactly uniform layouts from the counting program's sampler, drawn in batches of SAMPLE_BATCH (a pause
   * between two); a stopped run's partial holds the layouts drawn.
   */
  sample: (spec: FleetSpec, seed: number, count: number): Job<FleetLayout[] | TooLarge, FleetLayout[]> => {
    const rng = createRng(seed);
    checkCount(count, 'count');
    const sampler = uniformSamplerJob(fleetProblem(spec));
    return new Job<FleetLayout[] | TooLarge, FleetLayout[]>(
      function* (ctl) {
        const s = yield* sampler.within(ctl);
        if (isTooLarge(s)) return s;
        if (s.total === 0n) return [];
        const layouts: FleetLayout[] = [];
        ctl.partial = () => layouts.slice();
        while (layouts.length < count) {
          layouts.push(...s.sampleMany(rng, Math.min(SAMPLE_BATCH, count - layouts.length)));
          ctl.report({ share: layouts.length / count, done: layouts.length, unit: 'layouts' });
          yield;
        }
        return layouts;
      },
      { unit: 'states' },
    );
  },
  /** The layouts covering each cell, and the total. */
  cells: (spec: FleetSpec): Job<CellCounts | TooLarge> => cellCountsJob(fleetProblem(spec)),
  /** The heat map given the shots so far. */
  heat: (spec: FleetSpec, knowledge: Knowledge, options: HeatOptions = {}): Job<HeatMap | TooLarge, HeatMap> =>
    heatMapJob(fleetProblem(spec), knowledge, options),
  /** `count` exactly uniform layouts, by rejection where it accepts, else the exact counts. */
  uniform: (
    spec: FleetSpec,
    seed: number,
    count: number,
    options: UniformOptions = {},
  ): Job<UniformDraw | TooLarge, UniformDraw> => uniformLayoutsJob(fleetProblem(spec), createRng(seed), count, options),
  /** The hunter against `games` uniform layouts; a stopped run's partial holds the games played. */
  sim: (
    spec: FleetSpec,
    options: { games: number; seed: number; hunter?: HunterOptions },
  ): Job<SimResult | TooLarge, SimResult> => {
    const problem = fleetProblem(spec);
    checkSimOptions(problem, options);
    const source = uniformLayoutSourceJob(problem);
    // Its nodes: the source's trial proposals (or the counts' states), then the games; progress in games.
    return new Job<SimResult | TooLarge, SimResult>(
      function* (ctl) {
        const layouts = yield* source.within(ctl);
        if (isTooLarge(layouts)) return layouts;
        return yield* simulateJob(problem, { ...options, layouts }).within(ctl);
      },
      { unit: 'nodes' },
    );
  },
};

/** The fleet's jobs by name. */
export const jobs = table satisfies JobRegistry;
