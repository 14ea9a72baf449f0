// uniformLayouts: rejection first, the exact counts when it stalls; both ways every layout equally likely.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import type { Rng } from '../../src/core/prng.js';
import { uniformLayouts, type FleetProblem, type UniformDraw, type UniformOptions } from '../../src/fleet/index.js';
import { bruteEnumerate, checkLayout, layoutKey } from '../reference/fleet.js';
import { exactly, problemOf } from './count-problems.js';

/** The chi-square statistic as a Wilson–Hilferty z-score (z < 5: a false alarm about once in 3.5 million seeds). */
function chiSquareZ(seen: number[]): number {
  const total = seen.reduce((a, b) => a + b, 0),
    e = total / seen.length,
    df = seen.length - 1;
  const chi = seen.reduce((a, o) => a + ((o - e) * (o - e)) / e, 0);
  const m = 1 - 2 / (9 * df),
    s = Math.sqrt(2 / (9 * df));
  return (Math.cbrt(chi / df) - m) / s;
}

/** Layouts that must be drawn (no limit is given). */
const drawn = async (p: FleetProblem, rng: Rng, count: number, options: UniformOptions = {}): Promise<UniformDraw> =>
  exactly(finishedValue(await uniformLayouts(p, rng, count, options)));

describe('uniformLayouts', () => {
  const p = problemOf(4, 4, ['3', '2', '2'], 'none', { forbidden: [6] });
  const keys: string[] = [];
  bruteEnumerate(p, (l) => void keys.push(layoutKey(l)));
  const index = new Map(keys.map((k, i) => [k, i]));

  for (const [how, budget, method] of [
    ['by rejection', 1_000_000, 'rejection'],
    ['through the counts (a budget of one proposal)', 1, 'counts'],
  ] as const) {
    it(`draws valid layouts, all of them, with no bias (chi-square) ${how}`, async () => {
      const draws = 60 * keys.length;
      const r = await drawn(p, createRng(7), draws, { proposalBudget: budget });
      expect(r.method).toBe(method);
      if (method === 'counts') expect(r.total).toBe(BigInt(keys.length));
      expect(r.layouts.length).toBe(draws);
      const seen = new Array<number>(keys.length).fill(0);
      for (const l of r.layouts) {
        expect(checkLayout(p, l)).toBeNull();
        seen[index.get(layoutKey(l))!]++;
      }
      expect(Math.min(...seen)).toBeGreaterThan(0);
      expect(chiSquareZ(seen)).toBeLessThan(5);
    });
  }

  it('answers an impossible problem with no layouts and a total of 0', async () => {
    const none = problemOf(3, 3, ['3', '3', '3'], 'none');
    const r = await drawn(none, createRng(1), 5, { proposalBudget: 10_000 });
    expect(r.layouts).toEqual([]);
    expect(r.total).toBe(0n);
  });

  it('stops when rejection finds none and the exact counts cannot be had in time', async () => {
    const german = problemOf(10, 10, ['5', '4', '4', '3', '3', '3', '2', '2', '2', '2'], 'none');
    expect(await uniformLayouts(german, createRng(1), 1, { proposalBudget: 10, timeoutMs: 1 })).toMatchObject({
      finished: false,
      stopped: 'time',
    });
  });

  it('is deterministic for a seed', async () => {
    const a = await drawn(p, createRng(42), 20);
    const b = await drawn(p, createRng(42), 20);
    expect(a.layouts.map(layoutKey)).toEqual(b.layouts.map(layoutKey));
  });
});
