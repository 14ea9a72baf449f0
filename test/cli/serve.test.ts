// `gridbits serve` as a subprocess: static files with the right types, traversal refused over raw HTTP,
// clear errors for a taken port, a missing build or a bad host, and a clean stop on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, WEB_DIST, ensureWebBuilt } from '../web/build.js';
import { httpGet, rawGet, startServe, type Served } from '../web/serve-process.js';
import { resolveRequest } from '../../src/cli/serve-run.js';
import { expectUserError, gridbits } from './run.js';

let served: Served;
const secret = readFileSync(join(REPO, 'package.json'), 'utf8');

beforeAll(async () => {
  ensureWebBuilt();
  served = await startServe();
});

afterAll(async () => {
  await served?.stop();
});

describe('gridbits serve: files', () => {
  it('listens on loopback and serves the page with its content type', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const r = await httpGet(served.url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).toContain('<div id="app">');
    expect((await httpGet(served.url + 'index.html')).body).toBe(r.body);
  });

  it('serves every built asset with the right type', async () => {
    const assets = readdirSync(join(WEB_DIST, 'assets'));
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const a of assets) {
      const ext = a.split('.').pop()!;
      const r = await httpGet(`${served.url}assets/${a}`);
      expect(r.status, a).toBe(200);
      if (types[ext]) expect(r.headers['content-type'], a).toBe(types[ext]);
      expect(r.bytes.equals(readFileSync(join(WEB_DIST, 'assets', a))), a).toBe(true);
      expect(r.headers['cache-control']).toContain('immutable');
    }
  });

  it('answers 404 for missing files, 405 for other methods, and HEAD without a body', async () => {
    expect((await rawGet(served.port, '/nope.js')).status).toBe(404);
    expect((await rawGet(served.port, '/assets/')).status).toBe(404);
    expect((await rawGet(served.port, '/', 'POST')).status).toBe(405);
    const head = await rawGet(served.port, '/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
  });

  it('never serves a path outside the build folder', async () => {
    const attempts = [
      '/../package.json',
      '/../../package.json',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/%2E%2E/package.json',
      '/.%2e/package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/%252e%252e/package.json',
      '/%252e%252e%252fpackage.json',
      '/..%2fpackage.json',
      '/..%5cpackage.json',
      '/..\\package.json',
      '/assets\\..\\..\\package.json',
      '/%5c..%5c..%5cpackage.json',
      '/index.html%00.png',
      '/%00',
      '/%',
      '/%zz',
      '//etc/passwd',
      '/../../../../../../etc/passwd',
      'http://127.0.0.1/../package.json',
      '../package.json',
    ];
    for (const path of attempts) {
      const r = await rawGet(served.port, path);
      expect([400, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain('"devDependencies"');
      expect(r.body, path).not.toContain('root:');
    }
    expect(secret).toContain('"devDependencies"');
  });

  it('finds the build from its own location, not the working directory', async () => {
    const elsewhere = await startServe([], tmpdir());
    try {
      expect((await httpGet(elsewhere.url)).status).toBe(200);
    } finally {
      await elsewhere.stop();
    }
  });
});

describe('resolveRequest', () => {
  it('maps paths inside the root and refuses the rest, symbolic links out included', () => {
    const base = mkdtempSync(join(tmpdir(), 'gridbits-root-'));
    try {
      const root = join(base, 'dist');
      mkdirSync(join(root, 'assets'), { recursive: true });
      writeFileSync(join(root, 'index.html'), 'page');
      writeFileSync(join(root, 'assets', 'a b.js'), 'js');
      writeFileSync(join(base, 'secret.txt'), 'secret');
      symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
      symlinkSync(base, join(root, 'up'));
      expect(resolveRequest(root, '/')).toBe(join(root, 'index.html'));
      expect(resolveRequest(root, '/index.html?v=1#x')).toBe(join(root, 'index.html'));
      expect(resolveRequest(root, '/assets/a%20b.js')).toBe(join(root, 'assets', 'a b.js'));
      expect(resolveRequest(root, '/assets')).toBe(404);
      expect(resolveRequest(root, '/link.txt')).toBe(404);
      expect(resolveRequest(root, '/up/secret.txt')).toBe(404);
      for (const bad of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/%252e%252e/secret.txt',
        '/..%5csecret.txt',
        '/a\\b',
        '/x%00',
        '/%E0%A4%A',
        'secret.txt',
        '/./index.html',
      ]) {
        expect(resolveRequest(root, bad), bad).toBe(400);
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('gridbits serve: errors and stopping', () => {
  it('says so in one line and exits 2 when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      expectUserError(gridbits(['serve', '--port', String(port)]), new RegExp(`port ${port} is already in use`));
    } finally {
      blocker.close();
    }
  });

  it('refuses bad flags in one line', () => {
    expectUserError(gridbits(['serve', '--port', 'abc']), /--port must be a whole number/);
    expectUserError(gridbits(['serve', '--port', '70000']), /--port must be between 0 and 65535/);
    expectUserError(gridbits(['serve', '--host', '203.0.113.254', '--port', '0']), /cannot listen on/);
  });

  it('tells how to build when the build folder is missing', () => {
    // A copy of the installed package without web/dist.
    const pkg = mkdtempSync(join(tmpdir(), 'gridbits-nobuild-'));
    try {
      cpSync(join(REPO, 'dist'), join(pkg, 'dist'), { recursive: true });
      cpSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
      symlinkSync(join(REPO, 'node_modules'), join(pkg, 'node_modules'));
      const r = spawnSync(process.execPath, [join(pkg, 'dist/cli/main.js'), 'serve', '--port', '0'], {
        encoding: 'utf8',
        timeout: 20_000,
        cwd: REPO,
      });
      expectUserError(
        { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr },
        /playground is not built .*npm run build:web/,
      );
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it('stops on Ctrl-C with exit code 130 and frees the port', async () => {
    const s = await startServe();
    expect((await httpGet(s.url)).status).toBe(200);
    expect(await s.stop()).toBe(130);
    await expect(httpGet(s.url)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('slow clients stall only themselves: others are answered while they dawdle', async () => {
    // Twenty clients send half a request and wait; twenty more ask for the largest script and never read it.
    const script = readdirSync(join(WEB_DIST, 'assets'))
      .filter((a) => a.endsWith('.js'))
      .sort()[0];
    const slow: Socket[] = [];
    for (let i = 0; i < 20; i++) {
      const a = connect(served.port, '127.0.0.1');
      a.write('GET / HTTP/1.1\r\nHost: x\r\n');
      const b = connect(served.port, '127.0.0.1');
      b.pause();
      b.write(`GET /assets/${script} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(50));
      slow.push(a, b);
    }
    try {
      for (let i = 0; i < 10; i++) expect((await httpGet(served.url)).status).toBe(200);
      expect(slow.every((s) => !s.destroyed)).toBe(true);
    } finally {
      for (const s of slow) s.destroy();
    }
  });
});
