// Benchmarks of exact tour counting: the frontier program beside a plain backtracking counter, with peak memory.
// The 6×6 open count takes about a minute or more; it runs only with GRIDBITS_BENCH_LONG=1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Board } from '../src/core/board.js';
import { finishedValue } from '../src/core/job.js';
import {
  countCheckpoint,
  countTours,
  countToursJob,
  countToursSync,
  type Count,
  type TourCountOptions,
} from '../src/tour/count.js';
import { readCheckpointHead } from '../src/tour/count-checkpoint.js';

/** A count that must finish (no limit is given), exactly. */
const counted = (b: Board, o: TourCountOptions = {}): Count => {
  const a = finishedValue(countToursSync(b, o));
  if (!a.complete) throw new Error(`${b}: ${a.reason}`);
  return a;
};
import { fmtMs, keep, measureProcess, median } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

// The baseline: a plain backtracking counter as anyone would write it first — (x, y) coordinates, the eight
// jumps in a fixed order, a visited grid, no pruning. Open: directed tours from every square; closed: from a1,
// keeping paths whose last square jumps back to a1, halved (each cycle is met once per direction).
function plainCount(w: number, h: number, closed: boolean): number {
  const jumps = [
    [1, 2],
    [2, 1],
    [2, -1],
    [1, -2],
    [-1, -2],
    [-2, -1],
    [-2, 1],
    [-1, 2],
  ];
  const seen: boolean[][] = Array.from({ length: w }, () => new Array<boolean>(h).fill(false));
  let count = 0;
  const go = (x: number, y: number, depth: number): void => {
    if (depth === w * h) {
      if (!closed || jumps.some(([dx, dy]) => x + dx === 0 && y + dy === 0)) count++;
      return;
    }
    for (const [dx, dy] of jumps) {
      const nx = x + dx,
        ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[nx][ny]) continue;
      seen[nx][ny] = true;
      go(nx, ny, depth + 1);
      seen[nx][ny] = false;
    }
  };
  for (let x = 0; x < (closed ? 1 : w); x++) {
    for (let y = 0; y < (closed ? 1 : h); y++) {
      seen[x][y] = true;
      go(x, y, 1);
      seen[x][y] = false;
    }
  }
  return closed ? count / 2 : count;
}

// npm runs the bench from the repository root; the built CLI is there in dist/.
const cli = join(process.cwd(), 'dist', 'cli', 'main.js');

function peakOfCli(args: string[]): string {
  if (!existsSync(cli)) return 'peak RSS: build dist/ to measure';
  const m = measureProcess(process.execPath, [cli, ...args, '--json']);
  return m.peakMiB === null ? 'peak RSS: n/a' : `peak RSS ${m.peakMiB.toFixed(0)} MiB (CLI child, ${fmtMs(m.ms)} wall)`;
}

function expectCount(got: bigint, want: bigint, what: string): void {
  if (got !== want) throw new Error(`${what}: counted ${got}, expected ${want}`);
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];

  // 5×5 open: the frontier program and the pruned backtracking counter, each beside the plain counter.
  const b55 = Board.of(5, 5);
  const plain55 = median(() => plainCount(5, 5, false), { samples: 3, warmup: 1 });
  if (plainCount(5, 5, false) !== 1728) throw new Error('plain 5x5 count is not 1728');
  const front55 = median(() => keep(counted(b55, { method: 'frontier' })), { samples: 7 });
  expectCount(counted(b55).count, 1728n, '5x5 open');
  rows.push({
    name: '5×5 directed open tours (1,728), frontier program',
    medianMs: front55,
    baseline: { name: 'plain backtracking counter', medianMs: plain55 },
    target: '< 1 s',
    met: front55 < 1000,
    note: `${counted(b55).nodes.toLocaleString('en-US')} states expanded`,
  });
  const dfs55 = median(() => keep(counted(b55, { method: 'backtracking' })), { samples: 7 });
  rows.push({
    name: '5×5 directed open tours (1,728), pruned backtracking',
    medianMs: dfs55,
    baseline: { name: 'plain backtracking counter', medianMs: plain55 },
    target: '< 1 s',
    met: dfs55 < 1000,
    note: 'the fallback used with budgets on boards past the frontier limit',
  });

  // 3×10 closed: a strip the plain counter can finish.
  const b310 = Board.of(3, 10);
  const plain310 = median(() => plainCount(3, 10, true), { samples: 3, warmup: 1 });
  const front310 = median(() => keep(counted(b310, { closed: true })), { samples: 7 });
  expectCount(counted(b310, { closed: true }).count, 16n, '3x10 closed');
  rows.push({
    name: '3×10 closed tours (16), frontier program',
    medianMs: front310,
    baseline: { name: 'plain backtracking counter', medianMs: plain310 },
  });

  // 6×6 closed: the plain counter does not finish in reasonable time here; the ratio is left out.
  const b66 = Board.of(6, 6);
  const closed66 = median(() => keep(counted(b66, { closed: true })), { samples: 5, warmup: 1 });
  const r66 = counted(b66, { closed: true });
  expectCount(r66.count, 9862n, '6x6 closed');
  rows.push({
    name: '6×6 closed tours (9,862), frontier program',
    medianMs: closed66,
    target: '< 5 s',
    met: closed66 < 5000,
    note: `${r66.nodes.toLocaleString('en-US')} states, at most ${r66.peakStates?.toLocaleString('en-US')} at once; ${peakOfCli(['tour-count', '6x6', '--closed'])}`,
  });

  // 6×8 closed: two half-boards joined at their boundary against the whole-board program, same process.
  const b68 = Board.of(6, 8);
  const whole68 = median(() => keep(counted(b68, { closed: true, method: 'frontier' })), { samples: 3, warmup: 0 });
  const halves68 = median(() => keep(counted(b68, { closed: true })), { samples: 3, warmup: 1 });
  const r68 = counted(b68, { closed: true });
  expectCount(r68.count, 55488142n, '6x8 closed');
  if (r68.split !== 'halves') throw new Error('6x8 closed was not counted by halves');
  rows.push({
    name: '6×8 closed tours (55,488,142, A175881), two half-boards joined',
    medianMs: halves68,
    baseline: { name: 'whole-board frontier program', medianMs: whole68 },
    target: '< 15 s',
    met: halves68 < 15_000,
    note: `top half: ${r68.nodes.toLocaleString('en-US')} states, at most ${r68.peakStates?.toLocaleString('en-US')} at once; ${peakOfCli(['tour-count', '6x8', '--closed'])}`,
  });

  // A checkpoint of a count in its middle: written, read back and resumed, against the count run unbroken.
  const resumed = median(
    () => {
      const j = countToursJob(b66, { closed: true, method: 'frontier' });
      const half = j.runSync({ maxNodes: 300_000 });
      if (half.finished) throw new Error('6x6 closed finished before its checkpoint');
      const parts = countCheckpoint(j) as Uint8Array[];
      const bytes = new Uint8Array(parts.reduce((n, q) => n + q.length, 0));
      let at = 0;
      for (const q of parts) {
        bytes.set(q, at);
        at += q.length;
      }
      const { head, tablesAt } = readCheckpointHead(bytes);
      const words = (from: number, n: number): Uint32Array => new Uint32Array(bytes.slice(from, from + 16 * n).buffer);
      const resume = {
        head,
        cur: words(tablesAt, head.curEntries),
        next: words(tablesAt + 16 * head.curEntries, head.nextEntries),
      };
      const rest = countToursJob(b66, { closed: true, method: 'frontier', resume }).runSync();
      if (!rest.finished || !rest.value.complete) throw new Error('unfinished');
      expectCount(rest.value.count, 9862n, '6x6 closed resumed');
      return bytes.length;
    },
    { samples: 5, warmup: 1 },
  );
  const unbroken = median(() => keep(counted(b66, { closed: true, method: 'frontier' })), { samples: 5, warmup: 1 });
  rows.push({
    name: '6×6 closed (9,862), stopped half-way, saved, read back and resumed',
    medianMs: resumed,
    baseline: { name: 'the same count unbroken', medianMs: unbroken },
    note: 'the checkpoint holds both tables as laid out, with a check sum; in memory here (the CLI writes it to a file)',
  });

  // Progress should follow the time: what it says at a quarter, half and three quarters of a run.
  const evenness = async (b: Board, closed: boolean): Promise<string> => {
    const seen: [number, number][] = [];
    const t0 = performance.now();
    await countTours(b, {
      closed,
      onProgress: (p) => seen.push([performance.now() - t0, Math.round(100 * (p.share ?? 0))]),
    });
    const T = performance.now() - t0;
    const at = (f: number): number => seen.filter(([t]) => t <= f * T).pop()?.[1] ?? 0;
    return `${b} ${closed ? 'closed' : 'open'} (${fmtMs(T)}): ${at(0.25)} % / ${at(0.5)} % / ${at(0.75)} %`;
  };
  notes.push(
    `Progress at 25 / 50 / 75 % of the run's time (async count): ${await evenness(b66, true)}; ${await evenness(Board.of(6, 7), true)}.`,
  );

  if (process.env.GRIDBITS_BENCH_LONG) {
    // The whole board's program, and two half-boards joined (the count's own choice for an open count with no start).
    const t0 = performance.now();
    const open66 = counted(b66, { method: 'frontier' });
    const ms = performance.now() - t0;
    expectCount(open66.count, 6637920n, '6x6 open');
    const t1 = performance.now();
    const halves66 = counted(b66);
    const msHalves = performance.now() - t1;
    expectCount(halves66.count, 6637920n, '6x6 open by halves');
    rows.push({
      name: '6×6 directed open tours (6,637,920), frontier program (one run)',
      medianMs: ms,
      target: '< 5 min',
      met: ms < 300_000,
      note: `${open66.nodes.toLocaleString('en-US')} states, at most ${open66.peakStates?.toLocaleString('en-US')} at once`,
    });
    rows.push({
      name: '6×6 directed open tours (6,637,920), two half-boards joined (one run)',
      medianMs: msHalves,
      baseline: { name: 'whole-board frontier program', medianMs: ms },
      target: '< 1 min',
      met: msHalves < 60_000,
      note: `${halves66.nodes.toLocaleString('en-US')} states, at most ${halves66.peakStates?.toLocaleString('en-US')} at once; ${peakOfCli(['tour-count', '6x6'])}`,
    });
  } else {
    notes.push(
      '6×6 directed open (6,637,920, target < 5 min) is opt-in: GRIDBITS_BENCH_LONG=1 npm run bench -- tour-count. ' +
        'Recorded 2026-11-29 on this machine (2 shared cores): 42.4 s in process, 23,677,874 states expanded, at most 5,644,449 at once; ' +
        'the CLI child took 53.8 s with a peak RSS of 382 MiB.',
    );
  }
  notes.push(
    "Limits (measured 2026-12-01 with `/usr/bin/time -v node dist/cli/main.js … --json` while other work loaded both cores, so CPU seconds stand for an idle machine's wall time): " +
      'tour-count 6x6 open 53.6 s CPU (224 s wall), 375 MB; 6x9 closed 25.3 s, 152 MB; 5x10 open 27.1 s, 158 MB (5x9 21.5 s, 5x8 12.6 s); 5x100 closed 48.7 s, 152 MB (5x30 13.4 s); ' +
      '4x400 open 51.8 s, 129 MB (4x200 25.3 s); 3x5000 open 29.5 s, 98 MB (3x1500 8.5 s; counts of thousands of digits, so time grows faster than the board); ' +
      'tour-table 100x100 47.5 s CPU, 95 MB (64x64 9.2 s). So the counter takes without a budget up to 36 squares open / 54 closed 6 wide, 50 open / 500 closed 5 wide, 1600 4 wide, 20,000 3 wide ' +
      '(it was 36/48, 100, 600, 1500: 5 wide open was far too high, 5x20 open would take hours); tour-table takes up to 10,000 squares without --timeout (65,536 with it). Past the count limit a budget counts anyway: a stopped backtracking count is a lower bound; a stopped frontier count has none (it counts no tour before its last square) and says how far it got.',
    'Closed tours by halves past the old limit (measured 2026-12-01 with `/usr/bin/time`, machine shared with other work): 6x12 closed 964,730,606,632,516 in 20.3 s of CPU, 6x14 closed 4,005,716,717,182,224,826 (past 2^53, exact in two 32-bit halves) in 37.3 s of CPU and 300 MB (both as OEIS A175881); so closed tours 6 wide with both sides even are taken up to 84 squares.',
    "Closed tours on odd widths by halves (the half turn's two self-image edges added to the top table after its run), measured 2026-12-01 on the machine shared with other work: `/usr/bin/time -f \"%U s %M KB\" node dist/cli/main.js tour-count 7x8 --closed --json` gives 34,524,432,316 in 67 s of CPU and 1.24 GB (the top table 47 s, the join 13 s: 281 M pairs; 5.6 M states at most); the whole board 7 wide (`countToursJob(Board.of(7, 8), { closed: true, method: 'frontier', pastLimit: true })`) gives the same count in 418 s of CPU, 1.38 GB, 22.5 M states at most. OEIS has it only in A383663 (Knuth), which we could not read here. So 7-wide closed boards are taken up to 56 squares; 7x10 closed: the top part alone took 506 s and 28.0 M states, and its join ran past 9 min of CPU (stopped).",
    'Open tours by halves (measured 2026-12-01 with `/usr/bin/time -f "%U s %M KB" node dist/cli/main.js tour-count WxH --json`, CPU seconds, the machine shared): 6x6 open 8.1 s, 227 MB (the whole board 46 s); 6x8 open 49,929,787,608 in 104 s, 923 MB, 8.3 M states at once (the whole board, `method: \'frontier\'`, the same count in 649 s, 1.38 GB, 22.1 M at once), so 6 wide open stays at 36 squares without a budget and 6x8 takes `--timeout 5m`; 5x20 open in 57 s, 243 MB (5x12 19 s, 5x18 42 s: as twice OEIS A083386, past 2^64); 6x10 open took 974 s and 2.5 GB (25 M states at once, and a join of 6 billion pairs): out of reach.',
    'Not yet in reach, measured with the programs as they were (2026-12-01, one core each, the machine shared; 8x8 closed is now joined across the middle, below): 8x8 closed by halves: the top half (rows 0-4, boundary rows 3-4 left open) held 7.9 M states after row 3, then 18.9 M, 29.3 M, 69.8 M and 104.9 M after the next four squares, 1.5x a square with four to go (stopped at 8 min, 2.7 GB); the variant that takes the edges between the halves in a third run, keeping only boundary degrees some bottom state completes, grew the same (55.7 M after square 34). The whole-board program across 8 squares needs more than 33.5 M states by 6 rows. 7x7 directed open (whole board, 15-square window): 196.3 M states after square 31 of 49, 1,783 s and 16 GB, still growing (stopped); it is now joined across the middle, below.',
    'Odd lengths by halves (the top part of the board one row longer joined with the top part of the board one row shorter, turned), measured 2026-12-03 with `/usr/bin/time -f "%U s %M KB" node dist/cli/main.js tour-count WxH --json` (CPU seconds, the machine shared): 6x7 open 779,938,932 in 28 s, 940 MB (the whole board was refused: 42 squares past its 36); 6x7 closed 1,067,638 in 1.4 s (the whole board 2.1 s); 5x19 open in 35 s, 5x17 in 27 s (310 MB); 6x13 closed in 22 s, 440 MB; 7x7 closed (none: 49 squares) in 21 s, 1.3 GB; 4x99 open 5.3 s; 3x99 open 0.7 s. 7x7 open by halves stays out of reach (it is joined across the middle instead, below): its larger part is 7x8 open\'s top part (rows 0-4), which `tour-count 7x8 --timeout 20m` stops at 33.5 M states at once after 82 s of CPU and 2.2 GB; with the cap raised to 134 M states (a scratch run, `MAX_STATES = 1 << 27`) it passed that too, after 375 s and 10.6 GB.',
    "Past the limits with a budget, measured 2026-12-03 the same way: `tour-count 7x10 --closed --timeout 50m --json` gives 1,250,063,279,938,854 (OEIS A193054) in 365 s of CPU and 4.8 GB, 28.0 M states at once (it ran past 9 min of CPU on the machine of 2026-12-01); `tour-count 6x9 --timeout 50m --json` gives 3,541,262,412,844 directed open tours, twice A390833's 1,770,631,206,422, in 183 s and 3.1 GB, 25.2 M states at once; the whole board's program (`countToursSync(Board.of(6, 9), { method: 'frontier', pastLimit: true })` from dist/) gives the same count in 377 s of CPU, 2.7 GB, 28.3 M states at once.",
    "8x8 closed joined across the middle (the top half with its own moves; each vector of its boundary degrees joined through every set of the moves between the halves that fits; the bottom half, the same table turned, seen through them as a pairing of the top's path ends summed by rank; mirror and half turn), measured 2026-12-03 with `/usr/bin/time -f \"%e s %M KB\" node dist/cli/main.js tour-count 8x8 --closed --timeout 60m --json` on this machine (2 cores, 16 shards on 2 threads): 13,267,364,410,532 (OEIS A001230) in 1,233 s wall and 3.43 GB at most; 10,266,793 top boundary states over 716,176 degree vectors (about 35 s per thread), 11,452,422,761 nodes (the top's states expanded and the bottom states seen at the join). Before it, the plain join of the same two tables was measured at 2.6e12 pairs of states and the bottom states seen at 6.1e10 without the symmetries (a sample of 300 degree vectors, seed 777). Measured again 2026-12-04 after the counting-sort tables and the release of the frontier's spare table, the same command: the same count in 1,331 s wall (the machine busier than on 2026-12-03, as the 7x7 re-measurement below shows) and 1.52 GB at most (1,520,792 KB; was 3.43 GB), the same 11,452,422,761 nodes.",
    "7x7 directed open joined across the middle (a path as a cycle through an apex joined to every square; the top part 7x4 and the bottom part 7x3, two tables; the apex's two edges placed at the join; crossing moves chosen file by file, each bottom square settled once no later top square reaches it and kept only where some bottom state starts so; mirror only), measured 2026-12-03 with `/usr/bin/time -f \"%e s %M KB\" node dist/cli/main.js tour-count 7x7 --timeout 60m --json` on this machine (2 cores, 16 shards on 2 threads): 165,575,218,320 (OEIS A165134) in 419 s wall and 8.1 GB at most; measured again 2026-12-04 after the counting-sort tables and the release of the frontier's spare table: 557 s wall (514 s in an earlier run; 7x6 open takes 48.7-51.7 s before and 49.3-50.2 s after the change, so the wall time moves with the machine) and 4.3 GB at most (4,296,444 KB; each thread holds both tables: 24,918,780 top states, 28.8 M at once while they are built, about 180 s, and 2,019,770 bottom ones); 710,588,218 nodes. Before the settling, one shard of the join on 7x5 open took 101 s; after it, 2.8 s. The same join on 7x8 closed laid out 8 wide (two tables, 8x4 and 8x3; `crossJoinSteps` on `new CrossSearch(8, 7, knight)` from dist/, one thread) gives the halves' 34,524,432,316 in 147 s and 1.7 GB: a second method for that count.",
    "8x8 directed open (OEIS A165134: 19,591,828,170,979,904), the plan from measured shards (2026-12-03, this machine, one process a core): the parts' tables of every open state do not fit 8 wide (the 8x3 part of 8x5 already holds 26.5 M states; 8x4 would hold hundreds of millions), so open tours 8 wide are joined class by class of where their two ends lie among the parts' own squares (ranks 1-2 and 7-8), each class's two 8x4 tables the frontier program's with exactly those ends (a window of 17 squares); 81 classes stand for the 289 (none inside, one of 32 squares, two of opposite colours) under the mirror and the half turn, and `tour-count 8x8 --queue URL` makes 16,200 shards (200 a class). Measured with `node --input-type=module -e \"import {CrossSearch,crossJoinSteps,endsClasses} from './dist/tour/count-cross.js'; import {finishedValue,job} from './dist/core/job.js'; import {parsePiece} from './dist/pieces/piece.js'; const [c,n,...ix]=process.argv.slice(1); const k=parsePiece('knight'); const {ends}=endsClasses(8,8,k)[+c]; let t0=Date.now(); const t=finishedValue(job(x=>new CrossSearch(8,8,k,false,ends).steps(x)).runSync()); console.log(t.top.states,t.bottom.states,(Date.now()-t0)/1000); for (const i of ix){t0=Date.now(); const r=finishedValue(job(x=>crossJoinSteps(t,+i,+n,x)).runSync()); console.log(i,r.count,(Date.now()-t0)/1000);}\" CLASS SHARDS INDEX...` under `/usr/bin/time -f \"%e s %M KB\"` (the class's tables, then shards of its join): class 0 (no end inside; both ends on the boundary ranks, placed at the join): 10,266,793 states a part, tables 59 s, 1.7 GB; a shard of 1/1000 of its join 195.5 s on the idle machine (276-337 s beside three other runs), so about 1.9e5 core-s for the class. One end inside (8 classes): a1 (class 1) 33.4 M states, tables 225 s, 5.6 GB, shards of 1/2000 44-46 s (9.1e4 s the class); d1 (46) 17.5 M, 3.5 GB, 38-42 s (8.0e4 s); b2 (66) 9.7 M, 2.6 GB, 29 s idle and beside other work (6.4e4 s). Two ends inside (72 classes): a1-b1 (2) 53.3 M states, tables 748 s, 9.1 GB (past the 2^25 states of other counts: class tables may hold 2^27), 5.6 s (1.1e4 s); a1-g2 (9) 22.1 M, 4.3 GB, 5.0-6.1 s; c2-d2 (74) 2.5 M, 2.0 GB, 4.2-7.4 s; a1-g8 (10, one end in each part: two tables, 33.4 M and 19.8 M) 6.5 GB, 6.5-6.6 s; d1-c7 (55) 2.9 GB, 5.7 s; b2-f7 (70) 1.7 GB, 1.5-2.0 s. So about 1.9e5 + 8 x 7.8e4 + 72 x 1.0e4 = 1.5e6 core-s (18 core-days): about 9 days on this machine, a day on 10 machines of its size, 12 hours on 20; shards of about 26 minutes (class 0), 5-6 minutes (one end) and under a minute (two ends), each worker building a class's tables once for the class's shards it takes (59-748 s). Measured since on all 81 classes (bench/results/tour-open-plan.md, `npm run bench:open-plan`, two processes, 2026-12-04): the join 1.66e6 core-s summed (19.2 core-days; 1.37e6 in a run the day before: the samples move with the machine's load), the tables 5,118 s a worker with the parts' tables kept within 2 GiB, about 232 h on one machine of this size, 24.5 h on 10 and 13.0 h on 20 (two workers each); a process peaks at 7.2 GB (15.2 GB before the frontier programs let go of their tables and the boundary tables lost their BigInt per state), so `gridbits worker --concurrency 2` fits a 24 GB machine. Run here: class 70 (ends b2 and f7) whole, as 200 shards in two processes: 1,742,174,684,045 paths (times 4 images and 2 directions: 13,937,397,472,360 of the directed total) in 1,805 s wall, 3,444 s of join (shards 12.9-35.6 s) and 79-87 s of tables a process, 1.75 GB each; its sample had predicted 3.6e3 s. The shards' command above with `70 200 0 1 … 99` and `70 200 100 … 199`.",
    'The plain counter is the baseline: (x, y) recursion, fixed move order, no pruning, same process. 6×6 closed was not run with it to the end (the issue quotes minutes for a plain counter in C), so the 6×6 rows have no ratio.',
    'Frontier program: squares added row by row across the shorter side; a state is the window of the last 2w+1 squares (degree 0, finished, or a path end paired with another or rooted at a finished tour end), 4 bits a square; states that need more than two tour ends are pruned as they form.',
  );
  return { title: 'Tour counting (tour-count)', rows, notes };
}
