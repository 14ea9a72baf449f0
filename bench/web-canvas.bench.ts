// The playground's canvas board on huge boards, measured in Debian's Chromium by test/web/canvas-timing.ts (run
// as a child process): a 1000×1000 tour from the worker's answer to the screen, and painting a million squares
// in one ImageData pass against the old square-by-square fillRect, in the same page.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, BenchSection } from './types.js';

// Run from bench/ (tsx) or from .bench-build/bench/ (npm run bench): the repository is one or two folders up.
const here = dirname(fileURLToPath(import.meta.url));
const repo =
  [join(here, '..'), join(here, '..', '..')].find((d) => existsSync(join(d, 'test', 'web', 'canvas-timing.ts'))) ?? '.';

interface Tours {
  side: number;
  answerMs: number;
  displayMs: number;
  settledMs: number;
  busyMs: number;
  keyMs: number;
  keyBusyMs: number;
}

export async function run(): Promise<BenchSection> {
  const title = 'Playground: canvas board of huge boards (Chromium)';
  const out = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['test/web/canvas-timing.ts', '400', '1000'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, RUNS: '5' },
    timeout: 600_000,
  });
  const lines = out.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const tours = lines.filter((l) => 'side' in l) as unknown as Tours[];
  const paint = lines.find((l) => 'paint' in l)?.paint as { fillRectMs: number; imageDataMs: number } | undefined;
  if (out.status !== 0 || !paint) {
    const why =
      out.status === 2
        ? out.stderr.trim()
        : `canvas-timing failed (exit ${out.status}): ${out.stderr.trim().slice(-300)}`;
    return { title, rows: [], notes: [why] };
  }
  const rows: BenchRow[] = [
    {
      name: 'paint a 1000x1000 board on an 800x800 canvas, one ImageData pass',
      medianMs: paint.imageDataMs,
      baseline: { name: 'square by square with fillRect (the old drawing)', medianMs: paint.fillRectMs },
    },
  ];
  for (const t of tours) {
    rows.push({
      name: `Tours page ${t.side}x${t.side}: worker's answer to the tour on screen`,
      medianMs: t.displayMs,
      target: t.side === 1000 ? 'well under 2 s' : undefined,
      met: t.side === 1000 ? t.displayMs < 1000 : undefined,
      note: `answer after ${t.answerMs} ms, all on screen after ${t.settledMs} ms; main thread busy ${t.busyMs} ms in all`,
    });
    rows.push({
      name: `Tours page ${t.side}x${t.side}: one arrow key on the focused board, until the cursor is drawn`,
      medianMs: t.keyMs,
      note: `long tasks per key: ${t.keyBusyMs} ms`,
    });
  }
  return {
    title,
    rows,
    notes: [
      'Medians of 5 page loads (headless Chromium, no GPU, 1280x900 at scale 1). "Busy" sums the long tasks (over 50 ms) from navigation on.',
      'Before the one-pass painting (commit 45f18cc~1 with the cap raised, same script, 29 Nov 2026, 3 loads): 1000x1000 on screen after 2277 ms, main thread busy 1510 ms, 1155 ms per arrow key; 400x400 on screen after 1022 ms, busy 425 ms, 254 ms per key.',
    ],
  };
}
