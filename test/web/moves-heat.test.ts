// The Moves page's heat map at once (web/src/pages/moves/quick-heat.ts) against the engine's mobility and a
// plain square-by-square count of distinct targets, over random boards, pieces and blockers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitboard } from '../../src/core/bitboard.js';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import { mobilitySync } from '../../src/pieces/mobility.js';
import { PIECE_NAMES, parsePiece, type Piece } from '../../src/pieces/piece.js';
import { quickHeat, vectorsDisjoint } from '../../web/src/pages/moves/quick-heat.js';

/** Distinct targets from each square, stepping each vector by hand (no engine code). */
function plainCounts(w: number, h: number, piece: Piece, blocked: Set<number>): number[] {
  const out: number[] = [];
  const on = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const seen = new Set<number>();
      for (const [dx, dy] of piece.leaps) if (on(x + dx, y + dy)) seen.add((y + dy) * w + x + dx);
      for (const [dx, dy] of piece.rides) {
        for (let k = 1; on(x + k * dx, y + k * dy); k++) {
          const t = (y + k * dy) * w + x + k * dx;
          seen.add(t);
          if (blocked.has(t)) break;
        }
      }
      for (const [dx, dy] of piece.slides) {
        let last = -1;
        for (let k = 1; on(x + k * dx, y + k * dy); k++) {
          const t = (y + k * dy) * w + x + k * dx;
          if (blocked.has(t)) break;
          last = t;
        }
        if (last >= 0) seen.add(last);
      }
      out.push(seen.size);
    }
  }
  return out;
}

const part = fc.oneof(
  fc.constantFrom(...PIECE_NAMES),
  fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('', '*', '*-end'))
    .map(([m, n, k]) => (k === '*-end' ? `${m},${n}*-end` : `${m},${n}${k}`)),
);
const spec = fc.array(part, { minLength: 1, maxLength: 3 }).map((ps) => ps.join('+'));

describe('the Moves heat map at once', () => {
  it('equals the engine and a plain count wherever it answers, and answers for every named piece', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 1, max: 19 }),
        spec,
        fc.array(fc.nat(), { maxLength: 40 }),
        (w, h, text, raw) => {
          const piece = parsePiece(text);
          const board = Board.of(w, h);
          const blocked = [...new Set(raw.map((n) => n % board.cells))];
          const occ = blocked.length > 0 ? Bitboard.fromSquares(board, blocked) : undefined;
          const quick = quickHeat(w, h, piece, occ?.toWords());
          expect(quick === null).toBe(!vectorsDisjoint(piece));
          if (quick === null) return;
          const engine = finishedValue(mobilitySync(board, piece, occ));
          expect(Array.from(quick.counts)).toEqual(Array.from(engine.counts));
          expect(quick.total).toBe(engine.total);
          expect(Array.from(quick.counts)).toEqual(plainCounts(w, h, piece, new Set(blocked)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('knows which pieces it can sum vector by vector', () => {
    for (const name of PIECE_NAMES) expect(vectorsDisjoint(parsePiece(name)), name).toBe(true);
    // Two rays the same way, a leap on a ray's line, a slide and a ride the same way: one square, two vectors.
    for (const text of ['1,1*+2,2*', 'wazir+rook', '0,2+rook', 'queen+rook-end', 'king+queen'])
      expect(vectorsDisjoint(parsePiece(text)), text).toBe(false);
    // Such a piece really counts fewer squares than the sum over its vectors would say.
    const board = Board.of(8, 8);
    const piece = parsePiece('1,1*+2,2*');
    const sum =
      finishedValue(mobilitySync(board, parsePiece('bishop'))).total +
      finishedValue(mobilitySync(board, parsePiece('2,2*'))).total;
    expect(finishedValue(mobilitySync(board, piece)).total).toBeLessThan(sum);
  });

  it('gives the queen on 512×512 its closed form: rook moves (w−1)+(h−1) plus the two diagonals', () => {
    const w = 512,
      h = 512;
    const q = quickHeat(w, h, parsePiece('queen'))!;
    for (const [f, r] of [
      [0, 0],
      [100, 37],
      [511, 255],
      [256, 256],
    ]) {
      const diag = Math.min(w - 1 - f, h - 1 - r) + Math.min(f, r) + Math.min(w - 1 - f, r) + Math.min(f, h - 1 - r);
      expect(q.counts[r * w + f]).toBe(w - 1 + h - 1 + diag);
    }
    expect(q.total).toBe(446344192); // the engine's total (bench/results/web-caps.md, "moves heat: 512×512 queen")
  });
});
