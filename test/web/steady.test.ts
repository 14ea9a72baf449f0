// Steady while it loads (issue 33): the layout shift a page's first load adds up to (the browser's own
// measure, as Lighthouse reads it) stays within 0.05 — the page's room, the answer's and the tour player's are kept
// before they come (Random walk on a phone: its readout's, walk's, legend's and λ's rooms, 0.11 before).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/steady.test.ts');

/** Sums every layout shift not caused by input, from the page's first paint. */
function watchShifts(): void {
  const w = window as unknown as { shift: number };
  w.shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!e.hadRecentInput) w.shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

// The pages whose first answer comes after their first paint (Home and King's Valley draw at once: 0 here).
const DESKTOP = ['#/moves', '#/tours', '#/tours?board=100x100', '#/tours?mode=play&path=a1-b3', '#/walk', '#/fleet'];
const PHONE = ['#/moves', '#/tours', '#/tours?mode=play&path=a1-b3', '#/walk', '#/valley', '#/fleet'];

describe.skipIf(skip)('steady: a page that loads does not jump (layout shift at most 0.05)', () => {
  const pg = usePlaygroundPage((page: Page) => page.addInitScript(watchShifts));

  it.each([
    ['at 1280 px', { width: 1280, height: 900 }, DESKTOP],
    ['on a 390 px phone', { width: 390, height: 844 }, PHONE],
  ] as const)('%s', async (_, viewport, hashes) => {
    await pg.page.setViewportSize(viewport);
    const shifts: Record<string, number> = {};
    for (const hash of hashes) {
      await pg.open(hash);
      await pg.page.locator('main h1').waitFor();
      // The first answers come within a second here.
      await pg.page.waitForTimeout(1500);
      shifts[hash] = await pg.page.evaluate(() => (window as unknown as { shift: number }).shift);
    }
    await pg.page.setViewportSize({ width: 1280, height: 900 });
    for (const [hash, s] of Object.entries(shifts)) expect(s, hash).toBeLessThanOrEqual(0.05);
  });
});
