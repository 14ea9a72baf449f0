// Exact layout counts: published figures, closed forms past 2^53, brute force on random small boards, budgets.
import fc from 'fast-check';
import type { Progress } from '../../src/core/run.js';
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import {
  cellCountsSync,
  countLayouts,
  countLayoutsSync,
  uniformSamplerSync,
  type CellCounts,
  type FleetCountOptions,
} from '../../src/fleet/index.js';
import { StateTable } from '../../src/fleet/count-states.js';
import {
  checkBytes,
  isTooLarge,
  MAX_TABLE_BYTES,
  PastMemoryCap,
  withinMemory,
  type TooLarge,
} from '../../src/fleet/memory.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { bruteCellCounts, bruteCount } from '../reference/fleet.js';
import { exactly, problemOf, smallProblems } from './count-problems.js';
import { Job, finishedValue } from '../../src/core/job.js';
import { buildPlan } from '../../src/fleet/count-plan.js';
import { PassProgress } from '../../src/fleet/count-forecast.js';
import { fleetIndex } from '../../src/fleet/count-index.js';
import { fromResidue, roundingBound } from '../../src/fleet/count-shadow.js';
import { vecForward, type VecForward } from '../../src/fleet/count-vec.js';

type Touch = FleetProblem['touch'];

// The finished answers of the sync calls: none is given a limit here, so each must finish.
const layouts = (p: FleetProblem, options: FleetCountOptions = {}): bigint =>
  exactly(finishedValue(countLayoutsSync(p, options)));
const cells = (p: FleetProblem): CellCounts => exactly(finishedValue(cellCountsSync(p)));

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe('countLayouts: published figures', () => {
  it('two 2-ships on 10×10: 15,626 touching, 13,952 not', () => {
    expect(layouts(problemOf(10, 10, ['2', '2'], 'any'))).toBe(15626n);
    expect(layouts(problemOf(10, 10, ['2', '2'], 'none'))).toBe(13952n);
    // The per-cell counts and the uniform sampler count the same layouts.
    expect(cells(problemOf(10, 10, ['2', '2'], 'any')).total).toBe(15626n);
    expect(exactly(finishedValue(uniformSamplerSync(problemOf(10, 10, ['2', '2'], 'any')))).total).toBe(15626n);
  });

  it('hasbro (5,4,3,3,2) on 8×8: 16,546,192 not touching, 571,126,760 touching', async () => {
    expect(layouts(problemOf(8, 8, ['5', '4', '3', '3', '2'], 'none'))).toBe(16546192n);
    expect(finishedValue(await countLayouts(problemOf(8, 8, ['5', '4', '3', '3', '2'], 'any')))).toBe(571126760n);
  }, 60_000);

  it('ships of one kind are not ordered: the two 3-ships told apart double the count', () => {
    // Telling them apart: one straight 3 and one with a marker cell nobody else has is not possible with shapes,
    // so split the kind by hand (two kinds of the same shape, one ship each).
    const p = problemOf(6, 6, ['4', '3', '3', '2'], 'none');
    const k3 = p.kinds.findIndex((k) => k.count === 2);
    const split: FleetProblem = {
      ...p,
      kinds: [
        ...p.kinds.filter((_, i) => i !== k3),
        { ...p.kinds[k3], count: 1 },
        { ...p.kinds[k3], name: 'other 3', count: 1 },
      ],
    };
    expect(layouts(split)).toBe(2n * layouts(p));
  });
});

describe('countLayouts: exact past 2^53', () => {
  it('k single cells on an n-cell board with touching allowed: C(n, k), and each cell in C(n-1, k-1)', () => {
    const p = problemOf(20, 20, Array(12).fill('1'), 'any');
    const want = binomial(400, 12);
    expect(want > 2n ** 53n).toBe(true);
    expect(layouts(p)).toBe(want);
    const c = cells(p);
    expect(c.total).toBe(want);
    expect(new Set(c.counts)).toEqual(new Set([binomial(399, 11)]));
  });

  it('the residue shadow settles the doubles in one pass: C(n, k) for totals from 2^53 to 2^74', () => {
    const pass = (p: FleetProblem, shadow: boolean): VecForward =>
      finishedValue(
        new Job<VecForward>(function* (ctl) {
          const plan = buildPlan(p);
          return yield* vecForward(
            plan,
            fleetIndex(p, plan)!,
            1,
            ctl,
            new PassProgress(false),
            0,
            null,
            false,
            undefined,
            shadow,
          );
        }).runSync(),
      );
    for (const [w, h, k] of [
      [10, 15, 11],
      [16, 16, 11],
      [20, 20, 12],
    ] as const) {
      const want = binomial(w * h, k);
      expect(want > 2n ** 53n).toBe(true);
      const r = pass(problemOf(w, h, Array(k).fill('1'), 'any'), true);
      expect(r.roundings).toBeGreaterThan(0);
      expect(r.exact).toBe(true);
      expect(r.total).toBe(want);
      // Without the shadow the same pass is not exact (a second pass in limbs would follow).
      expect(pass(problemOf(w, h, Array(k).fill('1'), 'any'), false).exact).toBe(false);
    }
    // Past about 2^75 the rounding bound passes 2^31: the shadow declines, and the count's limbs pass answers.
    for (const [w, h, k] of [
      [30, 20, 12],
      [25, 25, 13],
    ] as const) {
      const p = problemOf(w, h, Array(k).fill('1'), 'any');
      expect(pass(p, true).exact).toBe(false);
      expect(layouts(p)).toBe(binomial(w * h, k));
    }
  }, 60_000);

  it('fromResidue: the one integer with that residue mod 2^32 near the double, or null when the bound is too wide', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }), fc.integer({ min: -5000, max: 5000 }), (t, slip) => {
        const approx = Number(t + BigInt(slip));
        const err = Math.abs(approx - Number(t)) + Math.abs(Number(BigInt(approx) - t)) + 1;
        const r = Number(BigInt.asIntN(32, t));
        if (err < 2 ** 31 - 1) expect(fromResidue(approx, r, err)).toBe(t);
        expect(fromResidue(approx, r, 2 ** 31)).toBeNull();
      }),
      { numRuns: 300, seed: 3 },
    );
    expect(roundingBound(2 ** 60, 10_000)).toBeGreaterThan(2 ** 60 * 10_000 * 2 ** -53);
    expect(roundingBound(2 ** 60, 2 ** 52)).toBe(Infinity);
  });

  it('with forbidden cells: C(free, k)', () => {
    const forbidden = Array.from({ length: 37 }, (_, i) => (i * 97) % 300);
    const p = problemOf(15, 20, Array(10).fill('1'), 'any', { forbidden });
    expect(layouts(p)).toBe(binomial(300 - new Set(forbidden).size, 10));
  });
});

describe('countLayouts: small boards against brute force', () => {
  it('random boards, shapes, forbidden and required cells, every touch rule', () => {
    fc.assert(
      fc.property(smallProblems, (p) => {
        expect(layouts(p)).toBe(BigInt(bruteCount(p)));
      }),
      { numRuns: 400, seed: 4242 },
    );
  });

  it('per-cell counts equal brute force', () => {
    fc.assert(
      fc.property(smallProblems, (p) => {
        const want = bruteCellCounts(p);
        const got = cells(p);
        expect(got.total).toBe(BigInt(want.total));
        expect(got.counts).toEqual(want.counts.map((x) => BigInt(x)));
      }),
      { numRuns: 250, seed: 777 },
    );
  });

  it('the snake scan (a second traversal, other states) agrees with brute force and with the row scan', () => {
    fc.assert(
      fc.property(smallProblems, (p) => {
        expect(layouts(p, { order: 'snake' })).toBe(BigInt(bruteCount(p)));
      }),
      { numRuns: 200, seed: 31337 },
    );
    const p = problemOf(8, 8, ['5', '4', '3', '3', '2'], 'none');
    expect(layouts(p, { order: 'snake' })).toBe(16546192n);
  });

  it('a known position: 4×4, ships 3, 2, 1 touching allowed, two hits and two misses: 132 layouts', () => {
    // The board (top row first): ". . . . / . o x . / . . . . / o . . x" (o hit, x miss), a published exercise.
    const p = problemOf(4, 4, ['3', '2', '1'], 'any', { required: [9, 0], forbidden: [10, 3] });
    expect(layouts(p)).toBe(132n);
    // Without the shots: (8·18 + 8·15)·11 = 2,904.
    expect(layouts(problemOf(4, 4, ['3', '2', '1'], 'any'))).toBe(2904n);
  });

  it('wide and tall boards (the scan runs along the longer side)', () => {
    for (const [w, h] of [
      [7, 2],
      [2, 7],
      [9, 1],
      [1, 9],
    ]) {
      const p = problemOf(w, h, ['3', '2', '1'], 'corner', { forbidden: [3] });
      expect(layouts(p)).toBe(BigInt(bruteCount(p)));
    }
  });
});

describe('countLayouts: edges and budgets', () => {
  it('no room: 0; a ship with nowhere to go: 0; no ships: 1', () => {
    expect(layouts(problemOf(6, 6, ['4', '3', '3', '2', '2', '2', '1', '1', '1', '1'], 'none'))).toBe(0n);
    expect(layouts(problemOf(4, 4, ['4'], 'any', { forbidden: [0, 5, 10, 15, 3, 6, 9, 12] }))).toBe(0n);
    expect(layouts({ ...problemOf(3, 3, ['1'], 'any'), kinds: [] })).toBe(1n);
  });

  it('a long board, and a 40×40 one (100×100 in count.long.test.ts)', () => {
    expect(layouts(problemOf(40, 40, ['3'], 'none'))).toBe(2n * 38n * 40n);
    expect(layouts(problemOf(100, 3, ['3', '2'], 'none'))).toBe(
      BigInt(bruteCount(problemOf(100, 3, ['3', '2'], 'none'))),
    );
  });

  it('an orientation listed twice is still one placement', () => {
    const p = problemOf(5, 4, ['3', '2'], 'none');
    const doubled: FleetProblem = {
      ...p,
      kinds: p.kinds.map((k) => ({ ...k, orientations: [...k.orientations, ...k.orientations] })),
    };
    expect(layouts(doubled)).toBe(layouts(p));
  });

  it('malformed problems are BAD_ARGUMENT', () => {
    const p = problemOf(3, 3, ['2'], 'any');
    expect(() => layouts({ ...p, forbidden: new Uint8Array(4) })).toThrow(GridbitsError);
    expect(() => layouts({ ...p, width: 0 })).toThrow(/1\.\.400/);
    expect(() => layouts({ ...p, touch: 'maybe' as Touch })).toThrow(GridbitsError);
  });

  it('abort signal, state budget and timeout stop the count', async () => {
    const p = problemOf(10, 10, ['5', '4', '3', '3', '2'], 'any');
    const ac = new AbortController();
    ac.abort();
    expect(await countLayouts(p, { signal: ac.signal })).toMatchObject({ finished: false, stopped: 'signal' });
    expect(await countLayouts(p, { maxNodes: 1000 })).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(await countLayouts(p, { timeoutMs: 1 })).toMatchObject({ finished: false, stopped: 'time' });
    const seen: Progress[] = [];
    finishedValue(await countLayouts(problemOf(6, 6, ['3', '2'], 'none'), { onProgress: (q) => seen.push({ ...q }) }));
    // Progress counts states expanded, its share following a forecast of the states, and ends at a share of 1.
    expect(seen.at(-1)).toMatchObject({ unit: 'states', share: 1 });
  });

  it('a step past the memory cap is answered "too large", not run until the machine is out of memory', () => {
    // The cap guards every table and array: one sized past it is refused before it is allocated.
    const slots = MAX_TABLE_BYTES / 16;
    // The cap in words, as the reason gives it: "512 MiB", "2 GiB".
    const size = MAX_TABLE_BYTES >= 2 ** 30 ? `${MAX_TABLE_BYTES / 2 ** 30} GiB` : `${MAX_TABLE_BYTES / 2 ** 20} MiB`;
    const most = (n: number): string => n.toLocaleString('en-US');
    expect(() => new StateTable(2, false, slots)).toThrow(PastMemoryCap);
    expect(() => new StateTable(2, false, slots)).toThrow(
      `one step of the count would hold more than ${most(MAX_TABLE_BYTES / 32)} states (${size})`,
    );
    expect(() => new StateTable(2, false, 1 << 16)).not.toThrow();
    const t = new StateTable(2, false, 16);
    expect(() => t.reset(slots)).toThrow(PastMemoryCap);
    expect(() => checkBytes(MAX_TABLE_BYTES / 8 + 1, 8)).toThrow(
      `more than ${most(MAX_TABLE_BYTES / 8)} values (${size})`,
    );
    expect(checkBytes(MAX_TABLE_BYTES / 8, 8)).toBe(MAX_TABLE_BYTES / 8);
    // A job's work that passes it answers TooLarge: no error leaves the running job.
    const passes = new Job<number | TooLarge>(() =>
      withinMemory(
        (function* () {
          yield;
          return checkBytes(MAX_TABLE_BYTES, 8);
        })(),
      ),
    );
    const o = passes.runSync();
    expect(o.finished && isTooLarge(o.value) && o.value.reason).toMatch(/^one step of the count would hold more than/);
    // An array under the cap that the machine could not give (a browser tab's memory) is too large as well.
    const refused = new Job<number | TooLarge>(() =>
      withinMemory(
        (function* (): Generator<void, number, void> {
          yield;
          return new Float64Array(new ArrayBuffer(2 ** 50)).length;
        })(),
      ),
    );
    const r = refused.runSync();
    expect(r.finished && isTooLarge(r.value) && r.value.reason).toMatch(/more memory than this machine could give/);
    // Any other error goes on up.
    const fails = new Job<number | TooLarge>(() =>
      withinMemory(
        (function* (): Generator<void, number, void> {
          yield;
          throw new GridbitsError('BAD_INPUT', 'something else');
        })(),
      ),
    );
    expect(() => fails.runSync()).toThrow(/something else/);
  });

  it('an abort while running stops it', async () => {
    const ac = new AbortController();
    const run = countLayouts(problemOf(10, 10, ['5', '4', '3', '3', '2'], 'any'), { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    expect(await run).toMatchObject({ finished: false, stopped: 'signal' });
  });
});
