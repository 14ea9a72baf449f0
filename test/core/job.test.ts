// The job contract: budgets, time limits, signals, progress, resumption and the worker protocol.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Job, finishedValue, job, type JobControl } from '../../src/core/job.js';
import { AsideWork } from '../../src/core/pace.js';
import { runInWorker } from '../../src/core/worker.js';
import { PROGRESS_UNITS, type Progress } from '../../src/core/run.js';
import { isGridbitsError } from '../../src/core/error.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

/** Sums 0..n-1, one node a number, yielding where the drivers ask; its partial is the sum so far. */
function sumJob(n: number): Job<number, number> {
  return job(function* (ctl: JobControl<number>) {
    let sum = 0;
    let i = 0;
    ctl.partial = () => sum;
    for (; i < n; i++) {
      sum += i;
      ctl.report({ share: (i + 1) / n, done: i + 1, unit: 'moves' });
      if (ctl.spend()) yield;
    }
    return sum;
  });
}

describe('Job', () => {
  it('runs to the end, sync and async, with the same answer', async () => {
    const a = sumJob(10_000).runSync();
    const b = await sumJob(10_000).run();
    expect(a).toMatchObject({ finished: true, value: 49_995_000, nodes: 10_000 });
    expect(b).toMatchObject({ finished: true, value: 49_995_000, nodes: 10_000 });
  });

  it('stops at the node budget with its partial result and resumes to the same answer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 500 }), (n, budget) => {
        const j = sumJob(n);
        let out = j.runSync({ maxNodes: budget });
        let runs = 1;
        while (!out.finished) {
          expect(out.stopped).toBe('nodes');
          expect(out.nodes).toBe(Math.min(n, runs * budget));
          const k = out.nodes;
          expect(out.partial).toBe((k * (k - 1)) / 2);
          out = j.runSync({ maxNodes: budget });
          runs++;
        }
        expect(out.value).toBe((n * (n - 1)) / 2);
        expect(j.runSync()).toBe(out);
      }),
    );
  });

  it('stops on the time limit and on the signal', async () => {
    const forever = (): Job<never, string> =>
      job(function* (ctl: JobControl<string>) {
        ctl.partial = () => 'so far';
        for (;;) if (ctl.spend()) yield;
      });
    const t = forever().runSync({ timeoutMs: 30 });
    expect(t).toMatchObject({ finished: false, stopped: 'time', partial: 'so far' });
    expect(t.ms).toBeGreaterThanOrEqual(29);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const s = await forever().run({ signal: ac.signal });
    expect(s).toMatchObject({ finished: false, stopped: 'signal', partial: 'so far' });
    expect(forever().runSync({ signal: AbortSignal.abort() })).toMatchObject({ stopped: 'signal', nodes: 0 });
  });

  it('gives the event loop turns while it runs async, and reports progress', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const seen: number[] = [];
    const j = job(function* (ctl: JobControl) {
      const end = performance.now() + 150;
      let i = 0;
      while (performance.now() < end) {
        ctl.report({ done: ++i, unit: 'moves' });
        if (ctl.spend()) yield;
      }
      return i;
    });
    const out = await j.run({ onProgress: (p) => seen.push(p.done) });
    clearInterval(timer);
    expect(out.finished).toBe(true);
    expect(ticks).toBeGreaterThan(3);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(out.finished ? out.value : -1);
  });

  it('pauses about once a stretch of a millisecond, not once a node: for work besides nodes and inside another job', async () => {
    const N = 2_000_000;
    /** Pauses of a run, against the run's milliseconds: stretches far shorter than the pacer's would be thousands. */
    const expectFewPauses = (pauses: number, ms: number): void => {
      expect(pauses).toBeGreaterThan(0);
      expect(pauses).toBeLessThan(100 + 4 * ms);
    };
    let pauses = 0;
    // Work besides the nodes (a table's pieces): each piece brings the pause sooner by a node's worth.
    const besides = await job(function* (ctl: JobControl) {
      const work = new AsideWork(ctl as JobControl<unknown>, 1);
      for (let i = 0; i < N; i++) {
        if (work.spend(1)) {
          pauses++;
          yield;
        }
      }
      return N;
    }).run();
    expect(besides.finished).toBe(true);
    expectFewPauses(pauses, besides.ms);
    // An inner job run within an outer one: the inner job's pauses are the outer job's.
    pauses = 0;
    const inner = job(function* (ctl: JobControl) {
      for (let i = 0; i < N; i++) {
        if (ctl.spend()) {
          pauses++;
          yield;
        }
      }
      return N;
    });
    const outer = await job(function* (ctl: JobControl) {
      return yield* inner.runWithin(ctl);
    }).run();
    expect(outer).toMatchObject({ finished: true, value: { finished: true, value: N }, nodes: N });
    expectFewPauses(pauses, outer.ms);
  });

  it('run synchronously with only a budget, pauses at the budget and nowhere else', () => {
    let pauses = 0;
    const counter = (): Job<number> =>
      job(function* (ctl: JobControl) {
        for (let i = 0; i < 100_000; i++) {
          if (ctl.spend()) {
            pauses++;
            yield;
          }
        }
        return 100_000;
      });
    expect(counter().runSync({ maxNodes: 1e9 })).toMatchObject({ finished: true, value: 100_000 });
    expect(pauses).toBe(0);
    expect(counter().runSync({ maxNodes: 1000 })).toMatchObject({ finished: false, stopped: 'nodes', nodes: 1000 });
    expect(pauses).toBe(1);
  });

  it('refuses bad budgets and time limits in one named error', () => {
    for (const maxNodes of [0, 1.5, NaN, -3]) expect(() => sumJob(3).runSync({ maxNodes })).toThrow(/maxNodes/);
    for (const timeoutMs of [NaN, -1]) expect(() => sumJob(3).runSync({ timeoutMs })).toThrow(/timeoutMs/);
  });

  it('finishedValue gives the answer or says what stopped the work', () => {
    expect(finishedValue(sumJob(4).runSync())).toBe(6);
    expect(() => finishedValue(sumJob(400).runSync({ maxNodes: 3 }), 'the sum')).toThrow(
      /the sum did not finish within its node budget/,
    );
  });

  it('passes an error the body throws to the caller, every time it is run', () => {
    const j = job(function* () {
      yield;
      throw new Error('broken');
    });
    expect(() => j.runSync()).toThrow('broken');
    expect(() => j.runSync()).toThrow('broken');
  });
});

/** The test worker's jobs, as runInWorker checks calls against them. */
type Sums = {
  sum: (n: number) => Job<bigint, bigint>;
  bad: () => Job<never>;
  nosuch: () => Job<never>;
};

describe('runInWorker', () => {
  // A worker thread that serves one job from the built library (dist/ is built before the tests).
  const dist = (p: string): string => pathToFileURL(resolve('dist', p)).href;
  const source = `
    import { parentPort } from 'node:worker_threads';
    import { job } from '${dist('core/job.js')}';
    import { serveJobs } from '${dist('core/worker.js')}';
    import { GridbitsError } from '${dist('core/error.js')}';
    serveJobs({
      sum: (n) => job(function* (ctl) { let s = 0n; ctl.partial = () => s; for (let i = 0; i < n; i++) { s += BigInt(i); ctl.report({ share: (i + 1) / n }); if (ctl.spend()) yield; } return s; }),
      bad: () => job(function* () { throw new GridbitsError('BAD_INPUT', 'no good'); }),
    }, parentPort);`;

  it('runs a job in a worker thread with the same outcome, progress, budget, signal and errors', async () => {
    const w = new Worker(source, { eval: true });
    try {
      const out = await runInWorker<Sums>(w, 'sum', [100_000]);
      expect(out).toMatchObject({ finished: true, value: 4_999_950_000n, nodes: 100_000 });
      const budget = await runInWorker<Sums>(w, 'sum', [100_000], { maxNodes: 10 });
      expect(budget).toMatchObject({ finished: false, stopped: 'nodes', partial: 45n });
      const ac = new AbortController();
      const progress: number[] = [];
      const p = runInWorker<Sums>(w, 'sum', [1e12], { signal: ac.signal, onProgress: (pr) => progress.push(pr.done) });
      setTimeout(() => ac.abort(), 300);
      const stopped = await p;
      expect(stopped).toMatchObject({ finished: false, stopped: 'signal' });
      expect(progress.length).toBeGreaterThan(0);
      // The partial sums as they grow, when asked for: each the sum of the first k numbers for some k.
      const partials: bigint[] = [];
      const ac2 = new AbortController();
      // Each report goes with its partial in one message (a page showing both draws once per report).
      const messages: string[] = [];
      const tap = (m: Record<string, unknown>): void => {
        if (!('outcome' in m)) messages.push(Object.keys(m).sort().join(','));
      };
      w.on('message', tap);
      const growing = runInWorker<Sums>(w, 'sum', [1e12], {
        signal: ac2.signal,
        onPartial: (s) => {
          partials.push(s);
          if (partials.length === 3) ac2.abort();
        },
      });
      expect(await growing).toMatchObject({ finished: false, stopped: 'signal' });
      w.off('message', tap);
      expect(partials.length).toBeGreaterThanOrEqual(3);
      expect(new Set(messages)).toEqual(new Set(['id,partial,progress']));
      for (let i = 0; i < partials.length; i++) {
        const k = (1n + BigInt(Math.round(Math.sqrt(8 * Number(partials[i]) + 1)))) / 2n;
        expect((k * (k - 1n)) / 2n, `partial ${partials[i]}`).toBe(partials[i]);
        if (i > 0) expect(partials[i]).toBeGreaterThanOrEqual(partials[i - 1]);
      }
      await expect(runInWorker<Sums>(w, 'bad', [])).rejects.toSatisfy(
        (e: unknown) => isGridbitsError(e) && e.code === 'BAD_INPUT',
      );
      await expect(runInWorker<Sums>(w, 'nosuch', [])).rejects.toThrow(/no job named 'nosuch'/);
    } finally {
      await endIdleThread(w);
    }
  });
});

describe('a job stopped before it starts', () => {
  it('answers the partial its maker gave, and the body can set a later one', () => {
    const make = (): Job<number, string> =>
      job(
        function* (ctl: JobControl<string>) {
          ctl.partial = () => 'running';
          for (let i = 0; i < 1000; i++) if (ctl.spend()) yield;
          return 1;
        },
        { partial: () => 'not started' },
      );
    expect(make().runSync({ signal: AbortSignal.abort() })).toMatchObject({
      stopped: 'signal',
      partial: 'not started',
    });
    expect(make().runSync({ maxNodes: 5 })).toMatchObject({ stopped: 'nodes', partial: 'running' });
  });
});

describe('a job run inside another with limits of its own (runWithin)', () => {
  /** An outer job that runs `inner` in turns of `turn` nodes until it finishes, counting the turns. */
  function turnsOf(inner: Job<number, number>, turn: number): Job<{ sum: number; turns: number }, number> {
    return job(function* (ctl: JobControl<number>) {
      let turns = 0;
      for (;;) {
        turns++;
        const out = yield* inner.runWithin(ctl, { maxNodes: turn });
        if (out.finished) return { sum: out.value, turns };
        expect(out.stopped).toBe('nodes');
        expect(out.partial).toBe((out.nodes * (out.nodes - 1)) / 2);
      }
    });
  }

  it('stops on its own budget, resumes where it stopped, and spends its nodes in the outer job', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 300 }), (n, turn) => {
        const out = turnsOf(sumJob(n), turn).runSync();
        // A run that spends its whole budget stops, even where the body would end next: one more turn ends it.
        expect(out).toMatchObject({
          finished: true,
          value: { sum: (n * (n - 1)) / 2, turns: Math.floor(n / turn) + 1 },
        });
        expect(out.nodes).toBe(n);
      }),
    );
  });

  it('pauses where it is when the outer job stops, and goes on to the same answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 500 }),
        (n, turn, outerBudget) => {
          const outer = turnsOf(sumJob(n), turn);
          let out = outer.runSync({ maxNodes: outerBudget });
          let runs = 1;
          while (!out.finished) {
            expect(out).toMatchObject({ stopped: 'nodes', nodes: Math.min(n, runs * outerBudget) });
            out = outer.runSync({ maxNodes: outerBudget });
            runs++;
          }
          expect(out).toMatchObject({ value: { sum: (n * (n - 1)) / 2, turns: Math.floor(n / turn) + 1 }, nodes: n });
        },
      ),
    );
  });

  it('stops on its own time limit, counting only the time it ran', () => {
    const forever = job(function* (ctl: JobControl<string>) {
      ctl.partial = () => 'so far';
      for (;;) if (ctl.spend()) yield;
    });
    const outer = job(function* (ctl: JobControl) {
      const first = yield* forever.runWithin(ctl, { timeoutMs: 20 });
      const second = yield* forever.runWithin(ctl, { timeoutMs: 20 });
      return [first, second];
    });
    const out = outer.runSync();
    if (!out.finished) throw new Error('the outer job has no limits');
    const [first, second] = out.value;
    expect(first).toMatchObject({ finished: false, stopped: 'time', partial: 'so far' });
    expect(first.ms).toBeGreaterThanOrEqual(20);
    // Resumed: its nodes and time go on from the first run's.
    expect(second.nodes).toBeGreaterThan(first.nodes);
    expect(second.ms).toBeGreaterThanOrEqual(first.ms + 20);
    expect(out.nodes).toBe(second.nodes);
  });

  it("reports its progress as the outer job's, or to a listener of its own", () => {
    const seen: Progress[] = [];
    const outer = job(
      function* (ctl: JobControl) {
        yield* sumJob(1000).runWithin(ctl);
        const mine: Progress[] = [];
        yield* sumJob(10).runWithin(ctl, { onProgress: (p) => mine.push(p) });
        return mine;
      },
      { unit: 'states' },
    );
    const out = outer.runSync({ maxNodes: 10_000, onProgress: (p) => seen.push(p) });
    if (!out.finished) throw new Error('the budget is larger than the work');
    expect(seen.at(-1)).toEqual({ share: 1, done: 1000, unit: 'moves' });
    expect(out.value.at(-1)).toEqual({ share: 1, done: 10, unit: 'moves' });
  });

  it('refuses to run a job that is already under way as a part of another', () => {
    const started = sumJob(100);
    started.runSync({ maxNodes: 3 });
    const outer = job(function* (ctl: JobControl) {
      return yield* started.within(ctl);
    });
    expect(() => outer.runSync()).toThrow(/already run/);
  });
});

describe('progress', () => {
  it('reports the first work done at once, not at the next tenth of a second', () => {
    // A body that pauses often while nothing is done (a first square that takes a while), then does its first unit.
    const seen: Array<{ at: number; done: number }> = [];
    let firstDoneAt = 0;
    const j = job<number>(function* (ctl) {
      const until = performance.now() + 10;
      while (performance.now() < until) {
        ctl.report({ done: 0, unit: 'squares' });
        yield;
      }
      firstDoneAt = performance.now();
      ctl.report({ done: 1, unit: 'squares' });
      // More work after it, pausing as it goes: the end's report must not be what shows the first square.
      const end = performance.now() + 150;
      while (performance.now() < end) yield;
      return 1;
    });
    j.runSync({ onProgress: (p) => seen.push({ at: performance.now(), done: p.done }) });
    const first = seen.find((s) => s.done === 1);
    expect(first).toBeDefined();
    // Reported at the pause right after it, not at the next tenth of a second (90 ms away).
    expect(seen.filter((s) => s.at >= firstDoneAt)[0]?.done).toBe(1);
    expect(first!.at - firstDoneAt).toBeLessThan(50);
  });

  it('gives the partial result with each report when asked for it', () => {
    const partials: number[] = [];
    const out = sumJob(200_000).runSync({ onPartial: (s) => partials.push(s) });
    expect(out.finished).toBe(true);
    expect(partials.length).toBeGreaterThan(1);
    for (const s of partials) {
      const k = Math.round((1 + Math.sqrt(8 * s + 1)) / 2);
      expect((k * (k - 1)) / 2).toBe(s);
    }
    // The last report comes at the end: the whole sum.
    expect(partials.at(-1)).toBe(out.finished && out.value);
  });

  it("counts the job's nodes in its unit when the body counts nothing else", () => {
    const seen: Progress[] = [];
    job(
      function* (ctl: JobControl) {
        for (let i = 0; i < 500; i++) {
          ctl.report({ share: i / 500 });
          if (ctl.spend()) yield;
        }
      },
      { unit: 'states' },
    ).runSync({ onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ share: 499 / 500, done: 500, unit: 'states' });
    expect(seen.every((p) => PROGRESS_UNITS.includes(p.unit))).toBe(true);
  });
});
