// The tour reader against the plain one it replaced: on any text near a tour (lists, grids, marks, comments,
// markdown, JSON) both read the same tour with the same problems, or refuse it with the same message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, isGridbitsError } from '../../src/core/index.js';
import { parseTour } from '../../src/tour/index.js';
import { parseTourPlainly } from './parse-reference.js';

type Reading = { board: string; path: number[]; numbers: number[]; format: string; problems: string[] } | string;

function reading(
  read: () => { board: Board; path: number[]; numbers: number[]; format: string; problems: string[] },
): Reading {
  try {
    const t = read();
    return { board: t.board.toString(), path: t.path, numbers: t.numbers, format: t.format, problems: t.problems };
  } catch (e) {
    if (isGridbitsError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
}

/** Pieces of text a tour is made of, and some it should not hold. */
const PIECE = fc.oneof(
  fc.constantFrom('a1', 'b3', 'c2', 'C1', 'aa1', 'z9', 'a0', 'b12', 'a1b', '1a', 'x5', 'zz99999'),
  fc.constantFrom('1', '2', '3', '4', '0', '5', '7', '9', '10', '12', '007', '99999999999999999999'),
  fc.constantFrom('.', '-', '_', '*', '?', 'a', 'x', 'foo', ''),
  fc.constantFrom(' ', '  ', ',', ';', '|', '->', '\u2192', '-', '\n', '\r\n', '\n# a comment\n', '|---|---|\n', '\t'),
);

const GRID = fc
  .record({ w: fc.integer({ min: 1, max: 4 }), h: fc.integer({ min: 1, max: 3 }), zero: fc.boolean() })
  .chain(({ w, h, zero }) =>
    fc
      .array(fc.oneof(fc.integer({ min: zero ? 0 : 1, max: w * h + 1 }), fc.constant('.')), {
        minLength: w * h,
        maxLength: w * h,
      })
      .map((cells) => Array.from({ length: h }, (_, r) => cells.slice(r * w, r * w + w).join(' ')).join('\n')),
  );

describe('parseTour reads as the plain reader did', () => {
  it('on text made of tour pieces', () => {
    fc.assert(
      fc.property(fc.array(PIECE, { maxLength: 24 }), fc.boolean(), (pieces, given) => {
        const text = pieces.join('');
        const board = given ? Board.of(3, 4) : undefined;
        expect(reading(() => parseTour(text, board))).toEqual(reading(() => parseTourPlainly(text, board)));
      }),
      { numRuns: 3000 },
    );
  });

  it('on numbered grids with gaps, repeats and numbers past the board', () => {
    fc.assert(
      fc.property(GRID, (text) => {
        expect(reading(() => parseTour(text))).toEqual(reading(() => parseTourPlainly(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('on lists of squares and their JSON', () => {
    const board = Board.of(5, 4);
    const squares = fc.array(fc.integer({ min: 0, max: board.cells - 1 }), { maxLength: 30 });
    fc.assert(
      fc.property(squares, fc.boolean(), (path, json) => {
        const names = path.map((s) => board.name(s));
        const text = json ? JSON.stringify({ board: { width: 5, height: 4 }, path: names }) : names.join(' ');
        expect(reading(() => parseTour(text))).toEqual(reading(() => parseTourPlainly(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it('names at most ten squares of a number written on many', () => {
    const t = parseTour(Array.from({ length: 4 }, () => '1 1 1 1').join('\n'));
    expect(t.problems[0]).toBe('number 1 is written on 16 squares: a1, b1, c1, d1, a2, b2, c2, d2, a3, b3 and 6 more');
  });
});
