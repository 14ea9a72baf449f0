// Debian's Chromium driven by playwright-core: a launch with a fresh profile, and the memory its pages take.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from '../service.js';

export interface Browser {
  context: BrowserContext;
  /** The throw-away profile folder (its path is on the command line of every process of this browser). */
  profile: string;
  close(): Promise<void>;
}

/** Headless Chromium with a throw-away profile and no background traffic. */
export async function launch(viewport = { width: 1280, height: 900 }, deviceScaleFactor = 1): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'gridbits-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM.path,
    headless: true,
    viewport,
    deviceScaleFactor,
    timeout: 30_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
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
