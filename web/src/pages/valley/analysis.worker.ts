// Web Worker for the King's Valley page's analysis: the solver on the position after one legal move, within the
// time the page gives it, in slices so the page's Cancel gets through (the page cancels by ending this worker).
// A move's search is kept between requests on the same position, so each later pass goes on where the last
// stopped (the quick first pass, the deeper passes, then the length of the quickest win).
import { job, type Job } from '../../../../src/core/job.js';
import {
  createEngine,
  parsePosition,
  play,
  solveJob,
  winnerOf,
  type SolveResult,
} from '../../../../src/valley/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { markFromChild, type Mark } from './analysis.js';

export interface AnalysisRequest {
  /** The position now, in the 5×5 notation. */
  position: string;
  /** The legal move to judge. */
  move: string;
  /**
   * Also find the quickest forced win's length (the search goes on past the value: the proof's size, then the
   * length); without it the search stops once the value is proved.
   */
  shortest: boolean;
  /** Milliseconds this move may take now. */
  timeMs: number;
  /** Nodes this move may take now, beside the time (the first pass's budget). */
  maxNodes?: number;
  /** Unproved after this request, the move is searched again later ('later') or not ('time'). */
  unproved?: 'later' | 'time';
  /** The solver's table for this move, in MB (default TABLE_MB). */
  tableMegabytes?: number;
}

/** The solver's table for one move, in MB, when the page gives none. */
export const TABLE_MB = 32;
/** Work between two of the page job's pauses. */
const SLICE_MS = 40;

/** The searches of the position now, by move: unfinished ones, to go on with in the next request. */
let held: { position: string; searches: Map<string, { search: Job<SolveResult, SolveResult>; nodes: number }> } = {
  position: '',
  searches: new Map(),
};

servePage<AnalysisRequest, Mark>(self as unknown as Endpoint, (req) =>
  job(function* (ctl) {
    const p = parsePosition(req.position);
    const child = play(p, req.move);
    const over = winnerOf(child);
    if (over !== null) return { value: over === p.side ? 'win' : 'loss', plies: 1 };
    if (held.position !== req.position) held = { position: req.position, searches: new Map() };
    // Every search asks for the length too: the value passes stop once the value is in, the length pass goes on.
    // The first request's node budget is the solver's too, so its first slice ends on it (later ones take whole
    // slices).
    let kept = held.searches.get(req.move);
    if (kept === undefined) {
      kept = {
        search: solveJob(createEngine(child), {
          shortest: true,
          proofSize: false,
          tableMegabytes: req.tableMegabytes ?? TABLE_MB,
          maxNodes: req.maxNodes,
        }),
        nodes: 0,
      };
      held.searches.set(req.move, kept);
    }
    const end = performance.now() + req.timeMs;
    const nodesEnd = req.maxNodes === undefined ? Infinity : kept.nodes + req.maxNodes;
    for (;;) {
      const out = yield* kept.search.runWithin(ctl, {
        timeoutMs: Math.max(1, Math.min(SLICE_MS, end - performance.now())),
        maxNodes: nodesEnd === Infinity ? undefined : Math.max(1, nodesEnd - kept.nodes),
      });
      const finished = out.finished;
      kept.nodes = out.nodes;
      const r: SolveResult | undefined = out.finished ? out.value : out.partial;
      // The answer rests on lines longer than the solver's ply cap.
      if (out.finished && out.value.value === undefined && out.value.beyondPlyCap) {
        held.searches.delete(req.move);
        return { value: 'unknown', why: 'deep' };
      }
      if (finished) held.searches.delete(req.move);
      ctl.report({ share: 1 - (end - performance.now()) / req.timeMs });
      // The value alone is wanted first: stop as soon as it is proved (the proof's size and the rest are not needed).
      // Proved but not finished: the proof's length is a bound on the quickest win, shown until that is found.
      if (finished || (!req.shortest && r?.value !== undefined) || performance.now() >= end || kept.nodes >= nodesEnd)
        return markFromChild(r, req.unproved ?? 'time');
      ctl.spend();
      yield;
    }
  }),
);
