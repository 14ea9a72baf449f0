// The playground's first answers, measured in Debian's Chromium by test/web/first-timing.ts (run as a child
// process): for each page's heavy cases, the time to the first answer on screen and to the exact or final one,
// with the page's peak memory. The aim: the first answer to any control within 1 s on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

// Run from bench/ (tsx) or from .bench-build/bench/ (npm run bench): the repository is one or two folders up.
const here = dirname(fileURLToPath(import.meta.url));
const repo =
  [join(here, '..'), join(here, '..', '..')].find((d) => existsSync(join(d, 'test', 'web', 'first-timing.ts'))) ?? '.';

interface Line {
  page: string;
  name: string;
  hash: string;
  runs: number;
  fromLink: boolean;
  loadMs: number | null;
  firstMs: number | null;
  exactMs: number | null;
  cut: boolean;
  said: string;
  peakMiB: number;
  errors?: string[];
}

/** The bound on the first answer. */
const FIRST_MS = 1000;

export async function run(): Promise<BenchSection> {
  const title = 'Playground: first answers and exact answers (Chromium)';
  const out = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['test/web/first-timing.ts'], {
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
        : `first-timing failed (exit ${out.status}): ${out.stderr.trim().slice(-300)}`;
    return { title, rows: [], notes: [why] };
  }
  const rows: BenchRow[] = lines.map((l) => {
    // From a link the page's own start counts too: the first answer is judged after the page is up.
    const firstAfterLoad =
      l.firstMs === null ? null : l.fromLink && l.loadMs !== null ? l.firstMs - l.loadMs : l.firstMs;
    const exact = l.cut
      ? `**not in ${l.firstMs === null ? 'the 90 s cap (nor the first answer)' : 'the 90 s cap'}**`
      : l.exactMs === l.firstMs
        ? 'the first answer is the exact one'
        : `exact/final after ${fmtMs(l.exactMs!)}`;
    return {
      name: `${l.page}: ${l.name}`,
      medianMs: l.firstMs ?? 90_000,
      target: 'first answer ≤ 1 s',
      met: firstAfterLoad !== null && firstAfterLoad <= FIRST_MS,
      note: [
        exact,
        l.fromLink ? `from the link (page up after ${l.loadMs} ms)` : 'from the control',
        l.said,
        `${l.runs} run${l.runs === 1 ? '' : 's'}`,
        `page peak ${l.peakMiB} MiB`,
        l.errors ? `page errors: ${l.errors.join('; ')}` : '',
        `\`${l.hash}\``,
      ]
        .filter((x) => x)
        .join('; '),
    };
  });
  return {
    title,
    rows,
    notes: [
      '"median" is the time to the first answer on screen (the selector drawn, then one frame); the note gives the exact or final answer\'s time. Medians of 3 runs when the exact answer comes within 12 s, else 1 run; each run is cut at 90 s. Headless Chromium, no GPU, 1280×900.',
      'Rows "from the link" time a fresh page from navigation (the page itself is up after the load time in the note, about 0.2–0.7 s here); "met" judges the first answer after the page is up. Rows "from the control" start the clock at the click on an open page.',
      'Selectors per page: Sea Battle `#fleet-heat` (first: `data-method="first"`), `#fleet-count-estimate` then `#fleet-count`; Random walk the map or distribution legend, then `#walk-lambda` / `#walk-method` (or the over-the-limit note); Tours `.path-overlay[data-shown]` and `#table-summary`; King\'s Valley the first proved move in `.valley-analysis`, then `data-status="done"`; Moves `#moves-heat`, then `data-complete="true"`.',
      "Page peak memory is the resident size of the browser's largest renderer process (the page and its workers), sampled every 100 ms.",
      'Moves before this section\'s change: the queen\'s heat map on 512×512 showed nothing until the whole map was in, 12–18 s ("moves heat" rows in web-caps.md); it is now counted at once from the distance to the edge (with blockers, one pass per ray).',
    ],
  };
}
