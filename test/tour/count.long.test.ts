// Opt-in (a few minutes): GRIDBITS_LONG=1 npx vitest run test/tour/count.long.test.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { countToursSync } from '../../src/tour/count.js';
import { countToursFromEach } from '../../src/tour/count-each.js';
import { halvesCount } from '../../src/tour/count-halves.js';
import {
  CrossSearch,
  crossJoinSteps,
  endsClasses,
  type CrossTable,
  type EndsClass,
} from '../../src/tour/count-cross.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph, vertexOf } from '../../src/tour/count-graph.js';
import { againstWholeBoard } from './halves-random.js';
import { finishedValue, job } from '../../src/core/job.js';
import { KNIGHT } from '../../src/pieces/piece.js';

describe.skipIf(!process.env.GRIDBITS_LONG)('tour counts that take minutes', () => {
  it('6×6 directed open tours: 6,637,920 (A165134), by halves and on the whole board', () => {
    const halves = countToursSync(Board.of(6, 6));
    expect(halves.finished && halves.value).toMatchObject({ count: 6637920n, split: 'halves' });
    const whole = countToursSync(Board.of(6, 6), { method: 'frontier' });
    expect(whole.finished && whole.value.split).toBeUndefined();
    expect(whole.finished && whole.value.count).toBe(6637920n);
  }, 900_000);

  // The whole board's program gives the same 49,929,787,608 in about 11 minutes of CPU (22 million states at
  // once), too long for this suite.
  it('6×8 directed open tours by halves: 49,929,787,608 (twice 24,964,893,804)', () => {
    // Past the limit without a budget (104 s of CPU): counted with a time limit, as a user would.
    const r = countToursSync(Board.of(8, 6), { timeoutMs: 3_600_000 });
    expect(r.finished && r.value).toMatchObject({ count: 49929787608n, split: 'halves' });
  }, 1_200_000);

  it('5×n directed open tours by halves: twice A083386 up to 5×18 (past 2^64), 5×10 on the whole board too', () => {
    expect(halvesCount(5, 10, KNIGHT, false).count).toBe(7886117822n);
    expect(finishedValue(countToursSync(Board.of(5, 10), { method: 'frontier' })).count).toBe(2n * 7886117822n);
    expect(halvesCount(5, 12, KNIGHT, false).count).toBe(3611823644006n);
    expect(halvesCount(5, 14, KNIGHT, false).count).toBe(1548284436152798n);
    expect(halvesCount(5, 16, KNIGHT, false).count).toBe(650456890341276338n);
    expect(finishedValue(countToursSync(Board.of(18, 5))).count).toBe(2n * 267426031403733462626n);
  }, 1_200_000);

  it('6×6 tours from each square (six separate counts, one per symmetry class) add up to 6,637,920', async () => {
    const each = finishedValue(await countToursFromEach(Board.of(6, 6)));
    expect(each.runs).toBe(6);
    expect(each.counts.reduce((x, y) => x + y, 0n)).toBe(6637920n);
  }, 900_000);

  it('closed tours by halves against A175881: 6×12 = 964,730,606,632,516 and 6×14 = 4,005,716,717,182,224,826 (past 2^53)', () => {
    const r12 = finishedValue(countToursSync(Board.of(6, 12), { closed: true }));
    expect(r12.count).toBe(964730606632516n);
    expect(finishedValue(countToursSync(Board.of(12, 6), { closed: true })).count).toBe(964730606632516n);
    expect(finishedValue(countToursSync(Board.of(6, 14), { closed: true })).count).toBe(4005716717182224826n);
  }, 900_000);

  it('closed tours 7 wide by halves: 6×7 laid out 7 wide = 1,067,638 (A175881)', () => {
    expect(halvesCount(7, 6, KNIGHT).count).toBe(1067638n);
  }, 600_000);

  it("7×8 closed: the halves and the whole board's frontier program (no split) both give 34,524,432,316", () => {
    const halves = countToursSync(Board.of(7, 8), { closed: true });
    expect(halves.finished && halves.value).toMatchObject({ count: 34524432316n, split: 'halves' });
    const whole = countToursSync(Board.of(8, 7), { closed: true, method: 'frontier', pastLimit: true });
    expect(whole.finished && whole.value.split).toBeUndefined();
    expect(whole.finished && whole.value.count).toBe(34524432316n);
  }, 1_800_000);

  it('counts past 2^53 stay exact (two 32-bit halves below 2^64): 4×24 (A079137: 12270473056485396 undirected)', () => {
    expect(finishedValue(countToursSync(Board.of(4, 24))).count).toBe(2n * 12270473056485396n);
  }, 600_000);

  it('5×8 directed open tours: twice 18,061,054 (A083386)', () => {
    expect(finishedValue(countToursSync(Board.of(5, 8))).count).toBe(36122108n);
  }, 600_000);

  it('6×7 open, an odd length by halves, as the whole board: 779,938,932 directed (OEIS has no 6×n open count we could read)', () => {
    const halves = countToursSync(Board.of(6, 7));
    expect(halves.finished && halves.value.split).toBe('halves');
    const whole = countToursSync(Board.of(6, 7), { method: 'frontier', pastLimit: true });
    expect(whole.finished && whole.value.split).toBeUndefined();
    expect(halves.finished && halves.value.count).toBe(779938932n);
    expect(whole.finished && whole.value.count).toBe(779938932n);
  }, 1_800_000);

  it('7×10 closed by halves: 1,250,063,279,938,854 (A193054), about 6 minutes of CPU and 5 GB', () => {
    const r = countToursSync(Board.of(7, 10), { closed: true, pastLimit: true });
    expect(r.finished && r.value.split).toBe('halves');
    expect(r.finished && r.value.count).toBe(1250063279938854n);
  }, 3_600_000);

  it('6×9 open by halves (an odd length): twice 1,770,631,206,422 (A390833), about 3 minutes and 3 GB', () => {
    const r = countToursSync(Board.of(6, 9), { pastLimit: true });
    expect(r.finished && r.value.split).toBe('halves');
    expect(r.finished && r.value.count).toBe(3541262412844n);
  }, 3_600_000);

  it('8×8 closed joined across the middle: 13,267,364,410,532 (A001230), stopped by a time limit and resumed from its checkpoint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridbits-8x8-'));
    const file = join(dir, 'count.ckpt');
    const cli = (timeout: string): Record<string, unknown> => {
      const r = spawnSync(
        process.execPath,
        [
          fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)),
          'tour-count',
          '8x8',
          '--closed',
          '--timeout',
          timeout,
          '--checkpoint',
          file,
          '--json',
        ],
        { encoding: 'utf8', timeout: 7_200_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    try {
      // Ten minutes: the top half's table and a few shards of the join on every core.
      const first = cli('10m');
      expect(first).toMatchObject({ complete: false, bound: 'lower', split: 'crossing', shards: 16, checkpoint: file });
      const done = first.shardsDone as number;
      expect(done).toBeGreaterThan(0);
      const second = cli('2h');
      expect(second).toMatchObject({ count: '13267364410532', complete: true, split: 'crossing', resumed: done });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 7_200_000);

  it('7×7 directed open tours joined across the middle: 165,575,218,320 (A165134), about 7 minutes on 2 cores', () => {
    const r = spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)),
        'tour-count',
        '7x7',
        '--timeout',
        '1h',
        '--json',
      ],
      { encoding: 'utf8', timeout: 3_600_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      count: '165575218320',
      undirectedCount: '82787609160',
      complete: true,
      split: 'crossing',
      shards: 16,
      shardsDone: 16,
    });
  }, 3_600_000);

  it('7×8 closed joined across 8 files (two tables: 8×4 and 8×3), as the halves across 7: 34,524,432,316, about 2.5 minutes', () => {
    const t = finishedValue(job((ctl) => new CrossSearch(8, 7, KNIGHT).steps(ctl)).runSync());
    expect(t.top).not.toBe(t.bottom);
    expect(finishedValue(job((ctl) => crossJoinSteps(t, 0, 1, ctl)).runSync()).count).toBe(34524432316n);
  }, 1_800_000);

  it('8×5 open joined across 8 files class by class of its ends (15 classes, the top part 8×3: a window of 17) as the halves across 5: 36,122,108, about 3.5 minutes', () => {
    let total = 0n;
    for (const { ends, times } of endsClasses(8, 5, KNIGHT)) {
      const t = finishedValue(job((ctl) => new CrossSearch(8, 5, KNIGHT, false, ends).steps(ctl)).runSync());
      total += BigInt(times) * finishedValue(job((ctl) => crossJoinSteps(t, 0, 1, ctl)).runSync()).count;
    }
    expect(2n * total).toBe(finishedValue(countToursSync(Board.of(5, 8))).count);
    expect(2n * total).toBe(36122108n);
  }, 1_800_000);

  it('closed tours: 6×7 = 1,067,638 and 6×8 = 55,488,142 (A175881), 5×10 = 13,311,268 (A383661)', () => {
    expect(finishedValue(countToursSync(Board.of(6, 7), { closed: true })).count).toBe(1067638n);
    expect(finishedValue(countToursSync(Board.of(8, 6), { closed: true })).count).toBe(55488142n);
    expect(finishedValue(countToursSync(Board.of(5, 10), { closed: true })).count).toBe(13311268n);
  }, 600_000);

  it('halves and the join across the middle against the whole board on larger boards: 5×7 and 7×5 open, 8×6 open from one end in each part', () => {
    const wholeOpen = (w: number, h: number): bigint =>
      frontierCount(buildCountGraph(Board.of(w, h), KNIGHT, w <= h ? 'shorter' : 'longer'), {
        closed: false,
        ends: [],
      }).count;
    const join = (t: CrossTable, shards: number): bigint => {
      let total = 0n;
      for (let i = 0; i < shards; i++)
        total += finishedValue(job((ctl) => crossJoinSteps(t, i, shards, ctl)).runSync()).count;
      return total;
    };
    const table = (w: number, h: number, ends?: EndsClass): CrossTable =>
      finishedValue(job((ctl) => new CrossSearch(w, h, KNIGHT, false, ends).steps(ctl)).runSync());
    const w57 = wholeOpen(5, 7);
    expect(halvesCount(5, 7, KNIGHT, false).count).toBe(w57);
    // 5 rows of 7 (two tables: 7×3 and 7×2) against the whole board's program across its 5 files.
    expect(join(table(7, 5), 3)).toBe(w57);
    // 8×6: one end in each part (two tables); the bottom's square 2 is (file 5, row 5) on the board.
    const board = Board.of(8, 6),
      g = buildCountGraph(board, KNIGHT);
    const ends = [board.index(1, 0), board.index(5, 5)].map((s) => vertexOf(board, g, s));
    const across = frontierCount(g, { closed: false, ends }).count;
    expect(across).toBeGreaterThan(0n);
    expect(join(table(8, 6, { top: [1], bottom: [2] }), 1)).toBe(across);
  }, 900_000);

  it('halves against the whole board on random boards with an odd number of rows, open, random leapers (60 runs)', () => {
    againstWholeBoard({ closed: false, maxWidth: 5, maxHalf: 2, maxCells: 25, seed: 2017, nonzero: 5, odd: true });
  }, 900_000);
});
