// Opt-in (about a minute): GRIDBITS_LONG=1 npx vitest run test/tour/find.long.test.ts
// Every start square of every board up to 20x20, boards 31..100 wide, and fixed ends on 6x6..10x10: each
// tour re-checked by the independent reference checker; a start without a tour must have a proof.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT } from '../../src/pieces/piece.js';
import { finishedValue } from '../../src/core/job.js';
import { findTourSync, knightClosedExists, knightOpenExists, type Answer, type Query } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

/** The answer, which must be decided (a tour or a proof) within the budget; `label` names the query on a failure. */
function decided(q: Query, label: string, maxNodes?: number): Answer {
  const out = findTourSync(q, maxNodes === undefined ? {} : { maxNodes });
  expect(out.finished, `${label}: stopped before an answer`).toBe(true);
  return finishedValue(out);
}

function valid(board: Board, path: Int32Array | undefined, closed: boolean): void {
  expect(path).toBeDefined();
  expect(tourProblem(board.width, board.height, path!, closed)).toBeNull();
}

describe.skipIf(!process.env.GRIDBITS_LONG)('findTour, the long sweep', () => {
  it('every start square of every board up to 20x20', () => {
    for (let w = 1; w <= 20; w++) {
      for (let h = 1; h <= 20; h++) {
        const board = Board.of(w, h);
        for (let s = 0; s < board.cells; s++) {
          const label = `${w}x${h} from ${board.name(s)}`;
          const a = decided({ board, piece: KNIGHT, closed: false, from: s }, label, 5_000_000);
          if (a.exists) valid(board, a.path, false);
          else expect(a.path, `${label}: ${a.reason}`).toBeUndefined();
          if (a.exists) expect(knightOpenExists(w, h)).toBe(true);
        }
      }
    }
  });
  it('boards 31..100 on a side: closed where Schwenk allows, open from four squares', () => {
    for (let w = 31; w <= 100; w += 3) {
      for (let h = 5; h <= 100; h += 7) {
        const board = Board.of(w, h);
        const c = decided({ board, piece: KNIGHT, closed: true }, `${w}x${h} closed`);
        expect(c.exists).toBe(knightClosedExists(w, h));
        if (c.exists) valid(board, c.path, true);
        for (const s of [0, board.cells - 1, board.index(w >> 1, h >> 1), board.index(1, h >> 1)]) {
          const a = decided({ board, piece: KNIGHT, closed: false, from: s }, `${w}x${h} from ${board.name(s)}`);
          const major = board.cells % 2 === 0 || (board.file(s) + board.rank(s)) % 2 === 0;
          expect(a.exists, `${w}x${h} from ${board.name(s)}`).toBe(major);
          if (a.exists) valid(board, a.path, false);
        }
      }
    }
  });
  it('fixed ends: every pair of squares on 6x6, pairs on 7x7 to 10x10', () => {
    for (const n of [6, 7, 8, 9, 10]) {
      const board = Board.of(n, n);
      const step = n === 6 ? 1 : 7;
      for (let s = 0; s < board.cells; s += step) {
        for (let t = 0; t < board.cells; t += step) {
          if (s === t) continue;
          const label = `${n}x${n} ${board.name(s)}-${board.name(t)}`;
          const a = decided({ board, piece: KNIGHT, closed: false, from: s, to: t }, label, 5_000_000);
          if (a.exists) {
            valid(board, a.path, false);
            expect(a.path![board.cells - 1]).toBe(t);
          } else expect(a.path, `${label}: ${a.reason}`).toBeUndefined();
        }
      }
    }
  });
});
