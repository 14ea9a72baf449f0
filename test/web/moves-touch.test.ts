// The Moves page's first screen and touch words in Chromium: at 1280×800 and on a 390×844 touch phone the whole
// board and what a click or tap places are on the first screen; the phone is told to tap (no shift-click, no
// hover) and places blockers with the mode beside the board, the mode kept in the address; no serious axe finding.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/moves-touch.test.ts');

/** The squares a rook on `from` attacks on an 8×8 board, stopping at (and taking in) the first blocker of each ray. */
function rookTargets(from: string, blockers: string[]): number {
  const f0 = from.charCodeAt(0) - 97,
    r0 = Number(from.slice(1)) - 1;
  let n = 0;
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ]) {
    for (let f = f0 + dx, r = r0 + dy; f >= 0 && r >= 0 && f < 8 && r < 8; f += dx, r += dy) {
      n++;
      if (blockers.includes(String.fromCharCode(97 + f) + (r + 1))) break;
    }
  }
  return n;
}

describe.skipIf(skip)('Moves: the first screen and touch words (Chromium)', () => {
  const pg = usePlaygroundPage();
  const phoneOf = usePhone(pg);
  let phone: Page;
  beforeAll(() => {
    phone = phoneOf.page;
  });

  it('the whole board and what a click places are on the first screen (1280×800, 390×844 touch)', async () => {
    for (const [page, height, width] of [
      [pg.page, 800, 1280],
      [phone, 844, 390],
    ] as const) {
      await page.goto('about:blank');
      await page.goto(pg.served.url + '#/moves');
      await page.waitForSelector('.board [data-square="h8"]', WAIT);
      for (const sel of ['.board', '.moves-mode .segmented', '.moves-mode button', '#target-count']) {
        const b = (await page.locator(sel).first().boundingBox())!;
        expect(b.y, sel).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, sel).toBeLessThanOrEqual(height);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await pg.page.locator('.lead').textContent()).toMatch(/shift-click/);
    expect(await pg.page.getByRole('radiogroup', { name: 'Clicks place' }).count()).toBe(1);
    expect(pg.problems).toEqual([]);
  });

  it('on a touch phone: tap words only, blockers placed by the mode beside the board, the mode in the address', async () => {
    await phone.goto('about:blank');
    await phone.goto(pg.served.url + '#/moves?piece=rook');
    await phone.waitForSelector('.board [data-square="h8"]', WAIT);
    const words = await phone.locator('main').innerText();
    expect(words).not.toMatch(/shift-click|hover|\bclick/i);
    expect(words).toMatch(/Tap squares to place pieces/);
    expect(words).toMatch(/Tap a square to place a piece\./);
    expect(await phone.getByRole('radiogroup', { name: 'Taps place' }).count()).toBe(1);

    await phone.locator('[data-square="d4"]').tap();
    await expect.poll(() => phone.locator('#target-count').textContent(), WAIT).toBe(String(rookTargets('d4', [])));
    await phone.getByRole('radio', { name: 'Blockers' }).tap();
    await expect.poll(() => new URL(phone.url()).hash, WAIT).toMatch(/place=blockers/);
    await phone.locator('[data-square="d6"]').tap();
    await phone.locator('[data-square="b4"]').tap();
    await expect
      .poll(() => phone.locator('#target-count').textContent(), WAIT)
      .toBe(String(rookTargets('d4', ['d6', 'b4'])));
    expect(await phone.locator('[data-square="d6"]').getAttribute('data-kind')).toBe('blocker');
    expect(await axeViolations(phone)).toEqual([]);

    // The link opens the same board in the same mode.
    const url = phone.url();
    await phone.goto('about:blank');
    await phone.goto(url);
    await phone.waitForSelector('.board [data-square="d6"][data-kind="blocker"]', WAIT);
    expect(await phone.getByRole('radio', { name: 'Blockers' }).isChecked()).toBe(true);
    expect(await phone.locator('#target-count').textContent()).toBe(String(rookTargets('d4', ['d6', 'b4'])));

    // At 1280 px with a mouse, the same link in the same mode.
    await pg.page.goto('about:blank');
    await pg.page.goto(url);
    await pg.page.waitForSelector('.board [data-square="d6"][data-kind="blocker"]', WAIT);
    expect(await axeViolations(pg.page)).toEqual([]);
    expect(pg.problems).toEqual([]);
  });
});
