// Web Worker for the King's Valley page's analysis: the solver on the position after one legal move, within the
// time the page gives it, in slices so the page's Cancel gets through (the page cancels by ending this worker).
import { GridbitsError } from '../../../../src/core/error.js';
import { job } from '../../../../src/core/job.js';
import { parsePosition, play, solveJob, winnerOf, type SolveResult } from '../../../../src/valley/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { markFromChild, type Mark } from './analysis.js';

export interface AnalysisRequest {
  /** The position now, in the 5×5 notation. */
  position: string;
  /** The legal move to judge. */
  move: string;
  /** Also find the quickest forced win's length (a second, longer search once the value is known). */
  shortest: boolean;
  /** Milliseconds this move may take. */
  timeMs: number;
}

/** The solver's table for one move, in MB (the page runs one move at a time). */
export const TABLE_MB = 32;
/** Work between two of the page job's pauses. */
const SLICE_MS = 40;

servePage<AnalysisRequest, Mark>(self as unknown as Endpoint, (req) =>
  job(function* (ctl) {
    const p = parsePosition(req.position);
    const child = play(p, req.move);
    const over = winnerOf(child);
    if (over !== null) return { value: over === (p.side === 0 ? 'white' : 'black') ? 'win' : 'loss', plies: 1 };
    const inner = solveJob(child, { shortest: req.shortest, tableMegabytes: TABLE_MB });
    const end = performance.now() + req.timeMs;
    for (;;) {
      let r: SolveResult | undefined, finished: boolean;
      try {
        const out = inner.runSync({ timeoutMs: Math.max(1, Math.min(SLICE_MS, end - performance.now())) });
        finished = out.finished;
        r = out.finished ? out.value : out.partial;
      } catch (e) {
        // The answer rests on lines longer than the solver's ply cap.
        if (e instanceof GridbitsError && e.code === 'LIMIT') return { value: 'unknown', why: 'deep' };
        throw e;
      }
      ctl.report(Math.min(req.timeMs, req.timeMs - (end - performance.now())), req.timeMs, 'ms');
      // The value alone is wanted first: stop as soon as it is proved (the proof's size and the rest are not needed).
      if (finished || (!req.shortest && r?.value !== undefined) || performance.now() >= end) return markFromChild(r && (finished ? r : { value: r.value }));
      ctl.spend();
      yield;
    }
  }),
);
