// The playground's first answers measured in Debian's Chromium (a measurement, not a test: `npx tsx
// test/web/first-timing.ts`; bench/web-first.bench.ts runs it). Each case opens a page on a heavy case (and does
// what a person would, e.g. clicks "Count layouts"), then times the first answer on screen and the exact or final
// one, with the page's peak memory. Prints one JSON line per case. FIRST_ONLY=word runs the cases whose page or
// name contains the word; FIRST_CAP_MS caps each run (90 s).
import type { Page } from 'playwright-core';
import { launch, rendererMiB } from './browser.js';
import { ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';
import { CHROMIUM, serviceMissing } from '../service.js';

interface Case {
  page: string;
  name: string;
  hash: string;
  /** What a person does once the page is up (the clock starts before it); without it the clock starts at the link. */
  act?: (page: Page) => Promise<void>;
  /** The first answer on screen, and the exact or final one. */
  first: string;
  exact: string;
  /** An attribute of the final answer worth printing (e.g. the heat map's method). */
  said?: (page: Page) => Promise<string>;
}

const CAP_MS = Number(process.env.FIRST_CAP_MS ?? 90_000);
/** Runs whose exact answer takes longer than this are not repeated (median of 3 below it). */
const REPEAT_BELOW_MS = 12_000;

const click =
  (name: string) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('button', { name }).click();
  };
const clickIfThere =
  (name: RegExp) =>
  async (page: Page): Promise<void> => {
    const b = page.getByRole('button', { name });
    if ((await b.count()) > 0) await b.first().click();
  };
const text =
  (sel: string) =>
  async (page: Page): Promise<string> =>
    ((await page.locator(sel).first().textContent()) ?? '').replace(/\s+/g, ' ').trim().slice(0, 140);
const attr =
  (sel: string, a: string) =>
  async (page: Page): Promise<string> =>
    `${a}=${await page.locator(sel).first().getAttribute(a)}`;

const fleetCount = (touch: string): Case => ({
  page: 'Sea Battle',
  name: `count, 10×10 classic, ${touch === 'none' ? 'no touching' : touch === 'corner' ? 'corners may touch' : 'ships may touch'}`,
  hash: `#/fleet?board=10x10&fleet=classic&touch=${touch}`,
  act: click('Count layouts'),
  first: '#fleet-count-estimate, #fleet-count',
  exact: '#fleet-count',
  said: text('#fleet-count'),
});
const walkMap = (n: number, steps: number): Case => ({
  page: 'Random walk',
  name: `survival map, ${n}×${n} knight, N = ${steps.toLocaleString('en-US')}`,
  hash: `#/walk?board=${n}x${n}&piece=knight&n=${steps}`,
  first: '[aria-label="Survival heat map legend"]',
  exact: '#walk-lambda, #walk-map-limit',
  said: async (p) =>
    (await p.locator('#walk-map-limit').count()) > 0 ? 'map stays an estimate (over the limit)' : 'exact map',
});
const walkDist = (n: number, steps: number): Case => ({
  page: 'Random walk',
  name: `distribution from e5, ${n}×${n} knight, N = ${steps.toLocaleString('en-US')}`,
  hash: `#/walk?board=${n}x${n}&piece=knight&n=${steps}&from=e5`,
  first: '[aria-label="Distribution heat map legend"]',
  exact: '#walk-method, #walk-dist-limit',
  said: async (p) =>
    (await p.locator('#walk-dist-limit').count()) > 0 ? 'stays an estimate (over the limit)' : 'exact distribution',
});
const tour = (n: number): Case => ({
  page: 'Tours',
  name: `${n}×${n} tour from e5 on screen`,
  hash: `#/tours?board=${n}x${n}&from=e5`,
  first: '.path-overlay:not([data-shown="0"])',
  exact: `.path-overlay[data-shown="${n * n}"]`,
});
const table = (n: number): Case => ({
  page: 'Tours',
  name: `per-start table, ${n}×${n}`,
  hash: `#/tours?board=${n}x${n}&mode=table`,
  act: clickIfThere(/^Compute the table/),
  first: '#table-summary',
  exact: '#table-summary[data-complete="true"]',
  said: text('#table-summary'),
});
const movesHeat = (n: number, spec: string, byBox = false): Case => ({
  page: 'Moves',
  name: `heat map, ${n}×${n} ${spec}${byBox ? ', ticking the box' : ''}`,
  hash: `#/moves?board=${n}x${n}&piece=${encodeURIComponent(spec)}&at=a1${byBox ? '' : '&heat=1'}`,
  act: byBox ? async (p) => p.getByRole('checkbox', { name: 'Mobility heat map' }).check() : undefined,
  first: '#moves-heat',
  exact: '#moves-heat[data-complete="true"]',
});

const CASES: Case[] = [
  {
    page: 'Sea Battle',
    name: 'heat map, 10×10 classic (the default fleet)',
    hash: '#/fleet?board=10x10&fleet=classic&heat=1',
    first: '#fleet-heat',
    exact: '#fleet-heat:not([data-method="first"])',
    said: attr('#fleet-heat', 'data-method'),
  },
  {
    page: 'Sea Battle',
    name: 'heat map, 20×20 classic',
    hash: '#/fleet?board=20x20&fleet=classic&heat=1',
    first: '#fleet-heat',
    exact: '#fleet-heat:not([data-method="first"])',
    said: attr('#fleet-heat', 'data-method'),
  },
  fleetCount('none'),
  fleetCount('corner'),
  fleetCount('any'),
  walkMap(100, 5000),
  walkMap(100, 20_000),
  walkMap(100, 60_000),
  walkMap(100, 1_000_000),
  walkDist(100, 20_000),
  walkDist(50, 100_000),
  tour(100),
  tour(400),
  tour(1000),
  table(8),
  table(20),
  table(30),
  table(50),
  {
    page: "King's Valley",
    name: 'analysis of the standard start (5 s a position)',
    hash: '#/valley?analysis=on',
    first: '.valley-analysis li[data-value="win"], .valley-analysis li[data-value="loss"]',
    exact: '.valley-analysis[data-status="done"]',
    said: text('.valley-analysis .job'),
  },
  {
    page: "King's Valley",
    name: 'analysis after a1d4, two humans (5 s a position)',
    hash: '#/valley?white=human&black=human&moves=a1d4&analysis=on',
    first: '.valley-analysis li[data-value="win"], .valley-analysis li[data-value="loss"]',
    exact: '.valley-analysis[data-status="done"]',
    said: text('.valley-analysis .job'),
  },
  movesHeat(256, 'knight'),
  movesHeat(512, 'knight'),
  movesHeat(256, 'queen'),
  movesHeat(512, 'queen'),
  movesHeat(512, 'amazon'),
  movesHeat(512, 'queen', true),
  movesHeat(256, 'queen+2,2*+0,2*'),
  movesHeat(256, 'queen+2,2*+0,2*', true),
];

/** Waits for the selector, then for the next frame to be painted; the time since t0, or null past the deadline. */
async function shown(page: Page, selector: string, t0: number, deadline: number): Promise<number | null> {
  try {
    await page.waitForSelector(selector, { state: 'attached', timeout: Math.max(1, deadline - Date.now()) });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    return Date.now() - t0;
  } catch {
    return null;
  }
}

const missing = serviceMissing(CHROMIUM);
if (missing) {
  console.error(`first-timing: ${missing}`);
  process.exit(2);
}
const only = process.env.FIRST_ONLY;
const cases = CASES.filter(
  (c) => !only || only.split(',').some((w) => `${c.page} ${c.name}`.toLowerCase().includes(w.toLowerCase())),
);
ensureWebBuilt();
const served = await startServe();
const browser = await launch();
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
try {
  for (const c of cases) {
    const firsts: number[] = [],
      exacts: number[] = [];
    const loads: number[] = [];
    let peak = 0,
      said = '',
      cut = false,
      errors: string[] = [];
    for (let run = 0; run < 3; run++) {
      // A fresh page per run: the memory reading is this case's alone.
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const sampler = setInterval(() => (peak = Math.max(peak, rendererMiB(browser.profile))), 100);
      try {
        let t0 = Date.now();
        await page.goto(served.url + c.hash);
        // The page itself up (its title drawn): what every time from a link includes.
        const load = await shown(page, '.page h1', t0, t0 + CAP_MS);
        if (load !== null) loads.push(load);
        if (c.act) {
          t0 = Date.now();
          await c.act(page);
        }
        const deadline = t0 + CAP_MS;
        const first = await shown(page, c.first, t0, deadline);
        const exact = first === null ? null : await shown(page, c.exact, t0, deadline);
        if (first === null || exact === null) {
          cut = true;
          if (first !== null) firsts.push(first);
        } else {
          firsts.push(first);
          exacts.push(exact);
          if (c.said) said = await c.said(page);
        }
      } finally {
        clearInterval(sampler);
        peak = Math.max(peak, rendererMiB(browser.profile));
        await page.close();
      }
      if (cut || exacts[exacts.length - 1] > REPEAT_BELOW_MS) break;
    }
    errors = [...new Set(errors)];
    console.log(
      JSON.stringify({
        page: c.page,
        name: c.name,
        hash: c.hash,
        runs: Math.max(firsts.length, 1),
        fromLink: !c.act,
        loadMs: loads.length ? median(loads) : null,
        firstMs: firsts.length ? median(firsts) : null,
        exactMs: exacts.length && !cut ? median(exacts) : null,
        cut,
        said,
        peakMiB: Math.round(peak),
        ...(errors.length ? { errors } : {}),
      }),
    );
  }
} finally {
  await browser.close();
  await served.stop();
}
