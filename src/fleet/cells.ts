// Per-cell layout counts: how many layouts put a ship on each cell, from one forward and one backward pass.
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { backwardPass } from './count-back.js';
import { forward } from './count.js';
import { PassProgress } from './count-forecast.js';
import { planSteps } from './count-plan.js';
import { asideSteps } from '../core/pace.js';
import { fleetIndex } from './count-index.js';
import { vecWeights } from './count-vec-back.js';
import { checkOptions, checkProblem, RUN_KEYS } from './args.js';
import { withinMemory, type TooLarge } from './memory.js';
import type { FleetProblem } from './problem.js';

/** How many layouts cover each cell, beside the number of layouts. */
export interface CellCounts {
  /** The number of distinct layouts. */
  total: bigint;
  /** counts[sq]: the number of layouts with a ship on sq (counts[sq] / total is the uniform probability). */
  counts: bigint[];
}

function* cellCountsBody(problem: FleetProblem, ctl: JobControl<never>): Generator<void, CellCounts, void> {
  const cells = problem.width * problem.height;
  // The plan is made in parts, with pauses: none done yet.
  ctl.report({ share: 0 });
  const plan = yield* asideSteps(ctl, planSteps(problem));
  const fi = plan.feasible ? fleetIndex(problem, plan) : null;
  if (fi) {
    const progress = new PassProgress(true);
    progress.report(ctl, plan.cells);
    const vec = yield* vecWeights(plan, fi, ctl, progress);
    if (vec) {
      progress.finish(ctl);
      // Below 2^53 every weight and every cell's sum (at most the total) is an exact double.
      const sums = new Float64Array(cells);
      plan.at.forEach((list, pos) =>
        list.forEach((pc, p) => {
          const w = vec.weights[pos][p];
          if (w !== 0) for (const sq of pc.cells) sums[sq] += w;
        }),
      );
      return { total: vec.total, counts: Array.from(sums, (x) => BigInt(x)) };
    }
  }
  const fwd = yield* forward(problem, true, ctl, 2);
  if (fwd.total === 0n || !fwd.layers) {
    fwd.progress.finish(ctl);
    return { total: 0n, counts: new Array<bigint>(cells).fill(0n) };
  }
  const { weights } = yield* backwardPass(fwd, true, false, ctl, fwd.progress);
  const at = fwd.plan.at;
  if (fwd.big) {
    const counts = new Array<bigint>(cells).fill(0n);
    at.forEach((list, pos) =>
      list.forEach((pc, p) => {
        const w = (weights![pos] as bigint[])[p];
        if (w !== 0n) for (const sq of pc.cells) counts[sq] += w;
      }),
    );
    return { total: fwd.total, counts };
  }
  // Below 2^53 every weight and every cell's sum (at most the total) is an exact double.
  const sums = new Float64Array(cells);
  at.forEach((list, pos) =>
    list.forEach((pc, p) => {
      const w = (weights![pos] as Float64Array)[p];
      if (w !== 0) for (const sq of pc.cells) sums[sq] += w;
    }),
  );
  return { total: fwd.total, counts: Array.from(sums, (x) => BigInt(x)) };
}

/**
 * The job counting, for every cell, the layouts that cover it, and the total. Cost: a forward pass that keeps every
 * layer of states, then a backward pass that turns them into completion counts while summing, for each
 * placement, (prefixes × completions) over the steps that put it down (a placement's weight is the number of
 * layouts containing it; a cell's count is the sum over the placements covering it) — about twice a plain
 * count in time, and memory for all the layers (16 bytes per state on 10×10).
 *
 * For an AI: time grows with the states, which shrink fast as shots come in. Hasbro on 10×10 with touching:
 * the empty board has about 16 million states (several seconds of CPU; compute it once and keep it), while
 * with every third cell shot it takes about 0.1 s. Hits (required cells) and misses (forbidden cells) both cut
 * the states; sunk ships are best removed from the fleet with their cells and halo forbidden. A problem past the
 * counting program's memory cap is answered {@link TooLarge}.
 *
 * @example
 * ```ts
 * import { cellCountsSync, fleetProblem, isTooLarge } from 'gridbits/fleet';
 * const outcome = cellCountsSync(fleetProblem({ width: 5, height: 5, fleet: '3,2' }));
 * if (outcome.finished && !isTooLarge(outcome.value)) console.log(outcome.value.total, outcome.value.counts[12]);
 * ```
 */
export function cellCountsJob(problem: FleetProblem): Job<CellCounts | TooLarge> {
  checkProblem(problem);
  return cellCountsOf(problem);
}

/** cellCountsJob for the engine's own problems (kinds with no ship left allowed), unchecked. */
export function cellCountsOf(problem: FleetProblem): Job<CellCounts | TooLarge> {
  return new Job((ctl) => withinMemory(cellCountsBody(problem, ctl)));
}

/** cellCountsJob run to its end or its limits, giving the event loop a turn as it goes. */
export function cellCounts(problem: FleetProblem, options: RunOptions = {}): Promise<Outcome<CellCounts | TooLarge>> {
  checkOptions(options, RUN_KEYS);
  return cellCountsJob(problem).run(options);
}

/** cellCountsJob run to its end or its limits on this thread. */
export function cellCountsSync(problem: FleetProblem, options: RunOptions = {}): Outcome<CellCounts | TooLarge> {
  checkOptions(options, RUN_KEYS);
  return cellCountsJob(problem).runSync(options);
}
