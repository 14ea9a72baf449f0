// Quick first answers for the Sea Battle page, shown while the exact ones are computed: the number of layouts
// estimated from the rejection sampler's acceptance rate (a plain job: the worker runs it; tests run it in Node).
import { job, type Job } from '../../../../src/core/job.js';
import type { Rng } from '../../../../src/core/prng.js';
import { wilson } from '../../../../src/core/stats.js';
import { RejectionSampler } from '../../../../src/fleet/reject.js';
import type { FleetProblem } from '../../../../src/fleet/index.js';
import { thousands } from '../../../../src/core/text.js';

/** An estimated number of layouts with its 95 % interval, from `accepted` of `proposals` random proposals. */
export interface CountEstimate {
  /** The proposals' space (proposalSpace): the estimate is space × accepted / proposals. */
  space: number;
  estimate: number;
  low: number;
  high: number;
  accepted: number;
  proposals: number;
}

/**
 * The proposals' space: every ship (ships of a kind told apart) on any of its kind's placements, ∏ n_k^c_k, over
 * ∏ c_k! (the orders of interchangeable ships). A layout is proposed in ∏ c_k! ways, so the layouts number
 * the acceptance rate times this (as a double: it passes 2^53 long before it overflows).
 */
function proposalSpace(sampler: RejectionSampler): number {
  const pl = sampler.placements;
  let space = 1;
  sampler.problem.kinds.forEach((k, i) => {
    const n = pl.kindStart[i + 1] - pl.kindStart[i];
    for (let c = 1; c <= k.count; c++) space *= n / c;
  });
  return space;
}

/** The estimate from the sampler's tally. */
function countEstimate(sampler: RejectionSampler, accepted: number): CountEstimate {
  return estimateOf(proposalSpace(sampler), accepted, sampler.proposals);
}

/** The estimate and its 95 % (Wilson) interval from `accepted` of `proposals` proposals in a space of `space`. */
function estimateOf(space: number, accepted: number, proposals: number): CountEstimate {
  const w = wilson(accepted, proposals);
  return {
    space,
    estimate: proposals > 0 ? (space * accepted) / proposals : 0,
    low: space * w.low,
    high: space * w.high,
    accepted,
    proposals,
  };
}

/**
 * Two estimates of one problem from independent rounds (other seeds) pooled into one: their proposals and
 * acceptances added, so the interval narrows as rounds come in (about as 1/√proposals). `a` may be null (none yet).
 */
export function pooledEstimate(a: CountEstimate | null, b: CountEstimate): CountEstimate {
  if (a === null) return b;
  return estimateOf(b.space, a.accepted + b.accepted, a.proposals + b.proposals);
}

/** Proposals between two looks at the job's limits. */
const BATCH = 2048;

function proposeBatch(sampler: RejectionSampler, rng: Rng, n: number): number {
  let accepted = 0;
  for (let i = 0; i < n; i++) if (sampler.propose(rng)) accepted++;
  return accepted;
}

/**
 * The job estimating the layouts of `problem` from `proposals` random proposals (its nodes). Run it with a
 * time limit: its partial is the estimate so far.
 */
export function countEstimateJob(
  problem: FleetProblem,
  rng: Rng,
  proposals: number,
): Job<CountEstimate, CountEstimate> {
  const sampler = new RejectionSampler(problem);
  let accepted = 0;
  return job<CountEstimate, CountEstimate>(function* (ctl) {
    ctl.partial = () => countEstimate(sampler, accepted);
    if (sampler.hopeless) return countEstimate(sampler, 0);
    while (sampler.proposals < proposals) {
      const n = Math.min(BATCH, proposals - sampler.proposals);
      accepted += proposeBatch(sampler, rng, n);
      ctl.report({ share: sampler.proposals / proposals, done: sampler.proposals, unit: 'proposals' });
      if (ctl.spend(n)) yield;
    }
    return countEstimate(sampler, accepted);
  });
}

/** A large count for people: "about 1,240", "about 26.2 billion", "about 3.1 × 10¹⁸". */
export function aboutCount(x: number): string {
  if (!(x > 0)) return '0';
  if (x < 1e6) return thousands(Number(x.toPrecision(3)));
  const words: ReadonlyArray<readonly [number, string]> = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ];
  if (x < 1e15) {
    const [unit, word] = words.find(([u]) => x >= u)!;
    return `${thousands(Number((x / unit).toPrecision(3)))} ${word}`;
  }
  const e = Math.floor(Math.log10(x));
  const sup = String(e).replace(/[0-9]/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]);
  return `${(x / 10 ** e).toFixed(2)} × 10${sup}`;
}
