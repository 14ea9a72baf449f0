// Shared by the existence tests: the published existence rules, and a sweep that checks them by search.
import { expect } from 'vitest';
import { Board, finishedValue } from '../../src/core/index.js';
import { KNIGHT } from '../../src/pieces/index.js';
import { existence, openTourStartsSync, searchTourSync } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';
import { plainTourExists } from './search-reference.js';

/** Open knight's tours exist exactly on 1×1, 3×4, 3×n (n ≥ 7), 4×n (n ≥ 5) and when both sides are ≥ 5. */
function openRule(w: number, h: number): boolean {
  const [m, n] = w <= h ? [w, h] : [h, w];
  return (m === 1 && n === 1) || (m === 3 && (n === 4 || n >= 7)) || (m === 4 && n >= 5) || m >= 5;
}

/** Schwenk: a closed tour exists unless both sides are odd, the shorter is 1, 2 or 4, or it is 3×4, 3×6 or 3×8. */
function closedRule(w: number, h: number): boolean {
  const [m, n] = w <= h ? [w, h] : [h, w];
  if ((m & 1) === 1 && (n & 1) === 1) return false;
  if (m === 1 || m === 2 || m === 4) return false;
  return !(m === 3 && (n === 4 || n === 6 || n === 8));
}

const KNIGHT_LEAPS: [number, number][] = [
  [1, 2],
  [2, 1],
  [-1, 2],
  [-2, 1],
  [1, -2],
  [2, -1],
  [-1, -2],
  [-2, -1],
];

/**
 * Checks both rules on a w×h board by exhaustive search, and every tour found with the independent checker.
 * Returns how many start squares the engine answered at once (the others it leaves to a search).
 */
export function checkBoard(w: number, h: number, withReference: boolean): number {
  const board = Board.of(w, h);
  const starts = finishedValue(openTourStartsSync(board, KNIGHT));
  expect(
    starts.some((c) => c.exists === true),
    `open ${w}x${h}`,
  ).toBe(openRule(w, h));
  for (const c of starts) {
    expect(c.exists).not.toBeNull();
    if (c.exists) {
      const r = finishedValue(searchTourSync({ board, piece: KNIGHT, closed: false, from: c.square }));
      expect(r.status).toBe('found');
      expect(tourProblem(w, h, r.path!, false)).toBeNull();
    }
    if (withReference) {
      expect(c.exists, `${w}x${h} ${board.name(c.square)}`).toBe(
        plainTourExists(w, h, KNIGHT_LEAPS, c.square, undefined, false),
      );
    }
  }
  const closed = finishedValue(searchTourSync({ board, piece: KNIGHT, closed: true, from: 0 }));
  expect(closed.status, `closed ${w}x${h}`).toBe(closedRule(w, h) ? 'found' : 'none');
  if (closed.status === 'found') expect(tourProblem(w, h, closed.path!, true)).toBeNull();
  // The engine's instant answers (theorems, parity, the outer lines of 4-wide boards) equal the search's.
  expect(existence({ board, piece: KNIGHT, closed: false }).exists, `engine open ${w}x${h}`).toBe(
    starts.some((c) => c.exists === true),
  );
  expect(existence({ board, piece: KNIGHT, closed: true }).exists, `engine closed ${w}x${h}`).toBe(
    closed.status === 'found',
  );
  let answered = 0;
  for (const c of starts) {
    const e = existence({ board, piece: KNIGHT, closed: false, from: c.square }).exists;
    if (e === null) continue;
    answered++;
    expect(e, `engine open ${w}x${h} from ${board.name(c.square)}`).toBe(c.exists);
  }
  return answered;
}
