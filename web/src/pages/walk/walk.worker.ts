// Web Worker for the Random walk page: the survival map of every start square (any N up to 10^9), the decay
// rate λ, and one square's value (any N) with the distribution after N moves from it, off the page's thread.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { job, type Job } from '../../../../src/core/job.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import {
  FLOAT_MAX_STEPS,
  decayRateJob,
  distributionJob,
  graph,
  survivalAtHorizonJob,
  survivalMapAtHorizonJob,
  type SurvivalMap,
} from '../../../../src/walk/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { distributionEstimate, survivalEstimate, type Estimate } from './estimate.js';
import { DIST_MAX_WORK } from './state.js';

/**
 * What the page asks: `key` names the board, piece and N (and square) the request is for, and comes back in the
 * result, so the page never reads an answer for one board on another.
 */
export type WalkRequest = { key: string; width: number; height: number; spec: string; steps: number } & (
  | { kind: 'map' }
  | { kind: 'dist'; from: number }
  /** A quick answer (estimate.ts): the survival map when `from` is null, else the distribution from it. */
  | { kind: 'quick'; from: number | null }
);

/** One square's survival at any horizon, with the engine's method, its error and λ. */
export interface Point {
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
);

function isLimit(e: unknown): e is GridbitsError {
  return e instanceof GridbitsError && e.code === 'LIMIT';
}

/** The page's request as one job made of the engine's jobs (their steps run inside it, with its progress). */
function walkJob(req: WalkRequest): Job<WalkResult, unknown> {
  const g = graph(Board.of(req.width, req.height), parsePiece(req.spec));
  const cells = g.board.cells;
  const key = req.key;
  if (req.kind === 'quick') {
    const from = req.from;
    return job(function* (ctl) {
      ctl.report({ share: 0 });
      if (ctl.spend(1)) yield;
      const map = from === null ? survivalEstimate(g, req.steps) : null;
      const dist = from === null ? null : distributionEstimate(g, from, req.steps);
      return { key, kind: 'quick', from, map, dist };
    });
  }
  if (req.kind === 'dist') {
    const horizon = survivalAtHorizonJob(g, req.from, req.steps);
    return job(function* (ctl) {
      const h = yield* horizon.within(ctl);
      const point: Point = {
        probability: h.probability,
        log10: h.log10,
        lambda: h.lambda,
        lambdaError: h.lambdaError,
        method: h.method,
        relativeError: h.relativeError,
      };
      if (req.steps > FLOAT_MAX_STEPS || cells * req.steps > DIST_MAX_WORK) {
        return { key, kind: 'dist', from: req.from, point, dist: null, over: true };
      }
      const dist = yield* distributionJob(g, req.from, req.steps).within(ctl);
      return { key, kind: 'dist', from: req.from, point, dist, over: false };
    });
  }
  // The whole map at this N may be over the engine's limit: then the page says so and shows its quick answer and λ.
  let mapJob: Job<SurvivalMap> | null = null;
  let over = false;
  try {
    mapJob = survivalMapAtHorizonJob(g, req.steps);
  } catch (e) {
    if (!isLimit(e)) throw e;
    over = true;
  }
  return job(function* (ctl) {
    const map = mapJob ? yield* mapJob.within(ctl) : null;
    // λ is the decay rate of the class of the best-surviving square (the slowest decay on the board); without
    // a map, of the centre square's.
    let best = g.board.index(Math.floor((g.board.width - 1) / 2), Math.floor((g.board.height - 1) / 2));
    if (map) {
      best = 0;
      for (let s = 1; s < cells; s++) if (map.log10[s] > map.log10[best]) best = s;
    }
    const rate = g.targets.length > 0 ? yield* decayRateJob(g, best).within(ctl) : { lambda: 0, error: 0 };
    return { key, kind: 'map', map, over, lambda: rate.lambda, lambdaError: rate.error, lambdaFrom: best };
  });
}

servePage<WalkRequest, WalkResult>(self as unknown as Endpoint, (req) => walkJob(req));
