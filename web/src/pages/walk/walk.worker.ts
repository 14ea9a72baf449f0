// Web Worker for the Random walk page: the survival map of every start square (any N up to 10^9), the decay
// rate λ, and one square's value (any N) with the distribution after N moves from it, off the page's thread.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { job, type Job } from '../../../../src/core/job.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { FLOAT_MAX_STEPS, FLOAT_MAX_WORK, decayRateJob, distributionWithLog, graph, survivalAtHorizonJob, survivalMapAtHorizonJob, type SurvivalMap } from '../../../../src/walk/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';

/**
 * The distribution's forward DP runs up to squares × steps of this, the engine's own limit: 100×100 to
 * N = 60,000 takes 16–21 s here ("walk dist" rows in bench/results/web-caps.md); it has no far-horizon method.
 */
export const DIST_MAX_WORK = FLOAT_MAX_WORK;

export type WalkRequest = { width: number; height: number; spec: string; steps: number } & ({ kind: 'map' } | { kind: 'dist'; from: number });

/** One square's survival at any horizon, with the engine's method, its error and λ. */
export interface Point {
  probability: number;
  log10: number;
  lambda: number;
  lambdaError: number;
  method: string;
  relativeError: number;
}

export type WalkResult =
  | {
      kind: 'map';
      /** null when the whole map at this N is over the engine's limit (`limit` says which). */
      map: { probability: Float64Array; log10: Float64Array } | null;
      limit: string | null;
      lambda: number;
      lambdaError: number;
      lambdaFrom: number;
    }
  | {
      kind: 'dist';
      from: number;
      point: Point;
      /** null when the forward DP would take too long (`limit` says why). */
      dist: { probability: Float64Array; log10: Float64Array; total: { probability: number; log10: number } } | null;
      limit: string | null;
    };

function isLimit(e: unknown): e is GridbitsError {
  return e instanceof GridbitsError && e.code === 'LIMIT';
}

/** The page's request as one job made of the engine's jobs (their steps run inside it, with its progress). */
function walkJob(req: WalkRequest): Job<WalkResult, unknown> {
  const g = graph(Board.of(req.width, req.height), parsePiece(req.spec));
  const cells = g.board.cells;
  if (req.kind === 'dist') {
    const horizon = survivalAtHorizonJob(g, req.from, req.steps);
    return job(function* (ctl) {
      const h = yield* horizon.within(ctl);
      const point: Point = { probability: h.probability, log10: h.log10, lambda: h.lambda, lambdaError: h.lambdaError, method: h.method, relativeError: h.relativeError };
      if (req.steps > FLOAT_MAX_STEPS || cells * req.steps > DIST_MAX_WORK) {
        const limit = `The distribution after N moves is computed up to squares × N = ${DIST_MAX_WORK.toLocaleString('en')} here; take a smaller N or board.`;
        return { kind: 'dist', from: req.from, point, dist: null, limit };
      }
      const dist = distributionWithLog(g, req.from, req.steps);
      return { kind: 'dist', from: req.from, point, dist, limit: null };
    });
  }
  // The whole map at this N may be over the engine's limit: then the page says so and shows λ alone.
  let mapJob: Job<SurvivalMap> | null = null;
  let limit: string | null = null;
  try {
    mapJob = survivalMapAtHorizonJob(g, req.steps);
  } catch (e) {
    if (!isLimit(e)) throw e;
    limit = e.message;
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
    return { kind: 'map', map, limit, lambda: rate.lambda, lambdaError: rate.error, lambdaFrom: best };
  });
}

servePage<WalkRequest, WalkResult>(self as unknown as Endpoint, (req) => walkJob(req));
