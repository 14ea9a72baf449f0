// One Chromium page on a `gridbits serve` of the built playground, for a describe block: started before its
// tests (in a fresh context of the test worker's Chromium), stopped after them; console errors, warnings and page
// errors collected in `problems`.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openContext, type Context } from './browser.js';
import { ensureWebBuilt } from './build.js';
import { startServe, type Served } from './serve-process.js';

export interface PlaygroundPage {
  readonly page: Page;
  readonly served: Served;
  /** The page's browser context: other pages opened in it share its state, as tabs of one browser do. */
  readonly browser: Context;
  /** Console errors and warnings and uncaught page errors, as they happen. */
  readonly problems: string[];
  /** Opens a hash route fresh (via about:blank, so the state comes from the URL alone). */
  open(hash: string): Promise<void>;
}

/** Registers beforeAll/afterAll hooks in the calling describe block; `setup` runs on the new page first. */
export function usePlaygroundPage(setup?: (page: Page) => Promise<unknown>): PlaygroundPage {
  let served: Served | undefined;
  let browser: Context | undefined;
  let page: Page | undefined;
  const problems: string[] = [];
  beforeAll(async () => {
    ensureWebBuilt();
    served = await startServe();
    browser = await openContext();
    page = await browser.context.newPage();
    if (setup) await setup(page);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  return {
    get page() {
      return page!;
    },
    get served() {
      return served!;
    },
    get browser() {
      return browser!;
    },
    problems,
    async open(hash: string) {
      await page!.goto('about:blank');
      await page!.goto(served!.url + hash);
    },
  };
}

/**
 * A 390×844 touch phone beside a playground page (its own context in the same browser), for a describe block that
 * tests both sizes: the fixture's page is set to 1280×800; `setup` runs on the new phone page first; the phone's
 * errors and warnings go to `pg.problems`, marked "phone".
 */
export function usePhone(pg: PlaygroundPage, setup?: (page: Page) => Promise<unknown>): { readonly page: Page } {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    await pg.page.setViewportSize({ width: 1280, height: 800 });
    context = await pg.browser.context.browser()!.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    page = await context.newPage();
    if (setup) await setup(page);
    page.on('pageerror', (e) => pg.problems.push(`phone page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') pg.problems.push(`phone ${m.type()}: ${m.text()}`);
    });
  });
  afterAll(() => context?.close());
  return {
    get page() {
      return page!;
    },
  };
}
