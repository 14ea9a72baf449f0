// The 360 px check the page tests share: open a route in a phone-wide tab of the test's own browser context (no
// second browser to start), wait for it, and see that the board and the page fit the screen without a page error.
import { expect } from 'vitest';
import type { Context } from './browser.js';
import type { Served } from './serve-process.js';

const NARROW = 360;

export async function expectFitsNarrow(
  browser: Context,
  served: Served,
  hash: string,
  ready: string,
  board: string,
): Promise<void> {
  const p = await browser.context.newPage();
  try {
    await p.setViewportSize({ width: NARROW, height: 780 });
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(served.url + hash);
    await p.waitForSelector(ready, { timeout: 15_000 });
    const box = (await p.locator(board).first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(NARROW);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW);
    expect(errors).toEqual([]);
  } finally {
    await p.close();
  }
}
