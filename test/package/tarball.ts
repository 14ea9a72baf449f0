// The package as a user gets it: packed from this checkout and installed from the tarball into a fresh project
// with an empty npm cache and no registry (the package has no dependencies, so none is needed).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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

export const npm = (args: string[], cwd: string, cache?: string): string =>
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

/** Packs this checkout (dist/ as the tests' setup built it, web/dist built here) and installs it into a new app. */
export function packAndInstall(): Installed {
  ensureWebBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'gridbits-installed-'));
  const packed = (
    JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], REPO)) as Packed[]
  )[0];
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // --offline with an empty cache: the install fails if the package needs anything from a registry.
  npm(['install', '--offline', '--no-package-lock', join(dir, packed.filename)], app, join(dir, 'npm-cache'));
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
