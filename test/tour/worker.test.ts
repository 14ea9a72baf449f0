// The tour jobs run in a Node worker thread (dist/worker.js, built by the tests' global setup): the same
// answers as in process, and a run stopped by the signal comes back with its partial result.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { runInWorker } from '../../src/core/worker.js';
import * as tour from '../../src/tour/index.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import { tourProblem } from '../reference/tour.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

async function withWorker(f: (w: Worker) => Promise<void>): Promise<void> {
  const w = new Worker(new URL('../../dist/worker.js', import.meta.url));
  try {
    await f(w);
  } finally {
    await endIdleThread(w);
  }
}

describe('tour jobs in a worker thread', () => {
  it('find, search, table, starts, count and each answer as in process', async () => {
    await withWorker(async (w) => {
      const find = await runInWorker(w, 'tour.find', [{ width: 8, height: 8, closed: true }]);
      expect(find.finished && find.value.exists).toBe(true);
      if (find.finished) expect(tourProblem(8, 8, find.value.path!, true)).toBeNull();
      const search = await runInWorker(w, 'tour.search', [{ width: 4, height: 4, closed: false, from: 0 }]);
      const searched = tour.searchTourSync({ board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 });
      expect(search.finished && search.value).toEqual(searched.finished && searched.value);
      const table = await runInWorker(w, 'tour.table', [{ width: 5, height: 5 }, 'knight', { maxSquareNodes: 1000 }]);
      const local = tour.tableSync(Board.of(5, 5), KNIGHT, { maxSquareNodes: 1000 });
      expect(table.finished && table.value).toEqual(local.finished && local.value);
      const starts = await runInWorker(w, 'tour.starts', [{ width: 5, height: 5 }, 'knight']);
      const startsHere = tour.openTourStartsSync(Board.of(5, 5), KNIGHT);
      expect(starts.finished && starts.value).toEqual(startsHere.finished && startsHere.value);
      const count = await runInWorker(w, 'tour.count', [{ width: 5, height: 5 }]);
      expect(count.finished && count.value.count).toBe(1728n);
      const giraffe = await runInWorker(w, 'tour.count', [
        { width: 5, height: 5 },
        { piece: '1,3', closed: false },
      ]);
      const giraffeHere = tour.countToursSync(Board.of(5, 5), { piece: parsePiece('1,3') });
      expect(giraffe.finished && giraffe.value).toEqual(giraffeHere.finished && giraffeHere.value);
      const each = await runInWorker(w, 'tour.each', [{ width: 4, height: 3 }]);
      expect(each.finished && each.value.counts.reduce((a, b) => a + b, 0n)).toBe(16n);
    });
  });

  it('a run stopped by the signal comes back with its partial result; errors keep their code', async () => {
    await withWorker(async (w) => {
      // Stopped once it has counted some tours (a timer could fire before a loaded machine had started it).
      const ac = new AbortController();
      const out = await runInWorker(w, 'tour.count', [{ width: 5, height: 8 }, { method: 'backtracking' }], {
        signal: ac.signal,
        onPartial: (p) => {
          if (p.count !== null && p.count > 0n) ac.abort();
        },
      });
      expect(out).toMatchObject({ finished: false, stopped: 'signal', partial: { method: 'backtracking' } });
      if (out.finished) return;
      // The count is deterministic: the same nodes in process, stopped by a budget, leave the same partial count.
      expect(out.partial!.count! > 0n).toBe(true);
      expect(tour.countToursSync(Board.of(5, 8), { method: 'backtracking', maxNodes: out.nodes })).toMatchObject({
        finished: false,
        nodes: out.nodes,
        partial: out.partial,
      });
      await expect(runInWorker(w, 'tour.count', [{ width: 7, height: 7 }])).rejects.toMatchObject({ code: 'LIMIT' });
    });
  });
});
