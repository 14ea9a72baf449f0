import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitboard, Board, finishedValue } from '../../src/core/index.js';
import { makePiece, mobilitySync, parsePiece, type Piece } from '../../src/pieces/index.js';
import { eightWays, naiveTargets } from '../reference/naive.js';

const mobility = (board: Board, piece: Piece, occupied?: Bitboard) =>
  finishedValue(mobilitySync(board, piece, occupied));

describe('mobility', () => {
  it('matches the known totals', () => {
    expect(mobility(Board.of(8, 8), parsePiece('knight')).total).toBe(336);
    expect(mobility(Board.of(8, 8), parsePiece('king')).total).toBe(420);
    expect(mobility(Board.of(1, 3), parsePiece('knight')).total).toBe(0);
    expect(mobility(Board.of(8, 8), parsePiece('rook')).total).toBe(64 * 14);
    expect(mobility(Board.of(8, 8), parsePiece('bishop')).total).toBe(560);
    expect(mobility(Board.of(8, 8), parsePiece('queen')).total).toBe(1456);
    const m = mobility(Board.of(8, 8), parsePiece('knight'));
    expect(m.counts[0]).toBe(2);
    expect(m.counts[27]).toBe(8);
  });

  it('equals the naive count of distinct targets from every square', () => {
    const v = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })).filter(([a, b]) => a + b > 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(v, { maxLength: 2 }),
        fc.array(v, { maxLength: 2 }),
        fc.array(fc.nat(399), { maxLength: 20 }),
        (w, h, ls, rs, occRaw) => {
          const leaps = ls.flatMap(([a, b]) => eightWays(a, b));
          const rides = rs.flatMap(([a, b]) => eightWays(a, b));
          const occ = [...new Set(occRaw.filter((s) => s < w * h))];
          const board = Board.of(w, h);
          const got = mobility(board, makePiece('p', { leaps, rides }), Bitboard.fromSquares(board, occ));
          let total = 0;
          for (let s = 0; s < w * h; s++) {
            const n = naiveTargets(
              w,
              h,
              { leaps, rides, slides: [] },
              s % w,
              Math.floor(s / w),
              new Set([...occ, s]),
            ).size;
            expect(got.counts[s]).toBe(n);
            total += n;
          }
          expect(got.total).toBe(total);
        },
      ),
      { numRuns: 150 },
    );
  });
});
