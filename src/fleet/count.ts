// Exact layout counting: a dynamic program over the cells in scan order whose state is a window of closed cells plus the ships left.
import { GridbitsError } from '../core/error.js';
import { checkAborted, runLimits, type RunOptions } from '../core/run.js';
import { buildPlan, type CountPlan, type ScanOrder } from './count-plan.js';
import { StateTable, type Layer } from './count-states.js';
import { expandTwo, packTwo, Successors } from './count-step.js';
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
  /** The call's budget, for later passes over the same layers. */
  ctl: RunControl;
}

/** Budget and cancellation shared by the passes of one call. */
export class RunControl {
  nodes = 0;
  private readonly deadline: number;

  constructor(
    private readonly options: RunOptions,
    readonly steps: number,
  ) {
    this.deadline = runLimits(options).deadline;
  }

  /** Called after each step: counts states, reports progress, stops on abort or an exhausted budget. */
  step(done: number, states: number): void {
    this.nodes += states;
    checkAborted(this.options.signal);
    if (this.options.maxNodes !== undefined && this.nodes > this.options.maxNodes) {
      throw new GridbitsError('LIMIT', `budget exhausted after ${this.options.maxNodes} states`);
    }
    if (Date.now() > this.deadline) throw new GridbitsError('LIMIT', `the count did not finish within the time limit (${this.options.timeoutMs} ms)`);
    this.options.onProgress?.({ done, total: this.steps, unit: 'cells' });
  }
}

/** One pass of the program over the cells, yielding after each cell so a driver can give the event loop a turn. */
function* forwardPass(plan: CountPlan, big: boolean, keep: boolean, ctl: RunControl, stepBase: number): Generator<void, ForwardResult> {
  const K = plan.keyWords;
  const succ = new Successors(plan);
  let cur: Layer = { size: 1, keys: plan.start.slice(), vals: big ? null : new Float64Array([1]), bigVals: big ? [1n] : null };
  const layers = keep ? [cur] : null;
  let states = 0;
  const next = new StateTable(K, big, 1);
  const packed = !big && K === 2 ? packTwo(plan) : null;
  for (let pos = 0; pos < plan.cells; pos++) {
    next.reset(cur.size);
    const keys = cur.keys!;
    if (packed) {
      const req = plan.required[pos] === 1, vals = cur.vals!, pk = packed[pos];
      const A = succ.twoA, B = succ.twoB, P = succ.placement;
      for (let e = 0; e < cur.size; e++) {
        const n = expandTwo(plan, pk, req, keys[2 * e], keys[2 * e + 1], A, B, P);
        for (let j = 0; j < n; j++) next.add2(A[j], B[j], vals[e]);
      }
    } else for (let e = 0; e < cur.size; e++) {
      const n = succ.expand(plan, pos, keys, e * K);
      if (big) {
        const b = cur.bigVals![e];
        for (let j = 0; j < n; j++) next.addBig(succ.keys, j * K, b);
      } else {
        const v = cur.vals![e];
        for (let j = 0; j < n; j++) next.add(succ.keys, j * K, v);
      }
    }
    states += cur.size;
    cur = next.toLayer();
    layers?.push(cur);
    ctl.step(stepBase + pos + 1, cur.size);
    yield;
  }
  // Every window bit has shifted out by the end, so the only finished state is the all-zero key.
  const fin = finalState(cur, K);
  let total = 0n;
  if (fin >= 0) total = big ? cur.bigVals![fin] : BigInt(cur.vals![fin]);
  return { plan, total, big, layers, states, ctl };
}

/**
 * The counting job: a pass with double counts, and a second pass with BigInts only when the total came out
 * at 2^53 or more (below that every double on the way was exact; see StateTable).
 */
export function* forwardJob(problem: FleetProblem, keep: boolean, options: RunOptions, passes = 1, order: ScanOrder = 'rows'): Generator<void, ForwardResult> {
  const plan = buildPlan(problem, order);
  const ctl = new RunControl(options, plan.cells * passes);
  if (!plan.feasible) return { plan, total: 0n, big: false, layers: null, states: 0, ctl };
  const fast = yield* forwardPass(plan, false, keep, ctl, 0);
  if (fast.total <= BigInt(Number.MAX_SAFE_INTEGER)) return fast;
  fast.layers = null;
  return yield* forwardPass(plan, true, keep, ctl, 0);
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

/** Runs a job to the end without yielding. */
export function runSync<T>(job: Generator<void, T>): T {
  for (;;) {
    const r = job.next();
    if (r.done) return r.value;
  }
}

/** Runs a job, giving the event loop a turn about every 30 ms so signals, timers and progress get through. */
export async function runAsync<T>(job: Generator<void, T>): Promise<T> {
  let last = Date.now();
  for (;;) {
    const r = job.next();
    if (r.done) return r.value;
    if (Date.now() - last >= 30) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      last = Date.now();
    }
  }
}

/**
 * The exact number of distinct layouts of the problem (ships of one kind interchangeable). Cost: one pass over
 * the cells; time grows with the (window, ships-left) states summed over the cells — about 16 million for
 * `hasbro` on 10×10 with touching (up to 280,000 at one cell), 21 million for `classic`, 45 million for
 * `german` — and memory with the largest layer (two layers live at a time). `order: 'snake'` scans rows
 * alternately left and right: other states, the same count (for cross-checks).
 */
export function countLayoutsSync(problem: FleetProblem, options: RunOptions & { order?: ScanOrder } = {}): bigint {
  return runSync(forwardJob(problem, false, options, 1, options.order)).total;
}

/** As countLayoutsSync, yielding to the event loop as it goes (Ctrl-C, abort signals, progress, timeouts). */
export async function countLayouts(problem: FleetProblem, options: RunOptions = {}): Promise<bigint> {
  return (await runAsync(forwardJob(problem, false, options))).total;
}
