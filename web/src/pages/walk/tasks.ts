// The Random walk page's requests, answered by the walk engine's jobs on the page's worker: the survival map of
// every start square (any N up to 10^9) with the decay rate λ, one square's value (any N) with the distribution
// after N moves from it, the page's quick estimates first, and the one-walk player's tally of many walks.
import { Board } from '../../../../src/core/board.js';
import { isGridbitsError } from '../../../../src/core/error.js';
import { finishedValue } from '../../../../src/core/job.js';
import type { JobsByName } from '../../../../src/jobs.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { FLOAT_MAX_STEPS, graph, type Simulation } from '../../../../src/walk/index.js';
import type { RunJob } from '../../worker/jobs.js';
import type { Estimate } from './estimate.js';
import { jobs as walkJobs } from '../../../../src/walk/jobs.js';
import { quickJob } from './quick-job.js';
import { DIST_MAX_WORK } from './state.js';

/** The jobs the page's worker serves: the walk engine's, and the page's quick estimates. */
export type WalkJobs = Pick<
  JobsByName,
  'walk.survivalMapAtHorizon' | 'walk.survivalAtHorizon' | 'walk.decayRate' | 'walk.distribution' | 'walk.simulate'
> & { 'page.quick': typeof quickJob };

/**
 * The jobs the page's worker serves, by their names in the library's registry, and the page's quick estimates
 * beside them; the page runs them itself while a request is quick (see JobRunner).
 */
export const WALK_JOBS: WalkJobs = {
  'walk.survivalMapAtHorizon': walkJobs.survivalMapAtHorizon,
  'walk.survivalAtHorizon': walkJobs.survivalAtHorizon,
  'walk.decayRate': walkJobs.decayRate,
  'walk.distribution': walkJobs.distribution,
  'walk.simulate': walkJobs.simulate,
  'page.quick': quickJob,
};

/**
 * What the page asks: `key` names the board, piece and N (and square) the request is for, and comes back in the
 * result, so the page never reads an answer for one board on another.
 */
export type WalkRequest = { key: string; width: number; height: number; spec: string; steps: number } & (
  | { kind: 'map' }
  | { kind: 'dist'; from: number }
  /** A quick answer (estimate.ts): the survival map when `from` is null, else the distribution from it. */
  | { kind: 'quick'; from: number | null }
  /** `trials` walks of the seed from `from` (the one-walk player's tally). */
  | { kind: 'tally'; from: number; trials: number; seed: number }
);

/** One square's survival at any horizon, with the engine's method, its error and λ. */
interface Point {
  probability: number;
  log10: number;
  lambda: number;
  lambdaError: number;
  method: string;
  relativeError: number;
}

export type WalkResult = { key: string } & (
  | {
      kind: 'map';
      /** null when the whole map at this N is over the engine's limit (`over`). */
      map: { probability: Float64Array; log10: Float64Array } | null;
      over: boolean;
      lambda: number;
      lambdaError: number;
      lambdaFrom: number;
    }
  | {
      kind: 'dist';
      from: number;
      point: Point;
      /** null when the forward DP would take too long (`over`). */
      dist: { probability: Float64Array; log10: Float64Array; total: { probability: number; log10: number } } | null;
      over: boolean;
    }
  | {
      kind: 'quick';
      from: number | null;
      /** The survival map's quick answer (see estimate.ts), when no square was asked for. */
      map: Estimate | null;
      /** The distribution's quick answer from the square asked for. */
      dist: (Estimate & { total: { probability: number; log10: number } }) | null;
    }
  | { kind: 'tally'; tally: Simulation }
);

/** Answers one request with the engine's jobs, in turn, on the page's worker. */
export async function walkTask(req: WalkRequest, run: RunJob<WalkJobs>): Promise<WalkResult> {
  const key = req.key;
  const task = { board: { width: req.width, height: req.height }, piece: req.spec, steps: req.steps };
  if (req.kind === 'tally') {
    const tally = finishedValue(
      await run('walk.simulate', [{ ...task, from: req.from, trials: req.trials, seed: req.seed }]),
    );
    return { key, kind: 'tally', tally };
  }
  if (req.kind === 'quick') {
    const size = { width: req.width, height: req.height, spec: req.spec, steps: req.steps, from: req.from };
    const quick = finishedValue(await run('page.quick', [size]));
    return { key, kind: 'quick', from: req.from, ...quick };
  }
  const g = graph(Board.of(req.width, req.height), parsePiece(req.spec));
  if (req.kind === 'dist') {
    const h = finishedValue(await run('walk.survivalAtHorizon', [{ ...task, from: req.from }]));
    const point: Point = {
      probability: h.probability,
      log10: h.log10,
      lambda: h.lambda,
      lambdaError: h.lambdaError,
      method: h.method,
      relativeError: h.relativeError,
    };
    if (req.steps > FLOAT_MAX_STEPS || g.board.cells * req.steps > DIST_MAX_WORK) {
      return { key, kind: 'dist', from: req.from, point, dist: null, over: true };
    }
    const dist = finishedValue(await run('walk.distribution', [{ ...task, from: req.from }]));
    return { key, kind: 'dist', from: req.from, point, dist, over: false };
  }
  // The whole map at this N may be over the engine's limit: then the page says so and shows its quick answer and λ.
  let map: { probability: Float64Array; log10: Float64Array } | null = null;
  try {
    map = finishedValue(await run('walk.survivalMapAtHorizon', [task]));
  } catch (e) {
    if (!isGridbitsError(e) || e.code !== 'LIMIT') throw e;
  }
  // λ is the decay rate of the class of the best-surviving square (the slowest decay on the board); without a map,
  // of the centre square's.
  let best = g.board.index(Math.floor((g.board.width - 1) / 2), Math.floor((g.board.height - 1) / 2));
  if (map) {
    best = 0;
    for (let s = 1; s < g.board.cells; s++) if (map.log10[s] > map.log10[best]) best = s;
  }
  const rate =
    g.targets.length > 0
      ? finishedValue(await run('walk.decayRate', [{ board: task.board, piece: req.spec, from: best }]))
      : { lambda: 0, error: 0 };
  return {
    key,
    kind: 'map',
    map,
    over: map === null,
    lambda: rate.lambda,
    lambdaError: rate.error,
    lambdaFrom: best,
  };
}
