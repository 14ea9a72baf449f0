import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { finishedValue } from '../../src/core/job.js';
import {
  BOARD,
  START,
  createEngine,
  divide,
  divideSync,
  formatMove,
  formatPosition,
  legalMoves,
  parseLegalMove,
  parsePosition,
  perftSync,
  play,
  startPosition,
  winnerOf,
  type Position,
} from '../../src/valley/index.js';
import { refFormat, refMoves, refParse, refPerft, type RefPosition } from './reference.js';

/** perft of a position, which must finish (no limit is given). */
const perft = (p: Position, depth: number): number => finishedValue(perftSync(createEngine(p), depth));
const perftOf = (text: string, depth: number): number => perft(parsePosition(text), depth);
/** The legal moves in notation. */
const movesOf = (p: Position): string[] => legalMoves(p).map((m) => formatMove(m, BOARD));

/** Random legal-looking positions: both Kings, 0-4 soldiers a side, none of them on c3. */
const positionArb = fc
  .record({
    order: fc.shuffledSubarray([...Array(25).keys()], { minLength: 25, maxLength: 25 }),
    ws: fc.integer({ min: 0, max: 4 }),
    bs: fc.integer({ min: 0, max: 4 }),
    white: fc.boolean(),
    ply: fc.constantFrom(0, 1, 7),
  })
  .map(({ order, ws, bs, white, ply }) => {
    const grid = Array.from({ length: 5 }, () => Array<string>(5).fill('.'));
    const squares = order.filter((s) => s !== 12);
    const put = (sq: number, c: string): void => {
      grid[Math.floor(sq / 5)][sq % 5] = c;
    };
    // Kings may stand anywhere, c3 included (a finished game: that King's side is not to move); soldiers never on c3.
    const kings = order.slice(0, 2);
    put(kings[0], 'K');
    put(kings[1], 'k');
    const rest = squares.filter((s) => !kings.includes(s));
    rest.slice(0, ws).forEach((s) => put(s, 'S'));
    rest.slice(ws, ws + bs).forEach((s) => put(s, 's'));
    const p: RefPosition = { grid, white: kings[0] === 12 ? false : kings[1] === 12 ? true : white, ply };
    return refFormat(p);
  });

describe("King's Valley rules and perft", () => {
  it('matches the contract perft from the start', () => {
    expect([0, 1, 2, 3, 4].map((d) => perft(startPosition(), d))).toEqual([1, 10, 110, 1570, 21708]);
    expect(perftOf(START, 5)).toBe(refPerft(refParse(START), 5));
    for (const bad of [-1, 1.5, 13])
      expect(() => perft(startPosition(), bad)).toThrow(/depth must be a whole number from 0 to 12/);
  });

  it('agrees with the reference generator on random positions, moves and perft', () => {
    fc.assert(
      fc.property(positionArb, (text) => {
        const p = parsePosition(text);
        expect(formatPosition(p)).toBe(text);
        expect([...movesOf(p)].sort()).toEqual(refMoves(refParse(text)));
        // Depths 1, 2 and 3 take the three counting paths: bulk count, incremental count at two plies, full moves.
        for (const d of [1, 2, 3]) expect(perft(p, d)).toBe(refPerft(refParse(text), d));
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('makes the first move a soldier move, later Kings move', () => {
    const first = movesOf(startPosition());
    expect(
      first.every((m) => m.startsWith('a1') || m.startsWith('b1') || m.startsWith('d1') || m.startsWith('e1')),
    ).toBe(true);
    // b1 is empty: the King could slide c1a3, but not on ply 0; on ply 1 it may.
    expect(() => play(parsePosition('sskss/5/5/5/S1KSS w 0'), 'c1a3')).toThrow(/illegal move/);
    expect(movesOf(parsePosition('sskss/5/5/5/S1KSS w 0'))).not.toContain('c1a3');
    expect(movesOf(parsePosition('sskss/5/5/5/S1KSS w 1'))).toContain('c1a3');
    // Black starting: its first move is a soldier move too.
    expect(movesOf(startPosition('black')).every((m) => m[1] === '5' && m[0] !== 'c')).toBe(true);
  });

  it('never lets a soldier stop on the valley, but lets it pass over and lets a King stop there', () => {
    // a1 soldier: the diagonal passes c3 and ends on d4 (e5 is taken).
    expect(movesOf(startPosition())).toContain('a1d4');
    // Soldier on c1, blocker on c4: the slide would end on c3, so no c1-up move at all.
    const p = parsePosition('k4/2s2/5/5/2S1K b 1');
    expect(movesOf(parsePosition('k4/2s2/5/5/2S1K w 1'))).not.toContain('c1c3');
    expect(movesOf(p)).toContain('c4c2');
    // A King on c1 with c4 blocked does reach the valley and wins.
    const k = play(parsePosition('4k/2s2/5/5/2K1S w 1'), 'c1c3');
    expect(winnerOf(k)).toBe('white');
    expect(movesOf(k)).toEqual([]);
    expect(perft(k, 3)).toBe(0);
  });

  it('ends the game for a trapped King: no moves, the other side wins', () => {
    const trapped = parsePosition('ks3/ss3/5/5/4K b 5');
    expect(winnerOf(trapped)).toBe('white');
    expect(movesOf(trapped)).toEqual([]);
    expect(perft(trapped, 1)).toBe(0);
    expect(perft(trapped, 0)).toBe(1);
    // The same board with White to move goes on: only the mover's King counts.
    expect(winnerOf(parsePosition('ks3/ss3/5/5/4K w 5'))).toBeNull();
    expect(perft(parsePosition('ks3/ss3/5/5/4K w 5'), 2)).toBe(refPerft(refParse('ks3/ss3/5/5/4K w 5'), 2));
  });

  it('counts hand-made positions as the reference does', () => {
    for (const text of [
      'sskss/5/5/5/SSKSS b 0',
      's3k/1s3/1S3/s1K2/3sS w 9',
      'k4/5/5/5/4K w 3',
      '5/1sks1/5/1SKS1/5 b 2',
    ]) {
      expect(perftOf(text, 4)).toBe(refPerft(refParse(text), 4));
    }
  });

  it('divides perft by first move, sync and async alike', async () => {
    const d = finishedValue(divideSync(createEngine(startPosition()), 3));
    expect(d).toHaveLength(10);
    expect(d.reduce((s, [, n]) => s + n, 0)).toBe(1570);
    expect(finishedValue(await divide(createEngine(startPosition()), 3))).toEqual(d);
    const ac = new AbortController();
    ac.abort();
    expect(await divide(createEngine(startPosition()), 3, { signal: ac.signal })).toMatchObject({
      finished: false,
      stopped: 'signal',
    });
  });
});

describe("King's Valley notation", () => {
  it('round-trips the start and positions along random games', () => {
    expect(formatPosition(startPosition())).toBe(START);
    expect(formatPosition(parsePosition(START))).toBe(START);
    expect(formatPosition(startPosition('black'))).toBe('sskss/5/5/5/SSKSS b 0');
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (picks) => {
        let p = startPosition();
        for (const k of picks) {
          const moves = movesOf(p);
          if (moves.length === 0) break;
          p = play(p, moves[k % moves.length]);
          const text = formatPosition(p);
          expect(formatPosition(parsePosition(text))).toBe(text);
          expect(text.endsWith(` ${p.ply}`)).toBe(true);
        }
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it('names what is wrong with a malformed position', () => {
    const cases: Array<[string, RegExp]> = [
      ['sskss/5/5/5/SSKS w 0', /rank 1 has 4 squares, not 5/],
      ['sskss/5/5/5/SSKSSS w 0', /rank 1 is longer than 5 squares/],
      ['sskss/6/5/5/SSKSS w 0', /unexpected '6' on rank 4/],
      ['sskss/5/5/SSKSS w 0', /expected 5 ranks/],
      ['sssss/5/5/5/SSKSS w 0', /Black has no King/],
      ['sskss/5/5/5/SSSSS w 0', /White has no King/],
      ['sskss/5/2K2/5/SSKSS w 0', /more than one White King/],
      ['sskss/5/5/S4/SSKSS w 0', /White has 5 soldiers, at most 4/],
      ['sskss/s4/5/5/SSKSS w 0', /Black has 5 soldiers/],
      ['sk1ss/5/2s2/5/SSKSS w 0', /a soldier stands on the valley c3/],
      ['sskss/5/5/5/SSKSS x 0', /side to move must be 'w' or 'b'/],
      ['sskss/5/5/5/SSKSS w -1', /ply must be a whole number/],
      ['sskss/5/5/5/SSKSS w', /expected 3 fields/],
      ['sskss/5/5/5/SSKSS w 0 1', /expected 3 fields/],
      ['sskxs/5/5/5/SSKSS w 0', /unexpected 'x'/],
    ];
    for (const [text, pattern] of cases) {
      let err: unknown;
      try {
        parsePosition(text);
      } catch (e) {
        err = e;
      }
      expect(err, text).toBeInstanceOf(GridbitsError);
      expect((err as GridbitsError).message, text).toMatch(pattern);
    }
  });

  it('refuses illegal and malformed moves and leaves the position as it was', () => {
    const p = startPosition();
    const before = formatPosition(p);
    for (const [move, pattern] of [
      ['c1c3', /illegal move/], // the King may not move first
      ['a1a3', /illegal move/], // a slide cannot stop early
      ['b1c3', /illegal move/],
      ['a1a5', /illegal move/],
      ['a1', /bad move/],
      ['f1f2', /bad move/],
      ['a1d4x', /bad move/],
    ] as const) {
      expect(() => play(p, move)).toThrow(pattern);
      expect(formatPosition(p)).toBe(before);
    }
    expect(parseLegalMove(p, 'B1E4')).toBe(parseLegalMove(p, 'b1e4'));
    expect(formatPosition(play(p, 'b1e4'))).toBe('sskss/4S/5/5/S1KSS b 1');
    expect(formatPosition(p)).toBe(before);
  });
});
