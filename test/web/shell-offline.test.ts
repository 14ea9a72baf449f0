// The playground with no network, in Chromium: once visited, its service worker keeps the build, so with the browser
// offline and the server stopped a reload still opens every page, and each computes (a move set, a tour, a walk, a
// King's Valley move by the computer, a fleet layout) in its worker. The app manifest it links is served, parses in
// Chromium without a complaint, and names icons that exist at their stated sizes; `gridbits serve` sends the service
// worker as a script that is always revalidated, under a policy that lets it run.
import { describe, expect, it } from 'vitest';
import { everyPageComputes } from './every-page.js';
import { usePlaygroundPage } from './fixture.js';
import { httpGet } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/shell-offline.test.ts');
const WAIT = { timeout: 20_000 };

describe.skipIf(skip)('the playground offline', () => {
  const pg = usePlaygroundPage();

  it('opens and computes on every page with no network once visited', async () => {
    const { page } = pg;
    await pg.open('#/');
    // The worker is in charge once it has kept every file of the build (its install waits for that).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, WAIT);
    await pg.browser.context.setOffline(true);
    expect(await pg.served.stop()).not.toBeNull();
    try {
      await page.reload();
      await page.waitForSelector('main h1', WAIT);
      expect(await page.locator('.cards li').count()).toBe(5);

      await everyPageComputes(pg);
    } finally {
      await pg.browser.context.setOffline(false);
    }
    expect(pg.problems).toEqual([]);
  });
});

describe.skipIf(skip)('the app manifest and the service worker as served', () => {
  const pg = usePlaygroundPage();

  it('links a manifest Chromium reads without errors, whose icons exist at their sizes', async () => {
    const { page } = pg;
    await pg.open('#/');
    const cdp = await pg.browser.context.newCDPSession(page);
    const got = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(got.errors).toEqual([]);
    expect(got.url).toBe(new URL('manifest.webmanifest', pg.served.url).href);
    const res = await httpGet(got.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    const m = JSON.parse(res.body) as Record<string, unknown>;
    expect(m).toMatchObject({ name: 'gridbits playground', short_name: 'gridbits', display: 'standalone' });
    expect(m.start_url).toBe('./#/');
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(m.theme_color);
    const icons = m.icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((i) => i.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const png = await httpGet(new URL(icon.src, got.url).href);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe(icon.type);
      // The PNG signature, then IHDR's width and height.
      expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(`${png.bytes.readUInt32BE(16)}x${png.bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect(pg.problems).toEqual([]);
  });

  it('serves the service worker as a script, revalidated each time, under a policy that lets it run', async () => {
    const res = await httpGet(pg.served.url + 'sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/worker-src 'self'/);
    // The build's files are listed in it: the page and its scripts.
    expect(res.body).toContain('"index.html"');
    expect(res.body).toMatch(/"assets\/index-[\w-]+\.js"/);
    const registered = await pg.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(registered).toBe(pg.served.url + 'sw.js');
  });
});
