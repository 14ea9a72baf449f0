import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Bitboard,
  Board,
  GridbitsError,
  components,
  dilate,
  floodFill,
  parseDiagram,
  renderDiagram,
} from '../../src/core/index.js';
import { naiveComponents } from '../reference/naive.js';

/** A random board (small ones often, to exercise the 64-bit path) and two random square sets on it. */
const boardAndSets = fc
  .oneof(
    fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })),
    fc.tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 40 })),
  )
  .chain(([w, h]) =>
    fc.tuple(
      fc.constant(Board.of(w, h)),
      fc.uniqueArray(fc.nat(w * h - 1), { maxLength: w * h }),
      fc.uniqueArray(fc.nat(w * h - 1), { maxLength: w * h }),
    ),
  );

const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

describe('Bitboard', () => {
  it('set algebra equals Set<number> algebra', () => {
    fc.assert(
      fc.property(boardAndSets, ([board, xs, ys]) => {
        const a = Bitboard.fromSquares(board, xs);
        const b = Bitboard.fromSquares(board, ys);
        const A = new Set(xs),
          B = new Set(ys);
        const all = Array.from({ length: board.cells }, (_, i) => i);
        expect(a.squares()).toEqual(sorted(A));
        expect(a.union(b).squares()).toEqual(sorted(new Set([...A, ...B])));
        expect(a.intersect(b).squares()).toEqual(sorted(xs.filter((x) => B.has(x))));
        expect(a.diff(b).squares()).toEqual(sorted(xs.filter((x) => !B.has(x))));
        expect(a.xor(b).squares()).toEqual(sorted(all.filter((x) => A.has(x) !== B.has(x))));
        expect(a.complement().squares()).toEqual(all.filter((x) => !A.has(x)));
        expect(a.count()).toBe(A.size);
        expect(a.isEmpty()).toBe(A.size === 0);
        expect(a.intersects(b)).toBe(xs.some((x) => B.has(x)));
        expect(a.isSubsetOf(b)).toBe(xs.every((x) => B.has(x)));
        expect(a.equals(Bitboard.fromSquares(board, [...xs].reverse()))).toBe(true);
        expect(a.first()).toBe(A.size ? Math.min(...xs) : -1);
        expect(a.last()).toBe(A.size ? Math.max(...xs) : -1);
        for (const s of [0, board.cells - 1, xs[0] ?? 0]) {
          expect(a.has(s)).toBe(A.has(s));
          expect(a.with(s).has(s)).toBe(true);
          expect(a.without(s).has(s)).toBe(false);
          expect(a.with(s).count()).toBe(A.size + (A.has(s) ? 0 : 1));
        }
        expect([...a]).toEqual(sorted(A));
      }),
    );
  });

  it('shifts in the 8 directions (and any other) drop squares that leave the board', () => {
    fc.assert(
      fc.property(
        boardAndSets,
        fc.integer({ min: -9, max: 9 }),
        fc.integer({ min: -9, max: 9 }),
        ([board, xs], dx, dy) => {
          const want = xs
            .map((s) => [board.file(s) + dx, board.rank(s) + dy])
            .filter(([f, r]) => f >= 0 && r >= 0 && f < board.width && r < board.height)
            .map(([f, r]) => r * board.width + f);
          expect(Bitboard.fromSquares(board, xs).shift(dx, dy).squares()).toEqual(sorted(want));
        },
      ),
    );
  });

  it('uses the (lo, hi) pair on boards up to 64 cells and words above', () => {
    expect(Bitboard.full(Board.of(8, 8)).words).toBeNull();
    expect(Bitboard.full(Board.of(5, 5)).words).toBeNull();
    expect(Bitboard.full(Board.of(9, 8)).words).not.toBeNull();
    expect(Bitboard.full(Board.of(8, 8)).count()).toBe(64);
    expect(Bitboard.full(Board.of(256, 256)).count()).toBe(65536);
    expect(Bitboard.full(Board.of(3, 3)).count()).toBe(9);
  });

  it('handles a 256x256 board (65,536 cells)', () => {
    const b = Board.of(256, 256);
    const s = Bitboard.fromSquares(b, [0, 255, 65535, 30000]);
    expect(s.shift(1, 0).names()).toEqual(['b1', 'ax118']);
    expect(s.shift(0, -1).squares()).toEqual([30000 - 256, 65535 - 256]);
    expect(Bitboard.full(b).shift(-3, 2).count()).toBe(253 * 254);
  });

  it('refuses off-board squares and mixing boards', () => {
    const b = Board.of(4, 4);
    expect(() => Bitboard.fromSquares(b, [16])).toThrowError(GridbitsError);
    expect(() => Bitboard.empty(b).with(-1)).toThrowError(GridbitsError);
    expect(() => Bitboard.empty(b).union(Bitboard.empty(Board.of(5, 4)))).toThrow(/different boards/);
    // A square off the board is refused by every method that takes one, the questions too.
    for (const s of [99, 16, -1, 1.5]) {
      expect(() => Bitboard.empty(b).has(s)).toThrow(/off the 4x4 board/);
      expect(() => Bitboard.full(b).without(s)).toThrow(/off the 4x4 board/);
    }
    expect(Bitboard.full(b).has(15)).toBe(true);
    expect(Bitboard.full(b).without(15).has(15)).toBe(false);
  });

  it('fromWords and fromPair drop bits past the last cell', () => {
    const b = Board.of(3, 3);
    expect(Bitboard.fromWords(b, [0xffffffff, 0xffffffff]).count()).toBe(9);
    expect(Bitboard.fromPair(b, -1, -1).count()).toBe(9);
    const big = Board.of(10, 10);
    expect(Bitboard.fromWords(big, [1, 2, 3, 0xffffffff]).count()).toBe(1 + 1 + 2 + 4);
    expect(Bitboard.fromPair(big, 5, 0).squares()).toEqual([0, 2]);
  });
});

describe('flood fill and components', () => {
  it('components equal a breadth-first search (4- and 8-connected)', () => {
    fc.assert(
      fc.property(boardAndSets, fc.constantFrom(4 as const, 8 as const), ([board, xs], conn) => {
        const got = components(Bitboard.fromSquares(board, xs), conn).map((c) => c.squares());
        expect(got).toEqual(naiveComponents(board.width, board.height, new Set(xs), conn));
      }),
      { numRuns: 60 },
    );
  });

  it('floodFill grows from the seeds inside the region only', () => {
    const { board, layers } = parseDiagram(`
      # # . #
      . # . #
      # # # #`);
    const region = layers.get('#')!;
    const seed = Bitboard.fromSquares(board, [board.parse('a3')]);
    expect(floodFill(seed, region).count()).toBe(region.count());
    expect(floodFill(Bitboard.fromSquares(board, [board.parse('c3')]), region).count()).toBe(0);
    expect(dilate(Bitboard.fromSquares(board, [board.parse('a1')]), 8).names()).toEqual(['a1', 'b1', 'a2', 'b2']);
  });
});

describe('diagrams', () => {
  it('renders in the "@ x ." style and parses back', () => {
    const b = Board.of(5, 5);
    const at = Bitboard.fromSquares(b, [b.parse('a5')]);
    const xs = Bitboard.fromSquares(b, [b.parse('a2'), b.parse('d2')]);
    const text = renderDiagram(b, [
      { set: at, char: '@' },
      { set: xs, char: 'x' },
    ]);
    expect(text).toBe(['@ . . . .', '. . . . .', '. . . . .', 'x . . x .', '. . . . .'].join('\n'));
    const back = parseDiagram(text);
    expect(back.board).toBe(b);
    expect(back.layers.get('@')!.equals(at)).toBe(true);
    expect(back.layers.get('x')!.equals(xs)).toBe(true);
    expect(parseDiagram('x..\n.x.').layers.get('x')!.names()).toEqual(['b1', 'a2']);
  });

  it('names the bad row of a malformed diagram', () => {
    expect(() => parseDiagram('. .\n. . .')).toThrow(/row 2 has 3 squares/);
    expect(() => parseDiagram('   ')).toThrow(/empty diagram/);
    expect(() => parseDiagram('ab c')).toThrow(/not a single character/);
  });
});
