// Makes sure web/dist holds a build of the current sources before a test serves it: rebuilt when any source is
// newer than the build, under a lock so test files running in parallel never see a half-written folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = join(REPO, 'web', 'dist');
const STAMP = join(WEB_DIST, '.built');

function newest(dir: string, skip: Set<string>): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(e.name)) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p, skip) : statSync(p).mtimeMs);
  }
  return t;
}

function fresh(): boolean {
  if (!existsSync(STAMP)) return false;
  const skip = new Set(['dist', 'node_modules']);
  for (const e of readdirSync(join(REPO, 'web'))) if (e.startsWith('dist.')) skip.add(e);
  const sources = Math.max(
    newest(join(REPO, 'web'), skip),
    newest(join(REPO, 'src'), skip),
    // The API reference built with it: its builder and its guide.
    newest(join(REPO, 'scripts'), skip),
    statSync(join(REPO, 'docs', 'library.md')).mtimeMs,
    statSync(join(REPO, 'package-lock.json')).mtimeMs,
  );
  return statSync(STAMP).mtimeMs >= sources;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds the playground unless web/dist is already up to date. */
export function ensureWebBuilt(): void {
  const lock = join(tmpdir(), `gridbits-web-build-${Buffer.from(REPO).toString('hex').slice(-24)}.lock`);
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file is building; a lock older than two minutes was left by a killed run.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() - start > 180_000) throw new Error(`waited too long for the web build lock ${lock}`);
      sleep(200);
    }
  }
  try {
    if (fresh()) return;
    // Build beside web/dist and swap the folders, so a server another test file runs never sees a half-empty one.
    const tmp = `dist.tmp-${process.pid}`,
      old = join(REPO, 'web', `dist.old-${process.pid}`);
    execFileSync(
      process.execPath,
      [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', 'web', '--outDir', tmp, '--logLevel', 'warn'],
      // As `npm run build:web` builds it: the tests' NODE_ENV=test would give development JSX (with this
      // machine's paths in it), not the playground that ships.
      { cwd: REPO, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    writeFileSync(join(REPO, 'web', tmp, '.built'), new Date().toISOString() + '\n');
    if (existsSync(WEB_DIST)) renameSync(WEB_DIST, old);
    renameSync(join(REPO, 'web', tmp), WEB_DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
