// Debian's Chromium driven by playwright-core: where it is, whether the tests can run, and a launch with a fresh profile.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/**
 * Why the browser tests cannot run here, or null when they can. In CI (CI=true) a missing browser is a failure
 * the caller reports; on a developer's machine the tests are skipped with this message.
 */
export function chromiumMissing(): string | null {
  if (existsSync(CHROMIUM)) return null;
  return `${CHROMIUM} is missing: install Debian's browser with \`apt-get install -y chromium\` (.ci/run does this in CI); never \`npx playwright install\``;
}

export const inCI = process.env.CI === 'true' || process.env.CI === '1';

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
    executablePath: CHROMIUM,
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

/** Resident memory (MiB) of the largest renderer process of the browser whose profile folder this is: the page and its workers. */
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
