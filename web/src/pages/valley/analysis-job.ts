// The King's Valley page's analysis job, served by its analysis worker: the solver on the position after one
// legal move, within the limits the page gives this request. Each move's search is kept in the worker between
// requests on the same position, so each later pass goes on where the last stopped (the quick first pass, the
// deeper passes, then the length of the quickest win).
import { job, type Job, type JobControl, type Outcome } from '../../../../src/core/job.js';
import {
  createEngine,
  parsePosition,
  play,
  solveJob,
  winnerOf,
  type SolveResult,
} from '../../../../src/valley/index.js';
import { markFromChild, type Mark } from './analysis.js';

/** What one request asks of a move's search. */
interface AnalyseOptions {
  /**
   * Also find the quickest forced win's length: the search goes on past the value (its length, or the proof's
   * as a bound while that is sought); without it the request ends once the value is proved.
   */
  shortest: boolean;
  /** Milliseconds this move's search may take in this request. */
  timeMs: number;
  /** Nodes it may take in this request, beside the time (the first pass's budget). */
  maxNodes?: number;
  /** Unproved after this request, the move is searched again later ('later') or not ('time'). */
  unproved: 'later' | 'time';
  /** The solver's table for this move, in MB. */
  tableMegabytes: number;
}

/** A move's search, kept between requests. */
interface Kept {
  search: Job<SolveResult, SolveResult>;
  /** What the search has proved so far. */
  known(): SolveResult | undefined;
  /**
   * Ends the run of the request that last ran the search: one stopped in the middle of it (a cancel) leaves it
   * held there, and the next request must free it before going on with it.
   */
  release(): void;
}

/** The searches of the position analysed, by move: unfinished ones, to go on with in the next request. */
let held: { position: string; searches: Map<string, Kept> } = { position: '', searches: new Map() };

function keptSearch(position: string, move: string, child: ReturnType<typeof play>, o: AnalyseOptions): Kept {
  if (held.position !== position) held = { position, searches: new Map() };
  const found = held.searches.get(move);
  if (found !== undefined) {
    found.release();
    return found;
  }
  // Every search asks for the length too: the value passes end once the value is in, the length pass goes on.
  // The first request's node budget is the solver's too, so its first slice of work ends on it.
  const solve = solveJob(createEngine(child), {
    shortest: true,
    proofSize: false,
    tableMegabytes: o.tableMegabytes,
    ...(o.maxNodes === undefined ? {} : { maxNodes: o.maxNodes }),
  });
  // The solver's body runs on this job's control (`within` hands it over), so what it has proved is read there.
  let control: JobControl<SolveResult> | undefined;
  const kept: Kept = {
    search: job<SolveResult, SolveResult>(function* (ctl) {
      control = ctl;
      return yield* solve.within(ctl);
    }),
    known: () => control?.partial?.(),
    release: () => undefined,
  };
  held.searches.set(move, kept);
  return kept;
}

/** The mark of `move` in `position` (5×5 notation), from its search run further within this request's limits. */
function analyseJob(position: string, move: string, o: AnalyseOptions): Job<Mark> {
  const p = parsePosition(position);
  const child = play(p, move);
  const over = winnerOf(child);
  return job(function* (ctl) {
    if (over !== null) return { value: over === p.side ? 'win' : 'loss', plies: 1 };
    const kept = keptSearch(position, move, child, o);
    const run = kept.search.runWithin(ctl, {
      timeoutMs: o.timeMs,
      ...(o.maxNodes === undefined ? {} : { maxNodes: o.maxNodes }),
    });
    // Ending the run frees the search where it paused, to go on from there later.
    const release = (): void => void run.return(undefined as never);
    kept.release = release;
    let out: Outcome<SolveResult, SolveResult> | undefined;
    for (;;) {
      const step = run.next();
      if (step.done) {
        out = step.value;
        break;
      }
      // The value alone is wanted: the request ends as soon as it is proved (the proof's size and the rest later).
      if (!o.shortest && kept.known()?.value !== undefined) break;
      yield;
      // A stopped request may run on until it hears its stop; a later one that took the search over meanwhile
      // holds it now.
      if (kept.release !== release) return { value: 'unknown', why: 'cancelled' };
    }
    kept.release = () => undefined;
    release();
    if (out?.finished) {
      if (held.searches.get(move) === kept) held.searches.delete(move);
      // The answer rests on lines longer than the solver's ply cap.
      if (out.value.value === undefined && out.value.beyondPlyCap) return { value: 'unknown', why: 'deep' };
    }
    // Proved but not finished: the proof's length is a bound on the quickest win, shown until that is found.
    return markFromChild(out === undefined ? kept.known() : out.finished ? out.value : out.partial, o.unproved);
  });
}

/** The analysis worker's jobs. */
export const ANALYSIS_JOBS = { 'page.analyse': analyseJob };
