// The King's Valley page on a 390×844 touch phone and at 1280×800, in Debian's Chromium: the board, the buttons
// under it and the move list on the first screen; the page speaks of tapping; a finger drags a piece to its
// target; and axe-core finds no serious or critical violation with the game over, a past move under review and a
// hint shown (apart, and with the analysis on, under test:long).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { refMoves, refParse, refPlay } from '../valley/reference.js';
import { axeViolations } from './axe.js';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG } from '../long.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/valley-phone.test.ts');
const START = 'sskss/5/5/5/SSKSS w 0';
const LONG_GAME = ['b1b4', 'd5d2', 'e1e4', 'b5e2', 'a1a4', 'c5c2', 'e4d5', 'e5e3', 'd5e5', 'a5d5', 'e5e4', 'd5e5'];
const WON = ['a1a4', 'a5d2', 'c1a3', 'd5d3', 'a3c3'];

const movesOnPage = (page: Page): Promise<string[]> =>
  page
    .locator('#valley-moves [data-move]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!).filter((m) => m !== ''));

/** The states axe checks: an address, then what a person does there (under test:long, review and hint apart too). */
const hint = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.locator('#valley-hint[data-move]').waitFor(WAIT);
};
const STATES: ReadonlyArray<[string, string, (page: Page) => Promise<unknown>]> = [
  [
    'the game over',
    `#/valley?white=human&black=human&moves=${WON.join(',')}`,
    (page) => page.locator('#valley-status[data-outcome="white"]').waitFor(WAIT),
  ],
  [
    'a past move under review, its hint shown, the board turned round',
    `#/valley?white=human&black=human&moves=${LONG_GAME.join(',')}&at=4&flip=1`,
    async (page) => {
      await page.locator('#valley-review-note').waitFor(WAIT);
      await hint(page);
    },
  ],
  ...(LONG
    ? ([
        [
          'a past move under review, the analysis on',
          `#/valley?white=human&black=human&moves=${LONG_GAME.join(',')}&at=3&analysis=on&think=2`,
          (page: Page) => page.locator('#valley-review-note').waitFor(WAIT),
        ],
        ['a hint shown', '#/valley?white=human&black=human&moves=b1b4,d5d2', hint],
      ] as ReadonlyArray<[string, string, (page: Page) => Promise<unknown>]>)
    : []),
];

describe.skipIf(skip)("King's Valley on a touch phone and a desktop", () => {
  const pg = usePlaygroundPage();
  const onPhone = usePhone(pg);
  let phone: Page;
  beforeAll(() => {
    phone = onPhone.page;
  });
  const openPhone = async (hash: string): Promise<void> => {
    await phone.goto('about:blank');
    await phone.goto(pg.served.url + hash);
    await phone.locator('.valley-board [data-square="a1"]').waitFor(WAIT);
  };

  it('on the phone: board, the buttons under it and the move list on the first screen, in touch words', async () => {
    await openPhone(`#/valley?white=human&black=human&moves=${LONG_GAME.join(',')}`);
    await expect.poll(() => movesOnPage(phone), WAIT).toEqual(LONG_GAME);
    const boxes = await phone.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      return {
        board: box('.valley-board .board'),
        review: box('.valley-review'),
        actions: box('.valley-actions'),
        moves: box('#valley-moves'),
        current: box('#valley-moves [aria-current], #valley-moves li:last-child'),
        scroll: window.scrollY,
        width: document.documentElement.scrollWidth,
      };
    });
    expect(boxes.scroll).toBe(0);
    expect(boxes.width).toBeLessThanOrEqual(390);
    for (const [name, b] of Object.entries(boxes)) {
      if (typeof b === 'number') continue;
      expect(b.bottom, name).toBeLessThanOrEqual(844);
      expect(b.right, name).toBeLessThanOrEqual(390);
    }
    expect(boxes.board.right - boxes.board.left).toBeGreaterThan(300);
    // The latest move is in view inside the compact list.
    expect(boxes.current.bottom).toBeLessThanOrEqual(boxes.moves.bottom + 1);
    // Nothing in the buttons under the board is cut off.
    const cut = await phone
      .locator('.valley-actions button, .valley-at')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    expect(await phone.locator('.valley .lead').textContent()).toMatch(/Tap a piece, then one of its green targets/);
    expect(await phone.locator('.valley-keys').textContent()).toBe('Tap a move to see the position after it.');
    expect(await phone.locator('main').textContent()).not.toMatch(/\bclick/i);
  });

  it('a finger drags a piece to its target; a tap then a tap plays at once after it', async () => {
    await openPhone('#/valley?white=human&black=human');
    const cdp = await phone.context().newCDPSession(phone);
    const centre = async (name: string) => {
      const b = (await phone.locator(`.valley-board [data-square="${name}"]`).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const from = await centre('d1'),
      to = await centre('d4');
    expect(refMoves(refParse(START))).toContain('d1d4');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let i = 1; i <= 8; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
    // While the finger is down, the piece's targets are shown.
    expect(await phone.locator('.valley-board [data-square="d4"][data-target]').count()).toBe(1);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => movesOnPage(phone), WAIT).toEqual(['d1d4']);
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    // At once: Chromium gives no click for a tap this soon after a drag (up to about half a second here); the board
    // takes a finger's tap when it lifts.
    await phone.locator('.valley-board [data-square="b5"]').tap();
    await phone.locator('.valley-board [data-square="b2"]').tap();
    await expect.poll(() => movesOnPage(phone), WAIT).toEqual(['d1d4', 'b5b2']);
    expect(refMoves(refPlay(refParse(START), 'd1d4'))).toContain('b5b2');
    await cdp.detach();
  });

  it('at 1280×800: the board and the buttons under it on the first screen', async () => {
    await pg.page.setViewportSize({ width: 1280, height: 800 });
    await pg.open(`#/valley?white=human&black=human&moves=${LONG_GAME.join(',')}`);
    await expect.poll(() => movesOnPage(pg.page), WAIT).toEqual(LONG_GAME);
    const bottoms = await pg.page.evaluate(() =>
      ['.valley-board .board', '.valley-actions', '#valley-moves', '.side-pick'].map(
        (s) => document.querySelector(s)!.getBoundingClientRect().bottom,
      ),
    );
    for (const b of bottoms) expect(b).toBeLessThanOrEqual(800);
    expect(await pg.page.locator('.valley .lead').textContent()).toMatch(/Click a piece/);
    await pg.page.setViewportSize({ width: 1280, height: 900 });
  });

  it.each(STATES)(
    'axe finds no serious or critical violation with %s, on the desktop and the phone',
    async (_, hash, act) => {
      const found: string[] = [];
      await pg.page.setViewportSize({ width: 1280, height: 800 });
      await pg.open(hash);
      await act(pg.page);
      for (const v of await axeViolations(pg.page)) found.push(`1280 px: ${v}`);
      await openPhone(hash);
      await act(phone);
      for (const v of await axeViolations(phone)) found.push(`390 px: ${v}`);
      await pg.page.setViewportSize({ width: 1280, height: 900 });
      expect(found).toEqual([]);
    },
  );

  it('logged no console errors or warnings', () => {
    expect(pg.problems).toEqual([]);
  });
});
