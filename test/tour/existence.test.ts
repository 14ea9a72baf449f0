// The existence rules and their reasons: the open-tour rule, Schwenk's theorem, colour parity per start,
// the outer lines of 4-wide boards, and the obstructions that hold for any leaper.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import { existence, knightClosedExists, knightOpenExists } from '../../src/tour/index.js';

const ask = (w: number, h: number, closed: boolean, from?: string, piece = KNIGHT) => {
  const board = Board.of(w, h);
  return existence({ board, piece, closed, from: from === undefined ? undefined : board.parse(from) });
};

describe('knight existence rules', () => {
  it('open tours: 1x1, 3x4, 3xn (n >= 7), 4xn (n >= 5), both sides >= 5', () => {
    const open: string[] = [];
    for (let w = 1; w <= 9; w++) for (let h = w; h <= 9; h++) if (knightOpenExists(w, h)) open.push(`${w}x${h}`);
    expect(open).toEqual([
      '1x1',
      '3x4',
      '3x7',
      '3x8',
      '3x9',
      '4x5',
      '4x6',
      '4x7',
      '4x8',
      '4x9',
      '5x5',
      '5x6',
      '5x7',
      '5x8',
      '5x9',
      '6x6',
      '6x7',
      '6x8',
      '6x9',
      '7x7',
      '7x8',
      '7x9',
      '8x8',
      '8x9',
      '9x9',
    ]);
    expect(knightOpenExists(4, 3)).toBe(true);
    expect(knightOpenExists(1000, 3)).toBe(true);
  });
  it("closed tours by Schwenk's theorem", () => {
    const closed: string[] = [];
    for (let w = 1; w <= 12; w++) for (let h = w; h <= 12; h++) if (knightClosedExists(w, h)) closed.push(`${w}x${h}`);
    expect(closed).toEqual([
      '3x10',
      '3x12',
      '5x6',
      '5x8',
      '5x10',
      '5x12',
      '6x6',
      '6x7',
      '6x8',
      '6x9',
      '6x10',
      '6x11',
      '6x12',
      '7x8',
      '7x10',
      '7x12',
      '8x8',
      '8x9',
      '8x10',
      '8x11',
      '8x12',
      '9x10',
      '9x12',
      '10x10',
      '10x11',
      '10x12',
      '11x12',
      '12x12',
    ]);
  });
  it('answers with the reason, in plain words: sizes written 8×8, no m×n or n >= 7', () => {
    for (let w = 1; w <= 9; w++)
      for (let h = 1; h <= 9; h++)
        for (const closed of [false, true])
          for (const from of [undefined, 'a1', 'b1']) {
            if (from === 'b1' && w < 2) continue;
            const r = ask(w, h, closed, from).reason;
            expect(r).not.toMatch(/\d ?x ?\d|[<>]=|\bm ?x ?n\b|\bmxn\b|\bn >|\(n\b/);
          }
  });
  it('answers with the reason', () => {
    expect(ask(4, 4, false)).toMatchObject({
      exists: false,
      reason:
        "a board 4 squares wide has an open knight's tour only once its other side is at least 5, so 4×4 has none",
    });
    expect(ask(8, 8, false).reason).toBe(
      "every board with both sides at least 5 has an open knight's tour, 8×8 among them",
    );
    expect(ask(3, 7, false).reason).toMatch(
      /^a board 3 squares wide has an open knight's tour when its other side is 4 or at least 7, as on 3×7/,
    );
    expect(ask(2, 9, false).reason).toMatch(/2×9 has no open knight's tour/);
    expect(ask(5, 5, true)).toMatchObject({
      exists: false,
      reason: expect.stringMatching(/Schwenk.*both sides are odd/),
    });
    expect(ask(4, 8, true)).toMatchObject({ exists: false, reason: expect.stringMatching(/Schwenk.*1, 2 or 4/) });
    expect(ask(3, 8, true)).toMatchObject({ exists: false, reason: expect.stringMatching(/Schwenk.*3×4, 3×6 or 3×8/) });
    expect(ask(8, 8, true)).toMatchObject({ exists: true, reason: expect.stringMatching(/Schwenk/) });
    expect(ask(8, 8, false, 'b1').exists).toBe(true);
  });
  it('colour parity on odd boards: only the majority colour starts', () => {
    expect(ask(5, 5, false, 'a1').exists).toBe(true);
    expect(ask(5, 5, false, 'b1')).toMatchObject({ exists: false, reason: expect.stringMatching(/colour parity.*b1/) });
    expect(ask(7, 9, false, 'd4').exists).toBe(true);
    expect(ask(7, 9, false, 'd5').exists).toBe(false);
  });
  it('4-wide boards: tours start on the outer lines only', () => {
    expect(ask(4, 10, false, 'b3')).toMatchObject({ exists: false, reason: expect.stringMatching(/outer lines/) });
    expect(ask(10, 4, false, 'c2').exists).toBe(false);
    expect(ask(4, 10, false, 'a3').exists).toBe(null);
  });
  it('strips and fixed ends are left to search', () => {
    expect(ask(3, 7, false, 'a1').exists).toBe(null);
  });
  it('other leapers: colour-bound and lattice-bound leapers have no tour, the rest is searched', () => {
    expect(ask(8, 8, false, undefined, parsePiece('camel'))).toMatchObject({
      exists: false,
      reason: expect.stringMatching(/never changes colour/),
    });
    expect(ask(8, 8, false, undefined, parsePiece('alfil')).exists).toBe(false);
    expect(ask(8, 8, false, undefined, parsePiece('zebra'))).toMatchObject({
      exists: null,
      reason: expect.stringMatching(/search/),
    });
    expect(ask(2, 2, false, undefined, parsePiece('zebra')).exists).toBe(false);
  });
});
