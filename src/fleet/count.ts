// Exact layout counting: a dynamic program over the cells in scan order whose state is a window of closed cells plus
// the ships left.
import { GridbitsError } from '../core/error.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import { checkOptions, checkProblem, RUN_KEYS, shown } from './args.js';
import type { RunOptions } from '../core/run.js';
import { planSteps, type CountPlan, type ScanOrder } from './count-plan.js';
import { PassProgress, StateForecast } from './count-forecast.js';
import { fleetIndex, type FleetIndex } from './count-index.js';
import { limbsFor, vecForward } from './count-vec.js';
import { GROW_PART_NODES, StateTable, type Layer } from './count-states.js';
import { expandTwo, packTwo, Successors } from './count-step.js';
import { withinMemory, type TooLarge } from './memory.js';
import { aside, AsideWork, asideSteps, chunk, touchPages } from '../core/pace.js';
import type { FleetProblem } from './problem.js';

/**
 * What the forward pass leaves: the number of layouts and, when asked for, every layer of states
 * (layers[pos] = the states before the scan reaches position pos; layers[cells] = the end).
 */
export interface ForwardResult {
  plan: CountPlan;
  total: bigint;
  /** True when counts were kept as BigInts (the total reached 2^53). */
  big: boolean;
  layers: Layer[] | null;
  /** States expanded, summed over all steps. */
  states: number;
  /** sizes[pos]: the states expanded at scan position pos. */
  sizes: Float64Array;
}

/** Options of a count: the scan order (`'snake'` gives the same count by other states, for cross-checks). */
export interface FleetCountOptions {
  /** 'rows' (default) scans every row left to right; 'snake' scans rows alternately left and right. */
  order?: ScanOrder;
}

/** States expanded between two looks at the job's limits: about a millisecond of work. */
const CHUNK = 1024;

/** Expands states from..to of `cur` at scan position pos into `next`: the hot loop, kept out of the generator. */
function expandRange(
  plan: CountPlan,
  pos: number,
  cur: Layer,
  next: StateTable,
  succ: Successors,
  packed: Int32Array[] | null,
  big: boolean,
  from: number,
  to: number,
): void {
  const K = plan.keyWords,
    keys = cur.keys!;
  if (packed) {
    const req = plan.required[pos] === 1,
      vals = cur.vals!,
      pk = packed[pos];
    const A = succ.twoA,
      B = succ.twoB,
      P = succ.placement;
    for (let e = from; e < to; e++) {
      const n = expandTwo(plan, pk, req, keys[2 * e], keys[2 * e + 1], A, B, P);
      for (let j = 0; j < n; j++) next.add2(A[j], B[j], vals[e]);
    }
  } else if (big) {
    for (let e = from; e < to; e++) {
      const n = succ.expand(plan, pos, keys, e * K),
        b = cur.bigVals![e];
      for (let j = 0; j < n; j++) next.addBig(succ.keys, j * K, b);
    }
  } else {
    for (let e = from; e < to; e++) {
      const n = succ.expand(plan, pos, keys, e * K),
        v = cur.vals![e];
      for (let j = 0; j < n; j++) next.add(succ.keys, j * K, v);
    }
  }
}

/** A layer of `size` states with room for their keys and counts (for `room` states). */
function newLayer(size: number, K: number, big: boolean, room = size): Layer {
  return {
    size,
    keys: new Int32Array(room * K),
    vals: big ? null : new Float64Array(room),
    bigVals: big ? new Array<bigint>(room) : null,
  };
}

/**
 * The layer of `size` states that follows `old` in a pass that does not keep its layers: in old's arrays when they
 * have room (old is expanded by then), else in new ones with room for half as many again, so that a growing count
 * seldom makes new arrays (a new array of some MB is zeroed at once where the process reuses memory it freed).
 */
function nextLayer(old: Layer, size: number, K: number, big: boolean): Layer {
  if (old.keys!.length >= size * K && (big ? old.bigVals!.length : old.vals!.length) >= size) return { ...old, size };
  return newLayer(size, K, big, Math.ceil(size * 1.5));
}

/** States of a layer read for the forecast (see StateForecast). */
const FORECAST_SAMPLE = 4096;

/**
 * One pass of the program over the cells. It spends one node per state expanded and may pause every CHUNK
 * states; progress counts the states expanded, beside the states of the later cells as forecast at each cell
 * (or as `known`, the layer sizes of an earlier pass over the same problem). Two tables take turns: the one
 * filled at the last cell is drained into the dense layer a chunk at a time as its states are expanded into the
 * other, so no step of the pass goes over a whole layer at once.
 */
function* forwardPass<P>(
  plan: CountPlan,
  big: boolean,
  keep: boolean,
  ctl: JobControl<P>,
  progress: PassProgress,
  known: Float64Array | null,
): Generator<void, ForwardResult, void> {
  const K = plan.keyWords;
  const succ = new Successors(plan);
  let cur: Layer = {
    size: 1,
    keys: plan.start.slice(),
    vals: big ? null : new Float64Array([1]),
    bigVals: big ? [1n] : null,
  };
  const layers = keep ? [cur] : null;
  let states = 0;
  const tables = [new StateTable(K, big, 1), new StateTable(K, big, 1)];
  // The table holding the layer at hand, drained as it is expanded (none for the start layer).
  let filled: StateTable | null = null;
  const packed = !big && K === 2 ? packTwo(plan) : null;
  const forecast = new StateForecast(plan);
  const sizes = new Float64Array(plan.cells);
  // A state costs from a few nanoseconds (a covered cell: the window shifts) to a microsecond or more (a cell
  // anchoring many placements): an allowance of states paced on cheap cells would run long on dear ones, so a
  // stretch also ends once it has run a millisecond (a look at the clock a chunk).
  const clock = new AsideWork(ctl as JobControl<unknown>, 1);
  let knownAhead = known ? known.reduce((a, b) => a + b, 0) : 0;
  for (let pos = 0; pos < plan.cells; pos++) {
    const size = filled ? filled.size : cur.size;
    sizes[pos] = size;
    let ahead: number;
    if (known) ahead = knownAhead -= known[pos];
    else ahead = forecast.ahead(pos, size, filled ? filled.sample(FORECAST_SAMPLE) : cur);
    if (filled) {
      cur = keep ? newLayer(size, K, big) : nextLayer(cur, size, K, big);
      layers?.push(cur);
    }
    const next = tables[pos & 1];
    next.reset(known && pos + 1 < plan.cells ? known[pos + 1] : size);
    yield* touchPages(ctl, (pages) => next.touch(pages));
    for (let from = 0, to: number; from < size; from = to) {
      to = Math.min(size, from + chunk(ctl, CHUNK));
      // Room for every key the chunk could add, made between pauses (doubled at once, a table of some MB stalls).
      while (next.wantsRoom((to - from) * succ.most)) yield* aside(ctl, () => next.growPart(), GROW_PART_NODES);
      if (filled) filled.drain(cur, from, to - from);
      expandRange(plan, pos, cur, next, succ, packed, big, from, to);
      progress.done += to - from;
      // Left in this pass; a backward pass then goes over every layer of it once more.
      const left = size - to + ahead;
      progress.report(ctl, progress.backward ? left + states + to + left : left);
      if (ctl.spend(to - from) || clock.spend(0)) yield;
    }
    states += size;
    filled = next;
  }
  // The end layer (a few states: every window has shifted out) drained whole.
  cur = newLayer(filled ? filled.size : 0, K, big);
  if (filled) filled.drain(cur, 0, cur.size);
  layers?.push(cur);
  // Every window bit has shifted out by the end, so the only finished state is the all-zero key.
  const fin = finalState(cur, K);
  let total = 0n;
  if (fin >= 0) total = big ? cur.bigVals![fin] : BigInt(cur.vals![fin]);
  return { plan, total, big, layers, states, sizes };
}

/**
 * The forward pass of a call with `passes` passes in all (2: a backward pass follows): doubles first, and a
 * second run in BigInts only when the total came out at 2^53 or more (below that every double on the way was
 * exact; see StateTable).
 */
export function* forward<P>(
  problem: FleetProblem,
  keep: boolean,
  ctl: JobControl<P>,
  passes = 1,
  order: ScanOrder = 'rows',
): Generator<void, ForwardResult & { progress: PassProgress }, void> {
  // The plan is made in parts, with pauses: none done yet.
  ctl.report({ share: 0 });
  const plan = yield* asideSteps(ctl, planSteps(problem, order));
  const progress = new PassProgress(passes > 1);
  if (!plan.feasible) {
    progress.finish(ctl);
    return { plan, total: 0n, big: false, layers: null, states: 0, sizes: new Float64Array(plan.cells), progress };
  }
  progress.report(ctl, plan.cells);
  let pass = yield* forwardPass(plan, false, keep, ctl, progress, null);
  if (pass.total > BigInt(Number.MAX_SAFE_INTEGER)) {
    pass.layers = null;
    progress.regrow();
    pass = yield* forwardPass(plan, true, keep, ctl, progress, pass.sizes);
  }
  // A last layer with no states has no chunk that reports the end.
  if (passes === 1) progress.finish(ctl);
  return { ...pass, progress };
}

/** The finished state's index in the last layer (the all-zero key), or -1. */
export function finalState(last: Layer, K: number): number {
  const keys = last.keys!;
  for (let e = 0; e < last.size; e++) {
    let j = 0;
    while (j < K && keys[e * K + j] === 0) j++;
    if (j === K) return e;
  }
  return -1;
}

/**
 * The job counting the distinct layouts of the problem exactly (ships of one kind interchangeable). Cost: one
 * pass over the cells; time grows with the (window, ships-left) states summed over the cells — about 16
 * million for `hasbro` on 10×10 with touching (up to 280,000 at one cell), 21 million for `classic`, 45
 * million for `german` — and memory with the largest layer (two layers live at a time). Its nodes are the
 * states expanded; a count stopped early has no partial (a part of the program's sum bounds nothing). A problem
 * whose largest layer would pass the memory cap (MAX_TABLE_BYTES) is answered {@link TooLarge} when the count
 * reaches it.
 *
 * @example
 * ```ts
 * import { countLayoutsSync, fleetProblem, isTooLarge } from 'gridbits/fleet';
 * const outcome = countLayoutsSync(fleetProblem({ width: 8, height: 8, fleet: 'hasbro' }), { timeoutMs: 60_000 });
 * if (outcome.finished && !isTooLarge(outcome.value)) console.log(outcome.value); // 571126760n
 * ```
 */
export function countLayoutsJob(problem: FleetProblem, options: FleetCountOptions = {}): Job<bigint | TooLarge> {
  checkProblem(problem);
  checkOptions(options, ['order', ...RUN_KEYS]);
  if (options.order !== undefined && options.order !== 'rows' && options.order !== 'snake')
    throw new GridbitsError('BAD_ARGUMENT', `options.order must be rows or snake, got ${shown(options.order)}`);
  return new Job((ctl) => withinMemory(count(problem, options.order, ctl)));
}

/** The count: over windows where the ships left fit a vector, else over keyed states. */
function* count<P>(problem: FleetProblem, order: ScanOrder | undefined, ctl: JobControl<P>): Generator<void, bigint> {
  // The plan is made in parts, with pauses: none done yet.
  ctl.report({ share: 0 });
  const plan = yield* asideSteps(ctl, planSteps(problem, order));
  const fi = plan.feasible ? fleetIndex(problem, plan) : null;
  if (!fi) return (yield* forward(problem, false, ctl, 1, order)).total;
  return yield* vecCount(plan, fi, ctl);
}

/** The count over windows (count-vec.ts): doubles first, then limbs when the total came out at 2^53 or more. */
function* vecCount<P>(plan: CountPlan, fi: FleetIndex, ctl: JobControl<P>): Generator<void, bigint, void> {
  const progress = new PassProgress(false);
  progress.report(ctl, plan.cells);
  let pass = yield* vecForward(plan, fi, 1, ctl, progress, 0, null, false, undefined, true);
  if (!pass.exact) {
    progress.regrow();
    pass = yield* vecForward(plan, fi, limbsFor(pass.approx), ctl, progress, 0, null, false);
  }
  progress.finish(ctl);
  return pass.total;
}

/**
 * countLayoutsJob run to its end or its limits, giving the event loop a turn as it goes (Ctrl-C, signals, progress).
 */
export function countLayouts(
  problem: FleetProblem,
  options: FleetCountOptions & RunOptions = {},
): Promise<Outcome<bigint | TooLarge>> {
  return countLayoutsJob(problem, options).run(options);
}

/** countLayoutsJob run to its end or its limits on this thread, without giving the event loop a turn. */
export function countLayoutsSync(
  problem: FleetProblem,
  options: FleetCountOptions & RunOptions = {},
): Outcome<bigint | TooLarge> {
  return countLayoutsJob(problem, options).runSync(options);
}
