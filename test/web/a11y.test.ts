// Accessible in every state (issue 33): axe-core 4.14 finds no serious or critical violation on any page, at
// 1280×900 and on a 390×844 phone, with the board loaded, a game under way, a game over and the analysis on
// (\`npm test\` checks each state at one of the two sizes, every other state on the phone; test:long at both).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { axeViolations as violations } from './axe.js';
import { labelWithText } from '../../web/src/board/labels.js';
import { LONG } from '../long.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/a11y.test.ts');
/** A state of a page: the address it opens, then what a person does there. */
const STATES: ReadonlyArray<[string, string, ((page: Page) => Promise<unknown>)?]> = [
  ['Home', '#/'],
  ['Moves, a board with pieces and the heat map', '#/moves?board=8x8&piece=knight&at=d4,e5&heat=1'],
  ['Tours, a tour shown', '#/tours?board=8x8&from=a1'],
  ['Random walk, the map', '#/walk?board=8x8&from=a1&steps=10'],
  ["King's Valley, a game under way", '#/valley?white=human&black=human&moves=c1-c2'],
  [
    "King's Valley, the analysis on",
    '#/valley?white=human&black=human&analysis=on&think=1',
    (page) => page.locator('#valley-analysis').waitFor(),
  ],
  [
    'Sea Battle, a layout placed',
    '#/fleet?board=10x10&fleet=classic&seed=7',
    (page) => page.getByRole('button', { name: 'Place', exact: true }).click(),
  ],
  [
    'Sea Battle, a game under way',
    '#/fleet?board=10x10&fleet=classic&play=1',
    async (page) => {
      await page.getByRole('button', { name: 'New game' }).click();
      await page.locator('.target-board [data-square="a1"]').click();
    },
  ],
];

describe.skipIf(skip)('accessible: no serious or critical axe violation in any state', () => {
  const pg = usePlaygroundPage();

  const DESKTOP = { width: 1280, height: 900 };
  const PHONE = { width: 390, height: 844 };
  it.each(STATES.map(([name, hash, act], i) => [name, hash, act, i] as const))('%s', async (_, hash, act, i) => {
    const found: string[] = [];
    for (const viewport of LONG ? [DESKTOP, PHONE] : [i % 2 === 0 ? DESKTOP : PHONE]) {
      await pg.page.setViewportSize(viewport);
      await pg.open(hash);
      await pg.page.locator('main h1, main h2').first().waitFor();
      if (act) await act(pg.page);
      await pg.page.waitForTimeout(250);
      for (const v of await violations(pg.page)) found.push(`${viewport.width} px: ${v}`);
    }
    await pg.page.setViewportSize(DESKTOP);
    expect(found).toEqual([]);
  });
});

describe.skipIf(skip)('the keyboard: a skip link to the board, focus on the heading after a link', () => {
  const pg = usePlaygroundPage();
  const focused = (page: Page): Promise<string> =>
    page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      return `${e?.tagName.toLowerCase()}${e?.dataset.square ? `[${e.dataset.square}]` : ''}: ${e?.textContent?.trim()}`;
    });

  it('the first Tab stop skips to the board: its square that takes the keys', async () => {
    await pg.open('#/moves?board=8x8&piece=knight&at=d4');
    await pg.page.locator('main [data-square]').first().waitFor();
    await pg.page.keyboard.press('Tab');
    expect(await focused(pg.page)).toBe('a: Skip to the board');
    expect(await pg.page.locator('a.skip').isVisible()).toBe(true);
    await pg.page.keyboard.press('Enter');
    expect(await focused(pg.page)).toMatch(/^button\[[a-h][1-8]\]/);
    // The address is the page's still.
    expect(await pg.page.evaluate(() => location.hash)).toMatch(/^#\/moves/);
  });

  it("Sea Battle's tabs are one Tab stop; the arrow keys move between them", async () => {
    await pg.open('#/fleet?board=10x10&fleet=classic');
    const tabs = pg.page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['0', '-1']);
    await tabs.first().focus();
    await pg.page.keyboard.press('ArrowRight');
    expect(await focused(pg.page)).toBe('button: Play against the computer');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['-1', '0']);
    await pg.page.keyboard.press('Home');
    expect(await focused(pg.page)).toBe('button: Fleet and layouts');
  });

  it("following a link puts the focus on the new page's heading", async () => {
    await pg.open('#/moves');
    await pg.page.locator('main h1').waitFor();
    await pg.page.locator('header nav.wide-nav a', { hasText: 'Sea Battle' }).click();
    await expect.poll(() => focused(pg.page), { timeout: 10_000 }).toMatch(/^h1: Sea Battle/);
  });
});

describe('a square read out holds the text it shows', () => {
  it('adds the shown text after the name where the description lacks it, and leaves one that has it', () => {
    expect(labelWithText('a8, survives 10 moves with probability 0.0173959', '.017')).toBe(
      'a8, survives 10 moves with probability 0.0173959, shown as .017',
    );
    expect(labelWithText('e5, water, ship probability 17.04 %', '17')).toBe(
      'e5, water, ship probability 17.04 %, shown as 17',
    );
    expect(labelWithText('c3', '4')).toBe('c3, shown as 4');
    expect(labelWithText('a1, 1.5 moves', '1.5')).toBe('a1, 1.5 moves');
    expect(labelWithText('c3, 4 moves', '4')).toBe('c3, 4 moves');
    expect(labelWithText('c3, attacked', undefined)).toBe('c3, attacked');
  });
});
