// The Random walk page answers at once and refines (issue 15): on a board and N whose exact answers take
// seconds, an estimate is drawn first (labelled, with how it was made) while the exact one computes with its
// progress bar, and replaced when that is ready; Cancel keeps the estimate and the controls answer.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from './browser.js';
import { usePlaygroundPage } from './fixture.js';

const WAIT = { timeout: 15_000 };
const missing = chromiumMissing();

describe.skipIf(missing !== null)('the Random walk page answers at once and refines', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });
  const text = async (sel: string): Promise<string> => ((await page.locator(sel).first().textContent()) ?? '').trim();

  it('100×99 knight+king, N = 20,000: the estimate first (within 10 s here, about 1 s on an idle machine), then Cancel keeps it', async () => {
    await open('#/walk?board=100x99&piece=knight%2Bking&n=20000');
    const t0 = Date.now();
    await page.waitForSelector('#walk-map-estimate', WAIT);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await text('#walk-map-estimate')).toMatch(/^An estimate: the first [0-9,]+ moves computed, the other [0-9,]+ extrapolated at the rate the chance was falling by then\. The exact map replaces it when it is ready\.$/);
    expect(await page.locator('[aria-label^="Survival"]').first().getAttribute('aria-label')).toMatch(/, estimated\. Arrow keys/);
    expect(await text('.legend[aria-label^="Survival"]')).toMatch(/P\(still on the board after 20000 moves\)/);
    // The exact map is still computing, with its progress and Cancel.
    const cancel = page.getByRole('button', { name: 'Cancel' });
    if (await cancel.isVisible()) {
      await cancel.click();
      await expect.poll(() => text('.job'), WAIT).toBe('Cancelled.');
      expect(await page.locator('#walk-map-estimate').count()).toBe(1);
    }
    expect(problems).toEqual([]);
  });

  it('100×100 knight from e5, N = 60,000: the distribution estimated at once, the exact one computing with progress', async () => {
    await open('#/walk?board=100x100&piece=knight&n=60000&from=e5');
    await page.waitForSelector('#walk-dist-estimate', WAIT);
    expect(await text('#walk-dist-estimate')).toMatch(/^An estimate: the first [0-9,]+ moves computed/);
    expect(await page.locator('[aria-label^="Distribution"]').first().getAttribute('aria-label')).toMatch(/from e5, estimated\. Arrow keys/);
    expect(await text('#walk-dist-total')).toMatch(/^The squares sum to about /);
    expect(problems).toEqual([]);
  });

  it('beyond the exact distribution (8×8, N = 10^9 from d4): the estimate stays, said in words', async () => {
    await open('#/walk?board=8x8&n=1000000000&from=d4');
    await page.waitForSelector('#walk-dist-limit', WAIT);
    expect(await text('#walk-dist-limit')).toMatch(/^The exact distribution is computed here up to N = 1,000,000 moves and up to squares × N = 600 million; this board and N take more, so it stays an estimate\.$/);
    await page.waitForSelector('.board[aria-label^="Distribution"][aria-label$="estimated"] [data-square="d4"][aria-label*="probability"]', WAIT);
    // No flags or internal names on the page.
    expect(await text('main')).not.toMatch(/--|survivalAtHorizon|\(dp\)|squaring\b(?! of)/);
    expect(problems).toEqual([]);
  });
});
