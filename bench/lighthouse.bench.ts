// Lighthouse 12 on every page of the built playground, served by `gridbits serve` and loaded in Debian's Chromium
// (chrome-launcher, headless; CHROME_PATH or /usr/bin/chromium): Performance, Accessibility, Best Practices and SEO,
// on a desktop and on Lighthouse's phone (a slow 4G and a slowed CPU, simulated), each page at the address it opens
// with. The aim: every category at 95 or more. The time shown is the largest contentful paint Lighthouse reckons.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { BenchRow, BenchSection } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = [join(here, '..'), join(here, '..', '..')].find((d) => existsSync(join(d, 'package.json'))) ?? '.';

/** Each page at the address it opens with. */
const PAGES: [string, string][] = [
  ['Home', '#/'],
  ['Moves', '#/moves'],
  ['Tours', '#/tours'],
  ['Random walk', '#/walk'],
  ["King's Valley", '#/valley'],
  ['Sea Battle', '#/fleet'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const AIM = 95;
/** Runs a page and form: the scores shown are the run of median Performance (one run's scores vary by a few points). */
const RUNS = 3;

/** `gridbits serve` of the built playground on a free port, and how to stop it. */
function serve(): Promise<{ url: string; stop: () => void }> {
  const proc = spawn(process.execPath, [join(repo, 'dist/cli/main.js'), 'serve', '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`gridbits serve exited ${code}`)));
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n'))
        resolve({ url: (JSON.parse(out) as { url: string }).url, stop: () => proc.kill('SIGINT') });
    });
  });
}

export async function run(): Promise<BenchSection> {
  const title = 'Playground: Lighthouse scores (Chromium)';
  if (!existsSync(join(repo, 'web/dist/index.html')) || !existsSync(join(repo, 'dist/cli/main.js')))
    return { title, rows: [], notes: ['not run: build first (`npm run build && npm run build:web`)'] };
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const served = await serve();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: BenchRow[] = [];
  const findings: string[] = [];
  try {
    for (const form of ['desktop', 'mobile'] as const) {
      for (const [name, hash] of PAGES) {
        const url = served.url + hash;
        const results = [];
        for (let r = 0; r < RUNS; r++) {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            form === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          results.push(result);
        }
        results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
        const result = results[Math.floor(RUNS / 2)];
        const performances = results.map((x) => Math.round((x.lhr.categories.performance?.score ?? 0) * 100));
        const { categories, audits } = result.lhr;
        const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
        const lcp = audits['largest-contentful-paint']?.numericValue ?? NaN;
        rows.push({
          name: `${name} (\`${hash}\`), ${form}`,
          medianMs: Math.round(lcp),
          target: `each ≥ ${AIM}`,
          met: scores.every((s) => s >= AIM),
          note:
            CATEGORIES.map((c, i) => `${categories[c]?.title ?? c} ${scores[i]}`).join(' · ') +
            ` (Performance in ${RUNS} runs: ${performances.join(', ')}; blocking time ${Math.round(audits['total-blocking-time']?.numericValue ?? NaN)} ms)`,
        });
        // What keeps a category below the aim: its audits that did not pass, by weight.
        for (const c of CATEGORIES) {
          const cat = categories[c];
          if (!cat || (cat.score ?? 0) * 100 >= AIM) continue;
          const failing = cat.auditRefs
            .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 0.9)
            .map((r) => `${audits[r.id].title} (${audits[r.id].displayValue ?? audits[r.id].score})`);
          findings.push(`${name}, ${form}, ${cat.title} ${Math.round((cat.score ?? 0) * 100)}: ${failing.join('; ')}`);
        }
        const unused = audits['unused-javascript'];
        if (unused?.details && 'overallSavingsBytes' in unused.details && (unused.details.overallSavingsBytes ?? 0) > 0)
          findings.push(`${name}, ${form}: unused JavaScript ${unused.displayValue}`);
      }
    }
  } finally {
    await chrome.kill();
    served.stop();
  }
  return {
    title,
    rows,
    notes: [
      `Lighthouse 12.2.3 (Node API), ${RUNS} runs a page and form, the run of median Performance shown; the time is its largest contentful paint (simulated on the phone form).`,
      ...(findings.length ? findings : [`every page scores ${AIM} or more in every category`]),
    ],
  };
}
