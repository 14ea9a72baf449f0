// Exactly uniform layouts the quickest way a problem allows: rejection while it accepts, else the exact counts.
import { GridbitsError, isGridbitsError } from '../core/error.js';
import { createRng, type Rng } from '../core/prng.js';
import { checkAborted, yieldToEventLoop, type RunOptions } from '../core/run.js';
import type { FleetLayout, FleetProblem } from './problem.js';
import { RejectionSampler } from './reject.js';
import { createUniformSampler, type FleetSampler } from './sample.js';

export interface UniformOptions extends RunOptions {
  /**
   * Proposals one layout may take by rejection before the exact counts take over for it and every later one.
   * Default 2,000,000 (a second or two): the classic fleet on 10×10 needs ~4,000 on average, german ~1.4 M.
   */
  proposalBudget?: number;
}

export interface UniformDraw {
  layouts: FleetLayout[];
  /** 'rejection' when every layout came from rejection, else 'counts' (the counting program's sampler). */
  method: 'rejection' | 'counts';
  /** The number of distinct layouts, known when the counts were built. */
  total?: bigint;
}

const DEFAULT_BUDGET = 2_000_000;
/** Proposals between two looks at the signal and the event loop. */
const SLICE = 1 << 15;

/**
 * `count` independent layouts, each distinct layout exactly equally likely. Rejection (every ship on an
 * independent uniform placement, kept when they fit together) is exact and needs no set-up, so it goes first;
 * a layout it has not found within the budget comes from the exact counts instead, built once — still exactly
 * uniform, since the switch never depends on which layout rejection would have accepted. With no layout at
 * all the counts say so: `layouts` is empty and `total` is 0.
 */
export async function uniformLayouts(problem: FleetProblem, rng: Rng, count: number, options: UniformOptions = {}): Promise<UniformDraw> {
  const budget = options.proposalBudget ?? DEFAULT_BUDGET;
  const rejection = new RejectionSampler(problem);
  const layouts: FleetLayout[] = [];
  let counts: FleetSampler | null = null;
  while (layouts.length < count && counts === null) {
    let found: FleetLayout | null = null;
    for (let spent = 0; found === null && spent < budget && !rejection.hopeless; spent += SLICE) {
      found = rejection.sample(rng, Math.min(SLICE, budget - spent));
      if (found === null) {
        await yieldToEventLoop();
        checkAborted(options.signal);
      }
    }
    if (found !== null) {
      layouts.push(found);
      options.onProgress?.({ done: layouts.length, total: count, unit: 'layouts' });
      continue;
    }
    counts = await countsSampler(problem, options);
  }
  if (counts === null) return { layouts, method: 'rejection' };
  if (counts.total > 0n) layouts.push(...counts.sampleMany(rng, count - layouts.length));
  return { layouts: counts.total > 0n ? layouts : [], method: 'counts', total: counts.total };
}

/** The sampler through the exact counts; a count too large (or too slow) for them says what it was for. */
async function countsSampler(problem: FleetProblem, options: RunOptions): Promise<FleetSampler> {
  try {
    return await createUniformSampler(problem, options);
  } catch (e) {
    if (!isGridbitsError(e) || e.code !== 'LIMIT') throw e;
    throw new GridbitsError('LIMIT', `uniform layouts need the exact counts here (rejection found none): ${e.message}; the rails and search methods place without the uniform guarantee`);
  }
}

/**
 * A source of many independent uniform layouts (one per simulated game, each from its own seed), the method
 * chosen once: rejection when a trial shows it accepts often enough (touching fleets; the classic fleet takes
 * ~4,000 proposals a layout), else the exact counts, built once (a set-up pass that can take a while on 10×10,
 * then thousands of layouts a second). Throws BAD_INPUT when no layout exists.
 */
export async function uniformLayoutSource(problem: FleetProblem, options: RunOptions = {}): Promise<(rng: Rng) => FleetLayout> {
  const rejection = new RejectionSampler(problem);
  const trial = createRng(0x5eed);
  let accepted = 0;
  for (let i = 0; i < 100_000 && !rejection.hopeless; i++) if (rejection.propose(trial)) accepted++;
  if (accepted >= 3) {
    return (rng) => {
      const l = rejection.sample(rng, 100_000_000);
      if (l === null) throw new GridbitsError('LIMIT', 'no uniform layout found by rejection');
      return l;
    };
  }
  const sampler = await countsSampler(problem, options);
  if (sampler.total === 0n) throw new GridbitsError('BAD_INPUT', 'no layout of this fleet fits the field');
  return (rng) => sampler.sample(rng);
}
