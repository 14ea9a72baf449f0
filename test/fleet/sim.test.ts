// Simulation: statistics consistent with the games played, seeded, and stoppable.
import { describe, expect, it } from 'vitest';
import { fleetProblem } from '../../src/fleet/fleets.js';
import { finishedValue } from '../../src/core/job.js';
import { shotStats, simulate, type SimOptions, type SimResult } from '../../src/fleet/sim.js';
import { uniformSamplerSync } from '../../src/fleet/sample.js';
import { exactly } from './count-problems.js';

describe('simulate', () => {
  const p = fleetProblem({ width: 6, height: 6, ships: ['3', '2', '2'], touch: 'any' });
  const sampler = exactly(finishedValue(uniformSamplerSync(p)));
  /** A simulation that must finish (no limit is given). */
  const played = async (options: SimOptions): Promise<SimResult> => finishedValue(await simulate(p, options));
  const layouts = (rng: Parameters<typeof sampler.sample>[0]) => sampler.sample(rng);

  it('gives mean, median, min, max and a histogram that agree with the shots of each game', async () => {
    const r = await played({ games: 40, seed: 2, layouts, hunter: { samples: 60 } });
    expect(r.shots).toHaveLength(40);
    expect(Object.values(r.histogram).reduce((a, b) => a + b, 0)).toBe(40);
    expect(r.mean).toBeCloseTo(r.shots.reduce((a, b) => a + b, 0) / 40, 12);
    const sorted = [...r.shots].sort((a, b) => a - b);
    expect(r.median).toBe((sorted[19] + sorted[20]) / 2);
    expect([r.min, r.max]).toEqual([sorted[0], sorted[39]]);
    for (const s of r.shots) expect(s).toBeGreaterThanOrEqual(7);
    expect(await played({ games: 40, seed: 2, layouts, hunter: { samples: 60 } })).toEqual(r);
  });

  it('computes the statistics of an odd count and of nothing', () => {
    expect(shotStats([5, 1, 3])).toEqual({
      games: 3,
      mean: 3,
      median: 3,
      min: 1,
      max: 5,
      histogram: { 1: 1, 3: 1, 5: 1 },
    });
    expect(shotStats([])).toMatchObject({ games: 0, mean: 0 });
  });

  it('stops on an abort signal and refuses a bad game count', async () => {
    const c = new AbortController();
    c.abort();
    expect(
      await simulate(p, { games: 100_000, seed: 1, layouts, signal: c.signal, hunter: { strategy: 'random' } }),
    ).toMatchObject({ finished: false, stopped: 'signal' });
    expect(() => simulate(p, { games: 0, seed: 1, layouts })).toThrow(/games/);
  });

  it('answers for the games played when the time is up, and says it stopped', async () => {
    const out = await simulate(p, {
      games: 10_000_000,
      seed: 3,
      layouts,
      timeoutMs: 100,
      hunter: { strategy: 'density' },
    });
    expect(out).toMatchObject({ finished: false, stopped: 'time' });
    const r = out.finished ? out.value : out.partial!;
    expect(r.requested).toBe(10_000_000);
    expect(r.games).toBe(r.shots.length);
    expect(r.games).toBeGreaterThan(0);
    expect(r.games).toBeLessThan(10_000_000);
    // The games played are the first games of the seed, as an unhurried run plays them.
    const full = await simulate(p, { games: r.games, seed: 3, layouts, hunter: { strategy: 'density' } });
    expect(full.finished).toBe(true);
    expect(finishedValue(full).shots).toEqual(r.shots);
  });
});
