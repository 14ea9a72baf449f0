// The fleet's jobs by name in a Node worker thread (dist/worker.js): the same answers as in process, and a
// signal-stopped run comes back with its partial.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runInWorker } from '../../src/core/worker.js';
import { emptyKnowledge } from '../../src/fleet/game.js';
import { fleetProblem, type FleetSpec } from '../../src/fleet/fleets.js';
import { jobs } from '../../src/fleet/jobs.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

const spec: FleetSpec = { width: 6, height: 6, fleet: '3,2,2', touch: 'none' };

/** Each job with its arguments: run in the worker and in process, the answers must be equal. */
const CASES: Array<[keyof typeof jobs, unknown[]]> = [
  ['place', [spec, { method: 'rails', seed: 5 }]],
  ['count', [spec]],
  ['sample', [spec, 3, 4]],
  ['cells', [spec]],
  ['heat', [spec, emptyKnowledge(fleetProblem(spec)), { method: 'exact' }]],
  ['uniform', [spec, 8, 3]],
  ['sim', [spec, { games: 20, seed: 4 }]],
];

describe('fleet jobs in a worker thread', () => {
  it('answer as they do in process', async () => {
    const worker = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      for (const [name, args] of CASES) {
        const there = await runInWorker(worker, `fleet.${name}`, args as never);
        const here = (
          jobs[name] as unknown as (...a: unknown[]) => {
            runSync(): { finished: boolean; value?: unknown; nodes: number };
          }
        )(...args).runSync();
        expect(there.finished && here.finished, name).toBe(true);
        expect(there.finished && there.value, name).toEqual(here.value);
        expect(there.nodes, name).toBe(here.nodes);
      }
    } finally {
      await endIdleThread(worker);
    }
  }, 120_000);

  it('a sim stopped by the signal comes back with the games played', async () => {
    const worker = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      const controller = new AbortController();
      let played = 0;
      const run = runInWorker(
        worker,
        'fleet.sim',
        [
          { ...spec, touch: 'any' },
          { games: 100_000_000, seed: 1 },
        ],
        {
          signal: controller.signal,
          onProgress: (p) => {
            played = p.done;
            if (p.unit === 'games' && p.done > 50) controller.abort();
          },
        },
      );
      const o = await run;
      expect(o).toMatchObject({ finished: false, stopped: 'signal' });
      if (o.finished) return;
      expect(o.partial!.games).toBeGreaterThanOrEqual(played);
      expect(o.partial!.requested).toBe(100_000_000);
    } finally {
      await endIdleThread(worker);
    }
  }, 60_000);
});
