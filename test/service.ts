// Programs some tests need on this machine (Debian's Chromium, redis-server): when one is missing, the tests
// that need it are skipped with one line saying so, except in CI, where the test file fails with that line.
import { existsSync } from 'node:fs';

export interface Service {
  /** Where the tests run it from. */
  path: string;
  /** How to get it, for the message. */
  install: string;
}

/** The browser the playground tests drive (playwright-core, never a browser it downloads). */
export const CHROMIUM: Service = {
  path: '/usr/bin/chromium',
  install: "apt-get install -y chromium (Debian's browser; never `npx playwright install`)",
};

/** The job queue's server, started on a loopback port by the queue tests. */
export const REDIS_SERVER: Service = { path: '/usr/bin/redis-server', install: 'apt-get install -y redis-server' };

/** True when CI is set to anything but empty, 0 or false (as CI services and .ci/run set it). */
export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** Why `s` cannot be used here, or null when it can. */
export function serviceMissing(s: Service): string | null {
  return existsSync(s.path) ? null : `${s.path} is missing: install it with ${s.install}`;
}

/**
 * Whether to skip `tests`, which need `s`: false when it is here. When it is missing, in CI this throws, so the
 * test file fails with the one-line reason; elsewhere it prints that line, naming the tests, and returns true.
 */
export function skipWithout(s: Service, tests: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const why = serviceMissing(s);
  if (why === null) return false;
  if (inCI(env)) throw new Error(`${tests} cannot run in CI: ${why}`);
  console.warn(`skipped ${tests}: ${why}`);
  return true;
}
