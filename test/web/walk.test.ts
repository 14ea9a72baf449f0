// The Random walk page in Debian's Chromium, served by `gridbits serve`: exact fractions on hover and focus
// (8×8 N = 10 from a1: 4669663/268435456, the known value; 3×3 N = 2: 1/16), the map's symmetry read
// from the page, the distribution after N moves, λ and log10 at N = 10^9, a bad piece spec, a shared link, 360 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridbitsError } from '../../src/core/error.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { openContext } from './browser.js';
import { usePlaygroundPage } from './fixture.js';
import type { Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/walk.test.ts');

describe.skipIf(skip)('the Random walk page in Chromium', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let page: Page;
  beforeAll(() => {
    ({ served, page } = pg);
  });
  const text = async (sel: string): Promise<string> => ((await page.locator(sel).first().textContent()) ?? '').trim();
  const square = (name: string) => page.locator(`.board[aria-label^="Survival"] [data-square="${name}"]`);
  /** The survival map is drawn once every square's label carries its probability. */
  const mapReady = () =>
    page.waitForSelector('.board[aria-label^="Survival"] [data-square="a1"][aria-label*="probability"]', WAIT);

  it('8×8, N = 10: a1 hovered shows 4669663/268435456 ≈ 0.01739; h8 focused shows the same', async () => {
    await open('#/walk?board=8x8&piece=knight&n=10');
    await mapReady();
    await square('a1').hover();
    await expect.poll(() => text('#walk-exact'), WAIT).toBe('4669663/268435456');
    expect(await text('#walk-probability')).toBe('0.0173959');
    await page.mouse.move(0, 0);
    await square('h8').focus();
    await expect.poll(() => text('#walk-square strong'), WAIT).toBe('h8');
    expect(await text('#walk-exact')).toBe('4669663/268435456');
    // The keyboard moves focus and the shown square with it.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => text('#walk-square strong'), WAIT).toBe('g8');
  });

  it('3×3, N = 2: 1/16 for a1; N = 0 gives 1', async () => {
    await open('#/walk?board=3x3&n=2');
    await mapReady();
    await square('a1').hover();
    await expect.poll(() => text('#walk-exact'), WAIT).toBe('1/16');
    await open('#/walk?board=3x3&n=0');
    await mapReady();
    await square('b2').hover();
    await expect.poll(() => text('#walk-exact'), WAIT).toBe('1/1');
  });

  it('a long exact fraction (25×25, N = 120: over a hundred digits) wraps inside its column at 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open('#/walk?board=25x25&n=120');
    await mapReady();
    await square('m13').hover();
    await expect.poll(async () => (await text('#walk-exact')).length, WAIT).toBeGreaterThan(200);
    const box = await page.evaluate(() => {
      const exact = document.querySelector('#walk-exact')!.getBoundingClientRect();
      const side = document.querySelector('.walk-side')!.getBoundingClientRect();
      return { exact: exact.right, side: side.right, page: document.documentElement.scrollWidth };
    });
    expect(box.exact).toBeLessThanOrEqual(box.side + 1);
    expect(box.page).toBeLessThanOrEqual(1280);
  });

  it('the heat map read from the page is symmetric under the 8 symmetries of the square (8×8, N = 7)', async () => {
    await open('#/walk?board=8x8&n=7');
    await mapReady();
    const labels = await page
      .locator('.board[aria-label^="Survival"] [data-square]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.getAttribute('aria-label')!] as const));
    const value = new Map<string, string>();
    for (const [name, label] of labels) value.set(name, /probability ([^\s,]+)/.exec(label)![1]);
    expect(value.size).toBe(64);
    const name = (f: number, r: number): string => String.fromCharCode(97 + f) + (r + 1);
    for (let f = 0; f < 8; f++) {
      for (let r = 0; r < 8; r++) {
        const v = value.get(name(f, r));
        for (const [g, s] of [
          [7 - f, r],
          [f, 7 - r],
          [7 - f, 7 - r],
          [r, f],
          [7 - r, 7 - f],
          [r, 7 - f],
          [7 - r, f],
        ])
          expect(value.get(name(g, s))).toBe(v);
      }
    }
    expect(value.get('a1')).toBe(value.get('h8'));
    expect(Number(value.get('a1'))).toBeLessThan(Number(value.get('d4')));
  });

  it('clicking a square shows the distribution after N moves from it, summing to its survival probability', async () => {
    await open('#/walk?board=8x8&n=10');
    await mapReady();
    await square('a1').click();
    await page.waitForSelector(
      '.board[aria-label^="Distribution"] [data-square="h8"][aria-label*="probability"]',
      WAIT,
    );
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/from=a1/);
    expect(await text('#walk-dist-total')).toMatch(/^The squares sum to 0\.0173959/);
    // A knight always changes square colour: after 10 moves from a1 it stands on a dark square again.
    const b1 = (await page
      .locator('.board[aria-label^="Distribution"] [data-square="b1"]')
      .getAttribute('aria-label'))!;
    expect(b1).toMatch(/probability 0$/);
  });

  it('N = 10^9 shows λ and the probability as a power of ten where a double underflows', async () => {
    await open('#/walk?board=8x8&n=1000000000');
    await mapReady();
    const lambda = Number(/λ ≈ ([0-9.]+)/.exec(await text('#walk-lambda'))![1]);
    expect(lambda).toBeGreaterThan(0.5);
    expect(lambda).toBeLessThan(1);
    await square('d4').hover();
    await expect.poll(() => text('#walk-probability'), WAIT).toMatch(/^10\^-[0-9]+\.[0-9]+$/);
    expect(await text('#walk-square')).toMatch(/log10 = -[0-9.]+/);
    expect(await text('#walk-square')).toMatch(/exact fractions up to/);
  });

  it('beyond the map limit (32×32 at N = 10^9) the clicked square is computed alone, with its method and error', async () => {
    await open('#/walk?board=32x32&n=1000000000&from=p16');
    await page.waitForSelector('#walk-map-limit', WAIT);
    expect(await text('#walk-map-limit')).toMatch(/more work than this page takes on/);
    // The map shows its estimate meanwhile: every square labelled, the note saying how it was made.
    await page.waitForSelector('.board[aria-label^="Survival"][aria-label$="estimated"]', WAIT);
    expect(await text('#walk-map-estimate')).toMatch(
      /^An estimate: the first [0-9,]+ moves computed, the other [0-9,]+ extrapolated/,
    );
    await page.waitForSelector('#walk-method', WAIT);
    expect(await text('#walk-square strong')).toBe('p16');
    expect(await text('#walk-probability')).toMatch(/^10\^-[0-9]+\.[0-9]+$/);
    expect(await text('#walk-method')).toMatch(
      /(move by move|by repeated squaring of the move matrix|extrapolated from the decay rate), relative error at most /,
    );
    expect(await text('#walk-lambda')).toMatch(/λ ≈ 0\.9/);
  });

  it('a long map (100×99, knight+king, N = 20000) computes in the worker with a Cancel button that stops it', async () => {
    await open('#/walk?board=100x99&piece=knight%2Bking&n=20000');
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor(WAIT);
    expect(await text('.job')).toMatch(/^Computing the survival map/);
    await cancel.click();
    await expect.poll(() => text('.job'), WAIT).toBe('Cancelled.');
    // The page still answers: a small board computes at once.
    await page.locator('#walk-side-width').fill('5');
    await page.locator('#walk-side-height').fill('5');
    await page.locator('#walk-steps').fill('2');
    await mapReady();
  });

  it("a bad piece spec shows the engine's message", async () => {
    await open('#/walk?board=8x8&n=10');
    await mapReady();
    for (const spec of ['nightrider-ish', 'rook']) {
      await page.locator('#walk-piece').fill(spec);
      // The parser's own message for a spec it refuses; the walk engine's for a rider it parses.
      const want = ((): string => {
        try {
          parsePiece(spec);
          return 'rides or slides';
        } catch (e) {
          return (e as GridbitsError).message;
        }
      })();
      await expect.poll(() => text('#walk-piece-error'), WAIT).toContain(want);
      expect(await page.locator('#walk-piece').getAttribute('aria-invalid')).toBe('true');
    }
    await page.locator('#walk-piece').fill('camel');
    await expect.poll(() => text('#walk-piece-error'), WAIT).toBe('');
    await mapReady();
  });

  it('a shared link restores the state, and changes are written back to the URL', async () => {
    await open('#/walk?board=6x5&piece=camel&n=7&from=c3');
    await page.waitForSelector('.board[aria-label^="Distribution after 7 moves from c3"]', WAIT);
    expect(await page.locator('#walk-side-width').inputValue()).toBe('6');
    expect(await page.locator('#walk-side-height').inputValue()).toBe('5');
    expect(await page.locator('#walk-piece').inputValue()).toBe('camel');
    expect(await page.locator('#walk-steps').inputValue()).toBe('7');
    await page.locator('#walk-steps').fill('12');
    await expect.poll(() => new URL(page.url()).hash, WAIT).toBe('#/walk?board=6x5&piece=camel&n=12&from=c3');
    await page.waitForSelector('.board[aria-label^="Distribution after 12 moves from c3"]', WAIT);
    // The slider moves N too (its logarithmic part reaches 10^9).
    await page.locator('#walk-steps-slider').fill('800');
    await expect.poll(() => page.locator('#walk-steps').inputValue(), WAIT).toBe('1000000000');
  });

  it('works at 360 px wide: the board fits the screen', async () => {
    const narrow = await openContext({ width: 360, height: 780 }, 2);
    try {
      const p = await narrow.context.newPage();
      const errors: string[] = [];
      p.on('pageerror', (e) => errors.push(e.message));
      await p.goto(served.url + '#/walk?board=8x8&n=10&from=b1');
      await p.waitForSelector('.board[aria-label^="Distribution"] [data-square="a1"][aria-label*="probability"]', WAIT);
      const box = (await p.locator('.board[aria-label^="Survival"]').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(errors).toEqual([]);
    } finally {
      await narrow.close();
    }
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
