// The playground's shell in Chromium, at 1280×800 and on a 390×844 touch phone: the error screen keeps the person's
// work ("Try again" goes back to the last address that worked on that page, the message names the address, the report
// copies); every page's intro opens and folds from its "more" button by keyboard alone; the header's "Copy link"
// copies the address with its state and says so. A page is made to fail by a stubbed browser API (no hook in the app):
// URLSearchParams throws on the value "boom", read from the address or written back to it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG } from '../long.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/shell.test.ts');
const WAIT = { timeout: 15_000 };

/** A failure a person might meet, made on purpose: an address value "boom" breaks the page reading or writing it. */
function breakOnBoom(): void {
  const get = URLSearchParams.prototype.get;
  const set = URLSearchParams.prototype.set;
  URLSearchParams.prototype.get = function (this: URLSearchParams, k: string) {
    const v = get.call(this, k);
    if (v === 'boom') throw new Error('the page broke on boom');
    return v;
  };
  URLSearchParams.prototype.set = function (this: URLSearchParams, k: string, v: string) {
    if (v === 'boom') throw new Error('the page broke on boom');
    set.call(this, k, v);
  };
}

const DEVICES = [
  { name: 'at 1280×800', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'on a 390×844 touch phone', viewport: { width: 390, height: 844 }, phone: true },
];

describe.skipIf(skip)('the shell', () => {
  /** The clipboard the report and "Copy link" write to, and the page's way to fail. */
  const prepare = async (page: Page): Promise<void> => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pg.served.url });
    await page.addInitScript(breakOnBoom);
  };
  const pg = usePlaygroundPage(prepare);
  const onPhone = usePhone(pg, prepare);
  // The boundary logs what it caught: that is the one error expected here.
  const problems = (): string[] => pg.problems.filter((p) => !/^(phone )?error: The page hit an error/.test(p));

  describe.each(DEVICES)('$name', ({ viewport, phone }) => {
    let page: Page;
    const open = async (hash: string): Promise<void> => {
      await page.goto('about:blank');
      await page.goto(pg.served.url + hash);
    };
    const hash = (): Promise<string> => page.evaluate(() => location.hash);
    const alert = () => page.locator('main .crashed[role="alert"]');

    beforeAll(() => {
      page = phone ? onPhone.page : pg.page;
    });

    it("the home page's first screen shows what each page does and goes to it, in the screen's words", async () => {
      await open('#/');
      const cards = page.locator('.cards li');
      await expect.poll(() => cards.count(), WAIT).toBe(5);
      for (const card of await cards.all()) {
        const box = (await card.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(((await card.locator('p').textContent()) ?? '').length).toBeGreaterThan(20);
      }
      const lead = (await page.locator('main .lead').textContent())!;
      expect(lead).toContain(phone ? 'as you tap' : 'as you click');
      expect(lead).not.toContain(phone ? 'click' : 'tap');
      await page.locator('.cards a[href="#/tours"]').click();
      await expect.poll(() => page.locator('main h1').textContent(), WAIT).toContain('Tours');
      expect(problems()).toEqual([]);
    });

    it('an address that fails: the screen names it and "Try again" goes back to the last one that worked', async () => {
      await open('#/moves?board=8x8&piece=knight&at=d4');
      await expect.poll(() => page.locator('#target-count').textContent(), WAIT).toBe('8');
      const good = await hash();
      await page.waitForTimeout(200);
      await page.evaluate(() => (location.hash = '#/moves?board=8x8&piece=boom'));
      await alert().waitFor(WAIT);
      const text = (await alert().textContent())!;
      expect(text).toContain('Moves could not show this address');
      expect(text).toContain(`${pg.served.url}#/moves?board=8x8&piece=boom`);
      expect(await page.locator('main h1').count()).toBe(1);
      // By keyboard: the button is reachable and pressed with Enter.
      await page.getByRole('button', { name: 'Try again' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#target-count').textContent(), WAIT).toBe('8');
      expect(await hash()).toBe(good);
      expect(await alert().count()).toBe(0);

      // A first visit on a failing address: back to the page as it opens by default.
      await open('#/moves?piece=boom');
      await alert().waitFor(WAIT);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForSelector('main [data-square="d4"]', WAIT);
      expect(await hash()).toMatch(/^#\/moves(\?|$)/);
      expect(await hash()).not.toContain('boom');
      expect(problems()).toEqual([]);
    });

    it('a change that fails keeps the board: "Try again" draws it as it was, and the report copies', async () => {
      await open('#/moves?board=8x8&piece=knight&at=d4,f5');
      await expect.poll(() => page.locator('#target-count').textContent(), WAIT).not.toBe('0');
      const before = await hash();
      await page.waitForTimeout(200);
      await page.locator('#piece-spec').fill('boom');
      await alert().waitFor(WAIT);
      expect(await alert().textContent()).toContain('Your last change on Moves could not be shown');
      await page.getByRole('button', { name: 'Copy error report' }).click();
      await expect.poll(() => page.locator('main [role="status"]').first().textContent(), WAIT).toBe('Report copied');
      const report = await page.evaluate(() => navigator.clipboard.readText());
      expect(report).toContain('Page: Moves');
      expect(report).toContain('Error: the page broke on boom');
      expect(report).toContain(before);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForSelector('main [data-square="d4"]', WAIT);
      expect(await hash()).toBe(before);
      expect(await page.locator('#piece-spec').inputValue()).toBe('knight');
      expect(await page.locator('[data-square="d4"]').getAttribute('aria-label')).toMatch(/^d4, knight/);
      expect(await page.locator('[data-square="f5"]').getAttribute('aria-label')).toMatch(/^f5, knight/);
      expect(problems()).toEqual([]);
    });

    it('each page\'s intro opens from its "more" button and folds again, by keyboard alone', async () => {
      let cut = 0;
      for (const id of LONG || phone ? ['', 'moves', 'tours', 'walk', 'valley', 'fleet'] : ['', 'tours']) {
        await open(`#/${id}`);
        const lead = page.locator('main .lead').first();
        await lead.waitFor(WAIT);
        const more = lead.locator('button.more');
        await expect.poll(() => more.count(), WAIT).toBe(1);
        if (!(await lead.evaluate((e) => e.scrollHeight > e.clientHeight + 1))) {
          // Shown whole already: the button stays out of the way.
          expect(await more.isVisible(), `#/${id}`).toBe(false);
          continue;
        }
        cut++;
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        // Tab from the page's heading reaches it.
        await page.locator('main h1').evaluate((h) => ((h as HTMLElement).tabIndex = -1));
        await page.locator('main h1').focus();
        await page.keyboard.press('Tab');
        expect(await more.evaluate((b) => b === document.activeElement), `#/${id}`).toBe(true);
        await page.keyboard.press('Enter');
        expect(await more.getAttribute('aria-expanded')).toBe('true');
        expect(await lead.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
        await page.keyboard.press('Space');
        expect(await more.getAttribute('aria-expanded')).toBe('false');
      }
      // A phone cuts every intro here; a wide screen shows them whole.
      expect(cut).toBe(phone ? 6 : 0);
      expect(problems()).toEqual([]);
    });

    it('"Copy link" in the header copies the address with the page\'s state and says so', async () => {
      for (const [id, ready] of [
        ['tours?board=6x6&closed=1', '#tour-answer[data-exists="true"]'],
        ...(LONG ? [['walk?board=5x5&n=3', 'main [data-square="a1"]']] : []),
      ]) {
        await open(`#/${id}`);
        await page.waitForSelector(ready, WAIT);
        await page.waitForTimeout(200);
        const copy = page.locator('header').getByRole('button', { name: 'Copy link' });
        await copy.focus();
        await page.keyboard.press('Enter');
        const said = page.locator('header [role="status"]');
        await expect.poll(() => said.textContent(), WAIT).toBe('Link copied');
        expect(await said.isVisible()).toBe(true);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          await page.evaluate(() => location.href),
        );
        expect(await page.evaluate(() => location.hash)).toContain(id.split('?')[0]);
      }
      // Nothing in the header overflows a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems()).toEqual([]);
    });
  });
});
