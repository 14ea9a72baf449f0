// The playground's caps measured in Debian's Chromium by test/web/caps-timing.ts (run as a child process): the
// page's main work at each cap and past it, timed in a fresh worker, with the page's peak memory; a few pages
// driven end to end. Each cap in web/src names the row here that set it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, BenchSection } from './types.js';

// Run from bench/ (tsx) or from .bench-build/bench/ (npm run bench): the repository is one or two folders up.
const here = dirname(fileURLToPath(import.meta.url));
const repo =
  [join(here, '..'), join(here, '..', '..')].find((d) => existsSync(join(d, 'test', 'web', 'caps-timing.ts'))) ?? '.';

interface Line {
  group: string;
  size: string;
  ms: number;
  peakMiB: number;
  baseMiB?: number;
  said?: string;
  error?: string;
  timedOut?: boolean;
}

export async function run(): Promise<BenchSection> {
  const title = "Playground: the pages' caps (Chromium)";
  const out = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['test/web/caps-timing.ts'], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 3_600_000,
  });
  const lines = out.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
  if (out.status !== 0 || lines.length === 0) {
    const why =
      out.status === 2
        ? out.stderr.trim()
        : `caps-timing failed (exit ${out.status}): ${out.stderr.trim().slice(-300)}`;
    return { title, rows: [], notes: [why] };
  }
  const rows: BenchRow[] = lines.map((l) => ({
    name: `${l.group}: ${l.size}`,
    medianMs: l.ms,
    note: [
      l.timedOut ? '**cut off at the 60 s limit**' : l.error ? `error: ${l.error}` : l.said,
      `page peak ${l.peakMiB} MiB${l.baseMiB ? ` (idle ${l.baseMiB} MiB)` : ''}`,
    ].join('; '),
  }));
  return {
    title,
    rows,
    notes: [
      'One run per row (these take seconds to a minute each; the sizes step by 2× or more, so run-to-run noise does not move a cap). Headless Chromium, no GPU.',
      'Rows without "page" time the engine work in a fresh worker of a probe page (test/web/caps-probe) that makes the same engine calls as the page\'s worker, with no page cap in front; "page" rows open the real page at that size and time navigation to the answer on screen.',
      "Page peak memory is the resident size of the browser's largest renderer process (the page and its workers), sampled every 100 ms.",
      'A cap sits where the work takes about a minute or the memory reaches a few GB, whichever comes first, or where drawing stops being usable; past a cap the page either answers within a budget (and says it stopped) or says why in words.',
    ],
  };
}
