// The mobility job: by rows, stopped by budgets, time and signals with the rows done, resumed to the same
// answer, progress forward to its total, and the same in a worker thread.
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Bitboard } from '../../src/core/bitboard.js';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import type { Progress } from '../../src/core/run.js';
import { runInWorker } from '../../src/core/worker.js';
import { attackSetSync } from '../../src/pieces/attack-set.js';
import { mobility, mobilityJob, mobilitySync } from '../../src/pieces/mobility.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { endIdleThread } from '../../src/cli/thread-end.js';

const knight = parsePiece('knight');

describe('mobility job', () => {
  it('stops on a node budget with the rows done, and resumes to the unbroken answer (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('knight', 'queen', 'camel+king', 'rook-end'),
        fc.integer({ min: 1, max: 300 }),
        (spec, every) => {
          const board = Board.of(23, 17);
          const occ = Bitboard.fromSquares(board, [5, 40, 200]);
          const whole = finishedValue(mobilitySync(board, parsePiece(spec), occ));
          const j = mobilityJob(board, parsePiece(spec), occ);
          for (;;) {
            const out = j.runSync({ maxNodes: every });
            if (out.finished) {
              expect(out.value).toEqual(whole);
              return;
            }
            expect(out.stopped).toBe('nodes');
            const p = out.partial!;
            expect(p.counts.length).toBe(p.rows * 23);
            expect(Array.from(p.counts)).toEqual(Array.from(whole.counts.subarray(0, p.rows * 23)));
            expect(p.total).toBe(p.counts.reduce((a, b) => a + b, 0));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a huge board: progress by rows goes forward to its total, a time limit or a signal stops it within a few ms', async () => {
    const board = Board.of(4096, 4096);
    const reports: Progress[] = [];
    const out = mobilitySync(board, knight, undefined, { onProgress: (p) => reports.push({ ...p }) });
    // Knight moves on n×n: 8(n−1)(n−2) (336 on 8×8).
    expect(out.finished && out.value.total).toBe(8 * 4095 * 4094);
    for (let i = 1; i < reports.length; i++) expect(reports[i].done).toBeGreaterThanOrEqual(reports[i - 1].done);
    expect(reports[reports.length - 1]).toEqual({ share: 1, done: 4096, unit: 'rows' });
    const t = performance.now();
    const stopped = mobilitySync(board, parsePiece('queen'), undefined, { timeoutMs: 20 });
    expect(stopped).toMatchObject({ finished: false, stopped: 'time' });
    expect(performance.now() - t).toBeLessThan(2000);
    const c = new AbortController();
    const run = mobility(board, parsePiece('queen'), undefined, { signal: c.signal });
    setTimeout(() => c.abort(), 30);
    const s = await run;
    expect(s).toMatchObject({ finished: false, stopped: 'signal' });
  });

  it('the knight total on n×n is what a plain loop counts', () => {
    for (const n of [1, 2, 3, 8, 50]) {
      let total = 0;
      for (let x = 0; x < n; x++)
        for (let y = 0; y < n; y++)
          for (const [dx, dy] of [
            [1, 2],
            [2, 1],
            [-1, 2],
            [-2, 1],
            [1, -2],
            [2, -1],
            [-1, -2],
            [-2, -1],
          ])
            if (x + dx >= 0 && x + dx < n && y + dy >= 0 && y + dy < n) total++;
      expect(finishedValue(mobilitySync(Board.of(n, n), knight)).total).toBe(total);
    }
  });

  it('runs in a worker thread with the same answer, and a signal-stopped run brings its rows', async () => {
    const worker = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      const out = await runInWorker(worker, 'pieces.mobility', [
        { board: '8x8', piece: 'queen', occupied: ['d6', 13] },
      ]);
      const b = Board.of(8, 8);
      expect(out.finished && out.value).toEqual(
        finishedValue(mobilitySync(b, parsePiece('queen'), Bitboard.fromSquares(b, [b.parse('d6'), 13]))),
      );
      // Stopped at the first report of rows counted (a fixed delay can outlast the job on a fast machine).
      const c = new AbortController();
      let heard = 0;
      const n = 4096;
      const s = await runInWorker(worker, 'pieces.mobility', [{ board: { width: n, height: n }, piece: 'queen' }], {
        signal: c.signal,
        onProgress: (p) => {
          if (p.done > 0 && heard === 0) {
            heard = p.done;
            c.abort();
          }
        },
      });
      expect(s).toMatchObject({ finished: false, stopped: 'signal' });
      if (s.finished) return;
      const { rows, counts, total } = s.partial!;
      expect(rows).toBeGreaterThanOrEqual(heard);
      expect(rows).toBeLessThan(n);
      expect(counts).toHaveLength(rows * n);
      expect(total).toBe(counts.reduce((a, x) => a + x, 0));
      // A queen on an empty n×n board: 2(n − 1) along its rank and file, and its four diagonals to the edges.
      const queen = (x: number, y: number): number =>
        2 * (n - 1) + Math.min(x, y) + Math.min(n - 1 - x, y) + Math.min(x, n - 1 - y) + Math.min(n - 1 - x, n - 1 - y);
      for (const sq of [0, 1, n >> 1, n - 1, rows * n - 1 - (n >> 1), rows * n - 1])
        expect(counts[sq], `square ${sq}`).toBe(queen(sq % n, (sq / n) | 0));
    } finally {
      await endIdleThread(worker);
    }
  });
});

describe('attacks job in a worker', () => {
  it('gives the same squares as in place, and a stop brings the ranks done', async () => {
    const worker = new Worker(new URL('../../dist/worker.js', import.meta.url));
    try {
      const b = Board.of(8, 8);
      const out = await runInWorker(worker, 'pieces.attacks', [
        { board: '8x8', piece: 'queen', from: ['d4', 0], occupied: ['d6', 13] },
      ]);
      const here = finishedValue(
        attackSetSync(
          parsePiece('queen'),
          Bitboard.fromSquares(b, [b.parse('d4'), 0]),
          Bitboard.fromSquares(b, [b.parse('d6'), 13]),
        ),
      );
      expect(out.finished && Bitboard.fromWords(b, out.value).squares()).toEqual(here.squares());
      // A 16384×16384 board with two ranks of knights: by ranks, a node per square, stopped by a budget of 300 ranks.
      const big = Board.of(16384, 16384);
      const from = Array.from({ length: 2 * 16384 }, (_, i) => 10 * 16384 + i);
      const s = await runInWorker(
        worker,
        'pieces.attacks',
        [{ board: { width: 16384, height: 16384 }, piece: 'knight', from }],
        { maxNodes: 300 * 16384 },
      );
      expect(s).toMatchObject({ finished: false, stopped: 'nodes', partial: { rows: 300 } });
      // Ranks 9 to 14 (indices 8..13) are attacked on every file.
      expect(s.finished === false && Bitboard.fromWords(big, s.partial!.words).count()).toBe(6 * 16384);
      const c = new AbortController();
      // Stopped at its first progress report (a fixed delay can outlast the whole job on a fast machine).
      const run = runInWorker(
        worker,
        'pieces.attacks',
        [{ board: { width: 16384, height: 16384 }, piece: 'queen', from }],
        { signal: c.signal, onProgress: () => c.abort() },
      );
      const q = await run;
      expect(q).toMatchObject({ finished: false, stopped: 'signal' });
      // Queens on two full ranks attack every square, so the partial is exactly its first `rows` ranks.
      if (q.finished) return;
      expect(q.partial!.rows).toBeLessThan(16384);
      expect(Bitboard.fromWords(big, q.partial!.words).count()).toBe(q.partial!.rows * 16384);
    } finally {
      await endIdleThread(worker);
    }
  });
});
