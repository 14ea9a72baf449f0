// The Random walk page across a change of board size (issue 15): with a square clicked, a new width or height
// must not reach the results computed for the old board (it threw "reading 'toExponential'" and left the page
// dead, the next page drawn under it). Checks the legend, λ and both boards are the new size, hover still answers,
// and one page title after following a header link.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/walk-resize.test.ts');

describe.skipIf(skip)('the Random walk page when the board changes size', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });
  const text = async (sel: string): Promise<string> => ((await page.locator(sel).first().textContent()) ?? '').trim();
  const squares = (board: string) => page.locator(`.board[aria-label^="${board}"] [data-square]`).count();
  /** The board named `board` shows `w`×`h` squares, each labelled with its probability. */
  const ready = async (board: string, w: number, h: number): Promise<void> => {
    const last = String.fromCharCode(96 + w) + h;
    await page.waitForSelector(
      `.board[aria-label^="${board}"] [data-square="${last}"][aria-label*="probability"]`,
      WAIT,
    );
    expect(await squares(board)).toBe(w * h);
  };

  const cases: [string, 'width' | 'height', number, number, number][] = [
    ['Width to 12', 'width', 12, 12, 8],
    ['Width to 11', 'width', 11, 11, 8],
    ['Width to 20', 'width', 20, 20, 8],
    ['Height to 9', 'height', 9, 8, 9],
  ];
  for (const [what, field, value, w, h] of cases) {
    it(`8×8, knight, N = 10, d4 clicked, then ${what}: no error, everything redrawn for ${w}×${h}, hover answers`, async () => {
      await open('#/walk');
      await ready('Survival', 8, 8);
      const legend8 = await text('.legend[aria-label^="Survival"]');
      const lambda8 = await text('#walk-lambda');
      await page.locator('.board[aria-label^="Survival"] [data-square="d4"]').click();
      await ready('Distribution', 8, 8);
      await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/from=d4/);
      await page.locator(`#walk-side-${field}`).fill(String(value));
      await expect.poll(() => new URL(page.url()).hash, WAIT).toContain(`board=${w}x${h}`);
      await ready('Survival', w, h);
      await ready('Distribution', w, h);
      expect(await text('h2')).toBe('Where the piece stands after 10 moves from d4');
      // The legend and λ are those of the new board (a bigger board keeps the knight on longer).
      await expect.poll(() => text('.legend[aria-label^="Survival"]'), WAIT).not.toBe(legend8);
      await expect.poll(() => text('#walk-lambda'), WAIT).not.toBe(lambda8);
      // Hovering a square of the new board shows its value; changing N is reflected at once.
      const corner = String.fromCharCode(96 + w) + h;
      await page.locator(`.board[aria-label^="Survival"] [data-square="${corner}"]`).hover();
      await expect.poll(() => text('#walk-square strong'), WAIT).toBe(corner);
      await page.locator('.board[aria-label^="Survival"] [data-square="b2"]').hover();
      await expect.poll(() => text('#walk-square strong'), WAIT).toBe('b2');
      await page.locator('#walk-steps').fill('7');
      await page.waitForSelector('.board[aria-label^="Survival after 7 moves"]', WAIT);
      await ready('Distribution after 7', w, h);
      // Away and back by the header: one page title each time.
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Moves' }).click();
      await expect.poll(() => page.locator('h1').count(), WAIT).toBe(1);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Random walk' }).click();
      await expect.poll(() => text('h1'), WAIT).toBe('Random walk');
      expect(await page.locator('h1').count()).toBe(1);
      expect(problems).toEqual([]);
    });
  }

  it('shrinking the board while a square of the old one is hovered or clicked (20×20, t20 → 8×8)', async () => {
    await open('#/walk?board=20x20&n=10&from=t20');
    await ready('Distribution', 20, 20);
    await page.locator('.board[aria-label^="Survival"] [data-square="t20"]').hover();
    await expect.poll(() => text('#walk-square strong'), WAIT).toBe('t20');
    await page.locator('#walk-side-width').fill('8');
    await page.locator('#walk-side-height').fill('8');
    await ready('Survival', 8, 8);
    await expect.poll(() => new URL(page.url()).hash, WAIT).toBe('#/walk?board=8x8&piece=knight&n=10');
    expect(await page.locator('.distribution').count()).toBe(0);
    await page.locator('.board[aria-label^="Survival"] [data-square="a1"]').hover();
    await expect.poll(() => text('#walk-exact'), WAIT).toBe('4669663/268435456');
    expect(problems).toEqual([]);
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
