// The job contract: budgets, time limits, signals, progress, resumption and the worker protocol.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Job, finishedValue, job, type JobControl } from '../../src/core/job.js';
import { runInWorker } from '../../src/core/worker.js';
import { isGridbitsError } from '../../src/core/error.js';

/** Sums 0..n-1, one node a number, yielding where the drivers ask; its partial is the sum so far. */
function sumJob(n: number): Job<number, number> {
  return job(function* (ctl: JobControl<number>) {
    let sum = 0;
    let i = 0;
    ctl.partial = () => sum;
    for (; i < n; i++) {
      sum += i;
      ctl.report(i + 1, n, 'numbers');
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
        ctl.report(++i, undefined, 'steps');
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

  it('refuses bad budgets and time limits in one named error', () => {
    for (const maxNodes of [0, 1.5, NaN, -3]) expect(() => sumJob(3).runSync({ maxNodes })).toThrow(/node budget/);
    for (const timeoutMs of [NaN, -1]) expect(() => sumJob(3).runSync({ timeoutMs })).toThrow(/time limit/);
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

describe('runInWorker', () => {
  // A worker thread that serves one job from the built library (dist/ is built before the tests).
  const dist = (p: string): string => pathToFileURL(resolve('dist', p)).href;
  const source = `
    import { parentPort } from 'node:worker_threads';
    import { job } from '${dist('core/job.js')}';
    import { serveJobs } from '${dist('core/worker.js')}';
    import { GridbitsError } from '${dist('core/error.js')}';
    serveJobs({
      sum: (n) => job(function* (ctl) { let s = 0n; ctl.partial = () => s; for (let i = 0; i < n; i++) { s += BigInt(i); ctl.report(i + 1, n, 'numbers'); if (ctl.spend()) yield; } return s; }),
      bad: () => job(function* () { throw new GridbitsError('BAD_INPUT', 'no good'); }),
    }, parentPort);`;

  it('runs a job in a worker thread with the same outcome, progress, budget, signal and errors', async () => {
    const w = new Worker(source, { eval: true });
    try {
      const out = await runInWorker(w, 'sum', [100_000]);
      expect(out).toMatchObject({ finished: true, value: 4_999_950_000n, nodes: 100_000 });
      const budget = await runInWorker(w, 'sum', [100_000], { maxNodes: 10 });
      expect(budget).toMatchObject({ finished: false, stopped: 'nodes', partial: 45n });
      const ac = new AbortController();
      const progress: number[] = [];
      const p = runInWorker(w, 'sum', [1e12], { signal: ac.signal, onProgress: (pr) => progress.push(pr.done) });
      setTimeout(() => ac.abort(), 300);
      const stopped = await p;
      expect(stopped).toMatchObject({ finished: false, stopped: 'signal' });
      expect(progress.length).toBeGreaterThan(0);
      await expect(runInWorker(w, 'bad', [])).rejects.toSatisfy(
        (e: unknown) => isGridbitsError(e) && e.code === 'BAD_INPUT',
      );
      await expect(runInWorker(w, 'nosuch', [])).rejects.toThrow(/no job named 'nosuch'/);
    } finally {
      await w.terminate();
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
        () => 'not started',
      );
    expect(make().runSync({ signal: AbortSignal.abort() })).toMatchObject({
      stopped: 'signal',
      partial: 'not started',
    });
    expect(make().runSync({ maxNodes: 5 })).toMatchObject({ stopped: 'nodes', partial: 'running' });
  });
});
