// The Tours page's per-start table fills as it is searched, in Debian's Chromium: on 30×30 the summary counts
// squares decided below the total before the table is complete, and the complete table read from the page is
// the engine's table (tableSync in Node on the same board); Cancel on 50×50 keeps the squares decided, each the
// engine's search from that square, and the page can compute the table again. No console errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import { KNIGHT } from '../../src/pieces/piece.js';
import { tableCellJob, tableCellText, tableSync } from '../../src/tour/index.js';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
/** The table takes seconds on a quiet machine; this one is shared. */
const LONG = { timeout: 120_000 };
/** As the page asks for (TABLE_SQUARE_NODES). */
const OPTIONS = { closed: false, maxSquareNodes: 100_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/tours-table-live.test.ts');

/** Square name to index on a board w wide (plain arithmetic, not the engine's parser): files a…z, aa, ab, … */
function index(w: number, name: string): number {
  const [, letters, rank] = /^([a-z]+)([0-9]+)$/.exec(name)!;
  let file = 0;
  for (const ch of letters) file = file * 26 + (ch.charCodeAt(0) - 96);
  return file - 1 + (Number(rank) - 1) * w;
}

/** The table's squares read from the page: index → [data-exists or null while blank, the cell's text]. */
async function readTable(page: Page, w: number): Promise<Map<number, [string | null, string]>> {
  const cells = await page
    .locator('.start-table td[data-square]')
    .evaluateAll((els) =>
      els.map(
        (e) => [e.getAttribute('data-square')!, e.getAttribute('data-exists'), (e.textContent ?? '').trim()] as const,
      ),
    );
  return new Map(cells.map(([name, exists, text]) => [index(w, name), [exists, text]]));
}

/** Records every value the summary's decided count takes (an observer in the page, so none is missed). */
async function watchDecided(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenDecided: string[] }).seenDecided = seen;
    const look = (): void => {
      const v = document.querySelector('#table-summary')?.getAttribute('data-decided');
      if (v != null && seen[seen.length - 1] !== v) seen.push(v);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-decided'],
    });
  });
}
const seenDecided = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { seenDecided: string[] }).seenDecided.map(Number));

describe.skipIf(skip)('the per-start table as it fills, in Chromium', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });
  const text = async (sel: string): Promise<string> =>
    ((await page.locator(sel).textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it("30×30: squares decided show before the table is done, and the complete table is the engine's", async () => {
    await open('#/tours?board=30x30&mode=table');
    await watchDecided(page);
    await page.getByRole('button', { name: /^Compute the table/ }).click();
    await page.waitForSelector('#table-summary[data-complete="true"]', LONG);
    const seen = await seenDecided(page);
    // Seen below the total on the way (0 when the table starts empty does not count), then the total.
    expect(seen.some((n) => n > 0 && n < 900)).toBe(true);
    expect(seen[seen.length - 1]).toBe(900);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await page.locator('#table-summary').getAttribute('data-total')).toBe('900');

    const engine = finishedValue(tableSync(Board.of(30, 30), KNIGHT, OPTIONS));
    const shown = await readTable(page, 30);
    expect(shown.size).toBe(900);
    for (const c of engine) expect(shown.get(c.square)).toEqual([String(c.exists), tableCellText(c)]);
    const starts = engine.filter((c) => c.exists === true).length;
    const backtracks = engine.reduce((a, c) => a + c.backtracks, 0);
    expect(await text('#table-summary')).toMatch(
      new RegExp(
        `^${starts} squares start an open tour · ${engine.filter((c) => c.exists === false).length} none \\(N\\) · `,
      ),
    );
    expect(await text('#table-summary')).toContain(
      `${backtracks.toLocaleString('en-US')} backtrack${backtracks === 1 ? '' : 's'} in all`,
    );
    // The bar and Cancel have gone with the job.
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  });

  it("50×50: Cancel keeps the squares decided (each the engine's), says so, and the table can be computed again", async () => {
    await open('#/tours?board=50x50&mode=table');
    await page.getByRole('button', { name: /^Compute the table/ }).click();
    // The progress bar and Cancel while it runs, with squares decided already.
    await page.waitForSelector('.job progress', WAIT);
    // Cancel is pressed from inside the page once a square is decided: on a busy machine the table can finish
    // between a test's look and its click.
    await page.evaluate(
      (timeout) =>
        new Promise<void>((resolve, reject) => {
          const end = performance.now() + timeout;
          const press = (): void => {
            const decided = Number(document.querySelector('#table-summary')?.getAttribute('data-decided') ?? 0);
            const cancel = Array.from(document.querySelectorAll<HTMLButtonElement>('.job button')).find(
              (b) => b.textContent === 'Cancel',
            );
            if (decided > 0 && cancel) {
              cancel.click();
              resolve();
            } else if (performance.now() > end || !cancel) reject(new Error(`no square decided while it ran`));
            else requestAnimationFrame(press);
          };
          press();
        }),
      LONG.timeout,
    );
    await page.waitForSelector('.job:has-text("Cancelled.")', WAIT);
    const decided = Number(await page.locator('#table-summary').getAttribute('data-decided'));
    expect(decided).toBeGreaterThan(0);
    expect(decided).toBeLessThan(2500);
    expect(await page.locator('#table-summary').getAttribute('data-complete')).toBe('false');
    expect(await text('#table-summary')).toMatch(
      new RegExp(`^${decided.toLocaleString('en-US')} of 2,500 squares searched before the search stopped: `),
    );

    const board = Board.of(50, 50);
    const shown = await readTable(page, 50);
    expect(shown.size).toBe(2500);
    for (let s = 0; s < 2500; s++) {
      if (s >= decided) {
        expect(shown.get(s)).toEqual([null, '']);
        continue;
      }
      const c = finishedValue(tableCellJob(board, KNIGHT, s, OPTIONS).runSync());
      expect(shown.get(s)).toEqual([String(c.exists), tableCellText(c)]);
    }
    // Still there a moment later (nothing more arrives), and the controls are ready to go again.
    await page.waitForTimeout(300);
    expect(Number(await page.locator('#table-summary').getAttribute('data-decided'))).toBe(decided);
    await page.getByRole('button', { name: /^Compute the table again/ }).click();
    await page.waitForSelector('.job progress', WAIT);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('.job:has-text("Cancelled.")', WAIT);
  });

  it('logged no console errors', () => {
    expect(problems).toEqual([]);
  });
});
