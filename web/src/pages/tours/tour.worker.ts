// Web Worker for the Tours page's heavy work: finding a tour (large boards, searches), the per-start table
// (its squares posted as they are decided) and exact counts, off the page's thread; the page cancels by ending
// the worker.
import { Board } from '../../../../src/core/board.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { job, type Outcome } from '../../../../src/core/job.js';
import {
  countToursJob,
  SEARCH_BUDGET,
  findTourJob,
  type Answer,
  type CountAnswer,
  type CountPartial,
  type FindPartial,
} from '../../../../src/tour/index.js';
import { COUNT_BUDGET_MS, countPlan } from './state.js';
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
      maxSquareNodes: number;
      /** Names the table: the squares posted on the way carry it back. */ key: string;
    })
  | (Common & { kind: 'count' });

/** A find's outcome as the library gives it: the answer, or stopped (time limit, node budget) with its backtracks. */
export type FindResult = { kind: 'find' } & Outcome<Answer, FindPartial>;

export interface TableResult {
  kind: 'table';
  /** Per square (by index): exists, backtracks and the move array that found the tour. */
  exists: (boolean | null)[];
  backtracks: number[];
  tries: (number | undefined)[];
  maxSquareNodes: number;
}

/** A count's outcome as the library gives it: the count, or stopped by the time limit with a lower bound (or none). */
export type CountResult = { kind: 'count' } & Outcome<CountAnswer, CountPartial>;

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
      return { kind: 'find', ...(yield* sliced(find, ctl, FIND_TIMEOUT_MS, SEARCH_BUDGET)) };
    });
  }
  if (req.kind === 'table') {
    // The squares decided so far go to the page after each slice, so the table fills as it is searched.
    const cells = streamTableJob(
      board,
      piece,
      { closed: req.closed, maxSquareNodes: req.maxSquareNodes },
      req.key,
      (m) => scope.postMessage(m),
    );
    return job(function* (ctl): Generator<void, TableResult, void> {
      const t = yield* cells.within(ctl);
      return {
        kind: 'table',
        exists: t.map((c) => c.exists),
        backtracks: t.map((c) => c.backtracks),
        tries: t.map((c) => c.tryIndex),
        maxSquareNodes: req.maxSquareNodes,
      };
    });
  }
  const exact = countPlan(board, piece, req.closed) === 'exact';
  const count = countToursJob(board, { piece, closed: req.closed, pastLimit: !exact });
  return job(function* (ctl): Generator<void, CountResult, void> {
    return { kind: 'count', ...(yield* sliced(count, ctl, COUNT_BUDGET_MS)) };
  });
});
