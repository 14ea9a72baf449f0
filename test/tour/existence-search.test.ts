import { describe, expect, it } from 'vitest';
import { Board, finishedValue } from '../../src/core/index.js';
import { KNIGHT, parsePiece, type Piece } from '../../src/pieces/index.js';
import { openTourStartsSync, type StartCell, type StartOptions } from '../../src/tour/index.js';
import { checkBoard } from './existence-search-sweep.js';

// 4×9 and 4×10 (both orientations) and the per-square reference on the larger boards run in
// existence-search.long.test.ts: GRIDBITS_LONG=1 npx vitest run test/tour/existence-search.long.test.ts

/** The start squares, which must all be decided (no limit is given). */
const startsOf = (board: Board, piece: Piece, options: StartOptions = {}): StartCell[] =>
  finishedValue(openTourStartsSync(board, piece, options));

describe('the existence rules, checked by exhaustive search', () => {
  // Each sweep also counts the start squares the engine answers at once, so its instant answers are checked.
  it('every board up to 6×6', () => {
    let answered = 0;
    for (let w = 1; w <= 6; w++) for (let h = 1; h <= 6; h++) answered += checkBoard(w, h, w * h <= 21 || w * h === 24);
    expect(answered).toBeGreaterThan(0);
  });

  it('3×n and 4×n for n = 7, 8 in both orientations', () => {
    let answered = 0;
    for (const n of [7, 8]) {
      for (const m of [1, 2, 3, 4]) {
        answered += checkBoard(m, n, m * n <= 24);
        answered += checkBoard(n, m, m * n <= 24);
      }
    }
    expect(answered).toBeGreaterThan(0);
  });
});

describe('openTourStarts', () => {
  it('gives each square its reason: parity, a tour found, or a proof by search', () => {
    const b55 = Board.of(5, 5);
    for (const c of startsOf(b55, KNIGHT)) {
      const odd = ((b55.file(c.square) + b55.rank(c.square)) & 1) === 1;
      expect(c).toEqual(
        odd
          ? { square: c.square, exists: false, reason: 'colour parity' }
          : { square: c.square, exists: true, reason: 'found' },
      );
    }
    // The paper's 3×7 cell (its (2,4), the centre): right colour, yet no tour, as only search shows.
    const b37 = Board.of(3, 7);
    const s37 = startsOf(b37, KNIGHT);
    expect(s37[b37.parse('b4')]).toEqual({
      square: b37.parse('b4'),
      exists: false,
      reason: 'proved by exhaustive search',
    });
    expect(s37.filter((c) => c.reason === 'proved by exhaustive search').map((c) => b37.name(c.square))).toEqual([
      'b4',
    ]);
    // 4×3: only the a- and d-file squares start a tour.
    const b43 = Board.of(4, 3);
    for (const c of startsOf(b43, KNIGHT)) {
      const edge = b43.file(c.square) === 0 || b43.file(c.square) === 3;
      expect(c.exists).toBe(edge);
      expect(c.reason).toBe(edge ? 'found' : 'proved by exhaustive search');
    }
  });

  it('answers null within a node allowance, and works for other leapers', () => {
    const b = Board.of(10, 4);
    const s = startsOf(b, KNIGHT, { maxSquareNodes: 20 });
    expect(s.filter((c) => c.exists === null).every((c) => c.reason === 'search budget')).toBe(true);
    expect(s.filter((c) => c.exists === null).length).toBe(20);
    // The camel keeps its colour: no tour of a board with both colours.
    expect(startsOf(Board.of(4, 4), parsePiece('camel')).every((c) => c.exists === false)).toBe(true);
  });
});
