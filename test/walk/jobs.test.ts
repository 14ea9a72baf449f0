// The walk engine's jobs: same answers as the plain DPs, node budgets and time limits stop them with the right
// partial, a stopped job run again ends with the unbroken answer, progress only goes forward, and in a worker.
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue, type Outcome } from '../../src/core/job.js';
import { createRng } from '../../src/core/prng.js';
import type { Progress } from '../../src/core/run.js';
import { runInWorker } from '../../src/core/worker.js';
import { parsePiece } from '../../src/pieces/piece.js';
import {
  decayRateJob,
  distribution,
  distributionJob,
  distributionSync,
  exactCountsJob,
  exactSurvival,
  exactSurvivalMapJob,
  exactSurvivalSync,
  graph,
  simulateWalks,
  simulateWalksJob,
  simulateWalksSync,
  survival,
  survivalAtHorizonJob,
  survivalAtHorizonSync,
  survivalJob,
  survivalMap,
  survivalMapAtHorizonJob,
  survivalMapJob,
  survivalMapSync,
  survivalSync,
  type Simulation,
} from '../../src/walk/index.js';
import { refCounts } from './reference.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

const knight = parsePiece('knight');
const g8 = graph(Board.of(8, 8), knight);

/** Runs a job in slices of `every` nodes until it finishes; the outcomes on the way must all be 'nodes'. */
function inSlices<T, P>(
  j: { runSync: (o: { maxNodes: number }) => Outcome<T, P> },
  every: number,
): { value: T; stops: number } {
  for (let stops = 0; ; stops++) {
    const out = j.runSync({ maxNodes: every });
    if (out.finished) return { value: out.value, stops };
    expect(out.stopped).toBe('nodes');
  }
}

/** Progress reports never go backwards and the last one is the total. */
function expectForward(reports: Progress[]): void {
  expect(reports.length).toBeGreaterThan(0);
  for (let i = 1; i < reports.length; i++) expect(reports[i].done).toBeGreaterThanOrEqual(reports[i - 1].done);
  const last = reports[reports.length - 1];
  expect(last.share).toBe(1);
}

describe('walk jobs: the float DPs', () => {
  it('survival, survivalMap and distribution: async, sync and in slices, the same answers as the reference', async () => {
    const g = graph(Board.of(9, 7), knight);
    const ref = refCounts(
      9,
      7,
      knight.leaps.map(([x, y]) => [x, y]),
      12,
    );
    const want = (s: number): number => Number(ref[s % 9][Math.floor(s / 9)]) / 8 ** 12;
    const map = finishedValue(survivalMapSync(g, 12));
    for (let s = 0; s < g.board.cells; s++) expect(map[s]).toBeCloseTo(want(s), 14);
    expect(finishedValue(await survivalMap(g, 12))).toEqual(map);
    expect(inSlices(survivalMapJob(g, 12), 3 * g.board.cells).value).toEqual(map);
    for (const from of [0, 31, 62]) {
      const one = finishedValue(survivalSync(g, from, 12));
      expect(one).toBeCloseTo(want(from), 14);
      expect(finishedValue(await survival(g, from, 12))).toBe(one);
      expect(inSlices(survivalJob(g, from, 12), 2).value).toBe(one);
      const d = finishedValue(await distribution(g, from, 12));
      expect(d.total.probability).toBeCloseTo(one, 14);
      expect(finishedValue(distributionSync(g, from, 12))).toEqual(d);
      expect(inSlices(distributionJob(g, from, 12), g.board.cells).value).toEqual(d);
    }
  });

  it('a budget stops them as outcomes: the distribution says how many moves it made; limits are refused when made', () => {
    const g = graph(Board.of(20, 20), knight);
    const out = distributionSync(g, 0, 50, { maxNodes: 10 * g.board.cells });
    expect(out.finished).toBe(false);
    if (!out.finished) expect(out.partial?.moves).toBe(10);
    const stopped = survivalMapSync(g, 50, { maxNodes: 1 });
    expect(stopped.finished ? 'finished' : stopped.stopped).toBe('nodes');
    expect(() => survivalJob(g, 0, 2_000_000)).toThrow(/over the limit/);
    expect(() => survivalMapJob(graph(Board.of(100, 100), knight), 100_000)).toThrow(/squares × steps/);
  });
});

describe('walk jobs: exact', () => {
  it('25x25 with 100 steps: exact fractions, equal to the plain BigInt DP, quickly', () => {
    const g = graph(Board.of(25, 25), knight);
    const t = performance.now();
    const out = exactCountsJob(g, 100).runSync();
    const ms = performance.now() - t;
    const ref = refCounts(
      25,
      25,
      [
        [1, 2],
        [2, 1],
        [2, -1],
        [1, -2],
        [-1, -2],
        [-2, -1],
        [-2, 1],
        [-1, 2],
      ],
      100,
    );
    expect(out.finished && out.value.counts.every((c, s) => c === ref[s % 25][Math.floor(s / 25)])).toBe(true);
    // Not a timing test (bench/ has those): only a guard against a return to the old refusal or a slow path.
    expect(ms).toBeLessThan(10_000);
  });

  it('a node budget stops the count; resumed in any slices it ends with the unbroken answer (fast-check)', () => {
    const whole = finishedValue(exactSurvivalMapJob(g8, 60).runSync());
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (every) => {
        const { value, stops } = inSlices(exactSurvivalMapJob(g8, 60), every);
        expect(value).toEqual(whole);
        expect(stops).toBeGreaterThan(0);
      }),
      { numRuns: 20 },
    );
  });

  it('a time limit stops it with stopped "time", and the async driver answers as the sync one', async () => {
    const g = graph(Board.of(60, 60), knight);
    const out = exactCountsJob(g, 1500).runSync({ timeoutMs: 30 });
    expect(out).toMatchObject({ finished: false, stopped: 'time', partial: undefined });
    const a = await exactSurvival(g8, 0, 10);
    expect(a).toMatchObject({ finished: true, value: { numerator: 4669663n, denominator: 268435456n } });
    expect(exactSurvivalSync(g8, 0, 10)).toMatchObject({ finished: true, value: a.finished ? a.value : null });
  });

  it('progress goes forward evenly with the work (word additions grow with the counts) and ends at its total', () => {
    const g = graph(Board.of(40, 40), knight);
    const reports: Progress[] = [];
    const whole = exactCountsJob(g, 800).runSync({ onProgress: (p) => reports.push({ ...p }) });
    expectForward(reports);
    expect(reports[0].unit).toBe('additions');
    // Stopped at each fifth of its work (deterministic: a node budget, not the clock), the progress it reports
    // says the same share of the work is done.
    const job = exactCountsJob(g, 800);
    for (let k = 1; k <= 4; k++) {
      let last: Progress | undefined;
      const o = job.runSync({ maxNodes: Math.ceil(whole.nodes / 5), onProgress: (p) => (last = { ...p }) });
      expect(o.finished).toBe(false);
      expect(last!.share!).toBeCloseTo(o.nodes / whole.nodes, 2);
    }
  });

  it("refuses past EXACT_MAX_WORK when the job is made, in the library's words", () => {
    const g = graph(Board.of(100, 100), knight);
    expect(() => exactCountsJob(g, 100_000)).toThrow(/exact fractions go up to .*survivalAtHorizon/);
    expect(() => exactCountsJob(g, 100_000)).not.toThrow(/--/);
  });
});

describe('walk jobs: far horizon, decay rate, map', () => {
  it('budgets and time limits stop them; resumed they give the unbroken answer', () => {
    const g = graph(Board.of(100, 100), knight);
    const whole = finishedValue(survivalAtHorizonJob(g, 0, 1_000_000_000).runSync());
    expect(whole.method).toBe('extrapolation');
    const j = survivalAtHorizonJob(g, 0, 1_000_000_000);
    expect(j.runSync({ timeoutMs: 5 })).toMatchObject({ finished: false, stopped: 'time' });
    expect(finishedValue(j.runSync())).toEqual(whole);
    for (const every of [1, 7, 1000]) {
      expect(inSlices(survivalAtHorizonJob(g8, 27, 1_000_000_000), every).value).toEqual(
        finishedValue(survivalAtHorizonSync(g8, 27, 1_000_000_000)),
      );
      expect(inSlices(decayRateJob(g8, 0), every).value).toEqual(finishedValue(decayRateJob(g8, 0).runSync()));
      const map = inSlices(survivalMapAtHorizonJob(g8, 500), every).value;
      expect(map).toEqual(finishedValue(survivalMapAtHorizonJob(g8, 500).runSync()));
    }
  });

  it('progress goes forward evenly with the work (the power iteration forecast by its convergence) and ends at its total', () => {
    // Stopped at each fifth of its nodes, the progress says that share is done. Where the job pauses moves its
    // forecast a little (the driver's checks follow the clock: a CI run saw 0.058 off), so the runs here end on
    // seeded random budgets of 1..512 nodes up to each fifth. Over 3,000 such schedules on an idle machine the
    // worst was 0.049 (N = 2000 at three fifths, where the forecast of the power iteration crosses N and the
    // method it leads to changes), 0.025 for the others; within a run the pauses still follow the clock, and
    // with the machine's two cores loaded five times over it read 0.054 and 0.056 ahead. The old progress said
    // 0 % at every fifth of the 100×100 far horizon (off by 0.80: it jumped at the end) and 5 / 9 / 14 / 80 % at
    // N = 2000 (off by 0.46).
    const g100 = graph(Board.of(100, 100), knight);
    const cases = [
      () => survivalAtHorizonJob(g100, 0, 1_000_000_000),
      () => survivalAtHorizonJob(g100, 0, 2000),
      () => decayRateJob(g100, 0),
      () => survivalMapAtHorizonJob(graph(Board.of(20, 20), knight), 1_000_000_000),
    ];
    for (const make of cases) {
      const reports: Progress[] = [];
      const all = make().runSync({ onProgress: (p) => reports.push({ ...p }) }).nodes;
      expectForward(reports);
      expect(reports[reports.length - 1].done).toBe(all);
      for (const seed of [1, 2, 3]) {
        const rng = createRng(seed);
        const job = make();
        let nodes = 0;
        for (let k = 1; k <= 4; k++) {
          let last: Progress | undefined;
          while (nodes < Math.ceil(all / 5) * k) {
            const o = job.runSync({
              maxNodes: Math.min(Math.ceil(all / 5) * k - nodes, 1 + rng.below(512)),
              onProgress: (p) => (last = { ...p }),
            });
            expect(o.finished).toBe(false);
            nodes = o.nodes;
          }
          expect(Math.abs(last!.share! - nodes / all)).toBeLessThan(0.065);
        }
      }
    }
  });

  it('progress goes forward and ends at its total; the map limit is refused in library terms', () => {
    const reports: Progress[] = [];
    survivalMapAtHorizonJob(graph(Board.of(30, 30), knight), 3000).runSync({
      onProgress: (p) => reports.push({ ...p }),
    });
    expectForward(reports);
    expect(reports[0].unit).toBe('moves');
    const g32 = graph(Board.of(32, 32), knight);
    expect(() => survivalMapAtHorizonJob(g32, 1_000_000_000)).toThrow(/over the limit.*survivalAtHorizon/);
    expect(() => survivalMapAtHorizonJob(g32, 1_000_000_000)).not.toThrow(/--from/);
  });
});

describe('walk jobs: simulate', () => {
  it('the same seed gives the same walks however the runs are cut; a stop keeps the walks so far', () => {
    const whole = finishedValue(simulateWalksSync(g8, 0, 10, 50_000, createRng(5)));
    const j = simulateWalksJob(g8, 0, 10, 50_000, createRng(5));
    const first = j.runSync({ maxNodes: 11 * 1000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    const partial = (first as { partial: Simulation }).partial;
    expect(partial.trials).toBe(1000);
    expect(partial.survived).toBe(finishedValue(simulateWalksSync(g8, 0, 10, 1000, createRng(5))).survived);
    expect(finishedValue(j.runSync())).toEqual(whole);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (every) => {
        expect(inSlices(simulateWalksJob(g8, 0, 10, 5000, createRng(3)), every).value).toEqual(
          finishedValue(simulateWalksSync(g8, 0, 10, 5000, createRng(3))),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('a signal stops it with its partial (no ABORTED thrown); progress in walks ends at the total', async () => {
    const c = new AbortController();
    const reports: Progress[] = [];
    const run = simulateWalks(g8, 0, 10, 50_000_000, createRng(1), {
      signal: c.signal,
      onProgress: (p) => reports.push({ ...p }),
    });
    setTimeout(() => c.abort(), 50);
    const out = await run;
    expect(out).toMatchObject({ finished: false, stopped: 'signal' });
    const partial = (out as { partial: Simulation }).partial;
    expect(partial.trials).toBeGreaterThan(0);
    expect(partial.trials).toBeLessThan(50_000_000);
    const done: Progress[] = [];
    await simulateWalks(g8, 0, 10, 300_000, createRng(9), { onProgress: (p) => done.push({ ...p }) });
    expectForward(done);
    expect(done[0].unit).toBe('walks');
  });
});

describe('walk jobs in a worker thread', () => {
  it('give the same answers as in process, and a signal-stopped run comes back with its partial', async () => {
    const worker = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      const f = await runInWorker(worker, 'walk.exactSurvival', [{ board: '8x8', from: 'a1', steps: 10 }]);
      expect(f).toMatchObject({ finished: true, value: { numerator: 4669663n, denominator: 268435456n } });
      const p = await runInWorker(worker, 'walk.survival', [{ board: '8x8', from: 'a1', steps: 10 }]);
      expect(p).toMatchObject({ finished: true, value: finishedValue(survivalSync(g8, 0, 10)) });
      expect(p.finished && p.value).toBeCloseTo(4669663 / 268435456, 15);
      const floats = await runInWorker(worker, 'walk.survivalMap', [{ board: '9x7', piece: 'camel', steps: 6 }]);
      const camel = graph(Board.of(9, 7), parsePiece('camel'));
      expect(floats.finished && [...floats.value]).toEqual([...finishedValue(survivalMapSync(camel, 6))]);
      const map = await runInWorker(worker, 'walk.exactSurvivalMap', [{ board: { width: 3, height: 3 }, steps: 2 }]);
      expect(map.finished && map.value[0]).toEqual({ numerator: 1n, denominator: 16n });
      const far = await runInWorker(worker, 'walk.survivalAtHorizon', [
        { board: '8x8', piece: 'knight', from: 0, steps: 1_000_000_000 },
      ]);
      expect(far.finished && far.value).toEqual(finishedValue(survivalAtHorizonSync(g8, 0, 1_000_000_000)));
      const rate = await runInWorker(worker, 'walk.decayRate', [{ board: '8x8', from: 'a1' }]);
      expect(rate.finished && rate.value).toEqual(finishedValue(decayRateJob(g8, 0).runSync()));
      const sim = await runInWorker(worker, 'walk.simulate', [
        { board: '8x8', from: 'a1', steps: 10, trials: 20_000, seed: 3 },
      ]);
      expect(sim.finished && sim.value).toEqual(finishedValue(simulateWalksSync(g8, 0, 10, 20_000, createRng(3))));
      const c = new AbortController();
      const run = runInWorker(worker, 'walk.simulate', [{ board: '8x8', from: 'a1', steps: 10, trials: 100_000_000 }], {
        signal: c.signal,
      });
      setTimeout(() => c.abort(), 100);
      const stopped = await run;
      expect(stopped).toMatchObject({ finished: false, stopped: 'signal' });
      expect(stopped.finished === false && stopped.partial!.trials).toBeGreaterThan(0);
      await expect(runInWorker(worker, 'walk.exactCounts', [{ board: '100x100', steps: 100_000 }])).rejects.toThrow(
        /exact fractions go up to/,
      );
    } finally {
      await endIdleThread(worker);
    }
  });
});
