// The one-call backtracking search: a tour (or a proof that none exists, or 'budget') for a leaper query.
import type { RunOptions } from '../core/run.js';
import { TourMachine, type SearchSwitches } from './machine.js';
import type { TourQuery } from './types.js';

export interface SearchOptions extends RunOptions {
  /** Largest number of backtracks over all tries before answering 'budget'. */
  maxBacktracks?: number;
  /** The optimisations (all on by default); switch them off to compare. */
  switches?: SearchSwitches;
}

export interface SearchResult {
  /** 'found': `path` is a tour; 'none': proved that no tour fits the query; 'budget': a limit ran out first. */
  status: 'found' | 'none' | 'budget';
  path?: Int32Array;
  backtracks: number;
  nodes: number;
}

/**
 * Searches a tour for the query by backtracking with the paper's optimisations. Complete: without a budget it
 * finds a tour or proves none exists from `from` (every start when `from` is absent), ending on `to` or closed.
 */
export function searchTour(query: TourQuery, options: SearchOptions = {}): SearchResult {
  const m = new TourMachine(query, options.switches);
  const r = m.run(options);
  const out: SearchResult = { status: r.status, backtracks: r.backtracks, nodes: r.nodes };
  if (r.status === 'found') out.path = m.tour ?? undefined;
  return out;
}
