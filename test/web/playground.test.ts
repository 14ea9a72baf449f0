// The playground in Debian's Chromium, served by `gridbits serve`: the home page, the Moves page by mouse and
// keyboard (checked against plain reference loops), errors shown inline, no console errors, 360 px phones.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePiece } from '../../src/pieces/piece.js';
import { eightWays, naiveAttacks, naiveName, type NaivePiece } from '../reference/naive.js';
import { openContext, type Context } from './browser.js';
import { WEB_DIST, ensureWebBuilt } from './build.js';
import { startServe, type Served } from './serve-process.js';
import { bypassServiceWorker } from './service-worker.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/playground.test.ts');

/** Names of the squares a naive piece attacks from `from` on a w×h board, sorted. */
function expected(w: number, h: number, piece: NaivePiece, from: string[], blockers: string[] = []): string[] {
  const index = (n: string): number => n.charCodeAt(0) - 97 + (Number(n.slice(1)) - 1) * w;
  const occ = new Set(blockers.map(index));
  return [...naiveAttacks(w, h, piece, new Set(from.map(index)), occ)].map((s) => naiveName(w, s)).sort();
}

/** How long a poll waits for the page: generous, as CI runs the browser beside other test files on 2 cores. */
const WAIT = { timeout: 10_000 };

const KNIGHT: NaivePiece = { leaps: eightWays(1, 2), rides: [], slides: [] };
const ROOK: NaivePiece = { leaps: [], rides: eightWays(0, 1), slides: [] };

describe.skipIf(skip)('the playground in Chromium', () => {
  let served: Served;
  let browser: Context;
  let page: Page;
  const problems: string[] = [];

  const watch = (p: Page): Page => {
    p.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // A request the page cancels by navigating away (ERR_ABORTED, e.g. a worker still loading when a test opens
    // the next route) is not a failure of the page; any other failed request is.
    p.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED')
        problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
    });
    return p;
  };

  /** Opens a hash route fresh (a reload, so the state comes from the URL alone). */
  const open = async (hash: string, p: Page = page): Promise<void> => {
    await p.goto('about:blank');
    await p.goto(served.url + hash);
  };

  const hash = (): string => new URL(page.url()).hash;
  const count = async (): Promise<string> => (await page.locator('#target-count').textContent())!.trim();
  const marked = async (p: Page = page): Promise<string[]> =>
    (
      await p.locator('[data-square][data-target]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!))
    ).sort();

  beforeAll(async () => {
    ensureWebBuilt();
    served = await startServe();
    browser = await openContext();
    page = watch(await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('lists the five pages on the home page; the built ones are links', async () => {
    await open('#/');
    const cards = page.locator('.cards li');
    await expect.poll(() => cards.count(), WAIT).toBe(5);
    expect(await cards.locator('h2').allTextContents()).toEqual([
      'Moves',
      'Tours',
      'Random walk',
      "King's Valley",
      'Sea Battle',
    ]);
    expect(await page.locator('.cards a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '#/moves',
      '#/tours',
      '#/walk',
      '#/valley',
      '#/fleet',
    ]);
    await page.locator('.cards a[href="#/moves"]').click();
    await page.waitForSelector('#target-count');
    await expect.poll(hash, WAIT).toMatch(/^#\/moves\?/);
  });

  it('places a knight on d4 and marks its 8 targets', async () => {
    await open('#/moves?board=8x8&piece=knight');
    await page.locator('[data-square="d4"]').click();
    await expect.poll(count, WAIT).toBe('8');
    const targets = await marked();
    expect(targets).toEqual(expected(8, 8, KNIGHT, ['d4']));
    expect(targets).toEqual(['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
    expect(await page.locator('[data-square="d4"]').getAttribute('aria-label')).toBe('d4, knight');
    expect(await page.locator('[data-square="f5"]').getAttribute('aria-label')).toBe('f5, attacked');
    expect((await page.locator('#target-list').textContent())!.split(' ').sort()).toEqual(targets);
    // The state is in the URL: a reload shows the same.
    await expect.poll(hash, WAIT).toContain('at=d4');
    await page.reload();
    await expect.poll(count, WAIT).toBe('8');
    // Clicking the piece again takes it off.
    await page.locator('[data-square="d4"]').click();
    await expect.poll(marked, WAIT).toEqual([]);
    // Following another link while the page is open shows that link's state.
    await page.evaluate(() => {
      location.hash = '#/moves?board=8x8&piece=king&at=a1';
    });
    await expect.poll(marked, WAIT).toEqual(['a2', 'b1', 'b2']);
    expect(await page.locator('#piece-spec').inputValue()).toBe('king');
  });

  it('stops a rook at blockers placed by shift-click and by the blocker mode', async () => {
    await open('#/moves?board=8x8&piece=rook');
    await page.locator('[data-square="d4"]').click();
    await page.locator('[data-square="d6"]').click({ modifiers: ['Shift'] });
    await page.getByRole('radio', { name: 'Blockers' }).check();
    await page.locator('[data-square="b4"]').click();
    await page.locator('[data-square="g4"]').click();
    expect(
      await page
        .locator('[data-kind="blocker"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort()),
    ).toEqual(['b4', 'd6', 'g4']);
    const want = expected(8, 8, ROOK, ['d4'], ['d6', 'b4', 'g4']);
    expect(want).toEqual(['b4', 'c4', 'd1', 'd2', 'd3', 'd5', 'd6', 'e4', 'f4', 'g4']);
    await expect.poll(marked, WAIT).toEqual(want);
    expect(await count()).toBe(String(want.length));
    // A second rook adds its attacks to the same set-wise union.
    await page.getByRole('radio', { name: 'Pieces' }).check();
    await page.locator('[data-square="h8"]').click();
    await expect.poll(marked, WAIT).toEqual(expected(8, 8, ROOK, ['d4', 'h8'], ['d6', 'b4', 'g4']));
    await expect.poll(hash, WAIT).toContain('block=d6,b4,g4');
  });

  it('works from the keyboard: arrows move focus, Enter and Space choose', async () => {
    await open('#/moves?board=8x8&piece=knight');
    await page.locator('[data-square="a1"]').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp'])
      await page.keyboard.press(key);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('d4');
    await page.keyboard.press('Enter');
    await expect.poll(count, WAIT).toBe('8');
    expect(await marked()).toEqual(expected(8, 8, KNIGHT, ['d4']));
    // Only the focused square is in the tab order (one tab stop for the whole board).
    expect(await page.locator('.board [tabindex="0"]').getAttribute('data-square')).toBe('d4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await expect.poll(marked, WAIT).toEqual(expected(8, 8, KNIGHT, ['d4', 'c4']));
    // Arrows stop at the edge.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('h4');
    // The canvas board of a large board takes the same keys.
    await open('#/moves?board=40x40&piece=knight');
    await page.locator('canvas.board-canvas').focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter'])
      await page.keyboard.press(key);
    await expect.poll(count, WAIT).toBe('8');
    await expect.poll(hash, WAIT).toContain('at=d4');
    expect(await page.locator('.canvas-wrap [aria-live]').textContent()).toBe('d4, knight');
  });

  it('shows the engine message for a bad piece spec, without breaking the page', async () => {
    await open('#/moves?board=8x8&piece=knight&at=d4');
    await expect.poll(count, WAIT).toBe('8');
    const spec = page.locator('#piece-spec');
    await spec.fill('1,x');
    const message = (() => {
      try {
        parsePiece('1,x');
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message).toMatch(/malformed leaper/);
    await expect.poll(() => page.locator('#piece-error').textContent(), WAIT).toBe(message);
    expect(await spec.getAttribute('aria-invalid')).toBe('true');
    expect(await count()).toBe('–');
    expect(await marked()).toEqual([]);
    await spec.fill('camel');
    await expect.poll(count, WAIT).toBe('8');
    expect(await page.locator('#piece-error').textContent()).toBe('');
    expect(await page.locator('#piece-info').textContent()).toBe('8 leaps (1,3)');
    expect(await marked()).toEqual(expected(8, 8, { leaps: eightWays(1, 3), rides: [], slides: [] }, ['d4']));
    await spec.fill('wizard');
    await expect.poll(() => page.locator('#piece-error').textContent(), WAIT).toMatch(/unknown piece 'wizard'/);
    // A bad board side is refused inline too.
    await page.locator('#side-width').fill('0');
    await expect.poll(() => page.locator('#side-width-error').textContent(), WAIT).toMatch(/from 1 to 512/);
    expect(await page.locator('[data-square]').count()).toBe(64);
  });

  it('draws the mobility heat map, and on large boards computes it in a worker', async () => {
    await open('#/moves?board=8x8&piece=knight&heat=1');
    await page.waitForSelector('.legend');
    const counts = await page
      .locator('[data-square] .count')
      .evaluateAll((els) => els.map((e) => Number(e.textContent)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(336);
    expect(await page.locator('[data-square="a1"]').getAttribute('aria-label')).toBe('a1, 2 moves from here');
    expect(await page.locator('[data-square="d4"]').getAttribute('aria-label')).toBe('d4, 8 moves from here');
    // 80×80 (6400 cells): a canvas board, the heat map from the worker. Knight moves on n×n: 8(n-1)(n-2).
    await open('#/moves?board=80x80&piece=knight&heat=1');
    await page.waitForSelector('canvas.board-canvas');
    await expect
      .poll(() => page.locator('.legend').textContent(), { timeout: 20_000 })
      .toContain(`total ${(8 * 79 * 78).toLocaleString('en-US')}`);
    // The canvas takes clicks too: the centre of the top-left square is a80.
    const box = (await page.locator('canvas.board-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 160 + 2, box.y + box.height / 160 + 2);
    await expect.poll(count, WAIT).toBe('2');
    await expect.poll(hash, WAIT).toContain('at=a80');
  });

  it('cancels a long heat map computation from its Cancel button', async () => {
    // Queen + 2,2* + 0,2* (rays that meet: its squares are counted by walking them) on the page's largest board
    // runs for seconds in the worker (4 s in Chromium on a 2026 AMD EPYC; 256×256 took 1 s there, and a loaded CI
    // run finished it before the click).
    await open('#/moves?board=512x512&piece=queen%2B2%2C2*%2B0%2C2*&heat=1');
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await cancel.click({ timeout: 10_000 });
    await expect.poll(() => page.locator('.job').textContent(), WAIT).toBe('Cancelled.');
    expect(await page.getByRole('checkbox', { name: 'Mobility heat map' }).isChecked()).toBe(false);
    expect(await page.locator('.legend').count()).toBe(0);
    await expect.poll(hash, WAIT).not.toContain('heat=1');
    // Asking for a small board while a large heat map is computing drops that job and answers at once.
    await page.getByRole('checkbox', { name: 'Mobility heat map' }).check();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ timeout: 10_000 });
    await page.locator('#side-width').fill('8');
    await page.locator('#side-height').fill('8');
    const qn: NaivePiece = {
      leaps: [],
      rides: [...eightWays(0, 1), ...eightWays(1, 1), ...eightWays(2, 2), ...eightWays(0, 2)],
      slides: [],
    };
    let total = 0;
    for (let s = 0; s < 64; s++) total += naiveAttacks(8, 8, qn, new Set([s]), new Set()).size;
    await expect
      .poll(() => page.locator('.legend').textContent(), WAIT)
      .toContain(`total ${total.toLocaleString('en-US')}`);
    expect(await page.locator('.job').count()).toBe(0);
    // The page stays usable: a new job on a fresh worker finishes.
    await page.locator('#side-width').fill('100');
    await page.locator('#side-height').fill('100');
    await page.locator('#piece-spec').fill('knight');
    await page.getByRole('checkbox', { name: 'Mobility heat map' }).check();
    await expect
      .poll(() => page.locator('.legend').textContent(), { timeout: 20_000 })
      .toContain(`total ${(8 * 99 * 98).toLocaleString('en-US')}`);
  });

  it('names every control for screen readers', async () => {
    await open('#/moves?board=8x8&piece=knight&at=d4&heat=1');
    await page.waitForSelector('.legend');
    const unnamed = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('input, select, button, canvas, [role="group"]'))
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
    const labels = await page
      .locator('.board [data-square]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
    expect(labels).toHaveLength(64);
    expect(labels.every((l) => /^[a-h][1-8](, |$)/.test(l))).toBe(true);
  });

  it('opens every page without console errors', async () => {
    for (const hash of [
      '#/',
      '#/moves',
      '#/moves?board=12x9&piece=nightrider&at=c3,h7&block=e5&heat=1',
      '#/tours',
      '#/no-such-page',
      '#/moves?board=zz&piece=%25%25&at=q99',
    ]) {
      await open(hash);
      await page.waitForSelector('main > *');
      await page.waitForTimeout(100);
    }
    expect(await page.locator('main').textContent()).toContain('Moves');
    expect(problems).toEqual([]);
  });

  it('opens a page whose code arrives between showing "Loading" and asking for it again', async () => {
    // The reader opens King's Valley, leaves before its code arrives and comes back; the code then arrives before
    // the page asks for it a second time. The page's clock is held so the steps happen in exactly that order.
    const p = watch(await browser.context.newPage());
    await bypassServiceWorker(p);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const done = new Promise<void>((r) => (arrived = r));
    await p.route(/\/ValleyPage-[^/]*\.js$/, async (r) => {
      await held;
      await r.continue();
      arrived();
    });
    try {
      await p.clock.install({ time: 0 });
      await p.goto(served.url + '#/valley');
      await p.clock.pauseAt(1000);
      await p.waitForSelector('main .loading');
      await p.clock.runFor(100);
      await p.evaluate(() => (location.hash = '#/elsewhere'));
      await p.clock.runFor(100);
      await p.evaluate(() => (location.hash = '#/valley'));
      release();
      await done;
      await p.waitForTimeout(300);
      await p.clock.runFor(100);
      await p.clock.resume();
      await p.waitForFunction(
        () => document.querySelectorAll('main h1').length === 1 && !document.querySelector('main .loading'),
        null,
        { timeout: 10_000 },
      );
      expect(await p.locator('main h1').textContent()).toContain('Valley');
    } finally {
      await p.close();
    }
    expect(problems).toEqual([]);
  });

  it("says when a page's code cannot be loaded, keeps the other pages working, and loads it on Reload", async () => {
    const p = await browser.context.newPage();
    await bypassServiceWorker(p);
    let refuse = true;
    await p.route(/\/ValleyPage-[^/]*\.js$/, (r) => (refuse ? r.abort('connectionrefused') : r.continue()));
    try {
      await p.goto(served.url + '#/valley');
      await expect
        .poll(
          () =>
            p
              .locator('main [role="alert"]')
              .textContent()
              .catch(() => ''),
          { timeout: 10_000 },
        )
        .toContain('Could not load the page');
      await p.evaluate(() => (location.hash = '#/moves'));
      await p.waitForSelector('main h1');
      expect(await p.locator('main').textContent()).not.toContain('Could not load');
      await p.evaluate(() => (location.hash = '#/valley'));
      await p.locator('main [role="alert"] button', { hasText: 'Reload' }).waitFor();
      refuse = false;
      await p.locator('main [role="alert"] button', { hasText: 'Reload' }).click();
      await p.waitForFunction(
        () => document.querySelectorAll('main h1').length === 1 && !document.querySelector('main .loading'),
        null,
        { timeout: 10_000 },
      );
      expect(await p.locator('main h1').textContent()).toContain('Valley');
    } finally {
      await p.close();
    }
  });

  it('renders at 360 px wide without horizontal scrolling', async () => {
    const phone = watch(await browser.context.newPage());
    await phone.setViewportSize({ width: 360, height: 740 });
    for (const hash of [
      '#/',
      '#/moves?board=8x8&piece=queen&at=d4&block=d6',
      '#/moves?board=32x32&piece=knight&at=p16&heat=1',
      '#/moves?board=100x60&piece=rook&at=c3',
    ]) {
      await open(hash, phone);
      await phone.waitForSelector('main > *');
      await phone.waitForTimeout(100);
      const widths = await phone.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0], hash).toBeLessThanOrEqual(widths[1]);
      expect(widths[1]).toBe(360);
    }
    await phone.close();
    expect(problems).toEqual([]);
  });
});

describe('the built playground', () => {
  it('loads under 300 kB of JavaScript, gzipped, counting every script it can load', () => {
    ensureWebBuilt();
    const assets = join(WEB_DIST, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const gz = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
    expect(js.length).toBeGreaterThan(0);
    expect(gz).toBeLessThan(300_000);
  });
});
