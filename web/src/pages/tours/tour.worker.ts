// Web Worker for the Tours page's heavy work: finding a tour (large boards, searches), the per-start table
// (its squares posted as they are decided) and exact counts, off the page's thread; the page cancels by ending
// the worker.
import { Board } from '../../../../src/core/board.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { job } from '../../../../src/core/job.js';
import { COUNT_CONVENTION, countToursJob, findNodeBudget, findTourJob } from '../../../../src/tour/index.js';
import { searchStopWords } from '../../../../src/tour/stopped.js';
import { COUNT_BUDGET_MS, countPlan, countStopWords } from './state.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { sliced } from '../../worker/sliced.js';
import { streamTableJob } from './table-stream.js';

interface Common {
  width: number;
  height: number;
  spec: string;
  closed: boolean;
}

export type TourRequest =
  | (Common & { kind: 'find'; from: number; to?: number; seed?: number })
  | (Common & {
      kind: 'table';
      maxBacktracks: number;
      /** Names the table: the squares posted on the way carry it back. */ key: string;
    })
  | (Common & { kind: 'count' });

export interface FindResult {
  kind: 'find';
  exists: boolean | null;
  reason: string;
  method: string;
  backtracks?: number;
  path?: Int32Array;
  ms: number;
}

export interface TableResult {
  kind: 'table';
  /** Per square (by index): exists, backtracks and the move array that found the tour. */
  exists: (boolean | null)[];
  backtracks: number[];
  tries: (number | undefined)[];
  maxBacktracks: number;
}

export interface CountResult {
  kind: 'count';
  /** Decimal string: counts pass 2^53. */
  count: string;
  complete: boolean;
  convention: string;
  reason?: string;
}

export type TourResult = FindResult | TableResult | CountResult;

/** Searches stop after this long, saying so. */
const FIND_TIMEOUT_MS = 20_000;
const scope = self as unknown as Endpoint;
servePage<TourRequest, TourResult>(scope, (req) => {
  const board = Board.of(req.width, req.height);
  const piece = parsePiece(req.spec);
  if (req.kind === 'find') {
    const query = { board, piece, closed: req.closed, from: req.from, to: req.to, seed: req.seed };
    const find = findTourJob(query);
    return job(function* (ctl): Generator<void, FindResult, void> {
      const t0 = performance.now();
      const out = yield* sliced(find, ctl, FIND_TIMEOUT_MS, findNodeBudget(board));
      const ms = performance.now() - t0;
      if (out.finished)
        return {
          kind: 'find',
          exists: out.value.exists,
          reason: out.value.reason,
          method: out.value.method,
          backtracks: out.value.backtracks,
          path: out.value.path,
          ms,
        };
      const backtracks = out.partial?.backtracks ?? 0;
      return {
        kind: 'find',
        exists: null,
        reason: searchStopWords(out.nodes, backtracks, out.partial?.theorem),
        method: 'backtracking',
        backtracks,
        ms,
      };
    });
  }
  if (req.kind === 'table') {
    // The squares decided so far go to the page after each slice, so the table fills as it is searched.
    const cells = streamTableJob(board, piece, { closed: req.closed, maxBacktracks: req.maxBacktracks }, req.key, (m) =>
      scope.postMessage(m),
    );
    return job(function* (ctl): Generator<void, TableResult, void> {
      const t = yield* cells.within(ctl);
      return {
        kind: 'table',
        exists: t.map((c) => c.exists),
        backtracks: t.map((c) => c.backtracks),
        tries: t.map((c) => c.tryIndex),
        maxBacktracks: req.maxBacktracks,
      };
    });
  }
  const exact = countPlan(board, piece, req.closed) === 'exact';
  const count = countToursJob(board, { piece, closed: req.closed, pastLimit: !exact });
  return job(function* (ctl): Generator<void, CountResult, void> {
    const out = yield* sliced(count, ctl, COUNT_BUDGET_MS);
    if (out.finished)
      return { kind: 'count', count: out.value.count.toString(), complete: true, convention: out.value.convention };
    const found = out.partial?.count ?? 0n;
    return {
      kind: 'count',
      count: found.toString(),
      complete: false,
      convention: req.closed ? COUNT_CONVENTION.closed : COUNT_CONVENTION.open,
      reason: countStopWords(COUNT_BUDGET_MS, found),
    };
  });
});
