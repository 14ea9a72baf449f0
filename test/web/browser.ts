// Debian's Chromium driven by playwright-core: a launch with a fresh profile, and the memory its pages take; for the
// tests, one Chromium per test worker that each test file gets a fresh context of.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as Chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from '../service.js';

/** A browser context of its own and how to end it. */
export interface Context {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface Browser extends Context {
  /** The throw-away profile folder (its path is on the command line of every process of this browser). */
  profile: string;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** Headless Chromium with a throw-away profile and no background traffic. */
export async function launch(viewport = { width: 1280, height: 900 }, deviceScaleFactor = 1): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'gridbits-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.path,
    headless: true,
    viewport,
    deviceScaleFactor,
    timeout: 30_000,
    args: ARGS,
  });
  return {
    context,
    profile,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const worker = globalThis as { gridbitsChromium?: Promise<Chromium>; gridbitsOnSigterm?: boolean };

/**
 * The test worker's Chromium, started on first use (and again after a crash); it ends with the worker, closed on the
 * SIGTERM that ends it.
 */
function shared(): Promise<Chromium> {
  if (worker.gridbitsChromium) return worker.gridbitsChromium;
  const started = chromium.launch({
    executablePath: CHROMIUM.path,
    headless: true,
    timeout: 30_000,
    args: ARGS,
    // Playwright would close it on SIGTERM and leave the worker running; the handler below closes it and ends both.
    handleSIGTERM: false,
  });
  const forget = (): void => {
    if (worker.gridbitsChromium === started) worker.gridbitsChromium = undefined;
  };
  started.then((browser) => browser.on('disconnected', forget), forget);
  if (!worker.gridbitsOnSigterm) {
    worker.gridbitsOnSigterm = true;
    process.once('SIGTERM', () => {
      const closed = worker.gridbitsChromium?.then((browser) => browser.close()) ?? Promise.resolve();
      void closed.catch(() => undefined).finally(() => process.exit(0));
    });
  }
  worker.gridbitsChromium = started;
  return started;
}

/**
 * A fresh context (its own cookies, storage, cache and permissions, as a new profile has) in the test worker's
 * Chromium: a test file gets a browser as a launch gives it, without starting Chromium again (about 2 s of CPU a
 * launch on this machine). If the worker ends without SIGTERM, Chromium ends when its pipe to the worker closes.
 * `device` makes it a touch phone (hasTouch, isMobile).
 */
export async function openContext(
  viewport = { width: 1280, height: 900 },
  deviceScaleFactor = 1,
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<Context> {
  const context = await (await shared()).newContext({ viewport, deviceScaleFactor, ...device });
  return { context, close: () => context.close().catch(() => undefined) };
}

/**
 * Resident memory (MiB) of the largest renderer process of the browser whose profile folder this is: the page and its
 * workers.
 */
export function rendererMiB(profile: string): number {
  let max = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(profile) || !cmd.includes('--type=renderer')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) max = Math.max(max, Number(rss[1]) / 1024);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return max;
}
