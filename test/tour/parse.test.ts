import { describe, expect, it } from 'vitest';
import { Board, isGridbitsError } from '../../src/core/index.js';
import { parseTour } from '../../src/tour/index.js';

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isGridbitsError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
  return 'ok';
}

describe('parseTour: lists of squares', () => {
  it('takes spaces, commas, newlines, dashes and arrows, and infers the board', () => {
    for (const text of ['a1 b3 c1', 'a1,b3,c1', 'a1\nb3\nc1\n', 'a1-b3-c1', 'a1 -> b3 → c1', '  A1, B3 ; c1 ']) {
      const t = parseTour(text);
      expect(t.format).toBe('squares');
      expect(t.path).toEqual([0, 7, 2]);
      expect(t.board.toString()).toBe('3x3');
      expect(t.numbers).toEqual([1, 2, 3]);
    }
    expect(parseTour('a1 b3', Board.of(8, 8)).board.toString()).toBe('8x8');
  });

  it('rejects tokens that are not squares and squares off the given board', () => {
    expect(code(() => parseTour('a1 b3 xyz'))).toMatch(/BAD_INPUT: text: 'xyz' is not a square name/);
    expect(code(() => parseTour('a1 z9', Board.of(8, 8)))).toMatch(/OFF_BOARD: square 'z9' is off the 8x8 board/);
    expect(code(() => parseTour('a0 b2'))).toMatch(/OFF_BOARD: square 'a0' is off/);
  });
});

describe('parseTour: numbered grids', () => {
  it('reads rows top rank first, with | separators and markdown rule lines', () => {
    const md = ['| 1 | 4 |', '|---|---|', '| 3 | 2 |'].join('\n');
    const t = parseTour(md);
    expect(t.format).toBe('grid');
    expect(t.board.toString()).toBe('2x2');
    // 1 is on a2 (top-left), 2 on b1, 3 on a1, 4 on b2.
    expect(t.path).toEqual([2, 1, 0, 3]);
    expect(t.problems).toEqual([]);
  });

  it('accepts 0-based numbering, comments and empty marks, and reports missing and repeated numbers', () => {
    expect(parseTour('# a comment\n0 3\n2 1').numbers).toEqual([1, 2, 3, 4]);
    const gaps = parseTour('1 . \n a 2');
    expect(gaps.path).toEqual([2, 1]);
    expect(gaps.problems.join()).toMatch(/step numbers 3, 4 are missing/);
    const twice = parseTour('1 2\n2 3');
    expect(twice.problems.join()).toMatch(/number 2 is written on 2 squares: a1, b2/);
    expect(twice.problems.join()).toMatch(/step number 4 is missing/);
    expect(parseTour('1 9\n3 4').problems.join()).toMatch(/number 9 on b2 is beyond the board's 4 squares/);
  });

  it('rejects ragged rows, stray words, empty input and a grid that is not the board given', () => {
    expect(code(() => parseTour('1 2 3\n4 5'))).toMatch(
      /BAD_INPUT: text: line 2: a row of 2 cells in a grid of rows of 3/,
    );
    expect(code(() => parseTour('1 2\nfoo 3'))).toMatch(/BAD_INPUT: text: line 2: 'foo'/);
    expect(code(() => parseTour('  \n\n'))).toMatch(/BAD_INPUT: text: no tour found/);
    expect(code(() => parseTour('. .\n. .'))).toMatch(/BAD_INPUT: text: no tour found: the grid has no numbers/);
    expect(code(() => parseTour('1 2\n3 4', Board.of(3, 3)))).toMatch(
      /BAD_INPUT: text: the grid is 2x2, not the 3x3 board given/,
    );
  });
});

describe('parseTour: the JSON of gridbits tour --json', () => {
  it('takes the board and the path of square names', () => {
    const t = parseTour(JSON.stringify({ board: { width: 3, height: 4 }, closed: false, path: ['a1', 'b3'] }));
    expect(t.board.toString()).toBe('3x4');
    expect(t.path).toEqual([0, 7]);
    expect(code(() => parseTour('{"path": 3}'))).toMatch(/BAD_INPUT: text: JSON input needs a "path" array/);
    expect(code(() => parseTour('{"path": ['))).toMatch(/BAD_INPUT: text: the input starts like JSON but is not/);
  });
});
