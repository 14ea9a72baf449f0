// Games: replies (miss, hit, sunk on a ship's last cell, naming the ship), refused shots, and knowledge as a problem.
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { createRng } from '../../src/core/prng.js';
import { conditionedProblem, FleetGame, haloOf, HIT, MISS, SUNK, UNKNOWN } from '../../src/fleet/game.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { refProblem } from '../reference/fleet.js';
import { allLayouts, replies } from './replay.js';

const asProblem = (p: ReturnType<typeof refProblem>): FleetProblem => p as unknown as FleetProblem;

describe('FleetGame', () => {
  // 5×5: a 3-ship a1 b1 c1 (kind 0) and a 2-ship e4 e5 (kind 1); c5 outside the field.
  const p = asProblem(refProblem(5, 5, ['3', '2'], 'any', { forbidden: [22] }));
  const layout = {
    ships: [
      { kind: 0, cells: [0, 1, 2] },
      { kind: 1, cells: [19, 24] },
    ],
  };

  it('replies miss, hit, and sunk with the ship when its last cell is hit', () => {
    const g = new FleetGame(p, layout);
    expect(g.shoot(1)).toEqual({ square: 1, reply: 'hit' });
    expect(g.shoot(12)).toEqual({ square: 12, reply: 'miss' });
    expect(g.shoot(0).reply).toBe('hit');
    expect(g.shoot(2)).toEqual({ square: 2, reply: 'sunk', ship: { kind: 0, cells: [0, 1, 2] } });
    expect([g.knowledge.marks[0], g.knowledge.marks[12], g.knowledge.marks[19]]).toEqual([SUNK, MISS, UNKNOWN]);
    expect(g.over).toBe(false);
    g.shoot(24);
    expect(g.knowledge.marks[24]).toBe(HIT);
    expect(g.shoot(19).reply).toBe('sunk');
    expect(g.over).toBe(true);
    expect(g.shots).toBe(6);
    expect(g.knowledge.sunk.map((s) => s.kind)).toEqual([0, 1]);
  });

  it('refuses a square shot before, off the board, outside the field, or after the end, changing nothing', () => {
    const g = new FleetGame(p, layout);
    g.shoot(7);
    for (const sq of [7, -1, 25, 22]) {
      expect(() => g.shoot(sq)).toThrow(GridbitsError);
      expect(g.canShoot(sq)).toBe(false);
    }
    // Not a square at all: refused by both.
    expect(() => g.shoot(2.5)).toThrow(GridbitsError);
    expect(() => g.canShoot(2.5)).toThrow(/square must be a whole number/);
    expect(g.shots).toBe(1);
    expect(
      () =>
        new FleetGame(p, {
          ships: [
            { kind: 0, cells: [0, 1, 2] },
            { kind: 1, cells: [2, 3] },
          ],
        }),
    ).toThrow(/share/);
  });

  it('reports every ship sunk exactly once, on its last cell, whatever the order of shots', () => {
    const q = refProblem(4, 4, ['3', '2', '###/.#.'], 'corner');
    const layouts = allLayouts(q);
    const rng = createRng(3);
    for (let t = 0; t < 200; t++) {
      const l = layouts[rng.below(layouts.length)];
      const order = Array.from({ length: 16 }, (_, i) => i);
      for (let i = 15; i > 0; i--) {
        const j = rng.below(i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      const g = new FleetGame(asProblem(q), l as never);
      const got = [];
      for (const sq of order) {
        if (g.over) break;
        const r = g.shoot(sq);
        got.push({ square: r.square, reply: r.reply, ...(r.ship ? { ship: r.ship.cells } : {}) });
      }
      expect(got).toEqual(replies(l, order.slice(0, got.length)));
      expect(got.filter((r) => r.reply === 'sunk')).toHaveLength(3);
    }
  });
});

describe('conditionedProblem', () => {
  it('forbids misses and sunk ships with their halo, requires hits, drops kinds all sunk', () => {
    for (const touch of ['none', 'corner', 'any'] as const) {
      const p = asProblem(refProblem(5, 5, ['3', '2', '2'], touch));
      const g = new FleetGame(p, {
        ships: [
          { kind: 0, cells: [0, 1, 2] },
          { kind: 1, cells: [20, 21] },
          { kind: 1, cells: [14, 19] },
        ],
      });
      for (const sq of [12, 20, 21, 14]) g.shoot(sq);
      const c = conditionedProblem(p, g.knowledge);
      expect(c.hits).toEqual([14]);
      expect(c.problem.required![14]).toBe(1);
      expect(c.problem.forbidden[12]).toBe(1);
      expect(c.kindMap).toEqual([0, 1]);
      expect(c.problem.kinds.map((k) => k.count)).toEqual([1, 1]);
      const halo = haloOf([20, 21], 5, 5, touch);
      expect(halo).toEqual(touch === 'none' ? [15, 16, 17, 22] : touch === 'corner' ? [15, 16, 22] : []);
      for (const sq of [20, 21, ...halo]) expect(c.problem.forbidden[sq]).toBe(1);
      expect(c.problem.forbidden[23]).toBe(0);
    }
  });
});
