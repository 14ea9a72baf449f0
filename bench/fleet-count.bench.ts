// Benchmarks of exact fleet-layout counting: the cell-by-cell program beside a plain backtracking counter, with peak
// memory.
// The german fleet (a few minutes) runs only with GRIDBITS_BENCH_LONG=1.
import { finishedValue } from '../src/core/job.js';
import { countLayouts, countLayoutsSync } from '../src/fleet/count.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import type { FleetProblem, Touch } from '../src/fleet/problem.js';
import { fmtMs, keep, median } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';
import { isTooLarge, type TooLarge } from '../src/fleet/memory.js';
/** The answer of an exact call on a problem well within the memory cap. */
function exactly<T>(answer: T | TooLarge): T {
  if (isTooLarge(answer)) throw new Error(`unexpectedly too large: ${answer.reason}`);
  return answer;
}

/**
 * The baseline: a plain backtracking counter as anyone would write it first — ship lengths longest first,
 * every (x, y, direction) tried for each ship, a grid of occupied cells, the touch rule checked against
 * the eight (or four) neighbours, equal lengths placed in increasing position order so they are not told apart.
 */
export function plainCount(w: number, h: number, lengths: number[], touch: Touch): number {
  const lens = [...lengths].sort((a, b) => b - a);
  const grid: number[][] = Array.from({ length: w }, () => new Array<number>(h).fill(0));
  const clear = (x: number, y: number): boolean => {
    if (grid[x][y]) return false;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        if ((dx === 0 && dy === 0) || touch === 'any' || (touch === 'corner' && dx !== 0 && dy !== 0)) continue;
        const nx = x + dx,
          ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h && grid[nx][ny]) return false;
      }
    }
    return true;
  };
  let count = 0;
  const go = (i: number, from: number): void => {
    if (i === lens.length) {
      count++;
      return;
    }
    const len = lens[i];
    const start = i > 0 && lens[i - 1] === len ? from : 0;
    for (let code = start; code < 2 * w * h; code++) {
      const vertical = code & 1,
        x = (code >> 1) % w,
        y = Math.floor((code >> 1) / w);
      if (len === 1 && vertical) continue;
      const cells: Array<[number, number]> = [];
      for (let k = 0; k < len; k++) cells.push(vertical ? [x, y + k] : [x + k, y]);
      if (cells.some(([cx, cy]) => cx >= w || cy >= h || !clear(cx, cy))) continue;
      for (const [cx, cy] of cells) grid[cx][cy] = 1;
      go(i + 1, code + 1);
      for (const [cx, cy] of cells) grid[cx][cy] = 0;
    }
  };
  go(0, 0);
  return count;
}

function problem(side: number, fleet: string, touch?: Touch): FleetProblem {
  return fleetProblem({ width: side, height: side, fleet, ...(touch ? { touch } : {}) });
}

/** Count once, recording wall time and the largest resident set seen at the progress reports. */
/**
 * Count once, recording wall time, this process's CPU time (wall minus CPU = waiting for a shared core) and peak RSS.
 */
function timedCount(
  p: FleetProblem,
  order: 'rows' | 'snake' = 'rows',
): { count: bigint; ms: number; cpuMs: number; peakMiB: number } {
  let peak = process.memoryUsage().rss;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const count = exactly(
    finishedValue(
      countLayoutsSync(p, { order, onProgress: () => void (peak = Math.max(peak, process.memoryUsage().rss)) }),
    ),
  );
  const c = process.cpuUsage(c0);
  return { count, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, peakMiB: peak / 2 ** 20 };
}

function cpuNote(r: { cpuMs: number }): string {
  return `CPU ${(r.cpuMs / 1000).toFixed(1)} s`;
}

function expectCount(got: bigint, want: bigint, what: string): void {
  if (got !== want) throw new Error(`${what}: counted ${got}, expected ${want}`);
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];

  // 6×6 hasbro, touching: the program and the plain counter on the same problem.
  const small = problem(6, 'hasbro');
  const plainN = plainCount(6, 6, [5, 4, 3, 3, 2], 'any');
  expectCount(exactly(finishedValue(countLayoutsSync(small))), BigInt(plainN), 'hasbro 6x6');
  const plainMs = median(() => keep(plainCount(6, 6, [5, 4, 3, 3, 2], 'any')), { samples: 3, warmup: 1 });
  const oursSmall = median(() => keep(countLayoutsSync(small)), { samples: 7, warmup: 2 });
  rows.push({
    name: `hasbro on 6×6, touching (${plainN.toLocaleString('en-US')} layouts)`,
    medianMs: oursSmall,
    baseline: { name: 'plain backtracking counter', medianMs: plainMs },
  });

  // The published 10×10 hasbro figure.
  const hasbro = problem(10, 'hasbro');
  const runs = [timedCount(hasbro), timedCount(hasbro), timedCount(hasbro)];
  runs.forEach((r) => expectCount(r.count, 15046987768n, 'hasbro 10x10'));
  const hasbroMs = runs.map((r) => r.ms).sort((a, b) => a - b)[1];
  rows.push({
    name: 'hasbro on 10×10, touching: 15,046,987,768',
    medianMs: hasbroMs,
    target: '< 10 s',
    met: hasbroMs < 10_000,
    note: `median of 3 (${runs.map(cpuNote).join(', ')}); peak RSS ${Math.max(...runs.map((r) => r.peakMiB)).toFixed(0)} MiB`,
  });

  // classic: no published figure; the snake scan (other states, other order) must agree.
  const classic = problem(10, 'classic');
  const c1 = timedCount(classic);
  const c2 = timedCount(classic, 'snake');
  expectCount(c2.count, c1.count, 'classic 10x10, snake scan against row scan');
  rows.push({
    name: `classic on 10×10, no touching: ${c1.count.toLocaleString('en-US')}`,
    medianMs: c1.ms,
    baseline: { name: 'the same count by the snake scan', medianMs: c2.ms },
    target: '< 60 s',
    met: c1.ms < 60_000,
    note: `one run each (${cpuNote(c1)}; snake ${cpuNote(c2)}); peak RSS ${c1.peakMiB.toFixed(0)} MiB (snake ${c2.peakMiB.toFixed(0)} MiB); both scans agree`,
  });

  // Progress should follow the time: the share it says at a quarter, half and three quarters of a run.
  const evenness = async (p: FleetProblem, what: string): Promise<string> => {
    const seen: [number, number][] = [];
    const t0 = performance.now();
    await countLayouts(p, { onProgress: (q) => seen.push([performance.now() - t0, q.share ?? 0]) });
    const T = performance.now() - t0;
    const at = (f: number): string => `${((seen.filter(([t]) => t <= f * T).pop()?.[1] ?? 0) * 100).toFixed(0)} %`;
    return `${what} (${fmtMs(T)}): ${at(0.25)} / ${at(0.5)} / ${at(0.75)}`;
  };
  notes.push(
    `Progress at 25 / 50 / 75 % of the run's time (async count; progress in states expanded beside the states forecast for the later cells): ${await evenness(fleetProblem({ width: 9, height: 9, fleet: 'hasbro' }), 'hasbro 9×9')}; ` +
      `${await evenness(hasbro, 'hasbro 10×10')}; ${await evenness(classic, 'classic 10×10')}. ` +
      'In cells passed, as before, hasbro 9×9 said 48 % at 75 % of the time.',
  );

  if (process.env.GRIDBITS_BENCH_LONG) {
    const g = timedCount(problem(10, 'german'));
    expectCount(g.count, 26509655816984n, 'german 10x10');
    rows.push({
      name: 'german on 10×10, no touching: 26,509,655,816,984',
      medianMs: g.ms,
      target: '< 5 min',
      met: g.ms < 300_000,
      note: `one run (${cpuNote(g)}); peak RSS ${g.peakMiB.toFixed(0)} MiB`,
    });
  } else {
    notes.push(
      'german on 10×10 (26,509,655,816,984, target < 5 min) is opt-in: GRIDBITS_BENCH_LONG=1 npm run bench -- fleet-count.',
    );
  }
  notes.push(
    'Table cap (MAX_TABLE_BYTES = 512 MiB per table, kept): a count big enough to reach it runs for many minutes first — `node dist/cli/main.js fleet count --board 12x12 --fleet classic` was still running after 16 min on the shared 2-core machine (stopped by hand) — so the time limit (`--timeout`, `timeoutMs`) is what bounds a count here; at the cap a count holds about 1.5 GB (the table and two layers).',
  );
  notes.push(
    'Wall times on a shared 2-core machine: the CPU time beside each shows how much of the wall time this process actually ran.',
    'The program visits cells in row order; its state is the window of cells ahead already covered or closed by a halo, plus the ships left. ' +
      'Counts are doubles below 2^53 (exact: a double sum that stays below 2^53 is exact), BigInts above.',
  );
  return { title: 'Sea Battle: exact layout counts', rows, notes };
}
