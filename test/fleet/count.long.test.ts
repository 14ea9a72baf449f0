// Opt-in (several minutes): GRIDBITS_LONG=1 npx vitest run test/fleet/count.long.test.ts — the fleet's long checks:
// published counts, a board past the memory cap, a 100×100 board, and the hunters over many games.
import { describe, expect, it } from 'vitest';
import { countLayouts, countLayoutsSync } from '../../src/fleet/count.js';
import { finishedValue } from '../../src/core/job.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { createRng } from '../../src/core/prng.js';
import { createHunter, type HunterStrategy } from '../../src/fleet/ai.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import { RejectionSampler } from '../../src/fleet/reject.js';
import { gameSeeds, playOut, shotStats } from '../../src/fleet/sim.js';
import { problemOf } from './count-problems.js';
import { isTooLarge } from '../../src/fleet/memory.js';

const HASBRO = ['5', '4', '3', '3', '2'];
const CLASSIC = ['4', '3', '3', '2', '2', '2', '1', '1', '1', '1'];
const GERMAN = ['5', '4', '4', '3', '3', '3', '2', '2', '2', '2'];

describe.skipIf(!process.env.GRIDBITS_LONG)('fleet counts that take minutes', () => {
  it('hasbro on 10×10, touching: 15,046,987,768', async () => {
    expect(finishedValue(await countLayouts(problemOf(10, 10, HASBRO, 'any')))).toBe(15046987768n);
  }, 900_000);

  it('hasbro on 10×10 with the two 3-ships told apart: 30,093,975,536', () => {
    const p = problemOf(10, 10, HASBRO, 'any');
    const k3 = p.kinds.findIndex((k) => k.count === 2);
    const apart: FleetProblem = {
      ...p,
      kinds: [
        ...p.kinds.filter((_, i) => i !== k3),
        { ...p.kinds[k3], count: 1 },
        { ...p.kinds[k3], name: 'second 3', count: 1 },
      ],
    };
    expect(finishedValue(countLayoutsSync(apart))).toBe(30093975536n);
  }, 900_000);

  it('classic on 10×10, ships may touch: 1,328,786,533,779,290,712 (past 2^53: one pass with the residue shadow)', () => {
    expect(finishedValue(countLayoutsSync(problemOf(10, 10, CLASSIC, 'any')))).toBe(1328786533779290712n);
  }, 900_000);

  it('german on 10×10, no touching: 26,509,655,816,984', () => {
    expect(finishedValue(countLayoutsSync(problemOf(10, 10, GERMAN, 'none')))).toBe(26509655816984n);
  }, 1_800_000);

  it('classic on 40×40: past the memory cap after a few seconds, the count answers too large', () => {
    const o = countLayoutsSync(problemOf(40, 40, CLASSIC, 'none'));
    expect(o.finished && o.value).toMatchObject({ tooLarge: true });
    expect(o.finished && isTooLarge(o.value) && o.value.reason).toMatch(/^one step of the count would hold more than/);
  }, 300_000);

  it('classic on 10×10, corners may touch: 17,012,294,240,149,696 (past 2^53, settled by the shadow)', () => {
    expect(
      finishedValue(countLayoutsSync(fleetProblem({ width: 10, height: 10, fleet: 'classic', touch: 'corner' }))),
    ).toBe(17012294240149696n);
  }, 900_000);

  it('a 100×100 board', () => {
    expect(finishedValue(countLayoutsSync(problemOf(100, 100, ['3'], 'none')))).toBe(2n * 98n * 100n);
  }, 900_000);

  it('lattice hunter: on 1,000 uniform hasbro layouts of 10×10, fewer shots on average than the plain density hunter and never over 70', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
    const layouts = new RejectionSampler(p);
    const run = (strategy: HunterStrategy): ReturnType<typeof shotStats> => {
      const hunter = createHunter(p, { strategy });
      return shotStats(
        gameSeeds(7, 1000).map((seed) => {
          const rng = createRng(seed);
          return playOut(p, layouts.sample(rng, 1e9)!, hunter, rng);
        }),
      );
    };
    const lattice = run('lattice'),
      density = run('density');
    expect(lattice.mean).toBeLessThan(density.mean);
    expect(lattice.max).toBeLessThanOrEqual(70);
  }, 900_000);

  it('classic on 10×10, no touching: the row scan and the snake scan agree', () => {
    const p = problemOf(10, 10, CLASSIC, 'none');
    const rows = finishedValue(countLayoutsSync(p));
    expect(finishedValue(countLayoutsSync(p, { order: 'snake' }))).toBe(rows);
    expect(rows).toBe(1855545978831780n);
  }, 1_800_000);
});
