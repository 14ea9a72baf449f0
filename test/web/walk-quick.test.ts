// The Random walk page answers at once and refines (issue 15): on a board and N whose exact answers take
// seconds, an estimate is drawn first (labelled, with how it was made) while the exact one computes with its
// progress bar, and replaced when that is ready; Cancel keeps the estimate and the controls answer.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/walk-quick.test.ts');

/** One look at the page: the jobs it says run (data-jobs) and which answers are on screen. */
interface Seen {
  jobs: string;
  map: boolean;
  dist: boolean;
  distEstimate: boolean;
}

/**
 * Records every change of the walk page's running jobs and of its answers on screen, as they happen (a
 * MutationObserver from the page's start), in window.__walkSeen.
 */
function watchJobs(): void {
  const w = window as unknown as { __walkSeen: Seen[] };
  w.__walkSeen = [];
  const look = (): void => {
    const section = document.querySelector('section.walk');
    if (!section) return;
    const now: Seen = {
      jobs: section.getAttribute('data-jobs') ?? '',
      map: document.querySelector('[aria-label="Survival heat map legend"]') !== null,
      dist: document.querySelector('[aria-label="Distribution heat map legend"]') !== null,
      distEstimate: document.querySelector('#walk-dist-estimate') !== null,
    };
    const last = w.__walkSeen[w.__walkSeen.length - 1];
    if (
      !last ||
      last.jobs !== now.jobs ||
      last.map !== now.map ||
      last.dist !== now.dist ||
      last.distEstimate !== now.distEstimate
    )
      w.__walkSeen.push(now);
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-jobs', 'aria-label'],
  });
}

describe.skipIf(skip)('the Random walk page answers at once and refines', () => {
  const pg = usePlaygroundPage((p) => p.addInitScript(watchJobs));
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
    expect(await text('#walk-map-estimate')).toMatch(
      /^An estimate: the first [0-9,]+ moves computed, the other [0-9,]+ extrapolated at the rate the chance was falling by then\. The exact map replaces it when it is ready\.$/,
    );
    expect(await page.locator('[aria-label^="Survival"]').first().getAttribute('aria-label')).toMatch(
      /, estimated\. Arrow keys/,
    );
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
    expect(await page.locator('[aria-label^="Distribution"]').first().getAttribute('aria-label')).toMatch(
      /from e5, estimated\. Arrow keys/,
    );
    expect(await text('#walk-dist-total')).toMatch(/^The squares sum to about /);
    expect(problems).toEqual([]);
  });

  it('100×100 knight from e5, N = 20,000: the quick jobs first, the exact ones only once both estimates are on screen', async () => {
    const seen = (): Promise<Seen[]> => page.evaluate(() => (window as unknown as { __walkSeen: Seen[] }).__walkSeen);
    const jobs = async (): Promise<string> => (await page.locator('section.walk').getAttribute('data-jobs')) ?? '';
    const check = (log: Seen[]): void => {
      // The quick jobs were seen running, and every look with an exact job running has the estimates drawn.
      expect(log.some((l) => l.jobs.includes('quick-dist'))).toBe(true);
      expect(log.some((l) => l.jobs.includes('exact-dist'))).toBe(true);
      for (const l of log) {
        if (l.jobs.includes('exact-map')) expect(l, JSON.stringify(log)).toMatchObject({ map: true });
        if (l.jobs.includes('exact-dist'))
          expect(l, JSON.stringify(log)).toMatchObject({ map: true, dist: true, distEstimate: true });
        if (l.jobs.includes('exact')) expect(l.jobs, JSON.stringify(log)).not.toMatch(/quick/);
      }
    };
    // From the link.
    await open('#/walk?board=100x100&piece=knight&n=20000&from=e5');
    await expect.poll(jobs, WAIT).toMatch(/exact-dist/);
    check(await seen());
    // From a control: N changed on the open page (both the map and the distribution are asked again).
    await page.evaluate(() => ((window as unknown as { __walkSeen: Seen[] }).__walkSeen.length = 0));
    await page.locator('#walk-steps').fill('20002');
    await expect.poll(async () => (await seen()).some((l) => l.jobs.includes('exact-dist')), WAIT).toBe(true);
    check(await seen());
    // Cancel still stops the exact job and keeps the estimate.
    await page.locator('.distribution').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.distribution .job').textContent(), WAIT).toBe('Cancelled.');
    expect(await page.locator('#walk-dist-estimate').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('beyond the exact distribution (8×8, N = 10^9 from d4): the estimate stays, said in words', async () => {
    await open('#/walk?board=8x8&n=1000000000&from=d4');
    await page.waitForSelector('#walk-dist-limit', WAIT);
    expect(await text('#walk-dist-limit')).toMatch(
      /^The exact distribution is computed here up to N = 1,000,000 moves and up to squares × N = 600 million; this board and N take more, so it stays an estimate\.$/,
    );
    await page.waitForSelector(
      '.board[aria-label^="Distribution"][aria-label$="estimated"] [data-square="d4"][aria-label*="probability"]',
      WAIT,
    );
    // No flags or internal names on the page.
    expect(await text('main')).not.toMatch(/--|survivalAtHorizon|\(dp\)|squaring\b(?! of)/);
    expect(problems).toEqual([]);
  });
});
