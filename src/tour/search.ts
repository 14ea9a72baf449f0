// The one-call backtracking search as a job: a tour, or a proof that none exists, for a leaper query.
import { job, type Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { SearchMachine, type SearchSwitches } from './machine.js';
import { checkQueryShape, checkSearchOptions } from './check.js';
import type { Query } from './types.js';

export { SEARCH_BUDGET } from './budget.js';

/** Options of the search: the optimisations to use. */
export interface TourSearchOptions {
  /** The optimisations (all on by default); switch them off to compare. */
  switches?: SearchSwitches;
}

/** What the search answers: a tour, or the proof that none fits the query. */
export interface TourSearchResult {
  /** 'found': `path` is a tour; 'none': proved that no tour fits the query. */
  status: 'found' | 'none';
  /** The tour, when found: square indices, path[0] first. */
  path?: Int32Array;
  /** Backtracks made, over all tries. */
  backtracks: number;
  /** The move array (try) that found the tour, from 0. */
  tryIndex?: number;
}

/** What a stopped search has: the backtracks made so far. */
export interface TourSearchPartial {
  /** Backtracks made before the stop. */
  backtracks: number;
}

/**
 * The search for a tour as a job: backtracking with the paper's optimisations. Complete: run to its end it
 * finds a tour or proves none exists from `from` (every start when `from` is absent), ending on `to` or
 * closed. One work unit is one move; progress counts backtracks.
 */
export function searchTourJob(query: Query, options: TourSearchOptions = {}): Job<TourSearchResult, TourSearchPartial> {
  checkQueryShape(query, 'query');
  checkSearchOptions(options, 'options');
  const m = new SearchMachine(query, options.switches);
  // A generator function made per call costs microseconds (each has its own prototype): one, shared.
  return job((ctl) => searchSteps(m, ctl));
}

function* searchSteps(m: SearchMachine, ctl: JobControl<TourSearchPartial>): Generator<void, TourSearchResult, void> {
  ctl.partial = () => ({ backtracks: m.backtracks });
  const status = yield* m.steps(ctl, Infinity, () => ctl.report({ done: m.backtracks, unit: 'backtracks' }));
  ctl.report({ share: 1, done: m.backtracks, unit: 'backtracks' });
  if (status === 'found') return { status, path: m.tour!, backtracks: m.backtracks, tryIndex: m.tryIndex };
  return { status: 'none', backtracks: m.backtracks };
}

/**
 * Searches a tour for the query (see `searchTourJob`), giving the event loop a turn about every 20 ms.
 *
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT } from 'gridbits/pieces';
 * import { searchTour } from 'gridbits/tour';
 * const out = await searchTour({ board: Board.of(6, 6), piece: KNIGHT, closed: true, from: 0 }, { timeoutMs: 1000 });
 * if (out.finished && out.value.status === 'found') console.log(out.value.path);
 * ```
 */
export function searchTour(
  query: Query,
  options: TourSearchOptions & RunOptions = {},
): Promise<Outcome<TourSearchResult, TourSearchPartial>> {
  return searchTourJob(query, options).run(options);
}

/** As `searchTour`, run to its end or a limit without giving the event loop a turn. */
export function searchTourSync(
  query: Query,
  options: TourSearchOptions & RunOptions = {},
): Outcome<TourSearchResult, TourSearchPartial> {
  return searchTourJob(query, options).runSync(options);
}
