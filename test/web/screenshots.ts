// Screenshots of every built page, on a desktop and at 360 px wide, into docs/ (run by `npm run screenshots`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumMissing, launch } from './browser.js';
import { REPO, ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';

/** Each shot: file name stem, hash route, and what to wait for. */
const SHOTS: { name: string; hash: string; ready: string; uncheck?: string[]; run?: string; times?: number; hover?: string; click?: string[] }[] = [
  { name: 'home', hash: '#/', ready: '.cards' },
  { name: 'moves', hash: '#/moves?board=8x8&piece=queen&at=d4&block=d6,b2,f6', ready: '[data-square="d4"][data-kind="piece"]' },
  { name: 'moves-heat', hash: '#/moves?board=10x10&piece=knight&at=e5&heat=1', ready: '.legend' },
  { name: 'tours', hash: '#/tours?board=8x8&from=b1&show=both', ready: '#tour-answer[data-exists="true"]' },
  // The paper's plain search of 3×4 from b4 (no Warnsdorff order, no pruning), part-way through its backtracks.
  { name: 'tours-search', hash: '#/tours?board=3x4&from=b4&mode=search&show=both', ready: '#search-status', uncheck: ['Warnsdorff', 'Dead-cell'], run: 'Step', times: 30 },
  { name: 'tours-table', hash: '#/tours?board=8x3&mode=table', ready: '#table-summary' },
  { name: 'tours-large', hash: '#/tours?board=100x100&from=e5&closed=1', ready: '#tour-answer[data-exists="true"]' },
  { name: 'walk', hash: '#/walk?board=8x8&piece=knight&n=10&from=a1', ready: '.board[aria-label^="Distribution"] [data-square="a1"][aria-label*="probability"]', hover: 'a1' },
  { name: 'walk-far', hash: '#/walk?board=12x12&piece=knight&n=1000000000&from=f6', ready: '#walk-method', hover: 'f6' },
  { name: 'valley', hash: '#/valley?white=human&black=ai3&moves=b1b4,d5d2,e1e4,b5e2', ready: '[data-square="e2"][aria-label*="Black soldier"]', click: ['c1'] },
  { name: 'fleet', hash: '#/fleet?board=10x10&fleet=classic&forbid=e5,f5,e6,f6&method=rails&seed=7&layout=f1g1h1i1,g4h4i4,d5d6d7,a5b5,a8b8,g8g9,a2,e3,i8,d9', ready: '#fleet-check[data-valid="true"]' },
  { name: 'fleet-heat', hash: '#/fleet?board=8x8&fleet=3,2,2,1&forbid=d4,e5&heat=1', ready: '#fleet-heat' },
  { name: 'fleet-play', hash: '#/fleet?board=10x10&fleet=classic&play=1', ready: '.tabs', run: 'New game', times: 1, hover: 'e5' },
];

// Names given on the command line (e.g. `tsx test/web/screenshots.ts walk`) take only the shots starting with them.
const only = process.argv.slice(2);
const chosen = only.length > 0 ? SHOTS.filter((s) => only.some((o) => s.name.startsWith(o))) : SHOTS;

const missing = chromiumMissing();
if (missing) {
  console.error(`screenshots: ${missing}`);
  process.exit(2);
}
ensureWebBuilt();
const docs = join(REPO, 'docs');
mkdirSync(docs, { recursive: true });
const served = await startServe();
try {
  for (const [suffix, viewport, scale] of [
    ['desktop', { width: 1200, height: 820 }, 1],
    ['360', { width: 360, height: 780 }, 2],
  ] as const) {
    const b = await launch(viewport, scale);
    try {
      const page = await b.context.newPage();
      for (const shot of chosen) {
        // A fresh load each time: a hash change alone would keep the last page's state (and mouse) around.
        await page.goto('about:blank');
        await page.goto(served.url + shot.hash);
        await page.waitForSelector(shot.ready);
        // Some shots show a page part-way through: a button pressed a few times first.
        for (const name of shot.uncheck ?? []) await page.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
        for (let i = 0; i < (shot.times ?? 0); i++) await page.getByRole('button', { name: shot.run, exact: true }).click();
        for (const sq of shot.click ?? []) await page.locator(`[data-square="${sq}"]`).first().click();
        if (shot.hover) await page.locator(`[data-square="${shot.hover}"]`).first().hover();
        await page.evaluate(() => document.fonts.ready);
        const file = join(docs, `playground-${shot.name}-${suffix}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`screenshots: ${file}`);
      }
    } finally {
      await b.close();
    }
  }
} finally {
  await served.stop();
}
