// Web Worker for the Tours page's heavy work: finding a tour (large boards, searches), the per-start table
// and exact counts, off the page's thread; the page cancels by ending the worker.
import { Board } from '../../../../src/core/board.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { countLimit, countTours, findTour, tourTable } from '../../../../src/tour/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';

interface Common {
  width: number;
  height: number;
  spec: string;
  closed: boolean;
}

export type TourRequest =
  | (Common & { kind: 'find'; from: number; to?: number; seed?: number })
  | (Common & { kind: 'table'; maxBacktracks: number })
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

/** Searches the page starts give up after this long, saying so (the CLI takes --timeout for more). */
const FIND_TIMEOUT_MS = 20_000;

servePage<TourRequest, TourResult>(self as unknown as Endpoint, (req, { onProgress }) => {
  const board = Board.of(req.width, req.height);
  const piece = parsePiece(req.spec);
  if (req.kind === 'find') {
    const t0 = performance.now();
    const a = findTour({ board, piece, closed: req.closed, from: req.from, to: req.to, seed: req.seed }, { onProgress, timeoutMs: FIND_TIMEOUT_MS });
    return { kind: 'find', exists: a.exists, reason: a.reason, method: a.method, backtracks: a.backtracks, path: a.path, ms: performance.now() - t0 };
  }
  if (req.kind === 'table') {
    const cells = tourTable(board, piece, { closed: req.closed, maxBacktracks: req.maxBacktracks, onProgress });
    return {
      kind: 'table',
      exists: cells.map((c) => c.exists),
      backtracks: cells.map((c) => c.backtracks),
      tries: cells.map((c) => c.tryIndex),
      maxBacktracks: req.maxBacktracks,
    };
  }
  const limit = countLimit(board, piece, req.closed);
  const c = countTours(board, { piece, closed: req.closed, onProgress, ...(limit === null ? {} : { timeoutMs: FIND_TIMEOUT_MS }) });
  return { kind: 'count', count: c.count.toString(), complete: c.complete, convention: c.convention, reason: c.reason };
});
