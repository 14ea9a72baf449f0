// The Tours page's state without a browser: the URL round trip, fitting squares to the board, leaper specs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { posOf, secondsText, speedAt, speedWords } from '../../web/src/controls/speed.js';
import { TOUR_SECONDS, tourTopSpeed } from '../../web/src/pages/tours/speed.js';
import {
  COUNT_BUDGET_MS,
  DEFAULT_STATE,
  cellText,
  countPlan,
  countSays,
  countStopWords,
  findSays,
  fitToBoard,
  numbersHint,
  parseLeaper,
  parseSide,
  readState,
  writeState,
  type ToursState,
} from '../../web/src/pages/tours/state.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import { COUNT_CONVENTION, countToursSync, findTourSync } from '../../src/tour/index.js';
import { formatHash, parseHash } from '../../web/src/router.js';

describe('Tours page state', () => {
  it('round-trips through the URL', () => {
    const arb = fc.record({
      width: fc.integer({ min: 1, max: 40 }),
      height: fc.integer({ min: 1, max: 40 }),
      from: fc.nat(1599),
      to: fc.option(fc.nat(1599), { nil: undefined }),
      closed: fc.boolean(),
      seed: fc.option(fc.nat(1e9), { nil: undefined }),
      spec: fc.constantFrom('knight', 'camel', '2,3', '&=#?'),
      show: fc.constantFrom('path', 'numbers', 'both'),
      mode: fc.constantFrom('tour', 'play', 'search', 'table'),
      path: fc.constantFrom('', 'a1', 'a1-b3'),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const board = Board.of(a.width, a.height);
        const name = (s: number | undefined): string => (s === undefined ? '' : board.name(s % board.cells));
        // The person's path is in the link only in Your turn.
        const path = a.mode === 'play' ? a.path : '';
        const s: ToursState = fitToBoard({ ...a, from: name(a.from), to: name(a.to), famous: '', path } as ToursState);
        expect(readState(parseHash(formatHash('tours', writeState(s))).params)).toEqual(s);
      }),
    );
  });

  it('keeps the squares on the board, an end only on open tours and apart from the start', () => {
    expect(readState(new URLSearchParams(''))).toEqual(DEFAULT_STATE);
    expect(readState(new URLSearchParams('board=6x6&from=z9&to=a1'))).toMatchObject({ from: 'a1', to: '' });
    expect(readState(new URLSearchParams('board=6x6&from=c3&to=f6&closed=1'))).toMatchObject({
      from: 'c3',
      to: '',
      closed: true,
    });
    expect(readState(new URLSearchParams('board=0x6&seed=-4&show=x&mode=y'))).toMatchObject({
      width: 8,
      seed: undefined,
      show: 'path',
      mode: 'tour',
    });
    expect(fitToBoard({ ...DEFAULT_STATE, from: 'h8', to: 'g6', width: 5, height: 5 })).toMatchObject({
      from: 'a1',
      to: '',
    });
    expect(parseSide('2001', 'width')).toMatch(/from 1 to 2000 here: larger boards are too slow to draw/);
    expect(parseSide('2000', 'width')).toBe(2000);
    expect(parseSide('12', 'height')).toBe(12);
  });

  it('counts exactly only small boards within the engine limit; every other board within the time limit', () => {
    const knight = parsePiece('knight');
    expect(countPlan(Board.of(5, 5), knight, false)).toBe('exact');
    expect(countPlan(Board.of(4, 16), knight, false)).toBe('exact');
    // Past the engine's exact limit (8×8), or past COUNT_MAX_CELLS (3×30 = 90 squares, which the counter finishes).
    expect(countPlan(Board.of(8, 8), knight, false)).toBe('budget');
    expect(countPlan(Board.of(3, 30), knight, false)).toBe('budget');
    expect(countPlan(Board.of(2000, 2000), knight, false)).toBe('budget');
    expect(countStopWords(COUNT_BUDGET_MS, 12n)).toBe('stopped after 60 s: at least this many, not the full count');
    expect(countStopWords(COUNT_BUDGET_MS, 0n)).toMatch(/^stopped after 60 s before finishing; .* none are known yet$/);
  });

  it("says what the engine's outcomes say: a find's answer or why it stopped, a count or its lower bound", () => {
    expect(findSays(findTourSync({ board: Board.of(4, 4), piece: KNIGHT, closed: true }))).toMatchObject({
      exists: false,
      reason: expect.stringMatching(/.{10}/),
    });
    const zebra = findTourSync(
      { board: Board.of(8, 8), piece: parsePiece('zebra'), closed: false, from: 0 },
      {
        maxNodes: 1000,
      },
    );
    expect(zebra).toMatchObject({ finished: false, stopped: 'nodes' });
    const stopped = findSays(zebra);
    expect(stopped.exists).toBeNull();
    expect(stopped.reason).toMatch(/^budget exhausted after 1000 nodes and \d+ backtracks$/);
    expect(countSays(countToursSync(Board.of(5, 5)), false)).toEqual({
      count: 1728n,
      complete: true,
      convention: COUNT_CONVENTION.open,
    });
    // Backtracking has a lower bound when stopped; the frontier program none (0, and the words say why).
    const dfs = countSays(countToursSync(Board.of(9, 9), { maxNodes: 20_000 }), false);
    expect(dfs).toMatchObject({ complete: false, convention: COUNT_CONVENTION.open });
    expect(dfs.count > 0n).toBe(true);
    expect(dfs.reason).toBe(countStopWords(COUNT_BUDGET_MS, dfs.count));
    expect(countSays(countToursSync(Board.of(6, 6), { closed: true, maxNodes: 1000 }), true)).toEqual({
      count: 0n,
      complete: false,
      convention: COUNT_CONVENTION.closed,
      reason: countStopWords(COUNT_BUDGET_MS, 0n),
    });
  });

  it('shows a gallery tour on its own board, and reads it back from a link', () => {
    const s = readState(new URLSearchParams('board=5x5&from=c3&famous=janisch&show=numbers'));
    expect(s).toMatchObject({ width: 8, height: 8, closed: true, famous: 'janisch', show: 'numbers', to: '' });
    expect(readState(parseHash(formatHash('tours', writeState(s))).params)).toEqual(s);
    expect(readState(new URLSearchParams('famous=nobody')).famous).toBe('');
  });

  it("names Kumar's 10×6 tour kumar-10x6 in links, and still reads the older kumar-6x10", () => {
    const byNew = readState(new URLSearchParams('famous=kumar-10x6'));
    const byOld = readState(new URLSearchParams('famous=kumar-6x10'));
    expect(byNew).toEqual(byOld);
    expect(byNew).toMatchObject({ width: 10, height: 6, famous: 'kumar-6x10' });
    expect(writeState(byOld).famous).toBe('kumar-10x6');
    expect(readState(parseHash(formatHash('tours', writeState(byOld))).params)).toEqual(byOld);
  });

  it('takes leapers only, with the engine message for a bad spec', () => {
    expect(parseLeaper('zebra')).toMatchObject({ name: 'zebra' });
    expect(parseLeaper('queen')).toMatch(/leapers only/);
    expect(parseLeaper('1,x')).toMatch(/malformed/);
  });

  it('writes table cells as the paper does, and maps the speed slider both ways', () => {
    expect([
      cellText(true, 12, 0),
      cellText(true, 3, 1),
      cellText(true, 3, 30),
      cellText(false, 9, undefined),
      cellText(null, 100, undefined),
    ]).toEqual(['12', '3B', '3#31', 'N', 'LIM']);
    for (const max of [5000, 4000, 400_000])
      for (const v of [1, 8, 100, max]) expect(Math.abs(speedAt(posOf(v, max), max) - v) / v).toBeLessThan(0.1);
    expect([speedAt(0, 4000), speedAt(100, 4000), speedAt(100, 1), posOf(1, 1)]).toEqual([1, 4000, 1, 100]);
  });

  it('plays any tour in about ten seconds at the top speed, and says so in moves a second', () => {
    // The top speed grows with the tour: 200×200 four times 100×100, 1000×1000 a hundred times.
    expect([tourTopSpeed(100 * 100), tourTopSpeed(200 * 200), tourTopSpeed(1000 * 1000), tourTopSpeed(5)]).toEqual([
      1000, 4000, 100_000, 1,
    ]);
    for (const n of [64, 10_000, 160_000, 4_000_000])
      expect(Math.abs((n - 1) / tourTopSpeed(n) - TOUR_SECONDS)).toBeLessThan(1);
    expect(speedWords(4000, 'moves', 40_000)).toBe('4,000 moves a second: the whole tour in 10 s');
    expect(speedWords(1, 'moves', 601)).toBe('1 move a second: the whole tour in 10 min');
    expect(speedWords(20, 'steps')).toBe('20 steps a second');
    expect([secondsText(2.46), secondsText(59.6), secondsText(200), secondsText(39_999), secondsText(7170)]).toEqual([
      '2.5 s',
      '1 min',
      '3 min 20 s',
      '11 h 7 min',
      '2 h',
    ]);
  });

  it('says where the numbers of a canvas board are', () => {
    expect(numbersHint(100, 100)).toBe(
      'On this 100×100 board the numbers are written on the squares once you zoom in far enough to read them; until then the tour is drawn as its path.',
    );
    expect(numbersHint(400, 300, true, true)).toBe(
      'On this 400×300 board the numbers are written on the squares once you zoom in far enough to read them, when the tour is not playing; the path stays drawn over them.',
    );
  });
});
