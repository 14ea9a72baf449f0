// The hunting AI: its posterior estimate against a brute-force replay, every hunter finishing every game
// without shooting a square twice, and the same seed giving the same game.
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { createRng } from '../../src/core/prng.js';
import { PosteriorEstimator } from '../../src/fleet/ai-posterior.js';
import { createHunter, HUNTER_STRATEGIES } from '../../src/fleet/ai.js';
import { FleetGame } from '../../src/fleet/game.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { checkLayout, refProblem, type RefProblem } from '../reference/fleet.js';
import { allLayouts, posterior } from './replay.js';

const asProblem = (p: RefProblem): FleetProblem => p as unknown as FleetProblem;

const CASES: RefProblem[] = [
  refProblem(5, 5, ['3', '2', '2'], 'any'),
  refProblem(5, 5, ['3', '2', '1'], 'none', { forbidden: [12] }),
  refProblem(6, 4, ['###/.#.', '2', '2'], 'corner'),
  // Wider than a 32-bit row: the estimator's cell-list path instead of row words.
  refProblem(34, 1, ['3', '2'], 'any'),
];

describe('PosteriorEstimator', () => {
  it('matches the brute-force posterior within sampling error, with hits and sunk ships on the board', () => {
    for (const p of CASES) {
      const layouts = allLayouts(p);
      const rng = createRng(9);
      for (let t = 0; t < 3; t++) {
        const game = new FleetGame(asProblem(p), layouts[rng.below(layouts.length)] as never);
        const squares: number[] = [];
        const n = p.width * p.height;
        while (squares.length < Math.min(9, n / 3) && !game.over) {
          const sq = rng.below(n);
          if (!game.canShoot(sq)) continue;
          game.shoot(sq);
          squares.push(sq);
        }
        if (game.over) continue;
        const want = posterior(p, game.layout as never, squares);
        const e = new PosteriorEstimator(asProblem(p)).estimate(game.knowledge, 12_000, createRng(t));
        expect(e.completed).toBeGreaterThan(0);
        for (let sq = 0; sq < n; sq++) {
          if (game.knowledge.marks[sq] !== 0) continue;
          expect(Math.abs(e.probability[sq] - want.counts[sq] / want.total)).toBeLessThan(0.035);
        }
      }
    }
  });
});

describe('hunters', () => {
  it('finish every game without shooting a square twice or outside the field', () => {
    for (const p of CASES) {
      const layouts = allLayouts(p);
      for (const strategy of HUNTER_STRATEGIES) {
        const hunter = createHunter(asProblem(p), { strategy, samples: 50 });
        const rng = createRng(strategy.length);
        for (let g = 0; g < 8; g++) {
          const layout = layouts[rng.below(layouts.length)];
          expect(checkLayout(p, layout)).toBeNull();
          const game = new FleetGame(asProblem(p), layout as never);
          const shot = new Set<number>();
          while (!game.over) {
            const sq = hunter.choose(game.knowledge, rng);
            expect(game.canShoot(sq)).toBe(true);
            expect(shot.has(sq)).toBe(false);
            shot.add(sq);
            game.shoot(sq);
          }
          expect(game.shots).toBeLessThanOrEqual(p.width * p.height - (p.forbidden ? Array.from(p.forbidden).filter(Boolean).length : 0));
        }
      }
    }
  });

  it('play the same game from the same seed, and beat random firing', () => {
    const p = CASES[0];
    const layouts = allLayouts(p);
    const play = (strategy: 'posterior' | 'density' | 'random', seed: number): number[] => {
      const rng = createRng(seed);
      const game = new FleetGame(asProblem(p), layouts[rng.below(layouts.length)] as never);
      const hunter = createHunter(asProblem(p), { strategy, samples: 100 });
      const seq: number[] = [];
      while (!game.over) seq.push(game.shoot(hunter.choose(game.knowledge, rng)).square);
      return seq;
    };
    expect(play('posterior', 5)).toEqual(play('posterior', 5));
    let smart = 0, random = 0;
    for (let s = 0; s < 30; s++) {
      smart += play('posterior', s).length;
      random += play('random', s).length;
    }
    expect(smart).toBeLessThan(random);
  });

  it('refuse unknown strategies and bad sample counts', () => {
    const p = asProblem(CASES[0]);
    expect(() => createHunter(p, { strategy: 'psychic' as never })).toThrow(GridbitsError);
    expect(() => createHunter(p, { samples: 0 })).toThrow(/samples/);
  });
});
