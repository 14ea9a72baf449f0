// Survival probabilities in floating point: the backward DP (every start square at once) and the forward
// DP (where the piece stands after N moves from one square), over compact neighbour lists.
import { GridbitsError } from '../core/error.js';
import { job, type Job, type Outcome } from '../core/job.js';
import { shareOf, type RunOptions } from '../core/run.js';
import { checkGraph, checkSquare, checkSteps, squareOrbits, type Graph } from './graph.js';
import { byDp, reduced, scaledValue } from './orbit-ops.js';

/** The plain DP runs up to this many steps; beyond it use survivalAtHorizon. */
export const FLOAT_MAX_STEPS = 1_000_000;

/**
 * ... and up to squares × steps of this: about a minute here (100×100 to N = 60,000; 8×8 takes all of
 * FLOAT_MAX_STEPS in a second), measured in bench/results/walk.md.
 */
export const FLOAT_MAX_WORK = 600_000_000;

/** Throws for steps past FLOAT_MAX_STEPS or squares × steps past FLOAT_MAX_WORK. */
function checkFloat(g: Graph, steps: number): void {
  checkGraph(g);
  checkSteps(steps, FLOAT_MAX_STEPS);
  const work = g.board.cells * steps;
  if (work > FLOAT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: the float DP goes up to squares × steps = ${FLOAT_MAX_WORK}; ${g.board} with ${steps} steps is ${work}: survivalAtHorizon goes further`,
    );
  }
}

/** One move of the backward DP: next[s] = (1/k) Σ cur[t] over the on-board targets t of s. */
function backwardStep(g: Graph, cur: Float64Array, next: Float64Array): void {
  const n = g.board.cells;
  const { start, targets } = g;
  const inv = 1 / g.k;
  for (let s = 0; s < n; s++) {
    let sum = 0;
    for (let i = start[s], e = start[s + 1]; i < e; i++) sum += cur[targets[i]];
    next[s] = sum * inv;
  }
}

/**
 * P(still on the board after `steps` moves) from every square (0 where a double underflows), as a job: the
 * backward DP, value[s] being the probability of surviving the remaining moves from s, so v_{n+1}(s) = (1/k) Σ
 * v_n(t) over the on-board targets t of s. A node per square and move, progress in moves. Throws LIMIT past
 * FLOAT_MAX_STEPS or squares × steps past FLOAT_MAX_WORK (survivalMapAtHorizon goes further).
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { survivalMapSync, graph } from 'gridbits/walk';
 * const out = survivalMapSync(graph(Board.of(3, 3), 'knight'), 2);
 * if (out.finished) console.log(out.value[0]); // 0.0625
 * ```
 */
export function survivalMapJob(g: Graph, steps: number): Job<Float64Array> {
  checkFloat(g, steps);
  const n = g.board.cells;
  return job(
    function* (ctl) {
      let cur = new Float64Array(n).fill(1);
      let next = new Float64Array(n);
      ctl.report({ share: 0, done: 0, unit: 'moves' });
      for (let move = 1; move <= steps; move++) {
        backwardStep(g, cur, next);
        [cur, next] = [next, cur];
        ctl.report({ share: move / steps, done: move });
        if (ctl.spend(n)) yield;
      }
      return cur;
    },
    { unit: 'squares' },
  );
}

/** survivalMapJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function survivalMap(g: Graph, steps: number, options: RunOptions = {}): Promise<Outcome<Float64Array>> {
  return survivalMapJob(g, steps).run(options);
}

/** survivalMapJob run to its end or a limit in one go. */
export function survivalMapSync(g: Graph, steps: number, options: RunOptions = {}): Outcome<Float64Array> {
  return survivalMapJob(g, steps).runSync(options);
}

/**
 * P(still on the board after `steps` moves) from one square (0 where a double underflows), as a job: the DP on
 * the orbits of the board's symmetries reachable from it (a fraction of the board's work on symmetric boards).
 * A node per move. Throws LIMIT past FLOAT_MAX_STEPS or squares × steps past FLOAT_MAX_WORK
 * (survivalAtHorizon goes further).
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { survivalSync, graph } from 'gridbits/walk';
 * const out = survivalSync(graph(Board.of(8, 8), 'knight'), 0, 10);
 * if (out.finished) console.log(out.value); // 0.017395850270986557
 * ```
 */
export function survivalJob(g: Graph, from: number, steps: number): Job<number> {
  checkFloat(g, steps);
  checkSquare(g.board, from);
  return job(
    function* (ctl) {
      ctl.report({ share: 0, done: 0, unit: 'moves' });
      // The board's orbits and the walk's part of them take milliseconds each on 100×100: a pause after each.
      const orbits = squareOrbits(g);
      yield;
      const r = reduced(g, from, orbits);
      yield;
      const { v, log2 } = yield* byDp(r, steps, ctl, (left) =>
        ctl.report({ share: shareOf(steps - left, steps), done: steps - left }),
      );
      ctl.report({ share: 1, done: steps });
      return scaledValue(v[r.fromOrbit], log2).probability;
    },
    { unit: 'moves' },
  );
}

/** survivalJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function survival(g: Graph, from: number, steps: number, options: RunOptions = {}): Promise<Outcome<number>> {
  return survivalJob(g, from, steps).run(options);
}

/** survivalJob run to its end or a limit in one go. */
export function survivalSync(g: Graph, from: number, steps: number, options: RunOptions = {}): Outcome<number> {
  return survivalJob(g, from, steps).runSync(options);
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
  checkFloat(g, steps);
  checkSquare(g.board, from);
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

/** What a stopped distribution job has made: its moves so far. */
export interface DistributionPartial {
  /** Moves of the walk made so far. */
  moves: number;
}

/**
 * Where the piece stands after `steps` moves from `from`: P(at square t and never left the board), with log10
 * of every entry and of their sum (the survival probability), as a job. The mass is rescaled by 2^512 whenever
 * it sinks under 2^-512, so nothing underflows in log10. A node per square and move, progress in moves;
 * stopped, its partial is the number of moves made. Throws LIMIT past FLOAT_MAX_STEPS or squares × steps past
 * FLOAT_MAX_WORK.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { distributionSync, graph } from 'gridbits/walk';
 * const out = distributionSync(graph(Board.of(8, 8), 'knight'), 0, 1);
 * if (out.finished) console.log(out.value.probability[10], out.value.total.probability); // 0.125 0.25
 * ```
 */
export function distributionJob(g: Graph, from: number, steps: number): Job<Distribution, DistributionPartial> {
  const f = forwardStart(g, from, steps);
  let moves = 0;
  return job(
    function* (ctl) {
      ctl.partial = () => ({ moves });
      ctl.report({ share: 0, done: 0, unit: 'moves' });
      for (; moves < steps;) {
        forwardStep(g, f);
        moves++;
        ctl.report({ share: moves / steps, done: moves });
        if (ctl.spend(g.board.cells)) yield;
      }
      return forwardEnd(g, f);
    },
    { unit: 'squares', partial: () => ({ moves }) },
  );
}

/** distributionJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function distribution(
  g: Graph,
  from: number,
  steps: number,
  options: RunOptions<DistributionPartial> = {},
): Promise<Outcome<Distribution, DistributionPartial>> {
  return distributionJob(g, from, steps).run(options);
}

/** distributionJob run to its end or a limit in one go. */
export function distributionSync(
  g: Graph,
  from: number,
  steps: number,
  options: RunOptions<DistributionPartial> = {},
): Outcome<Distribution, DistributionPartial> {
  return distributionJob(g, from, steps).runSync(options);
}
