// Exactly uniform layouts: walk the counting program forward, taking each step with probability proportional to its completions.
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import { backwardPass } from './count-back.js';
import type { CountPlan } from './count-plan.js';
import type { StateTable } from './count-states.js';
import { Successors } from './count-step.js';
import { forwardJob, runAsync, runSync, type ForwardResult } from './count.js';
import type { FleetLayout, FleetProblem } from './problem.js';

export interface FleetSampler {
  /** The number of distinct layouts; each is drawn with probability exactly 1/total. */
  total: bigint;
  /** One layout, every distinct one equally likely (throws BAD_INPUT when there is none). */
  sample(rng: Rng): FleetLayout;
}

const TWO32 = 0x100000000;

/** A uniform integer in [0, n) for 1 ≤ n < 2^53, exact: a uniform high part and 32 low bits, rejecting the overshoot. */
export function uniformBelow(rng: Rng, n: number): number {
  if (n <= TWO32) return rng.below(n);
  const hiRange = Math.ceil(n / TWO32);
  for (;;) {
    const x = rng.below(hiRange) * TWO32 + rng.nextU32();
    if (x < n) return x;
  }
}

/** A uniform BigInt in [0, n) for n ≥ 1: the top word bounded, the rest uniform, the overshoot rejected (accepts ≥ 1/2). */
export function uniformBelowBig(rng: Rng, n: bigint): bigint {
  const words = Math.max(1, Math.ceil(n.toString(2).length / 32));
  const top = n >> BigInt(32 * (words - 1));
  for (;;) {
    let x = BigInt(rng.below(Number(top) + 1));
    for (let i = 1; i < words; i++) x = (x << 32n) | BigInt(rng.nextU32());
    if (x < n) return x;
  }
}

/**
 * The sampler over finished passes: layers[pos] holds the states before position pos that can finish, each
 * counting its completions. From the start state each step picks one successor with probability
 * (its completions) / (this state's completions) — the product telescopes to 1/total for every layout.
 */
class Sampler implements FleetSampler {
  private readonly succ: Successors;

  constructor(
    private readonly plan: CountPlan,
    private readonly layers: StateTable[] | null,
    private readonly big: boolean,
    readonly total: bigint,
  ) {
    this.succ = new Successors(plan);
  }

  sample(rng: Rng): FleetLayout {
    if (this.total === 0n || !this.layers) throw new GridbitsError('BAD_INPUT', 'no layout fits: nothing to sample');
    const { plan, layers, succ } = this;
    const K = plan.keyWords;
    const ships: FleetLayout['ships'] = [];
    let s = layers[0].find(plan.start, 0);
    for (let pos = 0; pos < plan.cells; pos++) {
      const cur = layers[pos], next = layers[pos + 1];
      const n = succ.expand(plan, pos, cur.ints, s * cur.stride * 2);
      let pick = 0, t = -1;
      if (n === 1) t = next.find(succ.keys, 0);
      else if (this.big) {
        let u = uniformBelowBig(rng, cur.bigVals[s]);
        for (; pick < n; pick++) {
          t = next.find(succ.keys, pick * K);
          const g = t < 0 ? 0n : next.bigVals[t];
          if (u < g) break;
          u -= g;
        }
      } else {
        let u = uniformBelow(rng, cur.value(s));
        for (; pick < n; pick++) {
          t = next.find(succ.keys, pick * K);
          const g = t < 0 ? 0 : next.value(t);
          if (u < g) break;
          u -= g;
        }
      }
      const p = succ.placement[pick];
      if (p >= 0) {
        const pc = plan.at[pos][p];
        ships.push({ kind: pc.kind, cells: pc.cells.slice() });
      }
      s = t;
    }
    return { ships };
  }
}

function* samplerJob(problem: FleetProblem, options: RunOptions): Generator<void, FleetSampler> {
  const fwd: ForwardResult = yield* forwardJob(problem, true, options, 2);
  if (fwd.total === 0n || !fwd.layers) return new Sampler(fwd.plan, null, false, 0n);
  yield* backwardPass(fwd, false, true, fwd.plan.cells);
  return new Sampler(fwd.plan, fwd.layers, fwd.big, fwd.total);
}

/**
 * A sampler of exactly uniform layouts. Set-up: one forward and one backward pass of the counting program,
 * keeping every layer (memory ∝ the states summed over all cells); then each sample costs one walk over the
 * cells with a hash look-up per candidate step.
 */
export async function createUniformSampler(problem: FleetProblem, options: RunOptions = {}): Promise<FleetSampler> {
  return runAsync(samplerJob(problem, options));
}

export function createUniformSamplerSync(problem: FleetProblem, options: RunOptions = {}): FleetSampler {
  return runSync(samplerJob(problem, options));
}
