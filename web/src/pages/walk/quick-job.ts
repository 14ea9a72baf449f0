// The Random walk page's quick answers as a job its worker serves beside the walk engine's: the survival map's
// estimate, or the distribution's from one square (estimate.ts), before the engine's exact answers come.
import { Board } from '../../../../src/core/board.js';
import { job, type Job } from '../../../../src/core/job.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { graph } from '../../../../src/walk/index.js';
import { distributionEstimate, survivalEstimate, type Estimate } from './estimate.js';

/** A quick answer asked for: the survival map when `from` is null, else the distribution from `from`. */
export interface QuickTask {
  width: number;
  height: number;
  spec: string;
  steps: number;
  from: number | null;
}

export interface QuickAnswer {
  /** The survival map's quick answer, when no square was asked for. */
  map: Estimate | null;
  /** The distribution's quick answer from the square asked for. */
  dist: (Estimate & { total: { probability: number; log10: number } }) | null;
}

export function quickJob(task: QuickTask): Job<QuickAnswer> {
  const g = graph(Board.of(task.width, task.height), parsePiece(task.spec));
  return job(function* (ctl) {
    ctl.report({ share: 0 });
    if (ctl.spend(1)) yield;
    if (task.from === null) return { map: survivalEstimate(g, task.steps), dist: null };
    return { map: null, dist: distributionEstimate(g, task.from, task.steps) };
  });
}
