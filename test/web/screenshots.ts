// Screenshots of every built page, on a desktop and at 360 px wide, into docs/ (run by `npm run screenshots`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumMissing, launch } from './browser.js';
import { REPO, ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';

/** Each shot: file name stem, hash route, and what to wait for. */
const SHOTS = [
  { name: 'home', hash: '#/', ready: '.cards' },
  { name: 'moves', hash: '#/moves?board=8x8&piece=queen&at=d4&block=d6,b2,f6', ready: '[data-square="d4"][data-kind="piece"]' },
  { name: 'moves-heat', hash: '#/moves?board=10x10&piece=knight&at=e5&heat=1', ready: '.legend' },
];

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
      for (const shot of SHOTS) {
        await page.goto(served.url + shot.hash);
        await page.waitForSelector(shot.ready);
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
