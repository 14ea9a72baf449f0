// The hunting AI: its posterior estimate against a brute-force replay, the lattice against every placement,
// every hunter finishing every game without shooting a square twice, the same seed giving the same game, and
// the lattice hunter against the plain density hunter on the same uniform hasbro layouts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { createRng } from '../../src/core/prng.js';
import { PosteriorEstimator } from '../../src/fleet/ai-posterior.js';
import { huntingLattice } from '../../src/fleet/ai-lattice.js';
import { createHunter, HUNTER_STRATEGIES, placementDensity, type HunterStrategy } from '../../src/fleet/ai.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import { FleetGame, HIT } from '../../src/fleet/game.js';
import { RejectionSampler } from '../../src/fleet/reject.js';
import { gameSeeds, playOut, shotStats } from '../../src/fleet/sim.js';
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

describe('huntingLattice', () => {
  it('meets every placement of the smallest straight ship exactly once, and counts them through each cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(80), { maxLength: 12 }),
        (w, h, lengths, holes) => {
          const small = Math.min(...lengths);
          if (small > Math.max(w, h)) return;
          const forbidden = new Uint8Array(w * h);
          for (const x of holes) forbidden[x % (w * h)] = 1;
          const p = {
            ...fleetProblem({ width: w, height: h, fleet: lengths.map((l) => Math.min(l, Math.max(w, h))).join(',') }),
            forbidden,
          };
          const lattice = huntingLattice(p);
          // The placements of the smallest length, listed plainly.
          const placements: number[][] = [];
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              if (x + small <= w) placements.push(Array.from({ length: small }, (_, i) => y * w + x + i));
              if (y + small <= h) placements.push(Array.from({ length: small }, (_, i) => (y + i) * w + x));
            }
          }
          const free = placements.filter((cells) => cells.every((c) => !forbidden[c]));
          if (free.length === 0) {
            expect(lattice).toBeNull();
            return;
          }
          expect(lattice).not.toBeNull();
          const { step, residue, coverage } = lattice!;
          expect(step).toBe(small);
          for (const cells of free)
            expect(cells.filter((c) => ((c % w) + Math.floor(c / w)) % step === residue)).toHaveLength(1);
          for (let c = 0; c < w * h; c++) expect(coverage[c]).toBe(free.filter((cells) => cells.includes(c)).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is not used for shapes that are not straight, nor for single cells', () => {
    expect(huntingLattice(fleetProblem({ width: 6, height: 6, ships: ['##/#.'], fleet: '4' }))).toBeNull();
    expect(huntingLattice(fleetProblem({ width: 6, height: 6, fleet: '3,1' }))).toBeNull();
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
          expect(game.shots).toBeLessThanOrEqual(
            p.width * p.height - (p.forbidden ? Array.from(p.forbidden).filter(Boolean).length : 0),
          );
        }
      }
    }
  });

  it('never fire at water the touch rule implies next to a sunk ship (random games, every strategy)', () => {
    // The implied water by the test's own neighbour walk: all eight neighbours when ships may not touch, the
    // four edge ones when corners may touch, none when ships may touch.
    const water = (p: RefProblem, sunk: ReadonlyArray<{ cells: readonly number[] }>): Set<number> => {
      const out = new Set<number>();
      if (p.touch === 'any') return out;
      for (const s of sunk) {
        for (const c of s.cells) {
          const x = c % p.width,
            y = Math.floor(c / p.width);
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++) {
              if (p.touch === 'corner' && dx !== 0 && dy !== 0) continue;
              const nx = x + dx,
                ny = y + dy;
              if (nx >= 0 && ny >= 0 && nx < p.width && ny < p.height && !s.cells.includes(ny * p.width + nx))
                out.add(ny * p.width + nx);
            }
        }
      }
      return out;
    };
    const problems = [
      refProblem(5, 5, ['3', '2', '1'], 'none'),
      refProblem(6, 5, ['3', '2', '2', '1'], 'corner'),
      refProblem(5, 5, ['##/#.', '2', '1'], 'none', { forbidden: [24] }),
    ];
    const layouts = problems.map(allLayouts);
    fc.assert(
      fc.property(
        fc.nat(problems.length - 1),
        fc.constantFrom(...HUNTER_STRATEGIES),
        fc.nat(),
        fc.nat(),
        (i, strategy, pick, seed) => {
          const p = problems[i];
          const game = new FleetGame(asProblem(p), layouts[i][pick % layouts[i].length] as never);
          const hunter = createHunter(asProblem(p), { strategy, samples: 40 });
          const rng = createRng(seed);
          while (!game.over) {
            const sq = hunter.choose(game.knowledge, rng);
            expect(water(p, game.knowledge.sunk).has(sq)).toBe(false);
            game.shoot(sq);
          }
        },
      ),
      { numRuns: 60, seed: 15 },
    );
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
    let smart = 0,
      random = 0;
    for (let s = 0; s < 30; s++) {
      smart += play('posterior', s).length;
      random += play('random', s).length;
    }
    expect(smart).toBeLessThan(random);
  });

  // 1,000 layouts in count.long.test.ts.
  it('lattice: on 150 uniform hasbro layouts of 10×10, fewer shots on average than the plain density hunter and never over 70', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
    const layouts = new RejectionSampler(p);
    const run = (strategy: HunterStrategy): ReturnType<typeof shotStats> => {
      const hunter = createHunter(p, { strategy });
      return shotStats(
        gameSeeds(7, 150).map((seed) => {
          const rng = createRng(seed);
          return playOut(p, layouts.sample(rng, 1e9)!, hunter, rng);
        }),
      );
    };
    const lattice = run('lattice'),
      density = run('density');
    expect(lattice.mean).toBeLessThan(density.mean);
    expect(lattice.max).toBeLessThanOrEqual(70);
  });

  it('lattice: while hunting, shoots the densest cell of one colour while the 2-ship is afloat', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
    const hunter = createHunter(p);
    const rng = createRng(3);
    const game = new FleetGame(p, new RejectionSampler(p).sample(rng, 1e9)!);
    const colours = new Set<number>();
    while (!game.over && game.knowledge.sunk.every((s) => s.cells.length !== 2)) {
      const hunting = !game.knowledge.marks.includes(HIT);
      const sq = hunter.choose(game.knowledge, rng);
      if (hunting) {
        const colour = ((sq % 10) + Math.floor(sq / 10)) % 2;
        colours.add(colour);
        const density = placementDensity(p, game.knowledge);
        for (let c = 0; c < 100; c++)
          if (game.knowledge.marks[c] === 0 && ((c % 10) + Math.floor(c / 10)) % 2 === colour)
            expect(density[c]).toBeLessThanOrEqual(density[sq]);
      }
      game.shoot(sq);
    }
    expect(colours.size).toBeGreaterThan(0);
  });

  it('refuse unknown strategies and bad sample counts', () => {
    const p = asProblem(CASES[0]);
    expect(() => createHunter(p, { strategy: 'psychic' as never })).toThrow(GridbitsError);
    expect(() => createHunter(p, { samples: 0 })).toThrow(/samples/);
  });
});
