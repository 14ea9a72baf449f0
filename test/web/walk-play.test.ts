// The Random walk page's walk and first screen in Chromium, at 1280×800 and on a 390×844 touch phone: one seeded
// walk played over the map (the same seed the same walk, every move a knight's, the move off the board where the
// walk says), the seed and move in the address; every square's figure whole and right at N = 10⁹; N, the board
// and the walk's controls on the first screen; touch words on the phone; no serious axe finding, playing or paused.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cellText } from '../../web/src/pages/walk/state.js';
import { axeViolations } from './axe.js';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { runs } from '../long.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/walk-play.test.ts');

/** A square's file and rank from its name (a1 is 0, 0), read here without the engine's board. */
function at(name: string): [number, number] {
  const m = /^([a-z])([0-9]+)$/.exec(name)!;
  return [m[1].charCodeAt(0) - 97, Number(m[2]) - 1];
}

/** Checks a knight's walk on a W×H board as the page shows it: every move a knight's, on the board; the exit off. */
function checkKnightWalk(names: string[], exit: string, w: number, h: number, n: number): void {
  const on = ([f, r]: [number, number]): boolean => f >= 0 && r >= 0 && f < w && r < h;
  for (const s of names) expect(on(at(s)), s).toBe(true);
  for (let i = 1; i < names.length; i++) {
    const [f0, r0] = at(names[i - 1]),
      [f1, r1] = at(names[i]);
    const d = [Math.abs(f1 - f0), Math.abs(r1 - r0)].sort().join(',');
    expect(d, `${names[i - 1]}-${names[i]}`).toBe('1,2');
  }
  if (exit === '') {
    // Still on: it made all N moves.
    expect(names.length).toBe(n + 1);
    return;
  }
  expect(names.length).toBeLessThanOrEqual(n);
  const [dx, dy] = exit.split(',').map(Number);
  expect([Math.abs(dx), Math.abs(dy)].sort().join(',')).toBe('1,2');
  const [f, r] = at(names[names.length - 1]);
  expect(on([f + dx, r + dy])).toBe(false);
}

describe.skipIf(skip)('Random walk: one walk played, figures whole, the first screen (Chromium)', () => {
  const pg = usePlaygroundPage();
  const phoneOf = usePhone(pg);
  let phone: Page;
  beforeAll(() => {
    phone = phoneOf.page;
  });
  const openOn = async (page: Page, hash: string): Promise<void> => {
    await page.goto('about:blank');
    await page.goto(pg.served.url + hash);
    await page.waitForSelector('.board[aria-label^="Survival"] [data-square="a1"][aria-label*="probability"]', WAIT);
  };
  const walkOf = async (page: Page) =>
    page.locator('#walk-walk').evaluate((e) => ({
      names: (e.getAttribute('data-walk') ?? '').split(' '),
      exit: e.getAttribute('data-exit') ?? '',
      shown: Number(e.getAttribute('data-shown')),
    }));

  it('the same seed gives the same walk, each move a knight’s, the move off the board off it; seed and move in the address', async () => {
    const { page } = pg;
    const seen = new Map<number, string>();
    // Seeds 1 to 4 in npm test (by New walk, the next seed), 1 to 20 in test:long.
    await openOn(page, '#/walk?board=8x8&n=30&from=b1');
    for (let seed = 1; seed <= runs(4, 20); seed++) {
      if (seed > 1) {
        await page.getByRole('button', { name: 'New walk' }).click();
        await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(new RegExp(`seed=${seed}&step=0`));
        await page.getByRole('button', { name: 'Forward a move' }).click();
      }
      const w = await walkOf(page);
      expect(w.names[0]).toBe('b1');
      checkKnightWalk(w.names, w.exit, 8, 8, 30);
      seen.set(seed, `${w.names.join(' ')}|${w.exit}`);
    }
    // Seeds give different walks; the same seed the same walk again, opened from its link, shown whole with its end
    // marked when it fell off.
    expect(new Set(seen.values()).size).toBeGreaterThan(2);
    await openOn(page, '#/walk?board=8x8&n=30&from=b1&seed=3');
    const again = await walkOf(page);
    expect(`${again.names.join(' ')}|${again.exit}`).toBe(seen.get(3));
    expect(again.shown).toBe(again.names.length - 1 + (again.exit ? 1 : 0));
    expect(await page.locator('svg.walk-exit').count()).toBe(again.exit ? 1 : 0);
    expect(await page.locator('#walk-walk').textContent()).toMatch(
      again.exit ? /leaves the board: from [a-h][1-8], / : /Still on the board after all 30 moves/,
    );

    // A move back, forward, and a link to the move shown opens it there.
    await page.getByRole('button', { name: 'Back a move' }).click();
    const back = again.names.length - 1 + (again.exit ? 1 : 0) - 1;
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(new RegExp(`step=${back}(&|$)`));
    expect(new URL(page.url()).hash).toMatch(/seed=3/);
    await page.goto('about:blank');
    await page.goto(pg.served.url + `#/walk?board=8x8&n=30&from=b1&seed=3&step=${back}`);
    await expect.poll(async () => (await walkOf(page)).shown, WAIT).toBe(back);
    expect(await page.locator('svg.walk-exit').count()).toBe(0);

    // New walk: the next seed, from its start; Play runs it to its end.
    await page.getByRole('button', { name: 'New walk' }).click();
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/seed=4&step=0/);
    await page.locator('#walk-speed').fill('100');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await walkOf(page)).shown, WAIT).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    const four = await walkOf(page);
    await expect.poll(async () => (await walkOf(page)).shown, WAIT).toBe(four.names.length - 1 + (four.exit ? 1 : 0));
    expect(`${four.names.join(' ')}|${four.exit}`).toBe(seen.get(4));
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count(), WAIT).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // The tally's first walk is the walk shown: it counts 1,000 walks of the seed against the exact chance.
    expect(await page.locator('#walk-tally').textContent()).toMatch(
      /^Of 1,000 walks like this one .*stayed on for all 30 moves: .*; the exact chance is /,
    );
    expect(pg.problems).toEqual([]);
  });

  it('at N = 10⁹ every square’s figure is whole inside its square and reads as its probability (desktop, phone)', async () => {
    for (const page of [pg.page, phone]) {
      await openOn(page, '#/walk?board=8x8&n=1000000000');
      // Every square's answer for N = 10⁹ in (not an earlier N's).
      const far = page.locator('.board[aria-label^="Survival"] [data-square][aria-label*="probability 10^-"]');
      await expect.poll(() => far.count(), WAIT).toBe(64);
      const cells = await page.locator('.board[aria-label^="Survival"] [data-square]').evaluateAll((els) =>
        els.map((e) => {
          const span = e.querySelector('.count')!;
          const box = e.getBoundingClientRect(),
            r = span.getBoundingClientRect();
          return {
            label: e.getAttribute('aria-label')!,
            text: span.textContent!,
            inside: r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom,
            fits: span.scrollWidth <= (span as HTMLElement).offsetWidth + 1 && r.width <= box.width,
            font: parseFloat(getComputedStyle(span).fontSize),
          };
        }),
      );
      expect(cells.length).toBe(64);
      for (const c of cells) {
        const log10 = Number(/probability 10\^(-[0-9.]+)/.exec(c.label)![1]);
        expect(c.text, c.label).toBe(cellText(0, log10));
        expect(c.text).toMatch(/^10\^\n−1\.2·10⁸$/);
        expect(c.inside && c.fits, c.label).toBe(true);
        expect(c.font).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it('N, the whole board and the walk’s controls are on the first screen (1280×800, 390×844 touch)', async () => {
    for (const [page, height] of [
      [pg.page, 800],
      [phone, 844],
    ] as const) {
      await openOn(page, '#/walk');
      const bottom = async (sel: string): Promise<number> => {
        const b = (await page.locator(sel).first().boundingBox())!;
        expect(b.y, sel).toBeGreaterThanOrEqual(0);
        return b.y + b.height;
      };
      for (const sel of [
        '#walk-steps',
        '#walk-steps-slider',
        '.board[aria-label^="Survival"]',
        'button[aria-label="Back a move"]',
        '.walk-player button.primary',
        'button[aria-label="Forward a move"]',
        '#walk-speed',
      ])
        expect(await bottom(sel), sel).toBeLessThanOrEqual(height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page === phone ? 390 : 1280,
      );
    }
    // The phone is spoken to in touch words.
    const lead = (await phone.locator('.lead').textContent())!;
    expect(lead).toMatch(/Tap a square/);
    expect(lead).not.toMatch(/hover|click/i);
    expect(await axeViolations(phone)).toEqual([]);
    // Playing on the phone (tapped): the walk moves on, and axe finds nothing while it does.
    await phone.getByRole('button', { name: 'New walk' }).tap();
    await phone.getByRole('button', { name: 'Play' }).tap();
    await expect.poll(async () => (await walkOf(phone)).shown, WAIT).toBeGreaterThan(0);
    expect(await axeViolations(phone)).toEqual([]);
    expect(pg.problems).toEqual([]);
  });
});
