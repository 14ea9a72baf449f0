// The uniform sampler: every layout it draws is valid, it draws every layout, and a chi-square test finds no bias.
import fc from 'fast-check';
import type { Progress } from '../../src/core/run.js';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import {
  cellCounts,
  uniformSampler,
  uniformSamplerSync,
  type FleetProblem,
  type FleetSampler,
} from '../../src/fleet/index.js';
import { uniformBelow, uniformBelowBig } from '../../src/core/prng.js';
import { bruteEnumerate, checkLayout, layoutKey } from '../reference/fleet.js';
import { exactly, problemOf, smallProblems } from './count-problems.js';

/** P(chi-square with df degrees > x) by the Wilson–Hilferty normal approximation, as a z-score. */
function chiSquareZ(x: number, df: number): number {
  const m = 1 - 2 / (9 * df),
    s = Math.sqrt(2 / (9 * df));
  return (Math.cbrt(x / df) - m) / s;
}

/** A sampler that must be set up (no limit is given). */
const samplerOf = (p: FleetProblem): FleetSampler => exactly(finishedValue(uniformSamplerSync(p)));

describe('uniformSampler', () => {
  it('is uniform: chi-square over all 3-ship layouts of a 4×4 board with a forbidden cell', () => {
    const p = problemOf(4, 4, ['3', '2', '2'], 'corner', { forbidden: [5] });
    const keys: string[] = [];
    bruteEnumerate(p, (l) => void keys.push(layoutKey(l)));
    const index = new Map(keys.map((k, i) => [k, i]));
    const sampler = samplerOf(p);
    expect(sampler.total).toBe(BigInt(keys.length));
    const draws = 1000 * Math.ceil((60 * keys.length) / 1000);
    const seen = new Array<number>(keys.length).fill(0);
    const rng = createRng(2026);
    // Half one at a time, half in batches: both ways must be uniform.
    const layouts = Array.from({ length: draws / 2 }, () => sampler.sample(rng));
    for (let i = 0; i < draws / 2; i += 500) layouts.push(...sampler.sampleMany(rng, 500));
    for (const l of layouts) {
      expect(checkLayout(p, l)).toBeNull();
      seen[index.get(layoutKey(l))!]++;
    }
    const e = draws / keys.length;
    const chi = seen.reduce((a, o) => a + ((o - e) * (o - e)) / e, 0);
    // z < 5: a false alarm about once in 3.5 million seeds; a sampler off by a few per cent fails at once.
    expect(chiSquareZ(chi, keys.length - 1)).toBeLessThan(5);
    expect(Math.min(...seen)).toBeGreaterThan(0);
  });

  it('draws only valid layouts and all of them, on random small problems', () => {
    fc.assert(
      fc.property(smallProblems, fc.integer({ min: 0, max: 1e9 }), (p, seed) => {
        const keys = new Set<string>();
        bruteEnumerate(p, (l) => void keys.add(layoutKey(l)));
        const sampler = samplerOf(p);
        expect(sampler.total).toBe(BigInt(keys.size));
        if (keys.size === 0) {
          expect(() => sampler.sample(createRng(seed))).toThrow(/no layout/);
          return;
        }
        const rng = createRng(seed);
        const got = new Set<string>();
        for (let i = 0; i < Math.min(200, 20 * keys.size); i++) {
          const l = sampler.sample(rng);
          expect(checkLayout(p, l)).toBeNull();
          got.add(layoutKey(l));
        }
        for (const k of got) expect(keys.has(k)).toBe(true);
        if (keys.size <= 5) expect(got.size).toBe(keys.size);
      }),
      { numRuns: 150, seed: 99 },
    );
  });

  it('the same seed gives the same layouts', async () => {
    const p = problemOf(8, 8, ['5', '4', '3', '3', '2'], 'none');
    const a = exactly(finishedValue(await uniformSampler(p)));
    const r1 = createRng(7),
      r2 = createRng(7);
    for (let i = 0; i < 50; i++) {
      const l = a.sample(r1);
      expect(checkLayout(p, l)).toBeNull();
      expect(l).toEqual(a.sample(r2));
    }
    const batch = a.sampleMany(createRng(9), 300);
    expect(batch).toEqual(a.sampleMany(createRng(9), 300));
    for (const l of batch) expect(checkLayout(p, l)).toBeNull();
    expect(new Set(batch.map(layoutKey)).size).toBeGreaterThan(290);
  }, 60_000);

  it('counts past 2^53 sample through BigInts, still valid', () => {
    const p = problemOf(20, 20, Array(12).fill('1'), 'any');
    const s = samplerOf(p);
    expect(s.total > 2n ** 53n).toBe(true);
    const rng = createRng(3);
    const hits = new Array<number>(400).fill(0);
    for (let i = 0; i < 500; i++) {
      const l = s.sample(rng);
      expect(checkLayout(p, l)).toBeNull();
      for (const sh of l.ships) hits[sh.cells[0]]++;
    }
    // 6,000 cells drawn over 400 squares: each about 15 times; none far off.
    expect(Math.max(...hits)).toBeLessThan(45);
  });

  it('set-up honours abort signals and budgets; cellCounts too', async () => {
    const p = problemOf(8, 8, ['5', '4', '3', '3', '2'], 'any');
    const ac = new AbortController();
    ac.abort();
    expect(await uniformSampler(p, { signal: ac.signal })).toMatchObject({ finished: false, stopped: 'signal' });
    expect(await uniformSampler(p, { maxNodes: 500 })).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(await cellCounts(p, { signal: ac.signal })).toMatchObject({ finished: false, stopped: 'signal' });
    const seen: Progress[] = [];
    const c = exactly(
      finishedValue(await cellCounts(problemOf(5, 5, ['3', '2'], 'none'), { onProgress: (q) => seen.push({ ...q }) })),
    );
    // Progress counts states expanded, its share following a forecast of the states, and ends at a share of 1.
    expect(seen.at(-1)).toMatchObject({ unit: 'states', share: 1 });
    expect(c.total).toBe(c.counts.reduce((a, b) => a + b, 0n) / 5n);
  });

  it('exact uniform integers below n: in range, every value reached, near 2^53 too', () => {
    const rng = createRng(11);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(uniformBelow(rng, 7));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const n = 2 ** 53 - 1;
    let high = 0;
    for (let i = 0; i < 2000; i++) {
      const x = uniformBelow(rng, n);
      expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      if (x >= n / 2) high++;
    }
    expect(high).toBeGreaterThan(850);
    expect(high).toBeLessThan(1150);
    const big = 3n ** 60n;
    for (let i = 0; i < 200; i++) {
      const x = uniformBelowBig(rng, big);
      expect(x >= 0n && x < big).toBe(true);
    }
    expect(uniformBelowBig(rng, 1n)).toBe(0n);
  });
});
