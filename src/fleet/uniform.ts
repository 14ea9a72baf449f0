// Exactly uniform layouts the quickest way a problem allows: rejection while it accepts, else the exact counts.
import { GridbitsError } from '../core/error.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import { createRng, type Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import { checkOptions, checkProblem, checkRng, RUN_KEYS, shown } from './args.js';
import type { FleetLayout, FleetProblem } from './problem.js';
import { RejectionSampler } from './reject.js';
import { uniformSamplerJob } from './sample.js';
import { isTooLarge, type TooLarge } from './memory.js';
import { aside, asideSteps, chunk } from '../core/pace.js';
import { placementSteps } from './placements.js';

/** How uniformLayouts chooses between rejection and the exact counts. */
export interface UniformOptions {
  /**
   * Proposals one layout may take by rejection before the exact counts take over for it and every later one.
   * Default 2,000,000 (a second or two): the classic fleet on 10×10 needs ~4,000 on average, german ~1.4 M.
   */
  proposalBudget?: number;
}

/** Uniform layouts and how they were drawn. */
export interface UniformDraw {
  /** The layouts, each distinct layout exactly equally likely. */
  layouts: FleetLayout[];
  /** 'rejection' when every layout came from rejection, else 'counts' (the counting program's sampler). */
  method: 'rejection' | 'counts';
  /** The number of distinct layouts, known when the counts were built. */
  total?: bigint;
}

const DEFAULT_BUDGET = 2_000_000;
/** The most layouts one call draws (each is kept in memory: about 1 KB on 10×10). */
const MAX_LAYOUTS = 10_000_000;
/** Proposals between two looks at the job's limits. */
const SLICE = 1 << 12;

/**
 * The job drawing `count` independent layouts, each distinct layout exactly equally likely. Rejection (every
 * ship on an independent uniform placement, kept when they fit together) is exact and needs no set-up, so it
 * goes first; a layout it has not found within the budget comes from the exact counts instead, built once —
 * still exactly uniform, since the switch never depends on which layout rejection would have accepted. With
 * no layout at all the counts say so: `layouts` is empty and `total` is 0. Its nodes are the proposals and
 * the counting program's states; a stopped run has the layouts drawn so far as its partial. Where the counts
 * are needed but pass their memory cap, the answer is {@link TooLarge} (the rails and search methods of
 * placeFleet still place, without the uniform guarantee).
 *
 * @example
 * ```ts
 * import { createRng } from 'gridbits/core';
 * import { fleetProblem, isTooLarge, uniformLayoutsSync } from 'gridbits/fleet';
 * const outcome = uniformLayoutsSync(fleetProblem({ width: 10, height: 10, fleet: 'classic' }), createRng(7), 3);
 * if (outcome.finished && !isTooLarge(outcome.value)) console.log(outcome.value.layouts.length); // 3
 * ```
 */
export function uniformLayoutsJob(
  problem: FleetProblem,
  rng: Rng,
  count: number,
  options: UniformOptions = {},
): Job<UniformDraw | TooLarge, UniformDraw> {
  checkProblem(problem);
  checkRng(rng);
  if (!(Number.isSafeInteger(count) && count >= 0 && count <= MAX_LAYOUTS))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `count must be a whole number from 0 to ${MAX_LAYOUTS}, got ${shown(count)}`,
    );
  checkOptions(options, ['proposalBudget', ...RUN_KEYS]);
  const budget = options.proposalBudget ?? DEFAULT_BUDGET;
  if (!(Number.isSafeInteger(budget) && budget >= 1))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `options.proposalBudget must be a whole number ≥ 1, got ${String(options.proposalBudget)}`,
    );
  return new Job<UniformDraw | TooLarge, UniformDraw>(function* (ctl) {
    const layouts: FleetLayout[] = [];
    ctl.partial = () => ({ layouts: layouts.slice(), method: 'rejection' });
    ctl.report({ share: 0, done: 0, unit: 'layouts' });
    const rejection = new RejectionSampler(problem, [], yield* asideSteps(ctl, placementSteps(problem)));
    while (layouts.length < count) {
      let found: FleetLayout | null = null;
      // Slices end where the job wants its next pause: a slice of SLICE proposals takes several milliseconds before
      // the code is compiled.
      for (let spent = 0; found === null && spent < budget && !rejection.hopeless;) {
        const before = rejection.proposals;
        found = rejection.sample(rng, Math.min(chunk(ctl, SLICE), budget - spent));
        spent += rejection.proposals - before;
        if (ctl.spend(rejection.proposals - before)) yield;
      }
      if (found === null) break;
      layouts.push(found);
      ctl.report({ share: layouts.length / count, done: layouts.length });
    }
    if (layouts.length === count) return { layouts, method: 'rejection' };
    const counts = yield* uniformSamplerJob(problem).within(ctl);
    if (isTooLarge(counts)) return counts;
    if (counts.total === 0n) return { layouts: [], method: 'counts', total: 0n };
    layouts.push(...counts.sampleMany(rng, count - layouts.length));
    ctl.report({ share: 1, done: count });
    return { layouts, method: 'counts', total: counts.total };
  });
}

/** uniformLayoutsJob run to its end or its limits, giving the event loop a turn as it goes. */
export function uniformLayouts(
  problem: FleetProblem,
  rng: Rng,
  count: number,
  options: UniformOptions & RunOptions = {},
): Promise<Outcome<UniformDraw | TooLarge, UniformDraw>> {
  return uniformLayoutsJob(problem, rng, count, options).run(options);
}

/** uniformLayoutsJob run to its end or its limits on this thread. */
export function uniformLayoutsSync(
  problem: FleetProblem,
  rng: Rng,
  count: number,
  options: UniformOptions & RunOptions = {},
): Outcome<UniformDraw | TooLarge, UniformDraw> {
  return uniformLayoutsJob(problem, rng, count, options).runSync(options);
}

/** Trial proposals that decide between rejection and the exact counts. */
const TRIAL = 100_000;

/** Proposals of a paced draw between two looks at the clock (a few hundred microseconds). */
const DRAW_PART = 256;

/** A draw of one layout from a source, in parts under a job's pacing. */
type PacedDraw = <P>(rng: Rng, ctl: JobControl<P>) => Generator<void, FleetLayout, void>;

/**
 * The paced draws of the sources made here that draw by rejection: a layout takes about 4,000 proposals on the
 * classic fleet but now and then ten times as many (tens of milliseconds at once), so a job pauses inside the draw.
 */
const pacedSources = new WeakMap<(rng: Rng) => FleetLayout, PacedDraw>();

/**
 * One layout from `source` (as `source(rng)` gives it), drawn under the job's pacing where the source is one of
 * uniformLayoutSource's rejection samplers, else at once.
 */
export function* drawLayout<P>(
  source: (rng: Rng) => FleetLayout,
  rng: Rng,
  ctl: JobControl<P>,
): Generator<void, FleetLayout, void> {
  const paced = pacedSources.get(source);
  return paced ? yield* paced(rng, ctl) : source(rng);
}

/**
 * The job building a source of many independent uniform layouts (one per simulated game, each from its own
 * seed), the method chosen once: rejection when a trial shows it accepts often enough (touching fleets; the
 * classic fleet takes ~4,000 proposals a layout), else the exact counts, built once (a set-up pass that can
 * take a while on 10×10, then thousands of layouts a second; {@link TooLarge} past their memory cap). Throws
 * BAD_INPUT when no layout exists.
 */
export function uniformLayoutSourceJob(problem: FleetProblem): Job<((rng: Rng) => FleetLayout) | TooLarge> {
  checkProblem(problem);
  return new Job<((rng: Rng) => FleetLayout) | TooLarge>(function* (ctl) {
    const rejection = new RejectionSampler(problem, [], yield* asideSteps(ctl, placementSteps(problem)));
    const trial = createRng(0x5eed);
    let accepted = 0;
    for (let i = 0; i < TRIAL && !rejection.hopeless; i++) {
      if (rejection.propose(trial)) accepted++;
      if (ctl.spend()) yield;
    }
    // Three acceptances in the trial: a layout takes some tens of thousands of proposals at most, on average.
    if (accepted >= 3) {
      const source = (rng: Rng): FleetLayout => rejection.sample(rng, Infinity)!;
      // The same draw (the same proposals from the same numbers) in parts, for a job that pauses while it draws.
      pacedSources.set(source, function* (rng, ctl) {
        let found: FleetLayout | null = null;
        yield* aside(ctl, () => (found = rejection.sample(rng, DRAW_PART)) !== null);
        return found!;
      });
      return source;
    }
    const sampler = yield* uniformSamplerJob(problem).within(ctl);
    if (isTooLarge(sampler)) return sampler;
    if (sampler.total === 0n) throw new GridbitsError('BAD_INPUT', 'no layout of this fleet fits the field');
    return (rng: Rng) => sampler.sample(rng);
  });
}

/** uniformLayoutSourceJob run to its end or its limits, giving the event loop a turn as it goes. */
export function uniformLayoutSource(
  problem: FleetProblem,
  options: RunOptions = {},
): Promise<Outcome<((rng: Rng) => FleetLayout) | TooLarge>> {
  checkOptions(options, RUN_KEYS);
  return uniformLayoutSourceJob(problem).run(options);
}

/** uniformLayoutSourceJob run to its end or its limits on this thread. */
export function uniformLayoutSourceSync(
  problem: FleetProblem,
  options: RunOptions = {},
): Outcome<((rng: Rng) => FleetLayout) | TooLarge> {
  checkOptions(options, RUN_KEYS);
  return uniformLayoutSourceJob(problem).runSync(options);
}
