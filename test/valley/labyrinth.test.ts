import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { LABYRINTH_START, createLabyrinthEngine } from '../../src/valley/labyrinth.js';
import { finishedValue } from '../../src/core/job.js';
import { engineMoves, formatMove, perftSync, type Engine, type Move } from '../../src/valley/index.js';
import { gridFormat, gridMoves, gridParse, gridPerft, gridPlay, gridWinner, type GridRef } from './grid-reference.js';

const PILLARS = [15, 19, 29, 33];

/** Random Labyrinth positions: both Kings anywhere free (d4 too: a finished game), 0-6 soldiers a side, none on d4. */
const positionArb = fc
  .record({
    order: fc.shuffledSubarray(
      [...Array(49).keys()].filter((s) => !PILLARS.includes(s)),
      { minLength: 45, maxLength: 45 },
    ),
    ws: fc.integer({ min: 0, max: 6 }),
    bs: fc.integer({ min: 0, max: 6 }),
    white: fc.boolean(),
    ply: fc.constantFrom(0, 1, 12),
  })
  .map(({ order, ws, bs, white, ply }) => {
    const grid = Array.from({ length: 7 }, () => Array<string>(7).fill('.'));
    const put = (sq: number, c: string): void => {
      grid[Math.floor(sq / 7)][sq % 7] = c;
    };
    for (const sq of PILLARS) put(sq, '#');
    put(order[0], 'K');
    put(order[1], 'k');
    const rest = order.slice(2).filter((s) => s !== 24);
    rest.slice(0, ws).forEach((s) => put(s, 'S'));
    rest.slice(ws, ws + bs).forEach((s) => put(s, 's'));
    // A King on the valley has just won: its side is not the one to move (that position is refused as input).
    return gridFormat({ size: 7, grid, white: order[0] === 24 ? false : order[1] === 24 ? true : white, ply });
  });

/** perft that must finish (no limit is given). */
const enginePerft = (e: Engine, depth: number): number => finishedValue(perftSync(e, depth));

const movesOf = (e: Engine): string[] =>
  engineMoves(e)
    .map((m) => formatMove(m, e.board))
    .sort();

describe('Labyrinth (7×7, pillars b3 b5 f3 f5, valley d4)', () => {
  it('agrees with the plain reference on perft from the start', () => {
    const e = createLabyrinthEngine();
    expect(e.toString()).toBe(LABYRINTH_START);
    expect(LABYRINTH_START).toBe('sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0');
    const ref = gridParse(LABYRINTH_START);
    for (const d of [0, 1, 2, 3]) expect(enginePerft(e, d)).toBe(gridPerft(ref, d));
    expect([1, 2, 3, 4].map((d) => enginePerft(e, d))).toEqual([16, 288, 5984, 120870]);
    expect(e.toString()).toBe(LABYRINTH_START);
  });

  it('agrees with the reference on random positions: moves, winner, perft', () => {
    fc.assert(
      fc.property(positionArb, (text) => {
        const e = createLabyrinthEngine(text);
        const ref = gridParse(text);
        expect(e.toString()).toBe(text);
        expect(movesOf(e)).toEqual(gridMoves(ref));
        expect(e.winner()).toBe(gridWinner(ref));
        for (const d of [2, 3]) expect(enginePerft(e, d)).toBe(gridPerft(ref, d));
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('make/unmake restore the position and its keys; keys follow the position, not the path', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), fc.boolean(), (choices, blackFirst) => {
        const e = createLabyrinthEngine(blackFirst ? LABYRINTH_START.replace(' w ', ' b ') : LABYRINTH_START);
        let ref: GridRef = gridParse(e.toString());
        const played: Move[] = [];
        const trail: Array<[string, number, number]> = [];
        for (const c of choices) {
          const moves = engineMoves(e);
          expect(moves.map((m) => formatMove(m, e.board)).sort()).toEqual(gridMoves(ref));
          if (moves.length === 0) break;
          trail.push([e.toString(), e.keyLo, e.keyHi]);
          const m = moves[c % moves.length];
          ref = gridPlay(ref, formatMove(m, e.board));
          e.make(m);
          played.push(m);
          expect(e.toString()).toBe(gridFormat(ref));
          const fresh = createLabyrinthEngine(e.toString());
          expect([fresh.keyLo, fresh.keyHi]).toEqual([e.keyLo, e.keyHi]);
          expect(e.mobility(e.side)).toBe(e.winner() === null ? gridMoves(ref).length : 0);
        }
        while (played.length > 0) {
          e.unmake(played.pop()!);
          expect([e.toString(), e.keyLo, e.keyHi]).toEqual(trail.pop());
        }
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('clone copies the position and its keys, and goes its own way', () => {
    fc.assert(
      fc.property(positionArb, fc.nat(), (text, pick) => {
        const e = createLabyrinthEngine(text);
        const c = e.clone();
        expect([c.toString(), c.keyLo, c.keyHi, c.side, c.ply]).toEqual([
          e.toString(),
          e.keyLo,
          e.keyHi,
          e.side,
          e.ply,
        ]);
        const moves = new Int32Array(64);
        const n = c.generate(moves, 0);
        if (n === 0) return;
        c.make(moves[pick % n] as Move);
        expect(e.toString()).toBe(text);
        expect(c.toString()).not.toBe(text);
        const fresh = createLabyrinthEngine(c.toString());
        expect([c.keyLo, c.keyHi]).toEqual([fresh.keyLo, fresh.keyHi]);
      }),
      { numRuns: 60, seed: 5 },
    );
  });

  it('keys tell apart the side to move and the first-move rule', () => {
    const keys = (t: string): string => {
      const e = createLabyrinthEngine(t);
      return `${e.keyLo},${e.keyHi}`;
    };
    const all = [
      'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0',
      'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS b 0',
      'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 2',
    ].map(keys);
    expect(new Set(all).size).toBe(3);
  });

  it('pillars block slides like pieces; soldiers pass over d4 but do not stop there; the first move is a soldier move', () => {
    // The b1 soldier going north stops below the pillar b3; the a1 soldier's diagonal passes d4 and ends on g7.
    const e = createLabyrinthEngine('k6/7/1#3#1/7/1#3#1/7/SS1K3 w 0');
    const moves = movesOf(e);
    expect(moves).toContain('b1b2');
    expect(moves).toContain('a1g7');
    expect(moves.some((m) => m.startsWith('d1'))).toBe(false);
    // A soldier whose slide would end on d4 has no move that way (d3 north: d4, then the soldier on d5).
    const s = createLabyrinthEngine('k6/7/1#1s1#1/7/1#1S1#1/7/3K3 w 1');
    expect(movesOf(s)).not.toContain('d3d4');
    expect(movesOf(s)).toContain('d1d2');
    // The King may stop there and wins.
    const k = createLabyrinthEngine('k6/7/1#1s1#1/7/1#3#1/7/3K3 w 1');
    expect(movesOf(k)).toContain('d1d4');
    k.make(engineMoves(k).find((m) => formatMove(m, k.board) === 'd1d4')!);
    expect(k.winner()).toBe('white');
    expect(engineMoves(k)).toEqual([]);
  });

  it('a King boxed in by pillars and pieces loses; the interface reads squares and slides', () => {
    // The White King on b4, boxed in by the pillars b3 b5 and pieces on a3 a4 a5 c3 c4 c5.
    const e = createLabyrinthEngine('3k3/7/s#s2#1/sKs4/S#S2#1/7/7 w 5');
    expect(e.winner()).toBe('black');
    expect(engineMoves(e)).toEqual([]);
    expect(e.mobility('white')).toBe(0);
    expect(e.king('white')).toBe(22);
    expect(e.occupied(15)).toBe(true);
    expect(e.occupied(24)).toBe(false);
    const start = createLabyrinthEngine();
    // From d1 north: d2 d3 d4 d5 d6 are empty, d7 holds the Black King: the slide ends on d6.
    expect(start.slideEnd(3, 2)).toBe(5 * 7 + 3);
    expect(start.slideEnd(3, 6)).toBe(3);
  });

  it('refuses malformed positions with a named problem', () => {
    const cases: Array<[string, RegExp]> = [
      ['sssksss/7/1#3#1/7/1#3#1/7/SSSKSS w 0', /rank 1 has 6 squares, not 7/],
      ['sssksss/7/7/7/1#3#1/7/SSSKSSS w 0', /the pillar square b5 must hold '#'/],
      ['sssksss/7/1#3#1/#6/1#3#1/7/SSSKSSS w 0', /'#' on a4: pillars stand on/],
      ['sssksss/7/1#3#1/3S3/1#3#1/7/SSSKSSS w 0', /soldier stands on the valley d4/],
      ['sssksss/7/1#3#1/S6/1#3#1/7/SSSKSSS w 0', /White has 7 soldiers, at most 6/],
      ['sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS x 0', /side to move/],
      ['sssksss/7/1#3#1/7/1#3#1/7/SSSSSSS w 0', /White has no King/],
      ['sskss/5/5/5/SSKSS w 0', /expected 7 ranks/],
    ];
    for (const [text, re] of cases) {
      expect(() => createLabyrinthEngine(text)).toThrow(GridbitsError);
      expect(() => createLabyrinthEngine(text)).toThrow(re);
    }
  });
});
