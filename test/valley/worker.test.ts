// The valley jobs in a Node worker thread (dist/worker.js): the same answers as in process, and a run stopped
// by the signal comes back with its partial.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runInWorker } from '../../src/core/worker.js';
import {
  START,
  createEngine,
  matchSync,
  parsePosition,
  perftSync,
  searchSync,
  solveSync,
  startPosition,
  type MatchTally,
} from './api.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

describe('valley jobs in a worker thread', () => {
  it('answers as in process; the signal stops a run with its partial', async () => {
    const w = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      const here = perftSync(createEngine(startPosition()), 5);
      expect(await runInWorker(w, 'valley.perft', ['standard', undefined, 5])).toMatchObject({
        finished: true,
        value: here.finished && here.value,
      });
      expect(await runInWorker(w, 'valley.perft', ['labyrinth', undefined, 3])).toMatchObject({
        finished: true,
        value: 5984,
      });
      const rows = await runInWorker(w, 'valley.divide', ['standard', START, 2]);
      expect(rows).toMatchObject({ finished: true });
      const best = searchSync(createEngine(startPosition()), { depth: 5 });
      expect(await runInWorker(w, 'valley.search', ['standard', START, { depth: 5 }])).toMatchObject({
        finished: true,
        value: { move: best.finished && best.value.move, score: best.finished && best.value.score },
      });
      const solved = solveSync(createEngine(parsePosition('k4/3s1/5/5/K3S w 4')), { tableMegabytes: 1 });
      expect(await runInWorker(w, 'valley.solve', ['k4/3s1/5/5/K3S w 4', { tableMegabytes: 1 }])).toMatchObject({
        finished: true,
        value: { value: 'win', moves: solved.finished ? solved.value.moves : [] },
      });
      const opts = { games: 4, a: { kind: 'greedy' }, b: { kind: 'random' }, seed: 9 } as const;
      expect(await runInWorker(w, 'valley.match', [opts])).toEqual(
        expect.objectContaining({
          finished: true,
          value: matchSync(opts).finished ? (matchSync(opts) as { value: MatchTally }).value : null,
        }),
      );

      const ac = new AbortController();
      // Stopped once leaves are counted (its plan of lines, forecast first, counts none yet).
      const long = runInWorker(w, 'valley.perft', ['standard', START, 10], {
        signal: ac.signal,
        onProgress: (p) => p.done > 0 && ac.abort(),
      });
      const stopped = await long;
      expect(stopped).toMatchObject({ finished: false, stopped: 'signal' });
      if (!stopped.finished) expect(stopped.partial).toBeGreaterThan(0);
      const ac2 = new AbortController();
      const games = runInWorker(w, 'valley.match', [{ games: 100000, a: { kind: 'random' }, b: { kind: 'random' } }], {
        signal: ac2.signal,
      });
      setTimeout(() => ac2.abort(), 300);
      const m = await games;
      expect(m).toMatchObject({ finished: false, stopped: 'signal' });
      if (!m.finished) expect(m.partial!.games).toBeGreaterThan(0);
    } finally {
      await endIdleThread(w);
    }
  });
});
