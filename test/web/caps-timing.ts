// The playground's caps measured in Debian's Chromium (a measurement, not a test: `npx tsx test/web/caps-timing.ts`;
// bench/web-caps.bench.ts runs it). Each case runs the page's main work at one size in a fresh worker of a probe
// page (test/web/caps-probe: the same engine calls as the page's workers, with no page cap in front) and records
// its time and the page's peak memory; a few cases drive the real pages at their caps end to end. Prints one
// JSON line per case. CAPS_ONLY=word runs the cases whose group contains the word.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { launch, rendererMiB } from './browser.js';
import { REPO, ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';
import type { ProbeRequest } from './caps-probe/probe.worker.js';
import type { ProbeResult } from './caps-probe/main.js';
import { CHROMIUM, serviceMissing } from '../service.js';

/** One measurement: a group (the cap it sizes), the size in words, and either a probe request or a page to open. */
interface Case {
  group: string;
  size: string;
  probe?: ProbeRequest;
  /** A page opened at `hash`, then `act` done (if any), timed until `ready` matches. */
  page?: { hash: string; ready: string; act?: (page: Page) => Promise<void> };
}

/** The step-by-step search at its fastest speed, run to its end. */
const runSearch = async (page: Page): Promise<void> => {
  await page.locator('#search-speed').fill('100');
  await page.getByRole('button', { name: 'Run' }).click();
};

/** Work past this is cut off and reported as "over the limit" (the caps aim at about a minute). */
const LIMIT_MS = Number(process.env.CAPS_LIMIT_MS ?? 60_000);

const side = (n: number): string => `${n}×${n}`;
const CASES: Case[] = [
  // Moves: the attacks of every piece (on the page's thread, at each change) and the mobility heat map (worker).
  ...[256, 1000, 2000, 4000].map((n): Case => ({
    group: 'moves attacks',
    size: `${side(n)}, 8 queens`,
    probe: { kind: 'attacks', side: n, spec: 'queen', pieces: 8 },
  })),
  ...[256, 1000, 2000, 4000].map((n): Case => ({
    group: 'moves heat',
    size: `${side(n)} knight`,
    probe: { kind: 'heat', side: n, spec: 'knight' },
  })),
  ...[256, 512, 800, 1000].map((n): Case => ({
    group: 'moves heat',
    size: `${side(n)} queen`,
    probe: { kind: 'heat', side: n, spec: 'queen' },
  })),
  ...[512].map((n): Case => ({
    group: 'moves page',
    size: `${side(n)} 8 queens, attacks on screen`,
    page: {
      hash: `#/moves?board=${n}x${n}&piece=queen&at=a1,h8,c3,z20,aa100,bz300,cz400,dz500`,
      ready: '#target-list:not(:empty)',
    },
  })),
  ...[512].map((n): Case => ({
    group: 'moves page',
    size: `${side(n)} queen heat map on screen`,
    page: { hash: `#/moves?board=${n}x${n}&piece=queen&at=a1&heat=1`, ready: '.legend' },
  })),
  // Tours: a tour found (built) and its SVG export, the per-start table, exact counts, the step-by-step search.
  ...[1000, 2000, 3000, 4000].map((n): Case => ({
    group: 'tours find',
    size: side(n),
    probe: { kind: 'find', side: n },
  })),
  ...[1000, 2000].map((n): Case => ({
    group: 'tours page',
    size: `${side(n)} tour on screen`,
    page: { hash: `#/tours?board=${n}x${n}&from=e5`, ready: `canvas.path-overlay[data-shown="${n * n}"]` },
  })),
  ...[200, 400, 1000].map((n): Case => ({ group: 'tours export', size: side(n), probe: { kind: 'svg', side: n } })),
  ...[
    [20, 20],
    [30, 30],
    [50, 50],
    [70, 70],
    [100, 100],
  ].map(([w, h]): Case => ({
    group: 'tours table',
    size: `${w}×${h}`,
    probe: { kind: 'table', width: w, height: h, maxSquareNodes: 100_000 },
  })),
  ...[
    [5, 5, false],
    [6, 6, true],
    [4, 16, false],
    [3, 30, false],
    [4, 20, false],
    [6, 6, false],
  ].map(([w, h, closed]): Case => ({
    group: 'tours count',
    size: `${w}×${h} ${closed ? 'closed' : 'open'}`,
    probe: {
      kind: 'count',
      width: w as number,
      height: h as number,
      closed: closed as boolean,
      timeoutMs: LIMIT_MS - 5000,
    },
  })),
  ...[
    [10, 10],
    [16, 16],
    [20, 20],
    [32, 32],
  ].map(([w, h]): Case => ({
    group: 'tours search',
    size: `${w}×${h}`,
    probe: { kind: 'search', width: w, height: h, maxEvents: 5_000_000 },
  })),
  ...[10, 20, 32].map((n): Case => ({
    group: 'tours search page',
    size: `${side(n)} run at full speed to the tour`,
    page: { hash: `#/tours?board=${n}x${n}&mode=search`, act: runSearch, ready: '#search-status:has-text("found")' },
  })),
  // Random walk: the distribution after N moves (worker) and the exact fractions (on the page's thread).
  ...[
    [100, 5000],
    [100, 20_000],
    [100, 60_000],
  ].map(([n, steps]): Case => ({
    group: 'walk dist',
    size: `${side(n)}, N = ${steps.toLocaleString('en-US')}`,
    probe: { kind: 'walk-dist', side: n, steps },
  })),
  ...[
    [8, 400],
    [25, 120],
    [25, 400],
    [50, 400],
  ].map(([n, steps]): Case => ({
    group: 'walk exact',
    size: `${side(n)}, N = ${steps}`,
    probe: { kind: 'walk-exact', side: n, steps },
  })),
  // Sea Battle: placing, counting and the heat map of the classic fleet as the board grows.
  ...[10, 16, 32, 64].flatMap((n) =>
    (['place', 'count', 'heat'] as const).map((j): Case => ({
      group: `fleet ${j}`,
      size: `${side(n)} classic`,
      probe: { kind: 'fleet', job: j, side: n, fleet: 'classic', timeoutMs: LIMIT_MS - 5000 },
    })),
  ),
];

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Builds the probe page with the playground's Vite config and serves it on a free port. */
async function serveProbe(): Promise<{ url: string; close(): void }> {
  const out = mkdtempSync(join(tmpdir(), 'gridbits-caps-probe-'));
  execFileSync(
    process.execPath,
    [
      join(REPO, 'node_modules/vite/bin/vite.js'),
      'build',
      'test/web/caps-probe',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO, stdio: 'inherit' },
  );
  const server = createServer((req, res) => {
    const path = join(out, decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\/+/, '') || 'index.html');
    try {
      const body = readFileSync(path.startsWith(out) ? path : join(out, 'index.html'));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close() {
      server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

const missing = serviceMissing(CHROMIUM);
if (missing) {
  console.error(`caps-timing: ${missing}`);
  process.exit(2);
}
const only = process.env.CAPS_ONLY;
const cases = CASES.filter((c) => !only || only.split(',').some((w) => c.group.includes(w)));
const needPages = cases.some((c) => c.page);
if (needPages) ensureWebBuilt();
const probeServer = await serveProbe();
const served = needPages ? await startServe() : null;
const browser = await launch();
try {
  for (const c of cases) {
    // A fresh page per case: the memory reading is this case's alone.
    const page = await browser.context.newPage();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rendererMiB(browser.profile))), 100);
    let line: Record<string, unknown>;
    try {
      if (c.probe) {
        await page.goto(probeServer.url);
        await page.waitForSelector('body[data-ready="true"]');
        const base = rendererMiB(browser.profile);
        const r = (await page.evaluate(
          ([req, limit]) =>
            (window as unknown as { probe: (q: unknown, l: number) => Promise<ProbeResult> }).probe(req, limit),
          [c.probe, LIMIT_MS] as const,
        )) as ProbeResult;
        line = {
          group: c.group,
          size: c.size,
          ms: Math.round(r.ms),
          baseMiB: Math.round(base),
          ...('said' in r ? { said: r.said } : 'error' in r ? { error: r.error } : { timedOut: true }),
        };
      } else {
        const t0 = Date.now();
        await page.goto(served!.url + c.page!.hash);
        if (c.page!.act) await c.page!.act(page);
        let timedOut = false;
        await page.waitForSelector(c.page!.ready, { timeout: LIMIT_MS }).catch(() => (timedOut = true));
        line = {
          group: c.group,
          size: c.size,
          ms: Date.now() - t0,
          ...(timedOut ? { timedOut: true } : { said: 'on screen' }),
        };
      }
    } finally {
      clearInterval(sampler);
      peak = Math.max(peak, rendererMiB(browser.profile));
      await page.close();
    }
    console.log(JSON.stringify({ ...line, peakMiB: Math.round(peak) }));
  }
} finally {
  await browser.close();
  await served?.stop();
  probeServer.close();
}
