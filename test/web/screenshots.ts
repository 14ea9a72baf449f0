// Screenshots of every built page, on a desktop and at 390 px wide (a phone), into docs/ (run by `npm run
// screenshots`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launch } from './browser.js';
import { REPO, ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';
import { CHROMIUM, serviceMissing } from '../service.js';

/**
 * Each shot: file name stem, hash route and what to wait for, then what to do before the picture: boxes to
 * untick, a button to press `times` times, squares to click, keys to press on an element, an element to
 * scroll to its right end, a square or point to hover, and what to wait for after all that.
 */
interface Shot {
  name: string;
  hash: string;
  ready: string;
  uncheck?: string[];
  run?: string;
  times?: number;
  click?: string[];
  /** Squares clicked inside this element (e.g. the board you fire at), each after `clickWait` shows. */
  clickIn?: string;
  clickWait?: string;
  keys?: { on: string; press: string[] };
  scrollRight?: string;
  hover?: string;
  /** Hover at this fraction of an element's box (canvas boards have no per-square elements). */
  hoverAt?: { on: string; x: number; y: number };
  after?: string;
}

const BOARD_CANVAS = 'canvas.board-canvas';
const FIRE = [
  'a1',
  'b1',
  'c1',
  'd1',
  'e1',
  'f1',
  'g1',
  'h1',
  'i1',
  'j1',
  'a4',
  'b4',
  'c4',
  'd4',
  'e4',
  'f4',
  'g4',
  'h4',
  'i4',
  'j4',
];

const SHOTS: Shot[] = [
  { name: 'home', hash: '#/', ready: '.cards' },
  {
    name: 'moves',
    hash: '#/moves?board=8x8&piece=queen&at=d4&block=d6,b2,f6',
    ready: '[data-square="d4"][data-kind="piece"]',
  },
  { name: 'moves-heat', hash: '#/moves?board=10x10&piece=knight&at=e5&heat=1', ready: '.legend' },
  {
    name: 'moves-canvas',
    hash: '#/moves?board=64x64&piece=queen&at=d4,ab40&heat=1',
    ready: '.board-numbers',
    hoverAt: { on: BOARD_CANVAS, x: 0.3, y: 0.6 },
  },
  {
    name: 'moves-canvas-zoom',
    hash: '#/moves?board=64x64&piece=queen&at=d4,ab40&heat=1',
    ready: '.board-numbers',
    keys: { on: BOARD_CANVAS, press: ['+', '+', '+'] },
  },
  { name: 'tours', hash: '#/tours?board=8x8&from=b1&show=both', ready: '#tour-answer[data-exists="true"]' },
  // The paper's plain search of 3×4 from b4 (no Warnsdorff order, no pruning), part-way through its backtracks.
  {
    name: 'tours-search',
    hash: '#/tours?board=3x4&from=b4&mode=search&show=both',
    ready: '#search-status',
    uncheck: ['Warnsdorff', 'Dead-cell'],
    run: 'Step',
    times: 30,
  },
  { name: 'tours-search-known', hash: '#/tours?board=5x5&from=b1&mode=search', ready: '#search-known' },
  { name: 'tours-table', hash: '#/tours?board=8x3&mode=table', ready: '#table-summary[data-complete="true"]' },
  {
    name: 'tours-table-20',
    hash: '#/tours?board=20x20&mode=table',
    ready: 'text=Compute the table',
    run: 'Compute the table (400 searches)',
    times: 1,
    after: '#table-summary[data-complete="true"]',
    scrollRight: '.scroll-x',
  },
  { name: 'tours-large', hash: '#/tours?board=100x100&from=e5&closed=1', ready: '#tour-answer[data-exists="true"]' },
  {
    name: 'tours-numbers-zoom',
    hash: '#/tours?board=100x100&show=numbers',
    ready: 'canvas.path-overlay[data-shown="10000"]',
    keys: { on: BOARD_CANVAS, press: ['+', '+', '+'] },
  },
  { name: 'tours-legend-400', hash: '#/tours?board=400x400', ready: '#tour-legend[data-kind="visit-order"]' },
  {
    name: 'tours-zoom',
    hash: '#/tours?board=400x400&from=a1',
    ready: 'canvas.path-overlay[data-shown="160000"]',
    keys: { on: BOARD_CANVAS, press: ['+', '+', '+', '+', '+', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp'] },
  },
  {
    name: 'tours-euler-as-is',
    hash: '#/tours?board=6x6&to=b3',
    ready: '#tour-answer[data-exists="true"]',
    run: "Close it by Euler's method",
    times: 1,
    after: '#tour-euler',
  },
  {
    name: 'tours-your-turn',
    hash: '#/tours?board=6x6&mode=play&path=a1-b3-c1-a2-b4-a6-c5-e6-f4-e2-c3-d1-f2-e4-f6-d5',
    ready: '#play-verdict',
    run: 'Hint',
    times: 1,
    after: '#play-hint',
  },
  {
    name: 'walk-one-walk',
    hash: '#/walk?board=8x8&piece=knight&n=10&from=b2&seed=4&step=6',
    ready: '#walk-walk',
  },
  {
    name: 'walk',
    hash: '#/walk?board=8x8&piece=knight&n=10&from=a1',
    ready: '.board[aria-label^="Distribution"] [data-square="a1"][aria-label*="probability"]',
    hover: 'a1',
  },
  { name: 'walk-estimate', hash: '#/walk?board=100x99&piece=knight%2Bking&n=20000', ready: '#walk-map-estimate' },
  {
    name: 'walk-far',
    hash: '#/walk?board=12x12&piece=knight&n=1000000000&from=f6',
    ready: '#walk-method',
    hover: 'f6',
  },
  {
    name: 'valley',
    hash: '#/valley?white=human&black=ai3&moves=b1b4,d5d2,e1e4,b5e2,a1a4,c5c2,e4d5,e5e3',
    ready: '[data-square="e3"][aria-label*="Black"]',
    click: ['c1'],
  },
  {
    name: 'valley-analysis',
    hash: '#/valley?white=human&black=human&moves=d1e2,d5d1,e2c4,a5d2&analysis=on&think=60',
    ready: '.valley-analysis[data-status="done"]',
  },
  {
    name: 'valley-review',
    hash: '#/valley?white=human&black=human&moves=b1b4,d5d2,e1e4,b5e2,a1a4,c5c2,e4d5,e5e3&at=4&flip=1',
    ready: '#valley-review-note',
    run: 'Hint',
    times: 1,
    after: '#valley-hint[data-move]',
  },
  {
    name: 'valley-confirm',
    hash: '#/valley?white=human&black=ai5&moves=b1b4,d5d2',
    ready: '[data-square="d2"][aria-label*="Black soldier"]',
    run: 'Play second',
    times: 1,
    after: 'dialog.valley-confirm[open]',
  },
  {
    name: 'fleet',
    hash: '#/fleet?board=10x10&fleet=classic&forbid=e5,f5,e6,f6&method=rails&seed=7&layout=f1g1h1i1,g4h4i4,d5d6d7,a5b5,a8b8,g8g9,a2,e3,i8,d9',
    ready: '#fleet-check[data-valid="true"]',
  },
  {
    name: 'fleet-shapes',
    hash: '#/fleet?board=8x8&fleet=3,2&ships=%23./%23%23/%23.,%23%23%23/.%23.',
    ready: '#fleet-problem .fleet-kind',
  },
  { name: 'fleet-board-notice', hash: '#/fleet?board=50x50&fleet=classic', ready: '#fleet-board-notice' },
  {
    name: 'fleet-heat-first',
    hash: '#/fleet?board=10x10&fleet=classic&heat=1',
    ready: '#fleet-heat[data-method="first"]',
  },
  { name: 'fleet-heat', hash: '#/fleet?board=10x10&fleet=classic&heat=1', ready: '#fleet-heat[data-method="exact"]' },
  {
    name: 'fleet-count-estimate',
    hash: '#/fleet?board=10x10&fleet=classic&touch=corner',
    ready: '#fleet-problem',
    run: 'Count layouts',
    times: 1,
    after: '#fleet-count-estimate',
  },
  {
    name: 'fleet-play',
    hash: '#/fleet?board=10x10&fleet=classic&play=1',
    ready: '.tabs',
    run: 'New game',
    times: 1,
    hover: 'e5',
  },
  {
    name: 'fleet-play-mid',
    hash: '#/fleet?board=10x10&fleet=classic&play=1',
    ready: '.tabs',
    run: 'New game',
    times: 1,
    clickIn: '.target-board',
    clickWait: '#fleet-game-status',
    click: FIRE,
    after: '.fleet-roster',
  },
];

// Names given on the command line (e.g. `tsx test/web/screenshots.ts walk`) take only the shots starting with them.
const only = process.argv.slice(2);
const chosen = only.length > 0 ? SHOTS.filter((s) => only.some((o) => s.name.startsWith(o))) : SHOTS;

const missing = serviceMissing(CHROMIUM);
if (missing) {
  console.error(`screenshots: ${missing}`);
  process.exit(2);
}
ensureWebBuilt();
const docs = join(REPO, 'docs');
mkdirSync(docs, { recursive: true });
const served = await startServe();
const failed: string[] = [];
try {
  for (const [suffix, viewport, scale] of [
    ['desktop', { width: 1200, height: 820 }, 1],
    ['390', { width: 390, height: 844 }, 2],
  ] as const) {
    const b = await launch(viewport, scale);
    try {
      const page = await b.context.newPage();
      for (const shot of chosen) {
        try {
          await take(page, shot, suffix);
        } catch (e) {
          // One shot that cannot be taken says so and the others are still taken; the run then fails.
          failed.push(`${shot.name}-${suffix}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    } finally {
      await b.close();
    }
  }
} finally {
  await served.stop();
}
if (failed.length > 0) {
  console.error(`screenshots: ${failed.length} not taken:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}

/** Opens the shot's page, does what it says, and writes the picture. */
async function take(page: Page, shot: Shot, suffix: string): Promise<void> {
  // A fresh load each time: a hash change alone would keep the last page's state (and mouse) around.
  await page.goto('about:blank');
  await page.goto(served.url + shot.hash);
  await page.waitForSelector(shot.ready);
  // Some shots show a page part-way through: a button pressed a few times first.
  for (const name of shot.uncheck ?? []) await page.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
  for (let i = 0; i < (shot.times ?? 0); i++) await page.getByRole('button', { name: shot.run, exact: true }).click();
  for (const sq of shot.click ?? []) {
    if (shot.clickWait)
      await page.waitForFunction(
        (sel) => /^Your turn/.test(document.querySelector(sel)?.textContent ?? ''),
        shot.clickWait,
        { timeout: 30_000 },
      );
    await page
      .locator(`${shot.clickIn ?? ''} [data-square="${sq}"]`.trim())
      .first()
      .click();
  }
  if (shot.after) await page.waitForSelector(shot.after, { timeout: 120_000 });
  if (shot.keys) {
    await page.locator(shot.keys.on).first().focus();
    for (const key of shot.keys.press) await page.keyboard.press(key);
  }
  if (shot.scrollRight)
    await page
      .locator(shot.scrollRight)
      .first()
      .evaluate((e) => (e.scrollLeft = e.scrollWidth));
  if (shot.hover) await page.locator(`[data-square="${shot.hover}"]`).first().hover();
  if (shot.hoverAt) {
    const box = await page.locator(shot.hoverAt.on).first().boundingBox();
    if (box) await page.mouse.move(box.x + box.width * shot.hoverAt.x, box.y + box.height * shot.hoverAt.y);
  }
  await page.evaluate(() => document.fonts.ready);
  const file = join(docs, `playground-${shot.name}-${suffix}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshots: ${file}`);
}
