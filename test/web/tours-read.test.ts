// The Tours page as a person reads it (issue 15), in Debian's Chromium: playback of a big tour at the top speed
// in about ten seconds, whatever its size; "Numbers" on a canvas board keeps the tour and writes the numbers once
// zoomed in; hovering reads a square's move; the legend of the path's colours in the board's legend slot, following
// the zoom; the per-start table scrolls to its last file; the words (no CLI flags, no internal names, one width ×
// height convention); Euler's headline and status agree; 4×4 says no square starts a tour; a search the page knows
// to be futile (5×5 from b1) is answered at once and not started.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY } from '../../src/tour/index.js';
import { type Context } from './browser.js';
import { usePlaygroundPage } from './fixture.js';
import type { Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG } from '../long.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/tours-read.test.ts');

/**
 * Knight's tours on w×h from some square, by the published rule (Conrad et al.; Schwenk for closed), written out here.
 */
function openTourExists(w: number, h: number): boolean {
  const a = Math.min(w, h),
    b = Math.max(w, h);
  return (a === 1 && b === 1) || (a === 3 && (b === 4 || b >= 7)) || (a === 4 && b >= 5) || a >= 5;
}

describe.skipIf(skip)('the Tours page, read as a person reads it', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let browser: Context;
  let page: Page;
  beforeAll(() => {
    ({ served, browser, page } = pg);
  });
  const text = async (sel: string, on: Page = page): Promise<string> =>
    ((await on.locator(sel).textContent()) ?? '').trim();
  const position = async (): Promise<number> => Number(/Move (\d+)/.exec(await text('#tour-position'))![1]);
  const topSpeed = async (): Promise<number> => Number(await page.locator('#tour-speed').getAttribute('data-max'));

  // Twelve seconds of play: in `npm run test:long` (the suite's time in `npm test` is kept within minutes).
  it.runIf(LONG)(
    'plays a 200×200 tour at the top speed in about ten seconds; the top speed grows with the tour',
    async () => {
      await open('#/tours?board=100x100');
      await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 30_000 });
      const small = await topSpeed();
      await open('#/tours?board=200x200');
      await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 30_000 });
      const big = await topSpeed();
      // Four times the squares, four times the moves a second: the whole tour takes as long either way.
      expect([small, big]).toEqual([1000, 4000]);
      // The slider starts at the top and says what it means.
      expect(await page.locator('#tour-speed').inputValue()).toBe('100');
      expect(await text('#tour-speed-words')).toBe('4,000 moves a second: the whole tour in 10 s');
      expect(await page.locator('#tour-speed').getAttribute('aria-valuetext')).toBe(
        '4,000 moves a second: the whole tour in 10 s',
      );
      // A slower setting stays on offer: the bottom of the scale is one move a second.
      await page.locator('#tour-speed').fill('0');
      await expect.poll(() => text('#tour-speed-words'), WAIT).toBe('1 move a second: the whole tour in 11 h 7 min');
      await page.locator('#tour-speed').fill('100');
      await expect.poll(() => text('#tour-speed-words'), WAIT).toMatch(/^4,000 moves a second/);
      await page.getByRole('button', { name: 'Back to the first move' }).click();
      await expect.poll(position, WAIT).toBe(1);
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Play' }).click();
      // One move a frame would take 40,000 frames (over ten minutes); loosely: the whole tour well within 30 s.
      await expect
        .poll(() => text('#tour-position'), { timeout: 30_000, interval: 100 })
        .toMatch(/^Move 40000 of 40000/);
      expect(Date.now() - t0).toBeLessThan(30_000);
      await expect.poll(() => page.getByRole('button', { name: 'Play' }).count(), WAIT).toBe(1);
      expect(await page.locator('canvas.path-overlay').getAttribute('data-shown')).toBe('40000');
    },
  );

  /**
   * Near-black pixels (the numbers' ink) in the board canvas's centre quarter (the path is another canvas), read
   * from a copy made for one reading, so the board's own canvas is never read back.
   */
  const inkInCentre = (): Promise<number> =>
    page.locator('canvas.board-canvas').evaluate((el: HTMLCanvasElement) => {
      const w = Math.floor(el.width / 2),
        h = Math.floor(el.height / 2);
      const copy = document.createElement('canvas');
      copy.width = w;
      copy.height = h;
      const g = copy.getContext('2d', { willReadFrequently: true })!;
      g.drawImage(el, -w / 2, -h / 2);
      const d = g.getImageData(0, 0, w, h).data;
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 60 && d[i + 1] < 60 && d[i + 2] < 60 && d[i + 3] > 200) ink++;
      return ink;
    });

  it('keeps a 100×100 tour drawn under "Numbers", writes the numbers once zoomed in, and explains the colours in the board\'s legend', async () => {
    await open('#/tours?board=100x100&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 30_000 });
    expect(await page.locator('canvas.path-overlay').getAttribute('data-shown')).toBe('10000');
    expect(await text('#tour-numbers-hint')).toBe(
      'On this 100×100 board the numbers are written on the squares once you zoom in far enough to read them; until then the tour is drawn as its path.',
    );
    // The legend sits in the board's legend slot.
    expect(await page.locator('.canvas-wrap > .board-legend-slot #tour-legend').count()).toBe(1);
    expect(await text('#tour-legend')).toMatch(/start \(move 1\).*end \(move 10,000\)/);
    // Squares of 6 px: the board says to zoom in, and writes no numbers.
    await expect.poll(() => page.locator('.board-numbers').count(), WAIT).toBe(1);
    expect(await text('.board-numbers')).toMatch(/^Zoom in to read the numbers/);
    expect(await inkInCentre()).toBe(0);
    // Zoomed in eight times (+ on the focused board), squares of 50 px: the numbers are written, the hint gone.
    await page.locator('canvas.board-canvas').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('+');
    await expect.poll(async () => Number(await page.locator('.board-range').getAttribute('data-zoom')), WAIT).toBe(8);
    await expect.poll(() => page.locator('.board-numbers').count(), WAIT).toBe(0);
    await expect.poll(inkInCentre, WAIT).toBeGreaterThan(200);
    // Under "Numbers" the path's lines give way to them (the legend says so); under "Both" they come back.
    expect(await page.locator('#tour-legend').getAttribute('data-kind')).toBe('numbers');
    await page.getByRole('radio', { name: 'Both' }).check();
    await expect.poll(() => page.locator('#tour-legend').getAttribute('data-kind'), WAIT).toBe('path');
    expect(await inkInCentre()).toBeGreaterThan(200);
    // Hovering a square reads its place in the tour.
    const box = (await page.locator('canvas.board-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => text('.board-readout'), WAIT).toMatch(/^[a-z]+\d+, (.*, )?move \d+ of 10000$/);
    // Path only: no numbers, no hint.
    await page.getByRole('radio', { name: 'Path' }).check();
    await expect.poll(() => page.locator('#tour-numbers-hint').count(), WAIT).toBe(0);
    await expect.poll(inkInCentre, WAIT).toBe(0);
    expect(await page.locator('canvas.path-overlay').getAttribute('data-shown')).toBe('10000');
    // 400×400 at 1280 px: under 4 px a square, coloured by visit order; the legend is the gradient, move 1 to the last.
    await open('#/tours?board=400x400');
    await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 30_000 });
    await expect.poll(() => page.locator('#tour-legend').getAttribute('data-kind'), WAIT).toBe('visit-order');
    expect(await page.locator('.board-legend-slot #tour-legend .ramp').count()).toBe(1);
    expect([await text('#tour-legend .legend-from'), await text('#tour-legend .legend-to')]).toEqual([
      'move 1',
      'move 160,000',
    ]);
    // Zoomed in four times the squares are 6 px, the path is drawn as lines, and the legend follows.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => page.locator('#tour-legend').getAttribute('data-kind'), WAIT).toBe('path');
    expect(await text('#tour-legend')).toMatch(/the path, move 1 to move 160,000/);
    // A DOM board writes the numbers itself: no hint, no legend.
    await open('#/tours?board=8x8&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    expect(await page.locator('#tour-numbers-hint, #tour-legend').count()).toBe(0);
    expect(await page.locator('.board .count').count()).toBe(64);
    expect(problems).toEqual([]);
  });

  it('shows every file of the 20×20 table: it fits at 1280 px and scrolls in its own box on a phone; 8×8 fits a phone', async () => {
    const cellInBox = async (on: Page, square: string): Promise<boolean> =>
      on.evaluate((sq) => {
        const box = document.querySelector('.scroll-x')!.getBoundingClientRect();
        const cell = document.querySelector(`.start-table td[data-square="${sq}"]`)!.getBoundingClientRect();
        return (
          cell.left >= box.left - 1 &&
          cell.right <= box.right + 1 &&
          cell.right <= document.documentElement.clientWidth + 1
        );
      }, square);
    await open('#/tours?board=20x20&mode=table');
    await page.getByRole('button', { name: /Compute the table/ }).click();
    await page.waitForSelector('#table-summary[data-complete="true"]', { timeout: 60_000 });
    expect(await page.locator('.start-table tfoot th').allTextContents()).toEqual([...'abcdefghijklmnopqrst']);
    expect(await cellInBox(page, 't1')).toBe(true);
    expect(await cellInBox(page, 'a20')).toBe(true);

    const phone = await browser.context.newPage();
    phone.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    phone.on(
      'console',
      (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`),
    );
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(served.url + '#/tours?board=20x20&mode=table');
    await phone.getByRole('button', { name: /Compute the table/ }).click();
    await phone.waitForSelector('#table-summary[data-complete="true"]', { timeout: 60_000 });
    // Wider than the phone: it says so, scrolls inside its box, and the page itself does not scroll sideways.
    await expect
      .poll(() => text('#table-scroll-hint', phone), WAIT)
      .toBe('The table is wider than the screen: scroll it sideways to see all 20 files, a to t.');
    expect(await cellInBox(phone, 't1')).toBe(false);
    const [scroll, client] = await phone.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client);
    await phone.locator('.scroll-x').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    expect(await cellInBox(phone, 't1')).toBe(true);
    // Its rank numbers stay in view while it scrolls.
    const rankLeft = await phone.evaluate(
      () =>
        document.querySelector('.start-table tbody th')!.getBoundingClientRect().left -
        document.querySelector('.scroll-x')!.getBoundingClientRect().left,
    );
    expect(Math.abs(rankLeft)).toBeLessThan(2);
    // 8×8 fits the phone: a to h, no scrolling.
    await phone.goto('about:blank');
    await phone.goto(served.url + '#/tours?board=8x8&mode=table');
    await phone.waitForSelector('#table-summary[data-complete="true"]', WAIT);
    expect(await phone.locator('#table-scroll-hint').count()).toBe(0);
    for (const sq of ['a1', 'h1', 'h8']) expect(await cellInBox(phone, sq), sq).toBe(true);
    await phone.close();
  });

  it('speaks the page words: no CLI flags, no internal names, and each gallery title gives its board as width × height', async () => {
    const bad = /(^|\s)--[a-z]|seed article|\bseeds?\/|article 0\d\d|\bITMO\b|automaton|state machine|move order/i;
    for (const g of GALLERY) {
      await open(`#/tours?famous=${g.name}`);
      await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
      const words = await page.locator('main').innerText();
      expect(words, g.name).not.toMatch(bad);
      const title = await text('#tour-answer strong');
      expect(title).toBe(g.title);
      const size = /(\d+)×(\d+)/.exec(title);
      expect(size, title).not.toBeNull();
      expect([size![1], size![2]], title).toEqual([
        await page.locator('#tour-width').inputValue(),
        await page.locator('#tour-height').inputValue(),
      ]);
    }
    // Kumar's tour: 10 files by 6 ranks, as the fields say; its link names it so (kumar-10x6), the older name still
    // opens it.
    for (const key of ['kumar-10x6', 'kumar-6x10']) {
      await open(`#/tours?famous=${key}`);
      await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
      expect(await text('#tour-answer strong'), key).toMatch(/\(10×6\)/);
      expect(
        [await page.locator('#tour-width').inputValue(), await page.locator('#tour-height').inputValue()],
        key,
      ).toEqual(['10', '6']);
      expect(
        [await page.locator('[data-square="j6"]').count(), await page.locator('[data-square="f10"]').count()],
        key,
      ).toEqual([1, 0]);
    }
    await open('#/tours');
    // Chosen while a longer tour shows (8×8's 64 squares against Kumar's 60): the page once read the 64th.
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.locator('#tour-famous').selectOption({ label: "Kumar's near-magic open tour (10×6)" });
    await expect.poll(() => page.evaluate(() => location.hash), WAIT).toMatch(/[?&]famous=kumar-10x6(&|$)/);
    for (const h of [
      '#/tours?board=6x6&mode=search',
      '#/tours?board=5x5&from=b1&mode=search',
      '#/tours?board=4x4',
      '#/tours?board=100x100&show=numbers',
    ]) {
      await open(h);
      await page.waitForSelector('#tour-answer, #search-status', WAIT);
      expect(await page.locator('main').innerText(), h).not.toMatch(bad);
    }
  });

  it("says the same in Euler's headline as in its status: closed by the method, or closed as it stands", async () => {
    // An open tour a1 → b3 ends a knight's move from its start: closed as it stands, nothing reversed.
    await open('#/tours?board=6x6&to=b3');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    await expect
      .poll(() => text('#tour-euler'), WAIT)
      .toMatch(/^Closed as it stands: its last square is one move from its first/);
    expect(await text('#tour-answer')).toMatch(/closed as it stands/);
    expect(await text('#tour-answer')).not.toMatch(/Euler/);
    // An open tour a1 → f3 is closed by reversing its tail: both say Euler's method.
    await open('#/tours?board=6x6&to=f3');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    await expect.poll(() => text('#tour-euler'), WAIT).toMatch(/^Closed by Euler's method: reversed steps/);
    expect(await text('#tour-answer')).toMatch(/, closed by Euler's method/);
    expect(await text('#tour-answer')).not.toMatch(/as it stands/);
  });

  it('says no square of 4×4 starts an open tour, whichever square is clicked; 5×5 from b1 names the square', async () => {
    expect(openTourExists(4, 4)).toBe(false);
    for (const from of ['a1', 'b1', 'c3']) {
      await open(`#/tours?board=4x4&from=${from}`);
      await page.waitForSelector('#tour-answer[data-exists="false"]', WAIT);
      expect(await text('#tour-answer')).toBe("No open knight's tour on 4×4: no square starts one.");
    }
    // The search says the same, and does not start.
    await open('#/tours?board=4x4&from=b1&mode=search');
    await page.waitForSelector('#search-known', WAIT);
    expect(await text('#search-known p.none')).toBe("No open knight's tour on 4×4: no square starts one.");
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    expect(openTourExists(5, 5)).toBe(true);
    await open('#/tours?board=5x5&from=b1');
    await page.waitForSelector('#tour-answer[data-exists="false"]', WAIT);
    expect(await text('#tour-answer')).toBe("No open knight's tour from b1 on 5×5.");
    await open('#/tours?board=5x5&closed=1');
    await page.waitForSelector('#tour-answer[data-exists="false"]', WAIT);
    expect(await text('#tour-answer')).toBe("No closed knight's tour on 5×5.");
  });

  it('answers the 5×5 search from b1 at once (colour parity) without starting it; the search runs only when asked', async () => {
    // b1 is off a1's colour, and 25 squares are 13 of a1's colour and 12 of the other: a tour starts on a1's.
    expect((1 + 0) % 2).toBe(1);
    await open('#/tours?board=5x5&from=b1&mode=search');
    await page.waitForSelector('#search-known', WAIT);
    expect(await text('#search-known')).toMatch(
      /^No open knight's tour starts at b1 on 5×5\.Known without searching: colour parity/,
    );
    expect(await text('#search-status')).toBe('Not started: there is no tour to find.');
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Step', exact: true }).isDisabled()).toBe(true);
    expect(await text('#search-events')).toBe('0');
    await page.getByRole('button', { name: 'Watch the search anyway' }).click();
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => text('#search-events'), WAIT).toBe('1');
    // A square of a1's colour is searched as before.
    await open('#/tours?board=5x5&from=c3&mode=search');
    await page.getByRole('button', { name: 'Run' }).waitFor(WAIT);
    expect(await page.locator('#search-known').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(false);
    // What the per-start table proved counts too: on 3×4 no open tour starts at b2, found by its search.
    await open('#/tours?board=3x4&mode=table');
    await page.waitForSelector('#table-summary[data-complete="true"]', WAIT);
    expect(await page.locator('.start-table td[data-square="b2"]').getAttribute('data-exists')).toBe('false');
    await page.locator('.start-table td[data-square="b2"] button').click();
    await page.getByRole('radio', { name: 'Search' }).check();
    await page.waitForSelector('#search-known', WAIT);
    expect(await text('#search-known')).toMatch(/the per-start table's search from b2 tried every path/);
  });

  it('logged no console errors', () => {
    expect(problems).toEqual([]);
  });
});
