// The per-start table as it fills: the page runs the engine's table job on its worker, and each partial table
// the job hands back gives the start squares decided since the last one; the page folds them into a table with
// the undecided squares still blank. Plain code, so Node tests fold the same partials the page does.
import type { TableCell } from '../../../../src/tour/index.js';

/** Start squares decided since the last partial table. */
export interface TableCells {
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

/**
 * Takes the table job's partial tables (the squares decided so far, in index order) and posts the squares
 * each adds to the last, with `key`.
 */
export function cellsStream(key: string, post: (m: TableCells) => void): (cells: readonly TableCell[]) => void {
  let sent = 0;
  return (cells) => {
    if (cells.length <= sent) return;
    const fresh = cells.slice(sent);
    post({
      key,
      from: sent,
      exists: fresh.map((c) => c.exists),
      backtracks: fresh.map((c) => c.backtracks),
      tries: fresh.map((c) => c.tryIndex),
    });
    sent = cells.length;
  };
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
