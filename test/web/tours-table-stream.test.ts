// The Tours page's per-start table as it streams (web/src/pages/tours/table-stream.ts, the code the page runs on
// the table job's partial tables): the squares posted partial by partial, folded as the page folds them, make at
// every post a table whose decided squares are the engine's and whose others are blank, and in the end the
// engine's whole table (tableSync on the same board, computed here in Node). The job runs here in slices of a
// node budget, so the partials are the same on every run.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { tableJob, tableSync, type TableCell } from '../../src/tour/index.js';
import {
  addCells,
  emptyTable,
  cellsStream,
  fullTable,
  type StreamedTable,
  type TableCells,
} from '../../web/src/pages/tours/table-stream.js';

interface Case {
  w: number;
  h: number;
  spec: string;
  closed: boolean;
  maxSquareNodes: number;
  slice: number;
}

const CASES: Case[] = [
  { w: 5, h: 5, spec: 'knight', closed: false, maxSquareNodes: 100_000, slice: 200 },
  { w: 3, h: 4, spec: 'knight', closed: false, maxSquareNodes: 100_000, slice: 5 },
  { w: 6, h: 6, spec: 'knight', closed: true, maxSquareNodes: 100_000, slice: 300 },
  { w: 8, h: 8, spec: 'knight', closed: false, maxSquareNodes: 100_000, slice: 100 },
  { w: 6, h: 5, spec: 'knight', closed: false, maxSquareNodes: 50, slice: 40 },
  { w: 12, h: 12, spec: 'knight', closed: false, maxSquareNodes: 100_000, slice: 500 },
];

function run(c: Case): { posts: TableCells[]; value: TableCell[]; engine: TableCell[] } {
  const board = Board.of(c.w, c.h);
  const piece = parsePiece(c.spec);
  const options = { closed: c.closed, maxSquareNodes: c.maxSquareNodes };
  const posts: TableCells[] = [];
  const stream = cellsStream('k', (m) => posts.push(m));
  const job = tableJob(board, piece, options);
  let value: TableCell[] | undefined;
  while (value === undefined) {
    const out = job.runSync({ maxNodes: c.slice });
    if (out.finished) value = out.value;
    stream(out.finished ? out.value : (out.partial ?? []));
  }
  const engine = finishedValue(tableSync(board, piece, options));
  return { posts, value, engine };
}

describe('the per-start table as it streams', () => {
  for (const c of CASES) {
    it(`${c.w}×${c.h} ${c.closed ? 'closed' : 'open'} ${c.spec}, ${c.maxSquareNodes} nodes a square: every partial table agrees with the engine's, the last is its table`, () => {
      const { posts, value, engine } = run(c);
      const n = c.w * c.h;
      expect(engine).toHaveLength(n);
      // Several posts (the slices are small), each starting where the last stopped.
      expect(posts.length).toBeGreaterThan(1);
      let table: StreamedTable = emptyTable('k', n);
      let at = 0;
      for (const m of posts) {
        expect(m.from).toBe(at);
        expect(m.exists.length).toBeGreaterThan(0);
        at += m.exists.length;
        table = addCells(table, m);
        expect(table.decided).toBe(at);
        for (let s = 0; s < n; s++) {
          if (s < at) {
            expect([table.exists[s], table.backtracks[s], table.tries[s]]).toEqual([
              engine[s].exists,
              engine[s].backtracks,
              engine[s].tryIndex,
            ]);
          } else {
            expect(table.exists[s]).toBeUndefined();
          }
        }
      }
      // The streamed final table is the engine's, and the job's answer too.
      expect(table.decided).toBe(n);
      const plain = (t: StreamedTable) => ({
        exists: t.exists,
        backtracks: t.backtracks,
        tries: t.tries,
        decided: t.decided,
        total: t.total,
      });
      const engineTable = fullTable('k', {
        exists: engine.map((e) => e.exists),
        backtracks: engine.map((e) => e.backtracks),
        tries: engine.map((e) => e.tryIndex),
      });
      expect(plain(table)).toEqual(plain(engineTable));
      expect(value).toEqual(engine);
    });
  }

  it('the known 5×5 figures: 13 squares start an open knight tour, 12 none (the other colour)', () => {
    const { posts } = run(CASES[0]);
    let table = emptyTable('k', 25);
    for (const m of posts) table = addCells(table, m);
    expect(table.exists.filter((e) => e === true)).toHaveLength(13);
    // Plain parity: on 5×5 an open tour starts only on the colour of a1 (13 squares).
    for (let s = 0; s < 25; s++) expect(table.exists[s]).toBe(((s % 5) + Math.floor(s / 5)) % 2 === 0);
  });

  it('ignores a post for another table', () => {
    const t = emptyTable('a', 4);
    expect(addCells(t, { key: 'b', from: 0, exists: [true], backtracks: [0], tries: [0] })).toBe(t);
  });
});
