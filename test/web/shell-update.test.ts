// The playground updated to a new build, in Chromium: visited once (its service worker keeps the build), then the
// same address serves the next build. As the worker promises (web/src/service.worker.ts): one reload shows the new
// build at once (the page comes from the network first, and the new build's files are not the old worker's); the
// new build's worker takes over, keeps every file of the new build and the build before it beside them; every page of
// the new build opens and computes (nothing of the old build mixed in); and with no network the new build opens.
// The next build is this build copied with what a rebuild changes: every asset under a new name (and every reference
// to it), the home page's heading, the worker's list of files and its version.
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './build.js';
import { everyPageComputes } from './every-page.js';
import { usePlaygroundPage } from './fixture.js';
import { startServe, type Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/shell-update.test.ts');
const WAIT = { timeout: 20_000 };
const HEADING = 'gridbits playground, the next build';

/** The service worker's version in its source: a time, then a content hash (web/vite.config.ts). */
const VERSION = /"(\d{8}T\d{9}Z-[0-9a-f]{16})"/;

/** Replaces `pattern` in the file, which must hold it exactly `count` times. */
function edit(file: string, pattern: RegExp, by: (found: string) => string, count = 1): void {
  const text = readFileSync(file, 'utf8');
  const found = text.match(new RegExp(pattern.source, 'g')) ?? [];
  if (found.length !== count) throw new Error(`${file}: ${pattern} found ${found.length} times, not ${count}`);
  writeFileSync(file, text.replace(new RegExp(pattern.source, 'g'), by));
}

/** A copy of the built package (dist/ and web/dist/) as the next build: its folder, the old and new versions. */
function nextBuild(): { root: string; before: string; after: string } {
  const root = mkdtempSync(join(tmpdir(), 'gridbits-next-build-'));
  cpSync(join(REPO, 'dist'), join(root, 'dist'), { recursive: true });
  const web = join(root, 'web', 'dist');
  cpSync(join(REPO, 'web', 'dist'), web, { recursive: true });
  // Every asset under a new name, as a change to its content gives it a new hash.
  const assets = readdirSync(join(web, 'assets'));
  const renamed = new Map(assets.map((f) => [f, f.replace(/\.(\w+)$/, 'n.$1')]));
  for (const [from, to] of renamed) renameSync(join(web, 'assets', from), join(web, 'assets', to));
  const names = new RegExp([...renamed.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
  const texts = ['index.html', 'sw.js', ...[...renamed.values()].map((f) => `assets/${f}`)].filter((f) =>
    /\.(html|js|css)$/.test(f),
  );
  for (const f of texts) {
    const file = join(web, f);
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text.replace(new RegExp(names.source, 'g'), (name) => renamed.get(name)!),
    );
  }
  // What the person sees change: the home page's heading, in the entry script.
  const entry = /src="\.\/assets\/(index-[\w-]+\.js)"/.exec(readFileSync(join(web, 'index.html'), 'utf8'))![1];
  edit(join(web, 'assets', entry), /\(`h1`,\{children:`gridbits playground`\}/, (h) =>
    h.replace(/`\}$/, ', the next build`}'),
  );
  // A new version of the worker, later than the build's.
  const before = VERSION.exec(readFileSync(join(web, 'sw.js'), 'utf8'))![1];
  const after = `${new Date().toISOString().replace(/[-:.]/g, '')}-${'0'.repeat(16)}`;
  expect(after > before).toBe(true);
  edit(join(web, 'sw.js'), VERSION, () => JSON.stringify(after));
  return { root, before, after };
}

describe.skipIf(skip)('the playground updated to a new build', () => {
  const pg = usePlaygroundPage();
  let next: ReturnType<typeof nextBuild>;
  let nextServed: Served | undefined;
  beforeAll(() => {
    next = nextBuild();
  });
  afterAll(async () => {
    await pg.browser.context.setOffline(false);
    await nextServed?.stop();
    rmSync(next.root, { recursive: true, force: true });
  });

  it('one reload shows the new build; its worker takes over and keeps it, the build before beside it', async () => {
    const { page } = pg;
    const heading = () => page.locator('main h1').textContent();
    const kept = () => page.evaluate(async () => (await caches.keys()).sort());
    await pg.open('#/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, WAIT);
    expect(await heading()).toBe('gridbits playground');
    expect(await kept()).toEqual([`gridbits-${next.before}`]);

    // The next build at the same address.
    const { port, url } = pg.served;
    expect(await pg.served.stop()).not.toBeNull();
    nextServed = await startServe(['--port', String(port)], next.root, join(next.root, 'dist', 'cli', 'main.js'));
    expect(nextServed.url).toBe(url);

    await page.reload();
    await expect.poll(heading, WAIT).toBe(HEADING);
    expect(await page.locator('script[type="module"]').getAttribute('src')).toMatch(/^\.\/assets\/index-[\w-]+n\.js$/);
    // The new worker has kept every file of its build and is in charge; the build before stays a while.
    const settled = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const done = r?.installing === null && r.waiting === null && r.active?.state === 'activated';
        return { kept: (await caches.keys()).sort(), done };
      });
    await expect
      .poll(settled, WAIT)
      .toEqual({ kept: [`gridbits-${next.before}`, `gridbits-${next.after}`], done: true });

    // Every page of the new build opens and computes.
    await everyPageComputes(pg);

    // With no network and no server, the new build is the one that opens, and it computes.
    await pg.browser.context.setOffline(true);
    expect(await nextServed.stop()).not.toBeNull();
    await pg.open('#/');
    await expect.poll(heading, WAIT).toBe(HEADING);
    await pg.open('#/moves?board=8x8&piece=knight&at=d4');
    await expect.poll(() => page.locator('#target-count').textContent(), WAIT).toBe('8');
    expect(pg.problems).toEqual([]);
  });
});
