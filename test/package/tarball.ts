// The package as a user gets it: packed from this checkout and installed from the tarball into a fresh project
// with an empty npm cache and no registry (the package has no dependencies, so none is needed). Packed and
// installed once a test run (the test files that need it copy the installed project), under a lock.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { REPO, ensureWebBuilt } from '../web/build.js';

export { REPO };

/** What `npm pack --json` says of the tarball. */
export interface Packed {
  filename: string;
  /** Bytes of the tarball. */
  size: number;
  /** Bytes of its files, unpacked. */
  unpackedSize: number;
  files: { path: string; size: number }[];
}

export interface Installed {
  /** The temporary folder holding the tarball, the npm cache and the app; the caller removes it. */
  dir: string;
  /** The consumer project: a package.json of its own and the tarball installed. */
  app: string;
  packed: Packed;
}

const npm = (args: string[], cwd: string, cache?: string): string =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      ...(cache ? { npm_config_cache: cache } : {}),
    },
  });

/** Where a test run keeps its one packed and installed copy: one folder per checkout. */
export const PACKED = join(tmpdir(), `gridbits-packed-${Buffer.from(REPO).toString('hex').slice(-24)}`);

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The test run (its main process, the parent of every test worker) and what the tarball is made of, by modification
 * time: a copy packed by another run, or before a rebuild, is packed again.
 */
function madeOf(): string {
  const t = (p: string): number => statSync(join(REPO, p)).mtimeMs;
  const files = ['dist/cli/main.js', 'dist/index.js', 'web/dist/.built', 'package.json', 'README.md', 'LICENSE'];
  return JSON.stringify([process.ppid, ...files.map(t)]);
}

/**
 * Packs this checkout (dist/ as the tests' setup built it, web/dist) and installs it into a new app, once for every
 * build (test files running in parallel wait for the first, which holds the lock), and says what `npm pack --json`
 * said of the tarball.
 */
export function pack(): Packed {
  ensureWebBuilt();
  const lock = `${PACKED}.lock`;
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than five minutes was left by a killed run.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() - start > 300_000) throw new Error(`waited too long for the packing lock ${lock}`);
      sleep(200);
    }
  }
  try {
    const stamp = join(PACKED, 'made-of.json');
    const of = madeOf();
    if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== of) {
      rmSync(PACKED, { recursive: true, force: true });
      mkdirSync(PACKED);
      const packed = (
        JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', PACKED], REPO)) as Packed[]
      )[0];
      const app = join(PACKED, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      // --offline with an empty cache: the install fails if the package needs anything from a registry.
      npm(['install', '--offline', '--no-package-lock', join(PACKED, packed.filename)], app, join(PACKED, 'npm-cache'));
      writeFileSync(join(PACKED, 'packed.json'), JSON.stringify(packed));
      writeFileSync(stamp, of);
    }
    return JSON.parse(readFileSync(join(PACKED, 'packed.json'), 'utf8')) as Packed;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A copy of the project the tarball was installed into, in a new folder of its own for the caller to change. */
export function packAndInstall(): Installed {
  const packed = pack();
  const dir = mkdtempSync(join(tmpdir(), 'gridbits-installed-'));
  const app = join(dir, 'app');
  // Links as they are: node_modules/.bin/gridbits stays a relative link into this copy.
  cpSync(join(PACKED, 'app'), app, { recursive: true, verbatimSymlinks: true });
  return { dir, app, packed };
}

/** A plain static file server for a built page (on loopback, a free port). */
export function serveStatic(root: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const files = new Set(readdirSync(root, { recursive: true }).map(String));
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0].slice(1) || 'index.html';
    if (!files.has(path)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
      .end(readFileSync(join(root, path)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Builds the page in `page` (an index.html and its scripts) with the repository's Vite, into `page`/dist. */
export function viteBuild(page: string, cwd: string): string {
  const out = join(page, 'dist');
  execFileSync(
    process.execPath,
    [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', page, '--logLevel', 'warn', '--outDir', out],
    { cwd, encoding: 'utf8' },
  );
  return out;
}
