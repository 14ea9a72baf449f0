import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitboard, Board } from '../../src/core/index.js';
import { attackGen, attacks, makePiece, parsePiece, type Piece } from '../../src/pieces/index.js';
import { eightWays, naiveAttacks, naiveTargets, type Vec } from '../reference/naive.js';

const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);

const vec = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).filter(([m, n]) => m + n > 0);

/** A random piece: some leapers, riders and sliders, each given as (m, n) and expanded 8 ways. */
const pieceArb = fc
  .record({
    leaps: fc.array(vec, { maxLength: 3 }),
    rides: fc.array(vec, { maxLength: 2 }),
    slides: fc.array(vec, { maxLength: 2 }),
  })
  .filter((p) => p.leaps.length + p.rides.length + p.slides.length > 0)
  .map((p) => {
    const expand = (vs: [number, number][]): Vec[] => vs.flatMap(([m, n]) => eightWays(m, n));
    return { leaps: expand(p.leaps), rides: expand(p.rides), slides: expand(p.slides) };
  });

const scene = fc
  .oneof(
    fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })),
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })),
    fc.tuple(fc.integer({ min: 60, max: 80 }), fc.integer({ min: 1, max: 5 })),
  )
  .chain(([w, h]) =>
    fc.record({
      w: fc.constant(w),
      h: fc.constant(h),
      from: fc.uniqueArray(fc.nat(w * h - 1), { minLength: 1, maxLength: Math.min(12, w * h) }),
      occupied: fc.uniqueArray(fc.nat(w * h - 1), { maxLength: Math.min(30, w * h) }),
      piece: pieceArb,
    }),
  );

function asPiece(p: { leaps: Vec[]; rides: Vec[]; slides: Vec[] }): Piece {
  return makePiece('random', p);
}

describe('attack generation', () => {
  it('set-wise attacks of many pieces equal the union of a naive per-square loop', () => {
    fc.assert(
      fc.property(scene, ({ w, h, from, occupied, piece }) => {
        const board = Board.of(w, h);
        const got = attacks(asPiece(piece), Bitboard.fromSquares(board, from), Bitboard.fromSquares(board, occupied));
        expect(got.squares()).toEqual(sorted(naiveAttacks(w, h, piece, new Set(from), new Set(occupied))));
      }),
      { numRuns: 400 },
    );
  });

  it("handles pieces whose vectors are not symmetric (one-way leapers, like a pawn's capture)", () => {
    const raw = fc
      .tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }))
      .filter(([x, y]) => x !== 0 || y !== 0);
    fc.assert(
      fc.property(scene, fc.array(raw, { minLength: 1, maxLength: 4 }), ({ w, h, from, occupied }, leaps) => {
        const board = Board.of(w, h);
        const piece = { leaps, rides: [], slides: [] };
        const got = attacks(asPiece(piece), Bitboard.fromSquares(board, from), Bitboard.fromSquares(board, occupied));
        expect(got.squares()).toEqual(sorted(naiveAttacks(w, h, piece, new Set(from), new Set(occupied))));
      }),
      { numRuns: 200 },
    );
  });

  it('attacks from one square equal the naive loop (tables, steps, blockers)', () => {
    fc.assert(
      fc.property(scene, ({ w, h, from, occupied, piece }) => {
        const board = Board.of(w, h);
        const gen = attackGen(board, asPiece(piece));
        const occ = Bitboard.fromSquares(board, occupied);
        const s = from[0];
        const want = sorted(naiveTargets(w, h, piece, s % w, Math.floor(s / w), new Set([...occupied, s])));
        expect(gen.targets(s, occ)).toEqual(want);
        expect(gen.attacksFrom(s, occ).squares()).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('generates the knight moves of the seed: d4 has 8, a1 has 2, no wrap round the edges', () => {
    const board = Board.of(8, 8);
    const knight = attackGen(board, parsePiece('knight'));
    expect(knight.attacksFrom(board.parse('d4')).names()).toEqual(['c2', 'e2', 'b3', 'f3', 'b5', 'f5', 'c6', 'e6']);
    expect(knight.attacksFrom(board.parse('a1')).names()).toEqual(['c2', 'b3']);
    // a4 must not reach g2 or h3 through the "black hole" at the edge
    expect(knight.attacksFrom(board.parse('a4')).names()).toEqual(['b2', 'c3', 'c5', 'b6']);
    const all = Bitboard.full(board);
    expect(knight.attacks(all).count()).toBe(64);
  });

  it("slides King's Valley pieces to the end (the seed 003 position)", () => {
    const board = Board.of(5, 5);
    const sq = (names: string): number[] => names.split(' ').map((n) => board.parse(n));
    const pieces = Bitboard.fromSquares(board, sq('a5 b5 c5 d5 e5 a1 b1 c1 d1 e1'));
    const gen = attackGen(board, parsePiece('queen-end'));
    expect(gen.attacksFrom(board.parse('a5'), pieces).names()).toEqual(['a2', 'd2']);
    expect(gen.attacksFrom(board.parse('b5'), pieces).names()).toEqual(['b2', 'e2', 'a4']);
    expect(gen.attacksFrom(board.parse('d1'), pieces).names()).toEqual(['e2', 'a4', 'd4']);
    expect(gen.attacksFrom(board.parse('e5'), pieces).names()).toEqual(['b2', 'e2']);
  });

  it('riders stop on the first blocker and include it', () => {
    const board = Board.of(8, 8);
    const rook = attackGen(board, parsePiece('rook'));
    const occ = Bitboard.fromSquares(board, [board.parse('d6'), board.parse('b4')]);
    expect(rook.attacksFrom(board.parse('d4'), occ).names()).toEqual([
      'd1',
      'd2',
      'd3',
      'b4',
      'c4',
      'e4',
      'f4',
      'g4',
      'h4',
      'd5',
      'd6',
    ]);
  });

  it('works on 1-wide, 1-high and 256x256 boards', () => {
    const line = Board.of(1, 9);
    expect(attackGen(line, parsePiece('rook')).attacksFrom(4).squares()).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
    expect(attackGen(line, parsePiece('knight')).attacksFrom(4).squares()).toEqual([]);
    const big = Board.of(256, 256);
    const k = attackGen(big, parsePiece('knight'));
    expect(k.attacksFrom(big.parse('dv128')).count()).toBe(8);
    expect(k.attacks(Bitboard.full(big)).count()).toBe(65536);
    const q = attackGen(big, parsePiece('queen'));
    expect(q.attacks(Bitboard.fromSquares(big, [0])).count()).toBe(255 * 3);
  });

  it('takes bitboards of an equal board made apart (boards past 65,536 cells are not shared)', () => {
    const a = Board.of(512, 512);
    const b = Board.of(512, 512);
    expect(a).not.toBe(b);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(Board.of(512, 511))).toBe(false);
    const n = attackGen(a, parsePiece('knight'));
    expect(n.attacks(Bitboard.fromSquares(b, [0])).squares()).toEqual(
      [a.parse('b3'), a.parse('c2')].sort((x, y) => x - y),
    );
    const r = attackGen(a, parsePiece('rook'));
    expect(r.attacks(Bitboard.fromSquares(b, [0]), Bitboard.fromSquares(b, [1])).count()).toBe(512);
    expect(() => n.attacks(Bitboard.fromSquares(Board.of(8, 8), [0]))).toThrow(/bitboard of the 512x512 board/);
  });
});

describe('attackTable', () => {
  it('holds the one-square attacks of leapers on boards up to 4096 cells, and is null otherwise', () => {
    const board = Board.of(8, 8);
    const gen = attackGen(board, parsePiece('knight'));
    const table = gen.attackTable()!;
    expect(table).toHaveLength(64);
    for (let s = 0; s < 64; s++) expect(table[s].equals(gen.attacks(Bitboard.fromSquares(board, [s])))).toBe(true);
    expect(attackGen(board, parsePiece('rook')).attackTable()).toBeNull();
    expect(attackGen(Board.of(65, 64), parsePiece('knight')).attackTable()).toBeNull();
  });
});

describe('the (m, n)-leaper fast path on large boards', () => {
  it('equals the naive loop for every (m, n) leaper with 0 < m < n, any width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 9, max: 97 }),
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        (m0, d, w, h, raw) => {
          const m = m0,
            n = m0 + d;
          const from = [...new Set(raw.map((x) => x % (w * h)))];
          const board = Board.of(w, h);
          const piece = { leaps: eightWays(m, n), rides: [], slides: [] };
          const got = attacks(asPiece(piece), Bitboard.fromSquares(board, from));
          expect(got.squares()).toEqual(sorted(naiveAttacks(w, h, piece, new Set(from), new Set())));
        },
      ),
      { numRuns: 300 },
    );
  });
});
