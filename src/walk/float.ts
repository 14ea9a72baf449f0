// Survival probabilities in floating point: the backward DP (every start square at once) and the forward
// DP (where the piece stands after N moves from one square), over compact neighbour lists.
import { GridbitsError } from '../core/error.js';
import { job, type Job } from '../core/job.js';
import { checkSquare, checkSteps, type Graph } from './graph.js';
import { survivalOnOrbits } from './horizon.js';
import { scaledValue } from './orbit-ops.js';

/** The plain DP runs up to this many steps; beyond it use survivalAtHorizon. */
export const FLOAT_MAX_STEPS = 1_000_000;

/**
 * ... and up to squares × steps of this: about a minute here (100×100 to N = 60,000; 8×8 takes all of
 * FLOAT_MAX_STEPS in a second), measured in bench/results/walk.md.
 */
export const FLOAT_MAX_WORK = 600_000_000;

/** Throws for steps past FLOAT_MAX_STEPS or squares × steps past FLOAT_MAX_WORK. */
function checkFloat(g: Graph, steps: number): void {
  checkSteps(steps, FLOAT_MAX_STEPS);
  const work = g.board.cells * steps;
  if (work > FLOAT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: the float DP goes up to squares × steps = ${FLOAT_MAX_WORK}; ${g.board} with ${steps} steps is ${work}: survivalAtHorizon goes further`,
    );
  }
}

/**
 * P(still on the board after `steps` moves) from every square. Backward: value[s] is the probability of
 * surviving the remaining moves from s, so v_{n+1}(s) = (1/k) Σ v_n(t) over the on-board targets t of s.
 */
export function survivalMap(g: Graph, steps: number): Float64Array {
  checkFloat(g, steps);
  const n = g.board.cells;
  const { start, targets } = g;
  const inv = 1 / g.k;
  let cur = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  for (let step = 0; step < steps; step++) {
    for (let s = 0; s < n; s++) {
      let sum = 0;
      for (let i = start[s], e = start[s + 1]; i < e; i++) sum += cur[targets[i]];
      next[s] = sum * inv;
    }
    const t = cur;
    cur = next;
    next = t;
  }
  return cur;
}

/** P(still on the board after `steps` moves) from one square (0 where a double underflows). */
export function survival(g: Graph, from: number, steps: number): number {
  checkFloat(g, steps);
  return survivalOnOrbits(g, from, steps);
}

/**
 * Where the piece stands after `steps` moves from `from`: P(at square t and never left the board).
 * The entries sum to survival(g, from, steps); 0 where a double underflows (distributionWithLog keeps those).
 */
export function distribution(g: Graph, from: number, steps: number): Float64Array {
  return distributionWithLog(g, from, steps).probability;
}

/** Where the piece stands after N moves, with log10 beside every entry where a double underflows. */
export interface Distribution {
  /** probability[t]: P(at square t after N moves and never left the board), 0 where it underflows. */
  probability: Float64Array;
  /** log10[t]: the base-10 logarithm of that, -Infinity where it is exactly 0. */
  log10: Float64Array;
  /** The entries' sum, the survival probability, as a double and as log10. */
  total: {
    /** The survival probability as a double, 0 where it underflows. */
    probability: number;
    /** Its base-10 logarithm. */
    log10: number;
  };
}

/** The forward DP's state: the mass on each square (scaled by 2^-log2), one step at a time. */
interface Forward {
  cur: Float64Array;
  next: Float64Array;
  log2: number;
}

/** One move of the forward DP, rescaling by 2^512 whenever the mass sinks under 2^-512 (nothing underflows). */
function forwardStep(g: Graph, f: Forward): void {
  const n = g.board.cells;
  const { start, targets } = g;
  const inv = 1 / g.k;
  const { cur, next } = f;
  next.fill(0);
  let max = 0;
  for (let s = 0; s < n; s++) {
    const p = cur[s] * inv;
    if (p === 0) continue;
    for (let i = start[s], e = start[s + 1]; i < e; i++) next[targets[i]] += p;
    if (p > max) max = p;
  }
  if (max > 0 && max < 2 ** -512) {
    for (let s = 0; s < n; s++) next[s] *= 2 ** 512;
    f.log2 -= 512;
  }
  f.cur = next;
  f.next = cur;
}

function forwardStart(g: Graph, from: number, steps: number): Forward {
  checkSquare(g.board, from);
  checkFloat(g, steps);
  const cur = new Float64Array(g.board.cells);
  cur[from] = 1;
  return { cur, next: new Float64Array(g.board.cells), log2: 0 };
}

function forwardEnd(g: Graph, f: Forward): Distribution {
  const n = g.board.cells;
  const probability = new Float64Array(n),
    log10 = new Float64Array(n);
  let sum = 0;
  for (let s = 0; s < n; s++) {
    const v = scaledValue(f.cur[s], f.log2);
    probability[s] = v.probability;
    log10[s] = v.log10;
    sum += f.cur[s];
  }
  return { probability, log10, total: scaledValue(sum, f.log2) };
}

/**
 * The distribution after `steps` moves with log10 of every entry and of their sum (the survival
 * probability), the mass rescaled by 2^512 whenever it sinks under 2^-512 so nothing underflows.
 */
export function distributionWithLog(g: Graph, from: number, steps: number): Distribution {
  const f = forwardStart(g, from, steps);
  for (let step = 0; step < steps; step++) forwardStep(g, f);
  return forwardEnd(g, f);
}

/** What a stopped distribution job has made: its moves so far. */
export interface DistributionPartial {
  /** Moves of the walk made so far. */
  moves: number;
}

/**
 * distributionWithLog as a job: a node per square and move, progress in moves; stopped, its partial is the
 * number of moves made.
 */
export function distributionJob(g: Graph, from: number, steps: number): Job<Distribution, DistributionPartial> {
  const f = forwardStart(g, from, steps);
  let moves = 0;
  return job(function* (ctl) {
    ctl.partial = () => ({ moves });
    ctl.report({ share: 0, done: 0, unit: 'moves' });
    for (; moves < steps;) {
      forwardStep(g, f);
      moves++;
      ctl.report({ share: moves / steps, done: moves });
      if (ctl.spend(g.board.cells)) yield;
    }
    return forwardEnd(g, f);
  });
}
