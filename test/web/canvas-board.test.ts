// Boards of squares a few pixels wide in Debian's Chromium: the Tours page shows a 1000×1000 tour, the board is
// painted one pixel per square with the right colours, the keyboard still works, and moving the cursor reuses
// the board's picture instead of painting every square again.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 30_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/canvas-board.test.ts');

/** Counts the pictures put into canvases, so a test can see whether a board was painted again. */
const COUNT_PUTS = `(() => {
  window.__puts = 0;
  const put = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (...a) { window.__puts++; return put.apply(this, a); };
})();`;

describe.skipIf(skip)('pixel boards in Chromium', () => {
  const pg = usePlaygroundPage((page) => page.addInitScript(COUNT_PUTS));
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });
  const hash = (): string => new URL(page.url()).hash;
  /** R, G, B, A of one device pixel of a canvas (read from a copy, so the page's canvas is never read back). */
  const pixel = (sel: string, x: number, y: number): Promise<number[]> =>
    page.locator(sel).evaluate(
      (c: HTMLCanvasElement, [px, py]) => {
        const copy = document.createElement('canvas');
        copy.width = 1;
        copy.height = 1;
        const g = copy.getContext('2d', { willReadFrequently: true })!;
        g.drawImage(c, px, py, 1, 1, 0, 0, 1, 1);
        return [...g.getImageData(0, 0, 1, 1).data];
      },
      [x, y] as const,
    );
  const canvasSize = (sel: string): Promise<[number, number]> =>
    page.locator(sel).evaluate((c: HTMLCanvasElement) => [c.width, c.height] as [number, number]);

  it('shows a 1000×1000 tour: every square of the path coloured by visit order', async () => {
    await open('#/tours?board=1000x1000&from=e5');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.waitForSelector('canvas.path-overlay[data-shown="1000000"]', WAIT);
    expect((await page.locator('#tour-position').textContent())?.trim()).toMatch(/^Move 1000000 of 1000000/);
    const [w, h] = await canvasSize('canvas.path-overlay');
    // Away from the end dots, every pixel is a square the tour visited: opaque, between green and blue.
    for (const [x, y] of [
      [w >> 2, h >> 1],
      [w >> 1, h >> 2],
      [(3 * w) >> 2, (3 * h) >> 2],
    ]) {
      const [r, g, b, a] = await pixel('canvas.path-overlay', x, y);
      expect(a).toBe(255);
      expect(r).toBeLessThan(60);
      expect(g + b).toBeGreaterThan(200);
    }
    // Back to the first move: only the start is coloured; the middle of the board is bare again.
    await page.getByRole('button', { name: 'Back to the first move' }).click();
    await page.waitForSelector('canvas.path-overlay[data-shown="1"]', WAIT);
    await expect.poll(async () => (await pixel('canvas.path-overlay', w >> 1, h >> 1))[3], WAIT).toBe(0);
    // Stepping on and then to the last move colours the squares again, the animation reusing its picture.
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.waitForSelector('canvas.path-overlay[data-shown="2"]', WAIT);
    await page.getByRole('button', { name: 'On to the last move' }).click();
    await page.waitForSelector('canvas.path-overlay[data-shown="1000000"]', WAIT);
    await expect.poll(async () => (await pixel('canvas.path-overlay', w >> 1, h >> 1))[3], WAIT).toBe(255);
    expect(problems).toEqual([]);
  });

  it('paints a 300×300 board one pixel per square: checkered squares, the piece on its start', async () => {
    await open('#/tours?board=300x300&from=c3&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const [w, h] = await canvasSize('canvas.board-canvas');
    const cell = w / 300;
    // The one-pass painting is for squares under 4 device pixels; sharp squares need at least 2 to sample.
    expect(cell).toBeGreaterThanOrEqual(2);
    expect(cell).toBeLessThan(4);
    const at = (file: number, rank: number): Promise<number[]> =>
      pixel('canvas.board-canvas', Math.floor((file + 0.5) * cell), Math.floor(h - (rank + 0.5) * cell));
    // (Squares next to the piece lie under its mark, a white-rimmed disc a few pixels wide.)
    expect(await at(0, 0)).toEqual([181, 136, 99, 255]); // a1, dark
    expect(await at(7, 0)).toEqual([240, 217, 181, 255]); // h1, light
    expect(await at(2, 2)).toEqual([26, 95, 180, 255]); // c3, the piece
    expect(await at(299, 299)).toEqual([181, 136, 99, 255]); // the far corner, dark
    expect(problems).toEqual([]);
  });

  it('moves the cursor from the keyboard without painting the board again, and Enter starts the tour there', async () => {
    await open('#/tours?board=300x300&from=c3&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const board = page.locator('canvas.board-canvas');
    await board.focus();
    const puts = (): Promise<number> => page.evaluate(() => (window as unknown as { __puts: number }).__puts);
    const before = await puts();
    for (const key of ['ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
    await expect
      .poll(() => page.locator('.canvas-wrap [aria-live]').textContent(), { timeout: 15_000 })
      .toMatch(/^b3\b/);
    expect(await puts()).toBe(before);
    // The cursor is drawn over the picture, in red.
    const [, h] = await canvasSize('canvas.board-canvas');
    const cell = (await canvasSize('canvas.board-canvas'))[0] / 300;
    const [r, g] = await pixel('canvas.board-canvas', Math.floor(cell), Math.floor(h - 3 * cell));
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    await page.keyboard.press('Enter');
    await expect.poll(hash, WAIT).toContain('from=b3');
    expect(problems).toEqual([]);
  });
});
