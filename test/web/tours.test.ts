// The Tours page in Debian's Chromium, served by `gridbits serve`: a 6×6 closed tour read back from the page and
// checked by the independent reference checker; no tour on 4×4 with the engine's reason; the step-by-step
// search; the per-start table of 5×5; SVG and PNG export; state restored from a link; no console errors.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT } from '../../src/pieces/piece.js';
import { finishedValue } from '../../src/core/job.js';
import { countToursSync, findTourSync, SearchMachine } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';
import { type Context } from './browser.js';
import { usePlaygroundPage } from './fixture.js';
import type { Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/tours.test.ts');

/** Square name to index on a board w wide (plain arithmetic, not the engine's parser). */
function index(w: number, name: string): number {
  return name.charCodeAt(0) - 97 + (Number(name.slice(1)) - 1) * w;
}

describe.skipIf(skip)('the Tours page in Chromium', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let browser: Context;
  let page: Page;
  beforeAll(() => {
    ({ served, browser, page } = pg);
  });
  const hash = (): string => new URL(page.url()).hash;
  const text = async (sel: string): Promise<string> => ((await page.locator(sel).textContent()) ?? '').trim();

  /** The numbered squares on the board, as a path of indices (move k on the square numbered k). */
  const numberedPath = async (w: number): Promise<number[]> => {
    const cells = await page
      .locator('.board [data-square]')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-square')!, e.querySelector('.count')?.textContent ?? ''] as const),
      );
    const path: number[] = [];
    for (const [name, n] of cells) if (n !== '') path[Number(n) - 1] = index(w, name);
    return path;
  };

  it('finds a 6×6 closed tour; the numbered grid and the drawn path read from the page are a valid closed tour', async () => {
    await open('#/tours?board=6x6&closed=1&show=both');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const path = await numberedPath(6);
    expect(path.filter((s) => s !== undefined)).toHaveLength(36);
    expect(tourProblem(6, 6, path, true)).toBeNull();
    expect(path[0]).toBe(index(6, 'a1'));
    // The path drawn over the board is the same tour, closed.
    const drawn = (await page.locator('svg.path-overlay').getAttribute('data-path'))!
      .split(' ')
      .map((n) => index(6, n));
    expect(drawn).toEqual(path);
    expect(await page.locator('svg.path-overlay').getAttribute('data-closed')).toBe('');
    expect(await page.locator('[data-square="a1"]').getAttribute('aria-label')).toBe('a1, start, move 1 of 36');
    expect(await text('#tour-reason')).toMatch(/Schwenk/);
  });

  it('animates along the tour: first, step, play, last', async () => {
    await open('#/tours?board=6x6&closed=1&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.getByRole('button', { name: 'Back to the first move' }).click();
    await expect.poll(() => text('#tour-position'), WAIT).toBe('Move 1 of 36: a1');
    expect(await page.locator('.board .count').count()).toBe(0);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => text('#tour-position'), WAIT).toMatch(/^Move 2 of 36/);
    expect(await page.locator('.board .count').count()).toBe(1);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => Number(/Move (\d+)/.exec(await text('#tour-position'))![1]), WAIT).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'On to the last move' }).click();
    await expect.poll(() => text('#tour-position'), WAIT).toMatch(/^Move 36 of 36/);
    expect(await page.locator('.board .count').count()).toBe(36);
  });

  it('says why no tour exists, in the engine words: 4×4 open, 5×5 closed', async () => {
    for (const [w, h, closed] of [
      [4, 4, false],
      [5, 5, true],
    ] as const) {
      await open(`#/tours?board=${w}x${h}${closed ? '&closed=1' : ''}`);
      await page.waitForSelector('#tour-answer[data-exists="false"]', WAIT);
      const want = finishedValue(findTourSync({ board: Board.of(w, h), piece: KNIGHT, closed, from: 0 }));
      expect(want.exists).toBe(false);
      // The engine's reason as a sentence: a capital first, a full stop last.
      expect(await text('#tour-reason')).toBe(`${want.reason[0].toUpperCase()}${want.reason.slice(1)}.`);
      expect(await text('#tour-answer')).toMatch(/^No /);
      expect(await page.locator('svg.path-overlay').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Export SVG' }).isDisabled()).toBe(true);
    }
  });

  it('steps through the backtracking search of 3×4, which backtracks, grows and shrinks the path', async () => {
    await open('#/tours?board=3x4&from=b4&mode=search&show=numbers');
    await page.getByRole('button', { name: 'Step', exact: true }).waitFor(WAIT);
    await page.getByRole('checkbox', { name: /Warnsdorff/ }).uncheck();
    await page.getByRole('checkbox', { name: /Dead-cell/ }).uncheck();
    // The engine's own protocol for the same search, to compare with.
    const m = new SearchMachine(
      { board: Board.of(3, 4), piece: KNIGHT, closed: false, from: index(3, 'b4') },
      { warnsdorff: false, deadCells: false },
    );
    const depths: number[] = [];
    while (!m.done) depths.push(m.step().kind === 'found' ? -1 : m.currentPath().length);
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => text('#search-events'), WAIT).toBe('5');
    expect(await text('#search-depth')).toBe(`${depths[4]} / 12`);
    expect(await page.locator('.board .count').count()).toBe(depths[4] - 1);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => text('#search-status'), WAIT).toMatch(/^Tour found after 19 backtracks/);
    expect(m.backtracks).toBe(19);
    expect(await text('#search-backtracks')).toBe('19');
    expect(await text('#search-events')).toBe(String(depths.length));
    const events = await page.locator('.events li').allTextContents();
    expect(events.at(-1)).toMatch(/tour found/);
    // Reset starts over; from a square of the 3×4 board's middle ranks the search proves there is none.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => text('#search-events'), WAIT).toBe('0');
    await open('#/tours?board=3x4&from=b2&mode=search');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => text('#search-status'), WAIT).toMatch(/^No tour/);
    expect(Number(await text('#search-backtracks'))).toBeGreaterThan(0);
    expect(await page.locator('.events li', { hasText: /^back from/ }).count()).toBeGreaterThan(0);
  });

  it('shows the per-start table of 5×5: 13 squares start a tour, 12 say N', async () => {
    await open('#/tours?board=5x5&mode=table');
    await page.waitForSelector('#table-summary[data-complete="true"]', WAIT);
    expect(await page.locator('.start-table td[data-exists="true"]').count()).toBe(13);
    expect(await page.locator('.start-table td[data-exists="false"]').count()).toBe(12);
    const ns = await page
      .locator('.start-table td[data-exists="false"]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.textContent]));
    // Colour parity: the squares of b1's colour start none.
    for (const [name, t] of ns) {
      expect(t).toBe('N');
      expect((name.charCodeAt(0) - 97 + Number(name.slice(1)) - 1) % 2).toBe(1);
    }
    expect(await text('#table-summary')).toMatch(/^13 squares start an open tour · 12 none \(N\) · 0 undecided/);
    // A click on a cell starts the tour there.
    await page.locator('.start-table td[data-square="c3"] button').click();
    await expect.poll(hash, WAIT).toContain('from=c3');
  });

  it('exports the tour as SVG and PNG', async () => {
    await open('#/tours?board=6x6&closed=1');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const [svgDl] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(svgDl.suggestedFilename()).toBe('tour-6x6-closed-a1.svg');
    const svg = readFileSync((await svgDl.path())!, 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // 36 squares plus the return to the start.
    expect(/<polyline points="([^"]*)"/.exec(svg)![1].split(' ')).toHaveLength(37);
    const [pngDl] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    const png = readFileSync((await pngDl.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('restores the state from a shared link and writes clicks back to it', async () => {
    await open('#/tours?board=7x6&from=c3&to=e4&seed=7&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    expect(await page.locator('#tour-width').inputValue()).toBe('7');
    expect(await page.locator('#tour-height').inputValue()).toBe('6');
    expect(await page.locator('#tour-seed').inputValue()).toBe('7');
    expect(await text('#tour-from')).toBe('c3');
    expect(await text('#tour-to')).toBe('e4');
    const path = await numberedPath(7);
    expect(tourProblem(7, 6, path, false)).toBeNull();
    expect([path[0], path[41]]).toEqual([index(7, 'c3'), index(7, 'e4')]);
    // Clicks: a new start, then (in End mode) a new end, then closed, which drops the end.
    await page.locator('[data-square="a1"]').click();
    await expect.poll(hash, WAIT).toContain('from=a1');
    await page.getByRole('radio', { name: 'End' }).check();
    await page.locator('[data-square="g6"]').click();
    await expect.poll(hash, WAIT).toContain('to=g6');
    await page.getByRole('radio', { name: 'Closed' }).check();
    await expect.poll(hash, WAIT).toBe('#/tours?board=7x6&from=a1&closed=1&seed=7&show=numbers');
    await page.reload();
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    expect(await page.getByRole('radio', { name: 'Closed' }).isChecked()).toBe(true);
    expect(tourProblem(7, 6, await numberedPath(7), true)).toBeNull();
  });

  it('draws a 100×100 tour on the canvas board, found in the worker', async () => {
    await open('#/tours?board=100x100&from=e5');
    await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 30_000 });
    expect(await page.locator('canvas.path-overlay').getAttribute('data-shown')).toBe('10000');
    expect(await text('#tour-position')).toMatch(/^Move 10000 of 10000/);
    // The page stays responsive: a click on the canvas moves the start, and a new tour comes.
    const box = (await page.locator('canvas.board-canvas').boundingBox())!;
    await page
      .locator('canvas.board-canvas')
      .click({ position: { x: box.width / 200, y: box.height - 4 - box.width / 200 } });
    await expect.poll(hash, WAIT).toContain('from=a1');
    await expect.poll(() => text('#tour-answer'), { timeout: 30_000 }).toMatch(/from a1 to/);
  });

  it('counts the tours of small boards exactly, in the worker', async () => {
    await open('#/tours?board=5x5');
    await page.getByRole('button', { name: 'Count all open tours' }).click();
    // OEIS A165134: 1,728 directed open tours of 5×5.
    await expect.poll(() => text('#tour-count'), WAIT).toMatch(/^1,728 directed open tours/);
  });

  it('counts past the exact cap within a time limit: a lower bound said in words, or the full count when it finishes', async () => {
    // 8×8 is past the exact counter's limit: the page offers a count for a minute instead of refusing.
    await open('#/tours?board=8x8');
    await page.getByRole('button', { name: 'Count open tours for 60 s' }).click();
    expect(await text('.count .help')).toMatch(/too many tours to count to the end here; the count stops after 60 s/);
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
    await expect.poll(() => text('.count .job'), WAIT).toBe('Cancelled.');
    // 3×30 (90 squares) is past COUNT_MAX_CELLS but finishes within the limit: the same count as the engine's.
    const counted = finishedValue(countToursSync(Board.of(3, 30)));
    if (!counted.complete) throw new Error(counted.reason);
    const want = counted.count;
    await open('#/tours?board=3x30');
    await page.getByRole('button', { name: 'Count open tours for 60 s' }).click();
    await expect
      .poll(() => text('#tour-count'), { timeout: 30_000 })
      .toMatch(new RegExp(`^${want.toLocaleString('en-US')} directed open tours`));
    expect(await text('#tour-count')).not.toMatch(/at least|stopped/);
  });

  it('cancels a long table from its Cancel button, and the page goes on working', async () => {
    // 50×50: a table that runs for seconds (20×20 now fills in under one, before a click on Cancel lands).
    await open('#/tours?board=50x50&mode=table');
    await page.getByRole('button', { name: /Compute the table/ }).click();
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
    await expect.poll(() => text('.table-panel .job'), WAIT).toBe('Cancelled.');
    await page.getByRole('radio', { name: 'Tour' }).check();
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
  });

  it('takes other leapers, with the reason when they cannot tour', async () => {
    await open('#/tours?board=8x8&piece=camel');
    await page.waitForSelector('#tour-answer[data-exists="false"]', WAIT);
    expect(await text('#tour-reason')).toMatch(/never changes colour/);
    await page.locator('#tour-piece').fill('giraffe');
    await page.locator('#tour-width').fill('10');
    await page.locator('#tour-height').fill('10');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.getByRole('radio', { name: 'Numbers' }).check();
    expect(tourProblem(10, 10, await numberedPath(10), false, 1, 4)).toBeNull();
    await page.locator('#tour-piece').fill('rook');
    await expect.poll(() => text('#tour-piece-error'), WAIT).toMatch(/leapers only/);
  });

  it('works from the keyboard and names every control', async () => {
    await open('#/tours?board=6x6');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.locator('[data-square="a1"]').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
    await expect.poll(hash, WAIT).toContain('from=c2');
    await expect.poll(() => text('#tour-answer'), WAIT).toMatch(/from c2 to/);
    const unnamed = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          'main input, main select, main button, main canvas, main [role="group"], main [role="radiogroup"]',
        ),
      )
        .filter((el) => {
          const labelled =
            (el as HTMLInputElement).labels?.length ||
            el.getAttribute('aria-label') ||
            el.getAttribute('aria-labelledby');
          return !labelled && !(el.tagName === 'BUTTON' && el.textContent!.trim() !== '');
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
  });

  it('fits 360 px wide without horizontal scrolling', async () => {
    const phone = await browser.context.newPage();
    phone.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await phone.setViewportSize({ width: 360, height: 740 });
    for (const h of [
      '#/tours?board=8x8&show=both',
      '#/tours?board=3x4&from=b4&mode=search',
      '#/tours?board=8x8&mode=table',
      '#/tours?board=60x40&closed=1',
    ]) {
      await phone.goto('about:blank');
      await phone.goto(served.url + h);
      await phone.waitForSelector('#tour-answer, #search-status, #table-summary', WAIT);
      const [scroll, client] = await phone.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll, h).toBeLessThanOrEqual(client);
    }
    await phone.close();
  });

  it("shows a famous tour from the gallery with the engine's analysis, and leaves it when the question changes", async () => {
    await open('#/tours?board=6x6');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.locator('#tour-famous').selectOption('janisch');
    await expect.poll(() => text('#tour-answer'), WAIT).toMatch(/^Janisch's semi-magic closed tour/);
    expect(await text('#tour-analysis')).toMatch(
      /a valid tour, closed, semi-magic.*Rank sums all 260; file sums all 260/,
    );
    await expect.poll(hash, WAIT).toContain('famous=janisch');
    await page.getByRole('radio', { name: 'Numbers' }).check();
    expect(tourProblem(8, 8, await numberedPath(8), true)).toBeNull();
    await page.locator('[data-square="b1"]').click();
    await expect.poll(hash, WAIT).not.toContain('famous');
    await expect.poll(() => text('#tour-answer'), WAIT).toMatch(/^Closed tour of 8×8 from b1/);
  });

  it("closes an open tour by Euler's method, and Euler's own 60-square path", async () => {
    // An open tour a1 → f3 whose end is not a move from its start (found by the engine's search).
    await open('#/tours?board=6x6&to=f3&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const before = await numberedPath(6);
    expect(tourProblem(6, 6, before, false)).toBeNull();
    expect(tourProblem(6, 6, before, true)).not.toBeNull();
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    await expect.poll(() => text('#tour-euler'), WAIT).toMatch(/^Closed by Euler's method: reversed steps/);
    expect(tourProblem(6, 6, await numberedPath(6), true)).toBeNull();
    expect(await page.locator('svg.path-overlay').count()).toBe(0);
    await page.getByRole('button', { name: 'Show the open path again' }).click();
    await expect.poll(() => numberedPath(6), WAIT).toEqual(before);
    await open('#/tours?famous=euler-60&show=numbers');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    await expect.poll(() => text('#tour-euler'), WAIT).toMatch(/^Closed by Euler's method/);
    const closed = (await numberedPath(8)).filter((s) => s !== undefined);
    expect(closed).toHaveLength(60);
    // A closed path of 60 squares: every step, and the return to the start, a knight's leap.
    const leap = (a: number, b: number): boolean =>
      [Math.abs((a % 8) - (b % 8)), Math.abs((a >> 3) - (b >> 3))].sort().join() === '1,2';
    expect(closed.every((s, i) => leap(s, closed[(i + 1) % 60]))).toBe(true);
  });

  it('logged no console errors', () => {
    expect(problems).toEqual([]);
  });
});
