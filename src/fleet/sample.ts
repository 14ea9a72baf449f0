// Exactly uniform layouts: walk the counting program forward, taking each step with probability proportional to its
// completions.
import { GridbitsError } from '../core/error.js';
import { uniformBelow, uniformBelowBig, type Rng } from '../core/prng.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { backwardPass, LINK_SPLIT, type BackLayer } from './count-back.js';
import type { CountPlan } from './count-plan.js';
import { forward } from './count.js';
import { checkOptions, checkProblem, RUN_KEYS } from './args.js';
import { withinMemory, type TooLarge } from './memory.js';
import type { FleetLayout, FleetProblem } from './problem.js';

/** Exactly uniform layouts of one problem, drawn from its counting program (see uniformSamplerJob). */
export interface FleetSampler {
  /** The number of distinct layouts; each is drawn with probability exactly 1/total. */
  total: bigint;
  /** One layout, every distinct one equally likely (throws BAD_INPUT when there is none). */
  sample(rng: Rng): FleetLayout;
  /** `count` independent uniform layouts, drawn as a batch (much faster per layout on big problems). */
  sampleMany(rng: Rng, count: number): FleetLayout[];
}

/**
 * The sampler over the backward pass's live states and links. From the start state each step picks one link
 * with probability (its target's completions) / (this state's completions): the product telescopes to
 * 1/total for every layout. A step is a few array reads: no keys, no hashing.
 */
class Sampler implements FleetSampler {
  constructor(
    private readonly plan: CountPlan,
    private readonly back: BackLayer[] | null,
    readonly total: bigint,
  ) {}

  sample(rng: Rng): FleetLayout {
    this.ensure();
    const ships: FleetLayout['ships'] = [];
    let e = 0;
    for (let pos = 0; pos < this.plan.cells; pos++) e = this.step(pos, e, rng, ships);
    return { ships };
  }

  /**
   * `count` layouts, drawn side by side one cell at a time: each layer's arrays are read for the whole batch
   * while they sit in cache, which makes big batches several times faster per layout than one by one.
   * Deterministic for a seed and a count (the random numbers are taken cell by cell across the batch).
   */
  sampleMany(rng: Rng, count: number): FleetLayout[] {
    this.ensure();
    const out: FleetLayout[] = Array.from({ length: count }, () => ({ ships: [] }));
    const at = new Float64Array(count);
    for (let pos = 0; pos < this.plan.cells; pos++) {
      for (let i = 0; i < count; i++) at[i] = this.step(pos, at[i], rng, out[i].ships);
    }
    return out;
  }

  private ensure(): void {
    if (this.total === 0n || !this.back) throw new GridbitsError('BAD_INPUT', 'no layout fits: nothing to sample');
  }

  /**
   * From state e at position pos: takes one link (adding its ship, if any, to `ships`) and returns the state reached.
   */
  private step(pos: number, e: number, rng: Rng, ships: FleetLayout['ships']): number {
    const B = this.back![pos],
      node = B.node!,
      link = B.link!;
    let j = node[2 * e + 1];
    if (node[2 * e + 3] - j > 1) j = this.choose(pos, e, j, rng);
    const l = link[j];
    const t = Math.floor(l / LINK_SPLIT);
    const p = l - t * LINK_SPLIT - 1;
    if (p >= 0) {
      const pc = this.plan.at[pos][p];
      ships.push({ kind: pc.kind, cells: pc.cells.slice() });
    }
    return t;
  }

  /**
   * The link state e at position pos takes, given its first link j: each with probability ∝ its target's completions.
   */
  private choose(pos: number, e: number, j: number, rng: Rng): number {
    const B = this.back![pos],
      link = B.link!;
    if (B.bigG) {
      const g = this.back![pos + 1].bigG!;
      let u = uniformBelowBig(rng, B.bigG[e]);
      for (let gt = g[Math.floor(link[j] / LINK_SPLIT)]; u >= gt; gt = g[Math.floor(link[++j] / LINK_SPLIT)]) u -= gt;
      return j;
    }
    const g = this.back![pos + 1].node!;
    let u = uniformBelow(rng, B.node![2 * e]);
    for (let gt = g[2 * Math.floor(link[j] / LINK_SPLIT)]; u >= gt; gt = g[2 * Math.floor(link[++j] / LINK_SPLIT)])
      u -= gt;
    return j;
  }
}

/**
 * The job building a sampler of exactly uniform layouts. Set-up: one forward pass of the counting program
 * keeping every layer, and one backward pass that keeps, for each state that can finish, its completions and
 * its links (memory ∝ the live states summed over all cells, about 30 bytes each); then a sample is one walk
 * over the cells reading a few array entries per cell. Its nodes are the states expanded by both passes. A
 * problem past the counting program's memory cap is answered {@link TooLarge}.
 *
 * @example
 * ```ts
 * import { createRng } from 'gridbits/core';
 * import { fleetProblem, isTooLarge, uniformSamplerSync } from 'gridbits/fleet';
 * const outcome = uniformSamplerSync(fleetProblem({ width: 6, height: 6, fleet: '3,2,2' }));
 * if (outcome.finished && !isTooLarge(outcome.value)) {
 *   console.log(outcome.value.total, outcome.value.sample(createRng(1)));
 * }
 * ```
 */
export function uniformSamplerJob(problem: FleetProblem): Job<FleetSampler | TooLarge> {
  checkProblem(problem);
  return new Job((ctl) => withinMemory(sampler(problem, ctl)));
}

/** The two passes and the sampler over their links. */
function* sampler<P>(problem: FleetProblem, ctl: JobControl<P>): Generator<void, FleetSampler, void> {
  const fwd = yield* forward(problem, true, ctl, 2);
  if (fwd.total === 0n || !fwd.layers) {
    fwd.progress.finish(ctl);
    return new Sampler(fwd.plan, null, 0n);
  }
  const { back } = yield* backwardPass(fwd, false, true, ctl, fwd.progress);
  return new Sampler(fwd.plan, back, fwd.total);
}

/** uniformSamplerJob run to its end or its limits, giving the event loop a turn as it goes. */
export function uniformSampler(
  problem: FleetProblem,
  options: RunOptions = {},
): Promise<Outcome<FleetSampler | TooLarge>> {
  checkOptions(options, RUN_KEYS);
  return uniformSamplerJob(problem).run(options);
}

/** uniformSamplerJob run to its end or its limits on this thread. */
export function uniformSamplerSync(problem: FleetProblem, options: RunOptions = {}): Outcome<FleetSampler | TooLarge> {
  checkOptions(options, RUN_KEYS);
  return uniformSamplerJob(problem).runSync(options);
}
