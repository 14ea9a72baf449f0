// Web Worker for the Random walk page: the survival map of every start square (any N up to 10^9), the decay
// rate λ, and the distribution after N moves from one square, off the page's thread.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { FLOAT_MAX_STEPS, decayRate, distributionWithLog, survivalMapAtHorizon, walkGraph } from '../../../../src/walk/index.js';
import { serveJobs, type Endpoint } from '../../worker/jobs.js';

/** The distribution's forward DP runs up to squares × steps of this (it has no far-horizon method). */
export const DIST_MAX_WORK = 50_000_000;

export type WalkRequest = { width: number; height: number; spec: string; steps: number } & ({ kind: 'map' } | { kind: 'dist'; from: number });

export type WalkResult =
  | { kind: 'map'; probability: Float64Array; log10: Float64Array; lambda: number; lambdaError: number; lambdaFrom: number }
  | { kind: 'dist'; from: number; probability: Float64Array; log10: Float64Array; total: { probability: number; log10: number } };

serveJobs<WalkRequest, WalkResult>(self as unknown as Endpoint, (req, { onProgress }) => {
  const g = walkGraph(Board.of(req.width, req.height), parsePiece(req.spec));
  const cells = g.board.cells;
  if (req.kind === 'dist') {
    if (req.steps > FLOAT_MAX_STEPS || cells * req.steps > DIST_MAX_WORK) {
      throw new GridbitsError('LIMIT', `the distribution after N moves is computed up to squares × N = ${DIST_MAX_WORK.toLocaleString('en')} here; take a smaller N or board`);
    }
    const d = distributionWithLog(g, req.from, req.steps);
    onProgress({ done: 1, total: 1, unit: 'maps' });
    return { kind: 'dist', from: req.from, ...d };
  }
  const map = survivalMapAtHorizon(g, req.steps);
  onProgress({ done: 1, total: 2, unit: 'stages' });
  // λ is the decay rate of the class of the best-surviving square (the slowest decay on the board).
  let best = 0;
  for (let s = 1; s < cells; s++) if (map.log10[s] > map.log10[best]) best = s;
  const rate = g.targets.length > 0 ? decayRate(g, best) : { lambda: 0, error: 0 };
  onProgress({ done: 2, total: 2, unit: 'stages' });
  return { kind: 'map', ...map, lambda: rate.lambda, lambdaError: rate.error, lambdaFrom: best };
});
