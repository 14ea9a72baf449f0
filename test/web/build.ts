// Makes sure web/dist holds a build of the current sources before a test serves it: rebuilt when any source is
// newer than the build, under a lock so test files running in parallel never see a half-written folder. The tests'
// setup builds it (ensureWebBuiltAsync) beside the tsc build of dist/, so no test file waits for it.
import { execFileSync, spawn } from 'node:child_process';
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

const LOCK = join(tmpdir(), `gridbits-web-build-${Buffer.from(REPO).toString('hex').slice(-24)}.lock`);

/** Takes the build lock; false while another test file (or another test run) holds it and is building. */
function tryLock(start: number): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock older than two minutes was left by a killed run.
    if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000)
      rmSync(LOCK, { recursive: true, force: true });
    if (Date.now() - start > 180_000) throw new Error(`waited too long for the web build lock ${LOCK}`);
    return false;
  }
}

// Build beside web/dist and swap the folders, so a server another test file runs never sees a half-empty one.
const tmpDist = (): string => `dist.tmp-${process.pid}`;
const viteArgs = (tmp: string): string[] => [
  join(REPO, 'node_modules/vite/bin/vite.js'),
  'build',
  'web',
  '--outDir',
  tmp,
  '--logLevel',
  'warn',
];
// As `npm run build:web` builds it: the tests' NODE_ENV=test would give development JSX (with this machine's paths
// in it), not the playground that ships.
const viteEnv = (): NodeJS.ProcessEnv => ({ ...process.env, NODE_ENV: 'production' });

function swapIn(tmp: string): void {
  const old = join(REPO, 'web', `dist.old-${process.pid}`);
  writeFileSync(join(REPO, 'web', tmp, '.built'), new Date().toISOString() + '\n');
  if (existsSync(WEB_DIST)) renameSync(WEB_DIST, old);
  renameSync(join(REPO, 'web', tmp), WEB_DIST);
  rmSync(old, { recursive: true, force: true });
}

/** Builds the playground unless web/dist is already up to date. */
export function ensureWebBuilt(): void {
  const start = Date.now();
  while (!tryLock(start)) sleep(200);
  try {
    if (fresh()) return;
    const tmp = tmpDist();
    execFileSync(process.execPath, viteArgs(tmp), { cwd: REPO, stdio: 'inherit', env: viteEnv() });
    swapIn(tmp);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** ensureWebBuilt without blocking: the tests' setup runs it while tsc builds dist/ on the other core. */
export async function ensureWebBuiltAsync(): Promise<void> {
  const start = Date.now();
  while (!tryLock(start)) await new Promise((r) => setTimeout(r, 200));
  try {
    if (fresh()) return;
    const tmp = tmpDist();
    await new Promise<void>((resolve, reject) =>
      spawn(process.execPath, viteArgs(tmp), { cwd: REPO, stdio: 'inherit', env: viteEnv() })
        .on('error', reject)
        .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`)))),
    );
    swapIn(tmp);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
