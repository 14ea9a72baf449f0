// Tour finding benchmarks: a verified tour from every square of 200x200, a 1000x1000 closed tour, and
// 10000x10000 open and closed tours in a child process (time and peak memory), against plain Warnsdorff.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Board } from '../src/core/board.js';
import { KNIGHT } from '../src/pieces/piece.js';
import { finishedValue } from '../src/core/job.js';
import { findTourSync } from '../src/tour/find.js';
import type { Query } from '../src/tour/types.js';

const findTour = (q: Query) => finishedValue(findTourSync(q));
import { warnsdorffPath } from '../src/tour/warnsdorff.js';
import { fault } from '../src/tour/verify.js';
import { keep, measureProcess, median } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

// Run from bench/ (tsx) or from .bench-build/bench/ (npm run bench): look for dist/ above either.
const cli =
  [new URL('../dist/cli/main.js', import.meta.url), new URL('../../dist/cli/main.js', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((f) => existsSync(f)) ?? 'dist/cli/main.js';

/** Plain Warnsdorff (first of the tied squares), verified: the baseline; null when it gets stuck. */
function plainWarnsdorff(board: Board, start: number): Int32Array | null {
  const p = warnsdorffPath(board, KNIGHT.leaps, start, 'first');
  if (p !== null && fault(board, p, { piece: KNIGHT }) !== null) throw new Error('bad baseline tour');
  return p;
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];

  // 8x8 from all 64 squares.
  const b8 = Board.of(8, 8);
  const all8 = (): number => {
    let ok = 0;
    for (let s = 0; s < 64; s++) if (findTour({ board: b8, piece: KNIGHT, closed: false, from: s }).exists) ok++;
    if (ok !== 64) throw new Error(`only ${ok} tours on 8x8`);
    return ok;
  };
  let stuck8 = 0;
  const plain8 = (): void => {
    stuck8 = 0;
    for (let s = 0; s < 64; s++) if (plainWarnsdorff(b8, s) === null) stuck8++;
  };
  const ms8 = median(all8, { samples: 15, inner: 10 });
  rows.push({
    name: '8x8: verified open tours from all 64 squares',
    medianMs: ms8,
    baseline: {
      name: 'plain Warnsdorff (first tie) from the 64 squares',
      medianMs: median(plain8, { samples: 15, inner: 10 }),
    },
    target: '< 5 ms in total',
    met: ms8 < 5,
    note: `plain Warnsdorff got stuck from ${stuck8} of 64 squares`,
  });

  // 200x200 from every square: findTour rotates the kept closed tour to each start and verifies it.
  const b200 = Board.of(200, 200);
  const every = (): number => {
    let ok = 0;
    for (let s = 0; s < b200.cells; s++)
      if (findTour({ board: b200, piece: KNIGHT, closed: false, from: s }).exists) ok++;
    if (ok !== b200.cells) throw new Error(`only ${ok} tours`);
    return ok;
  };
  const allMs = median(every, { samples: 3, warmup: 1 });
  // Baseline: plain Warnsdorff from 400 squares spread over the board, scaled to 40,000 starts.
  let stuck = 0;
  const sample = (): void => {
    stuck = 0;
    for (let i = 0; i < 400; i++) if (plainWarnsdorff(b200, (i * 100 + (i % 200)) % b200.cells) === null) stuck++;
  };
  const baseMs = median(sample, { samples: 3, warmup: 1 }) * 100;
  rows.push({
    name: '200x200: a verified open tour from each of the 40,000 squares',
    medianMs: allMs,
    baseline: { name: 'plain Warnsdorff (first tie), 400 starts × 100', medianMs: baseMs },
    target: '< 30 s (paper: 20 min on a Pentium II)',
    met: allMs < 30_000,
    note: `${((allMs / b200.cells) * 1000).toFixed(1)} µs per tour; plain Warnsdorff got stuck from ${stuck} of 400 starts`,
  });

  // 1000x1000 closed.
  const b1000 = Board.of(1000, 1000);
  // A new seed each time, so every run builds its tour (the engine keeps the last one per board and seed).
  let seed = 1;
  const closedMs = median(() => keep(findTour({ board: b1000, piece: KNIGHT, closed: true, seed: seed++ })), {
    samples: 7,
    warmup: 2,
  });
  const rothMs = median(() => keep(warnsdorffPath(b1000, KNIGHT.leaps, 0, 'roth')), { samples: 3, warmup: 1 });
  rows.push({
    name: '1000x1000: a verified closed tour (built afresh: a new seed each run)',
    medianMs: closedMs,
    baseline: { name: "Warnsdorff with Roth's tie-break, open, unverified", medianMs: rothMs },
    target: '< 0.5 s',
    met: closedMs < 500,
  });

  // 10000x10000 in a child process (the built CLI): time and peak memory.
  if (existsSync(cli)) {
    for (const [label, args] of [
      ['10000x10000: a closed tour (CLI, verified)', ['tour', '10000x10000', '--closed', '--format', 'summary']],
      [
        '10000x10000: an open tour from e5000 (CLI, verified)',
        ['tour', '10000x10000', '--from', 'e5000', '--format', 'summary'],
      ],
      [
        '9999x9999: an open tour from e5001 (odd board, CLI, verified)',
        ['tour', '9999x9999', '--from', 'e5001', '--format', 'summary'],
      ],
    ] as const) {
      const runs = [0, 1, 2].map(() => measureProcess(process.execPath, [cli, ...args]));
      if (runs.some((r) => r.code !== 0 || !/found/.test(r.stdout))) throw new Error(`${label}: the CLI failed`);
      runs.sort((a, b) => a.ms - b.ms);
      const mid = runs[1];
      const peak = Math.max(...runs.map((r) => r.peakMiB ?? 0));
      rows.push({
        name: label,
        medianMs: mid.ms,
        target: '< 30 s, peak < 2 GB',
        met: mid.ms < 30_000 && peak > 0 && peak < 2048,
        note: `peak RSS ${peak.toFixed(0)} MiB (whole process); ${/time: ([0-9.]+ ms)/.exec(mid.stdout)?.[1] ?? '?'} inside`,
      });
    }
  } else notes.push('dist/ not built: the 10000x10000 rows need `npm run build` first');
  const rt = spawnSync(process.execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  notes.push(
    `Every tour is checked by the engine's O(cells) verifier before it is returned; the times include it. Node ${rt}.`,
    '200x200 and 1000x1000: closed tours built from small block cycles joined at their corners, rotated to the start (Euler).',
  );
  return { title: 'Tour finding (gridbits tour)', rows, notes };
}
