// The per-start table as it fills: the worker runs the engine's table job in slices and, after each, posts the
// start squares decided since the last post (as the Moves page's worker posts its ranks, beside the job's own
// messages); the page folds them into a table with the undecided squares still blank. Plain code, so Node tests
// run the same slicing and folding the page does.
import type { Board } from '../../../../src/core/board.js';
import { job, type Job } from '../../../../src/core/job.js';
import type { Piece } from '../../../../src/pieces/piece.js';
import { tableJob, type TableCell, type TableOptions } from '../../../../src/tour/index.js';

/**
 * Start squares decided since the last post, posted beside the job's messages (which carry an id; this carries none).
 */
export interface TableCells {
  tableCells: true;
  /** Names the table asked for (board, piece, open or closed). */
  key: string;
  /** The first square (board index) of these cells; the squares are decided in index order. */
  from: number;
  exists: (boolean | null)[];
  backtracks: number[];
  tries: (number | undefined)[];
}

/** A table while it fills: `exists[s]` undefined for a square not decided yet. */
export interface StreamedTable {
  key: string;
  exists: (boolean | null | undefined)[];
  backtracks: number[];
  tries: (number | undefined)[];
  /** Squares decided (the first `decided` by index). */
  decided: number;
  /** The board's squares. */
  total: number;
}

/** The limits of one slice of the table job, given the squares posted so far. */
export type SliceLimits = (sent: number) => { timeoutMs?: number; maxNodes?: number };

/** Time between two posts: often enough to look live, seldom enough to redraw a 70×70 table. */
const SLICE_MS = 150;
/** Until the first square is decided, short slices: it goes out as soon as it is (the first can take a while). */
const FIRST_SLICE_MS = 20;
const bySlicesOfTime: SliceLimits = (sent) => ({ timeoutMs: sent === 0 ? FIRST_SLICE_MS : SLICE_MS });

/**
 * The per-start table as a page job: the engine's `tableJob` in slices, posting the squares decided after each
 * slice (with `key`), the page job's progress that of the engine's job; its value is the whole table.
 */
export function streamTableJob(
  board: Board,
  piece: Piece,
  options: TableOptions,
  key: string,
  post: (m: TableCells) => void,
  slice: SliceLimits = bySlicesOfTime,
): Job<TableCell[], unknown> {
  const inner = tableJob(board, piece, options);
  return job(function* (ctl) {
    let sent = 0;
    const send = (cells: TableCell[]): void => {
      if (cells.length <= sent) return;
      const fresh = cells.slice(sent);
      post({
        tableCells: true,
        key,
        from: sent,
        exists: fresh.map((c) => c.exists),
        backtracks: fresh.map((c) => c.backtracks),
        tries: fresh.map((c) => c.tryIndex),
      });
      sent = cells.length;
    };
    for (;;) {
      const out = yield* inner.runWithin(ctl, slice(sent));
      if (out.finished) {
        send(out.value);
        return out.value;
      }
      send(out.partial ?? []);
      yield;
    }
  });
}

/** A table of `total` squares with none decided yet. */
export function emptyTable(key: string, total: number): StreamedTable {
  return {
    key,
    exists: new Array<undefined>(total).fill(undefined),
    backtracks: new Array<number>(total).fill(0),
    tries: new Array<undefined>(total).fill(undefined),
    decided: 0,
    total,
  };
}

/** The table with a post's squares in it (a new object; a post for another table is ignored). */
export function addCells(table: StreamedTable, m: TableCells): StreamedTable {
  if (m.key !== table.key) return table;
  const exists = table.exists.slice(),
    backtracks = table.backtracks.slice(),
    tries = table.tries.slice();
  for (let i = 0; i < m.exists.length; i++) {
    exists[m.from + i] = m.exists[i];
    backtracks[m.from + i] = m.backtracks[i];
    tries[m.from + i] = m.tries[i];
  }
  return { ...table, exists, backtracks, tries, decided: Math.max(table.decided, m.from + m.exists.length) };
}

/** The whole table from the worker's answer (the same shape as a streamed one, every square decided). */
export function fullTable(key: string, t: Pick<TableCells, 'exists' | 'backtracks' | 'tries'>): StreamedTable {
  return {
    key,
    exists: t.exists,
    backtracks: t.backtracks,
    tries: t.tries,
    decided: t.exists.length,
    total: t.exists.length,
  };
}
