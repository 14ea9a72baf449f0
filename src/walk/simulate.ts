// Monte-Carlo estimate of the survival probability: seeded random walks and a Wilson 95% interval, as a job
// whose partial answer is the estimate from the walks made so far.
import { GridbitsError } from '../core/error.js';
import { Job, job, type Outcome } from '../core/job.js';
import { checkRng, type Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import { wilson } from '../core/stats.js';
import { shown } from '../core/check.js';
import { checkGraph, checkSquare, checkSteps, type Graph } from './graph.js';

/** Walks × steps above this are refused: about a minute of walks here (measured in bench/results/walk.md). */
export const SIMULATE_MAX_WORK = 5_000_000_000;

/** The outcome of simulated walks: how many stayed on the board, the estimate and its 95% Wilson interval. */
export interface Simulation {
  /** Walks made. */
  trials: number;
  /** Walks still on the board after every move. */
  survived: number;
  /** survived / trials. */
  estimate: number;
  /** The lower end of the Wilson score interval at 95%. */
  low: number;
  /** The upper end of the Wilson score interval at 95%. */
  high: number;
}

function checkSimulation(g: Graph, from: number, steps: number, trials: number, rng: Rng): void {
  checkGraph(g);
  checkSquare(g.board, from);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  if (typeof trials !== 'number' || !Number.isSafeInteger(trials) || trials < 1)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `walk: trials (the number of simulated walks) must be a whole number ≥ 1, got ${shown(trials)}`,
    );
  checkRng(rng, 'walk: rng');
  if (trials * steps > SIMULATE_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: trials × steps = ${trials * steps} is over the simulation limit of ${SIMULATE_MAX_WORK}`,
    );
  }
}

/** Makes `n` walks and counts those still on the board (a plain function: V8 optimizes it, not a generator's loop). */
function walks(g: Graph, from: number, steps: number, n: number, rng: Rng): number {
  const { jump, k } = g;
  let survived = 0;
  for (let t = 0; t < n; t++) {
    let s = from;
    for (let i = 0; i < steps && s >= 0; i++) s = jump[s * k + rng.below(k)];
    if (s >= 0) survived++;
  }
  return survived;
}

function result(trials: number, survived: number): Simulation {
  return { trials, survived, estimate: survived / trials, ...wilson(survived, trials) };
}

/**
 * `trials` random walks of `steps` moves from `from`, each move drawn from `rng`, as a job: progress in walks,
 * a node per move, and the walks made so far as the partial answer (a smaller sample, same seed order). The
 * same seed gives the same answer however the runs are cut.
 * @example
 * ```ts
 * import { Board, createRng } from 'gridbits/core';
 * import { graph, simulateWalksSync } from 'gridbits/walk';
 * const out = simulateWalksSync(graph(Board.of(8, 8), 'knight'), 0, 10, 100_000, createRng(7));
 * if (out.finished) console.log(out.value.estimate, out.value.low, out.value.high);
 * ```
 */
export function simulateWalksJob(
  g: Graph,
  from: number,
  steps: number,
  trials: number,
  rng: Rng,
): Job<Simulation, Simulation> {
  checkSimulation(g, from, steps, trials, rng);
  return job(
    function* (ctl) {
      let survived = 0,
        done = 0;
      ctl.report({ share: 0, done: 0, unit: 'walks' });
      while (done < trials) {
        // As many walks as reach the drivers' next check (a budget then stops on a whole walk).
        const n = Math.min(trials - done, Math.max(1, Math.ceil((ctl.checkAt - ctl.nodes) / (steps + 1))));
        survived += walks(g, from, steps, n, rng);
        // The partial answer exists from the first walk on (an estimate of no walks means nothing).
        if (done === 0) ctl.partial = () => result(done, survived);
        done += n;
        if (ctl.spend(n * (steps + 1))) {
          ctl.report({ share: done / trials, done });
          yield;
        }
      }
      ctl.report({ share: 1, done: trials });
      return result(trials, survived);
    },
    { unit: 'moves' },
  );
}

/** simulateWalksJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function simulateWalks(
  g: Graph,
  from: number,
  steps: number,
  trials: number,
  rng: Rng,
  options: RunOptions = {},
): Promise<Outcome<Simulation, Simulation>> {
  return simulateWalksJob(g, from, steps, trials, rng).run(options);
}

/** simulateWalksJob run to its end or a limit in one go. */
export function simulateWalksSync(
  g: Graph,
  from: number,
  steps: number,
  trials: number,
  rng: Rng,
  options: RunOptions = {},
): Outcome<Simulation, Simulation> {
  return simulateWalksJob(g, from, steps, trials, rng).runSync(options);
}

/** The most moves randomWalk follows: a walk still on the board after these is cut there (`cut` says so). */
export const WALK_MAX_MOVES = 1_000_000;

/** One random walk, move by move (randomWalk). */
export interface RandomWalk {
  /** The squares it stood on, the start first: one more than the moves it made on the board. */
  path: Int32Array;
  /** The leap (index into the piece's leaps) of the move that left the board after the path's last square, or -1. */
  exit: number;
  /** Whether it was cut at WALK_MAX_MOVES while still on the board before its N moves. */
  cut: boolean;
}

/**
 * One random walk of up to `steps` moves from `from`, the moves drawn from `rng` as simulateWalks draws them (so
 * the first walk of simulateWalks with the same seed is this one), ending at the move that leaves the board.
 * @example
 * ```ts
 * import { Board, createRng } from 'gridbits/core';
 * import { graph, randomWalk } from 'gridbits/walk';
 * const w = randomWalk(graph(Board.of(8, 8), 'knight'), 0, 10, createRng(7));
 * console.log(w.path.length - 1, w.exit >= 0 ? 'moves, then off the board' : 'moves, still on');
 * ```
 */
export function randomWalk(g: Graph, from: number, steps: number, rng: Rng): RandomWalk {
  checkGraph(g);
  checkSquare(g.board, from);
  checkSteps(steps, Number.MAX_SAFE_INTEGER);
  checkRng(rng, 'walk: rng');
  const { jump, k } = g;
  const most = Math.min(steps, WALK_MAX_MOVES);
  let path = new Int32Array(Math.min(most, 1024) + 1);
  path[0] = from;
  let s = from,
    n = 0,
    exit = -1;
  while (n < most) {
    const d = rng.below(k);
    const t = jump[s * k + d];
    if (t < 0) {
      exit = d;
      break;
    }
    if (++n >= path.length) {
      const grown = new Int32Array(Math.min(most + 1, path.length * 2));
      grown.set(path);
      path = grown;
    }
    path[n] = s = t;
  }
  return { path: path.slice(0, n + 1), exit, cut: exit < 0 && n < steps };
}
