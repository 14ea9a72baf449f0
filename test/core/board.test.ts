import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Board,
  GridbitsError,
  MAX_CELLS,
  MAX_SIDE,
  fileName,
  parseBoardSize,
  parseFileName,
} from '../../src/core/index.js';
import { fileMask } from '../../src/core/board.js';
import { naiveName } from '../reference/naive.js';

describe('Board', () => {
  it('names squares in algebraic notation, a1 bottom-left', () => {
    const b = Board.of(8, 8);
    expect(b.name(0)).toBe('a1');
    expect(b.name(7)).toBe('h1');
    expect(b.name(63)).toBe('h8');
    expect(b.parse('d4')).toBe(27);
    expect(b.parse('D4')).toBe(27);
    expect(b.index(3, 3)).toBe(27);
    expect(b.file(27)).toBe(3);
    expect(b.rank(27)).toBe(3);
  });

  it('names files past z like spreadsheet columns', () => {
    expect(fileName(0)).toBe('a');
    expect(fileName(25)).toBe('z');
    expect(fileName(26)).toBe('aa');
    expect(fileName(27)).toBe('ab');
    expect(fileName(51)).toBe('az');
    expect(fileName(52)).toBe('ba');
    expect(fileName(701)).toBe('zz');
    expect(fileName(702)).toBe('aaa');
    const b = Board.of(30, 12);
    expect(b.name(b.index(29, 11))).toBe('ad12');
    expect(b.parse('ad12')).toBe(b.index(29, 11));
  });

  it('round-trips names and indices on random boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 300 }), fc.nat(), (w, h, r) => {
        const b = Board.of(w, h);
        const s = r % b.cells;
        expect(b.name(s)).toBe(naiveName(w, s));
        expect(b.parse(b.name(s))).toBe(s);
        expect(parseFileName(fileName(s % w))).toBe(s % w);
      }),
    );
  });

  it('refuses bad sizes with BAD_BOARD and absurd ones naming the limit', () => {
    for (const [w, h] of [
      [0, 5],
      [-1, 3],
      [2.5, 3],
      [NaN, 2],
    ]) {
      expect(() => Board.of(w, h)).toThrowError(GridbitsError);
    }
    expect(() => Board.of(0, 5)).toThrow(/at least 1/);
    expect(() => parseBoardSize('1000000000x1000000000')).toThrow(new RegExp(String(MAX_SIDE)));
    expect(() => Board.of(MAX_SIDE, MAX_SIDE)).toThrow(new RegExp(String(MAX_CELLS)));
    expect(() => parseBoardSize('eight')).toThrow(/bad board size 'eight'/);
    expect(() => parseBoardSize('8x')).toThrow(GridbitsError);
    expect(parseBoardSize('5x7').toString()).toBe('5x7');
    expect(parseBoardSize('6').toString()).toBe('6x6');
    expect(() => Board.of(0, 1)).toThrow(expect.objectContaining({ code: 'BAD_BOARD' }));
  });

  it('refuses bad and off-board squares naming the token and the board', () => {
    const b = Board.of(8, 8);
    expect(() => b.parse('z9')).toThrow("square 'z9' is off the 8x8 board");
    expect(() => b.parse('a0')).toThrow(/off the 8x8 board/);
    expect(() => b.parse('4d')).toThrow(/bad square '4d'/);
    expect(() => b.parse('')).toThrow(/bad square/);
    expect(b.parseList('a1, b2 c3')).toEqual([0, 9, 18]);
  });

  it('builds file masks that exclude wrapped squares', () => {
    const b = Board.of(5, 3);
    const m = fileMask(b, 2);
    const on: number[] = [];
    for (let s = 0; s < 32; s++) if ((m[0] >>> s) & 1) on.push(s);
    expect(on).toEqual([2, 3, 4, 7, 8, 9, 12, 13, 14]);
    const n = fileMask(b, -1);
    const on2: number[] = [];
    for (let s = 0; s < 32; s++) if ((n[0] >>> s) & 1) on2.push(s);
    expect(on2).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13]);
    expect(fileMask(b, 5)[0]).toBe(0);
  });
});
