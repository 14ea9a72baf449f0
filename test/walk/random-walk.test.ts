// One seeded random walk (randomWalk): checked move by move against a plain walker that shares no code with it
// (its own leaps and bounds, the same seeded draws), and against the tally of simulateWalks of the same seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { WALK_MAX_MOVES, graph, randomWalk, simulateWalksSync } from '../../src/walk/index.js';

/** The plain walker: squares as [file, rank], a move drawn as rng.below(number of leaps), off when out of bounds. */
function plainWalk(w: number, h: number, spec: string, from: number, steps: number, seed: number) {
  const leaps = parsePiece(spec).leaps;
  const rng = createRng(seed);
  let f = from % w,
    r = Math.floor(from / w);
  const path = [from];
  for (let i = 0; i < steps; i++) {
    const d = rng.below(leaps.length);
    const [dx, dy] = leaps[d];
    if (f + dx < 0 || r + dy < 0 || f + dx >= w || r + dy >= h) return { path, exit: d };
    f += dx;
    r += dy;
    path.push(r * w + f);
  }
  return { path, exit: -1 };
}

describe('randomWalk', () => {
  it('is the plain walker’s walk for any board, leaper, start, N and seed (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('knight', 'king', 'wazir', 'camel', '1,3', 'knight+king'),
        fc.nat(),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (w, h, spec, at, steps, seed) => {
          const from = at % (w * h);
          const got = randomWalk(graph(Board.of(w, h), spec), from, steps, createRng(seed));
          const want = plainWalk(w, h, spec, from, steps, seed);
          expect([...got.path]).toEqual(want.path);
          expect(got.exit).toBe(want.exit);
          expect(got.cut).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is the first walk simulateWalks makes with the seed (its tally of one walk)', () => {
    const g = graph(Board.of(8, 8), 'knight');
    for (let seed = 0; seed < 50; seed++) {
      const w = randomWalk(g, 1, 10, createRng(seed));
      const sim = simulateWalksSync(g, 1, 10, 1, createRng(seed));
      expect(sim.finished && sim.value.survived).toBe(w.exit < 0 ? 1 : 0);
    }
  });

  it('a walk still on after WALK_MAX_MOVES moves is cut there (a 100×100 wazir, N = 10⁹)', () => {
    // A wazir from the middle of 100×100 stays on for thousands of moves; find a seed that outlasts a short cap by
    // looking at the full walk instead: its length is never over the cap, and cut only when it stopped there.
    const g = graph(Board.of(100, 100), 'wazir');
    const w = randomWalk(g, 5050, 1e9, createRng(3));
    expect(w.path.length - 1).toBeLessThanOrEqual(WALK_MAX_MOVES);
    expect(w.cut).toBe(w.exit < 0);
  });
});
