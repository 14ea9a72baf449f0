// One move type: the encoding's parts, its text both ways, codes that are no move refused, and positions no
// game reaches refused as input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD,
  START,
  VARIANTS,
  createEngine,
  createVariantEngine,
  formatMove,
  isSlide,
  legalMoves,
  makeMove,
  moveFrom,
  moveTo,
  parseEngineMove,
  parseLegalMove,
  parseMove,
  parsePosition,
  play,
  startPosition,
  type Move,
} from './api.js';

describe('valley moves', () => {
  it('one encoding: e1b4 is the same code from the position functions and the engine', () => {
    const fromPosition = legalMoves(startPosition()).find((m) => formatMove(m, BOARD) === 'e1b4')!;
    const buf = new Int32Array(64);
    const e = createEngine(startPosition());
    const fromEngine = Array.from(buf.subarray(0, e.generate(buf, 0))).find(
      (m) => formatMove(m as Move, e.board) === 'e1b4',
    );
    expect(fromPosition).toBe(fromEngine);
    expect(fromPosition).toBe(makeMove(4, 16));
    expect([moveFrom(fromPosition), moveTo(fromPosition)]).toEqual([4, 16]);
    expect(parseMove('e1b4', BOARD)).toBe(fromPosition);
    expect(parseMove('e1b4', e.board)).toBe(fromPosition);
    expect(parseEngineMove(e, 'e1b4')).toBe(fromPosition);
    expect(parseLegalMove(startPosition(), 'e1b4')).toBe(fromPosition);
    expect(fromPosition).toBe(4 | (16 << 6));
  });

  it('formats and parses every slide of a board back to itself, on 5×5 and 7×7', () => {
    for (const board of [BOARD, VARIANTS.labyrinth.board]) {
      const size = board.width;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: size * size - 1 }),
          fc.integer({ min: 0, max: size * size - 1 }),
          (from, to) => {
            const m = makeMove(from, to);
            if (!isSlide(m, board)) return;
            expect(parseMove(formatMove(m, board), board)).toBe(m);
          },
        ),
        { numRuns: 300, seed: size },
      );
    }
  });

  it('refuses a number that is no move, rather than print another move', () => {
    for (const bad of [516 + 0.5, -1, 4096])
      expect(() => formatMove(bad as Move, BOARD)).toThrow(/^move must be a King's Valley move code, got/);
    for (const bad of [makeMove(4, 4), makeMove(0, 7), makeMove(3, 30)])
      expect(() => formatMove(bad, BOARD)).toThrow(/^move must be a King's Valley move on a 5×5 board, got/);
    // Moves know their board: a Labyrinth move is written on the Labyrinth's, and is no move of the 5×5 one.
    const lab = createVariantEngine('labyrinth');
    expect(formatMove(makeMove(0, 48), lab.board)).toBe('a1g7');
    expect(formatMove(makeMove(0, 48), VARIANTS.labyrinth.board)).toBe('a1g7');
    expect(() => formatMove(makeMove(0, 48), BOARD)).toThrow(/move on a 5×5 board/);
    expect(() => play(startPosition(), 9999 as Move)).toThrow(/illegal move 9999/);
    expect(() => parseMove('a1f6', BOARD)).toThrow(/bad move 'a1f6'/);
    expect(parseMove('a1f6', lab.board)).toBe(makeMove(0, 40));
  });

  it('plays moves on position values', () => {
    const p = play(play(startPosition(), 'b1b4'), 'd5d2');
    expect(legalMoves(p).length).toBeGreaterThan(0);
    expect(startPosition()).toEqual(parsePosition(START));
  });

  it('refuses a position whose side to move has its own King on the valley, in one line', () => {
    for (const text of ['5/5/2K2/4k/5 w 3', '5/1K3/2k2/5/5 b 5']) {
      expect(() => parsePosition(text)).toThrow(
        /^bad King's Valley position .*: the side to move already has its King on the valley c3, which no game reaches$/,
      );
    }
    expect(parsePosition('5/5/2K2/4k/5 b 3').kings[0]).toBe(12);
    expect(() => createEngine({ men: [1 << 12, 1 << 24], kings: [12, 24], side: 'white', ply: 5 })).toThrow(
      /King on the valley c3/,
    );
    expect(() => createVariantEngine('labyrinth', 'k6/7/1#1s1#1/3K3/1#3#1/7/7 w 1')).toThrow(/King on the valley d4/);
  });
});
