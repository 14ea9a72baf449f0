// The Sea Battle page's state logic in Node: links read and written back, bad values dropped, the problem
// built (or the engine's message), hand-drawn layout cells, and ships drawn on the small grid.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import { FleetGame } from '../../src/fleet/game.js';
import { HUNTER_STRATEGIES, countLayoutsSync, createHunter, fleetProblem, type Touch } from '../../src/fleet/index.js';
import {
  countEstimateJob,
  aboutCount,
  pooledEstimate,
  type CountEstimate,
} from '../../web/src/pages/fleet/estimate.js';
import { cellMarks, replyText, roster } from '../../web/src/pages/fleet/game-view.js';
import {
  canonicalOrientation,
  canonicalText,
  fleetWords,
  kindName,
  kindNames,
} from '../../web/src/pages/fleet/shapes.js';
import {
  DEFAULT_STATE,
  drawnShape,
  layoutMask,
  problemOf,
  readBoard,
  readState,
  resized,
  toggleLayoutCell,
  writeState,
  type FleetState,
} from '../../web/src/pages/fleet/state.js';
import { formatHash, parseHash } from '../../web/src/router.js';

describe('fleet page state', () => {
  it('reads what it writes; unreadable values fall back to the defaults', () => {
    const s: FleetState = {
      width: 8,
      height: 6,
      fleet: '3,2',
      ships: ['###/.#.', '##/##'],
      touch: 'corner',
      mirror: true,
      forbid: ['a1', 'h6'],
      method: 'uniform',
      seed: 42,
      layout: [['b2', 'b3', 'b4'], ['d1']],
      heat: true,
      play: true,
      game: '1-2-3_a.b-c.0-5',
    };
    expect(readState(parseHash(formatHash('fleet', writeState(s))).params)).toEqual(s);
    expect(readState(new URLSearchParams('board=0x8&touch=some&method=x&seed=-1&forbid=z99&layout=k1'))).toEqual(
      DEFAULT_STATE,
    );
  });

  it('a board too large for the page comes down to 32 a side, saying so; the rest of the link still applies', () => {
    const s = readState(new URLSearchParams('board=50x50&fleet=3,2&forbid=ad32'));
    expect([s.width, s.height, s.fleet, s.forbid]).toEqual([32, 32, '3,2', ['ad32']]);
    expect(readBoard(new URLSearchParams('board=50x50')).notice).toMatch(
      /asks for a 50×50 board.*up to 32×32.*shows 32×32/,
    );
    expect(readBoard(new URLSearchParams('board=40x8'))).toMatchObject({ width: 32, height: 8 });
    expect(readBoard(new URLSearchParams('board=12x9')).notice).toBeNull();
    expect(readBoard(new URLSearchParams('board=huge')).notice).toMatch(/no board size: showing 10×10/);
  });

  it('resizing keeps the ships and forbidden cells that still stand on the board', () => {
    const s: FleetState = {
      ...DEFAULT_STATE,
      width: 6,
      height: 6,
      forbid: ['a1', 'f6'],
      layout: [
        ['b2', 'c2'],
        ['f5', 'f6'],
      ],
    };
    expect(resized(s, 8, 8)).toEqual({
      width: 8,
      height: 8,
      forbid: ['a1', 'f6'],
      layout: [
        ['b2', 'c2'],
        ['f5', 'f6'],
      ],
    });
    expect(resized(s, 6, 5)).toEqual({ width: 6, height: 5, forbid: ['a1'], layout: [['b2', 'c2']] });
  });

  it('builds the problem or says why not', () => {
    const ok = problemOf({ ...DEFAULT_STATE, width: 10, height: 10 });
    expect(ok.problem?.kinds.map((k) => [k.name, k.count])).toEqual([
      ['4', 1],
      ['3', 2],
      ['2', 3],
      ['1', 4],
    ]);
    expect(ok.problem?.touch).toBe('none');
    expect(problemOf({ ...DEFAULT_STATE, fleet: 'hasbro' }).problem?.touch).toBe('any');
    expect(problemOf({ ...DEFAULT_STATE, fleet: 'navy' }).error).toMatch(/unknown fleet/);
    expect(problemOf({ ...DEFAULT_STATE, width: 3, height: 3 }).error).toMatch(/cannot fit/);
    expect(problemOf({ ...DEFAULT_STATE, fleet: '', ships: [] }).error).toMatch(/no ships/);
  });

  it('toggles hand-drawn cells and masks the layout', () => {
    let layout = toggleLayoutCell([], 'a1');
    layout = toggleLayoutCell(layout, 'b1');
    expect(layout).toEqual([['a1'], ['b1']]);
    expect(toggleLayoutCell([['a1', 'a2']], 'a1')).toEqual([['a2']]);
    expect(Array.from(layoutMask(Board.of(2, 2), [['a1'], ['b2']]))).toEqual([1, 0, 0, 1]);
  });

  it('turns cells drawn on the small grid into a shape, refusing unconnected ones', () => {
    // Cells by index on a 5-wide grid, rank 0 at the bottom: a T with its bar on rank 1.
    expect(drawnShape(new Set([5, 6, 7, 1]), 5)).toBe('###/.#.');
    expect(drawnShape(new Set([0, 2]), 5)).toEqual({ error: expect.stringMatching(/not connected/) });
    expect(drawnShape(new Set(), 5)).toEqual({ error: expect.stringMatching(/Draw a ship/) });
  });
});

describe('ship kinds for people', () => {
  it('draws a shape in one orientation whichever way it was drawn, the same as its kind in the fleet', () => {
    // An L of three drawn four ways round: one drawing.
    const ways = ['#./##', '##/#.', '##/.#', '.#/##'];
    const texts = new Set(ways.map((t) => canonicalText(t, false)));
    expect(texts.size).toBe(1);
    for (const t of ways) {
      const kind = fleetProblem({ width: 6, height: 6, ships: [t] }).kinds[0];
      expect(canonicalText(t, false)).toBe(canonicalText(['#', ...kind.name.slice(1)].join(''), false));
      // Drawn from the kind's own orientations: the same picture as the list shows.
      expect(JSON.stringify(canonicalOrientation(kind.orientations))).toBe(
        JSON.stringify(
          canonicalOrientation(fleetProblem({ width: 6, height: 6, ships: [ways[0]] }).kinds[0].orientations),
        ),
      );
    }
  });

  it('names kinds so that none reads as a rectangle', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
    expect(fleetWords(p.kinds)).toBe('one 4-cell ship, two 3-cell ships, three 2-cell ships and four 1-cell ships');
    const shapes = fleetProblem({
      width: 8,
      height: 8,
      ships: ['###/.#.', '##/##', '##./.##', '.##/##.', '#.#/###', '###/#.#/###'],
    });
    expect(shapes.kinds.map(kindName).sort()).toEqual(
      [
        '4-cell S-ship',
        '4-cell S-ship',
        '4-cell T-ship',
        '4-cell square ship',
        '5-cell U-ship',
        '8-cell drawn ship',
      ].sort(),
    );
    // A shape and its mirror image (ships may not be mirrored): told apart.
    expect(kindNames(shapes.kinds).filter((n) => n.startsWith('4-cell S-ship'))).toEqual([
      '4-cell S-ship',
      '4-cell S-ship (mirror image)',
    ]);
    for (const n of kindNames(p.kinds)) expect(n).not.toMatch(/[0-9]\s*[×x]\s*[0-9]/);
  });
});

/** An independent rule: the cells a sunk ship at `cells` keeps free, by the touch rule, on a w×h board. */
function neighbours(cells: number[], w: number, h: number, touch: Touch): Set<number> {
  const out = new Set<number>();
  if (touch === 'any') return out;
  for (const c of cells) {
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ]) {
      if (touch === 'corner' && dx !== 0 && dy !== 0) continue;
      const x = (c % w) + dx,
        y = Math.floor(c / w) + dy;
      if (x >= 0 && y >= 0 && x < w && y < h && !cells.includes(y * w + x)) out.add(y * w + x);
    }
  }
  return out;
}

describe('the game as the page shows it', () => {
  for (const touch of ['none', 'corner', 'any'] as const) {
    it(`marks the water a sunk ship implies (${touch}), names the ship sunk, keeps the roster`, () => {
      const p = fleetProblem({ width: 5, height: 5, fleet: '3,1,1', touch });
      const board = Board.of(5, 5);
      // A 3-ship on b2 c2 d2, 1-ships on a5 and e5.
      const g = new FleetGame(p, {
        ships: [
          { kind: 0, cells: [6, 7, 8] },
          { kind: 1, cells: [20] },
          { kind: 1, cells: [24] },
        ],
      });
      expect(replyText('You fired at', board, g.shoot(6), p, kindNames(p.kinds))).toBe('You fired at b2: hit');
      expect(replyText('You fired at', board, g.shoot(0), p, kindNames(p.kinds))).toBe('You fired at a1: miss');
      g.shoot(7);
      expect(cellMarks(p, g.knowledge).filter((m) => m === 'water')).toEqual([]);
      expect(replyText('You fired at', board, g.shoot(8), p, kindNames(p.kinds))).toBe(
        'You fired at d2: sank the 3-cell ship',
      );
      expect(replyText('You fired at', board, g.shoot(20), p, kindNames(p.kinds))).toBe(
        'You fired at a5: sank a 1-cell ship',
      );
      const marks = cellMarks(p, g.knowledge);
      const want = new Set([...neighbours([6, 7, 8], 5, 5, touch), ...neighbours([20], 5, 5, touch)]);
      want.delete(0); // shot: a miss
      const water = marks.flatMap((m, s) => (m === 'water' ? [s] : []));
      expect(water).toEqual([...want].sort((a, b) => a - b));
      expect(water.length).toBe(touch === 'none' ? 11 + 3 : touch === 'corner' ? 8 + 2 : 0);
      // The engine's hunter, given the record alone, never aims at the implied water.
      for (const strategy of HUNTER_STRATEGIES) {
        for (let seed = 0; seed < 20; seed++)
          expect(water).not.toContain(createHunter(p, { strategy, samples: 20 }).choose(g.knowledge, createRng(seed)));
      }
      expect(roster(p, g.knowledge)).toEqual([
        { kind: 0, count: 1, sunk: 1 },
        { kind: 1, count: 2, sunk: 1 },
      ]);
    });
  }
});

describe('first answers', () => {
  it('estimates the number of layouts from random proposals: the exact count within its interval', () => {
    for (const [fleet, touch] of [
      ['3,2,2,1', 'none'],
      ['3,2,2,1', 'corner'],
      ['2,2,1,1', 'any'],
    ] as const) {
      const p = fleetProblem({ width: 6, height: 6, fleet, touch });
      const exact = countLayoutsSync(p);
      const e = countEstimateJob(p, createRng(5), 200_000).runSync();
      if (!exact.finished || !e.finished) throw new Error('unfinished');
      const n = Number(exact.value);
      expect(e.value.low).toBeLessThanOrEqual(n);
      expect(e.value.high).toBeGreaterThanOrEqual(n);
      expect(Math.abs(e.value.estimate - n) / n).toBeLessThan(0.1);
    }
  });

  it('pools rounds of proposals (new seeds) into a running estimate: the interval narrows and holds the exact count', () => {
    for (const [w, fleet, touch] of [
      [6, '3,2,2,1', 'none'],
      [7, '3,2,2,1', 'corner'],
      [8, 'classic', 'any'],
    ] as const) {
      const p = fleetProblem({ width: w, height: w, fleet, touch });
      const exact = countLayoutsSync(p);
      if (!exact.finished) throw new Error('unfinished');
      const n = Number(exact.value);
      let pool: CountEstimate | null = null;
      const widths: number[] = [];
      for (let seed = 1; seed <= 16; seed++) {
        const r = countEstimateJob(p, createRng(seed), 20_000).runSync();
        if (!r.finished) throw new Error('unfinished');
        pool = pooledEstimate(pool, r.value);
        expect(pool.proposals).toBe(seed * 20_000);
        expect(pool.low).toBeLessThanOrEqual(n);
        expect(pool.high).toBeGreaterThanOrEqual(n);
        widths.push((pool.high - pool.low) / pool.estimate);
      }
      // About 1/√16 of the first round's width after sixteen rounds; never wider than the first.
      expect(widths[15]).toBeLessThan(widths[0] * 0.4);
      for (const x of widths) expect(x).toBeLessThanOrEqual(widths[0] * 1.05);
    }
  });

  it('says large counts in words', () => {
    expect(aboutCount(1234)).toBe('1,230');
    expect(aboutCount(2.62e10)).toBe('26.2 billion');
    expect(aboutCount(3.1e18)).toBe('3.10 × 10¹⁸');
  });
});
