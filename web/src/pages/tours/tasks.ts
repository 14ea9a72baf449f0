// The Tours page's requests, answered by the tour engine's jobs on the page's worker: a tour found within the
// page's time, the per-start table (its squares handed to the page as they are decided), an exact count.
import { Board } from '../../../../src/core/board.js';
import type { Outcome } from '../../../../src/core/job.js';
import type { JobsByName } from '../../../../src/jobs.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import {
  SEARCH_BUDGET,
  type Answer,
  type CountAnswer,
  type CountPartial,
  type FindPartial,
} from '../../../../src/tour/index.js';
import { findTourOf } from '../../../../src/tour/jobs.js';
import type { RunJob } from '../../worker/jobs.js';
import { COUNT_BUDGET_MS, countPlan } from './state.js';
import { cellsStream, type TableCells } from './table-stream.js';

/** The jobs the page's worker serves. */
export type TourJobs = Pick<JobsByName, 'tour.find' | 'tour.table' | 'tour.count'>;

/** The job the page runs itself while it is quick (a tour of a small board): see JobRunner. */
export const TOUR_HERE: Partial<TourJobs> = { 'tour.find': findTourOf };

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
      /** Names the table: the squares handed on the way carry it back. */ key: string;
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

/** Answers one request; a table's squares go to `onCells` as they are decided, so the table fills as it is searched. */
export async function tourTask(
  req: TourRequest,
  run: RunJob<TourJobs>,
  onCells: (m: TableCells) => void = () => undefined,
): Promise<TourResult> {
  const size = { width: req.width, height: req.height };
  if (req.kind === 'find') {
    const query = { ...size, piece: req.spec, closed: req.closed, from: req.from, to: req.to, seed: req.seed };
    return {
      kind: 'find',
      ...(await run('tour.find', [query], { timeoutMs: FIND_TIMEOUT_MS, maxNodes: SEARCH_BUDGET })),
    };
  }
  if (req.kind === 'table') {
    const options = { closed: req.closed, maxSquareNodes: req.maxSquareNodes };
    const out = await run('tour.table', [size, req.spec, options], { onPartial: cellsStream(req.key, onCells) });
    // The table has no limit of its own (each square has its backtracks): only a cancel stops it, and that rejects.
    const cells = out.finished ? out.value : (out.partial ?? []);
    return {
      kind: 'table',
      exists: cells.map((c) => c.exists),
      backtracks: cells.map((c) => c.backtracks),
      tries: cells.map((c) => c.tryIndex),
      maxSquareNodes: req.maxSquareNodes,
    };
  }
  const exact = countPlan(Board.of(req.width, req.height), parsePiece(req.spec), req.closed) === 'exact';
  const options = { piece: req.spec, closed: req.closed, pastLimit: !exact };
  return { kind: 'count', ...(await run('tour.count', [size, options], { timeoutMs: COUNT_BUDGET_MS })) };
}
