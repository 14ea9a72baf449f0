// `gridbits serve` as a subprocess: static files with the right types, traversal refused over raw HTTP,
// compression, revalidation (304) and byte ranges, files that vanish under load, clear errors for a taken port,
// a missing build or a bad host, and a clean stop on Ctrl-C.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, WEB_DIST, ensureWebBuilt } from '../web/build.js';
import { httpGet, rawGet, startServe, type Served } from '../web/serve-process.js';
import { resolveRequest } from '../../src/cli/serve-run.js';
import { expectUserError, gridbits } from './run.js';

let served: Served;
const secret = readFileSync(join(REPO, 'package.json'), 'utf8');

/** A copy of the installed package (its CLI, and its playground when `web`), to change files under a server. */
function copyPackage(web: boolean): string {
  const pkg = mkdtempSync(join(tmpdir(), 'gridbits-pkg-'));
  cpSync(join(REPO, 'dist'), join(pkg, 'dist'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(pkg, 'node_modules'));
  if (web) cpSync(WEB_DIST, join(pkg, 'web', 'dist'), { recursive: true });
  return pkg;
}

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
    const pkg = copyPackage(false);
    try {
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

/** The playground's largest script and its page: the files the tests below ask for in every form. */
function sampleFiles(): Array<[string, Buffer]> {
  const script = readdirSync(join(WEB_DIST, 'assets'))
    .filter((a) => a.endsWith('.js'))
    .map((a) => `assets/${a}`)
    .sort((a, b) => readFileSync(join(WEB_DIST, b)).length - readFileSync(join(WEB_DIST, a)).length)[0];
  return ['index.html', script].map((p) => [p, readFileSync(join(WEB_DIST, p))]);
}

describe('gridbits serve: compression', () => {
  it('sends brotli or gzip as Accept-Encoding asks, each decoding to the file', async () => {
    for (const [path, bytes] of sampleFiles()) {
      const br = await httpGet(served.url + path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toBe('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
      expect(br.bytes.length, path).toBeLessThan(bytes.length);
      expect(brotliDecompressSync(br.bytes).equals(bytes), path).toBe(true);

      const gz = await httpGet(served.url + path, { 'Accept-Encoding': 'br;q=0, gzip' });
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.bytes).equals(bytes), path).toBe(true);

      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
        const plain = await httpGet(served.url + path, accept === undefined ? {} : { 'Accept-Encoding': accept });
        expect(plain.headers['content-encoding'], `${path} ${accept}`).toBeUndefined();
        expect(plain.headers.vary, path).toBe('Accept-Encoding');
        expect(plain.bytes.equals(bytes), `${path} ${accept}`).toBe(true);
      }
    }
  });

  it('gives a compressed answer a tag of its own, and HEAD its length', async () => {
    const [path] = sampleFiles()[1];
    const plain = await httpGet(served.url + path);
    const br = await httpGet(served.url + path, { 'Accept-Encoding': 'br' });
    const gz = await httpGet(served.url + path, { 'Accept-Encoding': 'gzip' });
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const head = await httpGet(served.url + path, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(br.bytes.length));
    expect(head.headers.etag).toBe(br.headers.etag);
  });
});

describe('gridbits serve: revalidation', () => {
  it('tags every file (the same tag each time) with its date, and answers 304 to a current copy', async () => {
    for (const [path] of sampleFiles()) {
      const first = await httpGet(served.url + path);
      const etag = first.headers.etag as string;
      const date = first.headers['last-modified'] as string;
      expect(etag, path).toMatch(/^"[^"]+"$/);
      expect(Date.parse(date), path).toBeGreaterThan(0);
      expect((await httpGet(served.url + path)).headers.etag, path).toBe(etag);

      for (const h of <Array<Record<string, string>>>[
        { 'If-None-Match': etag },
        { 'If-None-Match': `"other", ${etag}` },
        { 'If-Modified-Since': date },
      ]) {
        const r = await httpGet(served.url + path, h);
        expect(r.status, `${path} ${JSON.stringify(h)}`).toBe(304);
        expect(r.bytes.length).toBe(0);
        expect(r.headers.etag).toBe(etag);
        expect(r.headers['cache-control']).toBe(first.headers['cache-control']);
      }
      expect((await httpGet(served.url + path, { 'If-None-Match': '"other"' })).status).toBe(200);
      // If-None-Match decides alone when both are sent.
      expect((await httpGet(served.url + path, { 'If-None-Match': '"other"', 'If-Modified-Since': date })).status).toBe(
        200,
      );
      const earlier = new Date(Date.parse(date) - 1000).toUTCString();
      expect((await httpGet(served.url + path, { 'If-Modified-Since': earlier })).status).toBe(200);
      // A compressed copy is current only under its own tag.
      const br = await httpGet(served.url + path, { 'Accept-Encoding': 'br' });
      const again = { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string };
      expect((await httpGet(served.url + path, again)).status).toBe(304);
      expect((await httpGet(served.url + path, { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(200);
    }
  });
});

describe('gridbits serve: byte ranges', () => {
  it('answers a single range with 206 and its bytes, uncompressed even when compression is accepted', async () => {
    for (const [path, bytes] of sampleFiles()) {
      const n = bytes.length;
      const cases: Array<[string, number, number]> = [
        ['bytes=0-9', 0, 9],
        ['bytes=100-', 100, n - 1],
        ['bytes=-25', n - 25, n - 1],
        [`bytes=${n - 5}-${n + 100}`, n - 5, n - 1],
      ];
      for (const [range, start, end] of cases) {
        const r = await httpGet(served.url + path, { Range: range, 'Accept-Encoding': 'br, gzip' });
        expect(r.status, `${path} ${range}`).toBe(206);
        expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/${n}`);
        expect(r.headers['content-encoding']).toBeUndefined();
        expect(r.headers['accept-ranges']).toBe('bytes');
        expect(r.bytes.equals(bytes.subarray(start, end + 1)), `${path} ${range}`).toBe(true);
      }
    }
  });

  it('answers 416 past the end, and the whole file for several ranges or an outdated If-Range', async () => {
    const [path, bytes] = sampleFiles()[0];
    const past = await httpGet(served.url + path, { Range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    for (const h of <Array<Record<string, string>>>[
      { Range: 'bytes=0-1,5-9' },
      { Range: 'bytes=0-9', 'If-Range': '"an older version"' },
    ]) {
      const r = await httpGet(served.url + path, h);
      expect(r.status, JSON.stringify(h)).toBe(200);
      expect(r.bytes.equals(bytes)).toBe(true);
    }
    const etag = (await httpGet(served.url + path)).headers.etag as string;
    expect((await httpGet(served.url + path, { Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
  });
});

describe('gridbits serve: files that change under it', () => {
  let pkg: string;
  let mine: Served;
  beforeAll(async () => {
    pkg = copyPackage(true);
    mine = await startServe([], pkg, join(pkg, 'dist', 'cli', 'main.js'));
  });
  afterAll(async () => {
    await mine?.stop();
    rmSync(pkg, { recursive: true, force: true });
  });

  it('gives a changed file a new tag and sends its new bytes, compressed too', async () => {
    const file = join(pkg, 'web', 'dist', 'index.html');
    const before = await httpGet(mine.url, { 'Accept-Encoding': 'br' });
    const plain = await httpGet(mine.url);
    const changed = readFileSync(file, 'utf8').replace('</body>', '<p>changed</p></body>');
    writeFileSync(file, changed);
    const after = await httpGet(mine.url, { 'Accept-Encoding': 'br' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(after.bytes).toString()).toBe(changed);
    const plainAfter = await httpGet(mine.url, { 'If-None-Match': plain.headers.etag as string });
    expect(plainAfter.status).toBe(200);
    expect(plainAfter.body).toBe(changed);
    expect(plainAfter.headers.etag).not.toBe(plain.headers.etag);
  });

  it('streams a file too large to keep in memory, with its tag, its ranges and a 304', async () => {
    // 3 MiB of varied bytes (past the 1 MiB kept in memory), as a type that is never compressed.
    const big = Buffer.alloc(3 << 20);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
    writeFileSync(join(pkg, 'web', 'dist', 'big.wasm'), big);
    const url = mine.url + 'big.wasm';
    const all = await httpGet(url, { 'Accept-Encoding': 'br' });
    expect(all.status).toBe(200);
    expect(all.headers['content-encoding']).toBeUndefined();
    expect(all.headers['content-type']).toBe('application/wasm');
    expect(all.bytes.equals(big)).toBe(true);
    const part = await httpGet(url, { Range: 'bytes=2000000-2000099' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2000000-2000099/${big.length}`);
    expect(part.bytes.equals(big.subarray(2000000, 2000100))).toBe(true);
    expect((await httpGet(url, { Range: `bytes=${big.length}-` })).status).toBe(416);
    const head = await httpGet(url, {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(big.length));
    expect(head.headers.etag).toBe(all.headers.etag);
    expect((await httpGet(url, { 'If-None-Match': all.headers.etag as string })).status).toBe(304);
  });

  it('keeps answering while files vanish and come back under load', async () => {
    const root = join(pkg, 'web', 'dist');
    const paths = sampleFiles().map(([p]) => p);
    const originals = new Map(paths.map((p) => [p, readFileSync(join(root, p))]));
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let mutating = true;
    const ask = (path: string, headers: Record<string, string>): Promise<void> =>
      new Promise((resolve) => {
        request(mine.url + path, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const body = Buffer.concat(chunks);
            if (res.headers['content-length'] !== undefined && Number(res.headers['content-length']) !== body.length)
              problems.push(`${path}: ${body.length} bytes sent for a length of ${res.headers['content-length']}`);
            if (status === 200 && res.headers['content-encoding'] === 'br') brotliDecompressSync(body);
            resolve();
          });
          res.on('error', (e) => (problems.push(`${path}: ${e.message}`), resolve()));
        })
          .on('error', (e) => (problems.push(`${path}: ${e.message}`), resolve()))
          .end();
      });
    const kinds: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'br' }, { Range: 'bytes=0-99' }];
    const client = async (i: number): Promise<void> => {
      for (let k = i; mutating; k++) await ask(paths[k % paths.length], kinds[k % kinds.length]);
    };
    const clients = Array.from({ length: 32 }, (_, i) => client(i));
    try {
      // Each file removed and written back, again and again, with one more byte every other time (a new version).
      for (let round = 0; round < 300; round++) {
        for (const p of paths) {
          rmSync(join(root, p), { force: true });
          await new Promise((r) => setImmediate(r));
          const bytes = originals.get(p)!;
          writeFileSync(join(root, p), round % 2 ? Buffer.concat([bytes, Buffer.from('\n')]) : bytes);
        }
        // Now and then the whole folder is swapped out and back, as a rebuild of the playground does.
        if (round % 10 === 0) {
          renameSync(root, root + '.old');
          await new Promise((r) => setImmediate(r));
          renameSync(root + '.old', root);
        }
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      mutating = false;
      await Promise.all(clients);
      agent.destroy();
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(mine.proc.exitCode).toBeNull();
    expect(mine.stderr()).toBe('');
    // 416: a range asked of a file caught empty, between its creation and its bytes (writeFileSync creates, then
    // writes), which is what an empty file gets.
    expect([...statuses.keys()].filter((s) => ![200, 206, 404, 416, 503].includes(s))).toEqual([]);
    // The files were really caught missing, and served in between.
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    for (const p of paths) {
      const r = await httpGet(mine.url + p, { 'Accept-Encoding': 'br' });
      expect(r.status, p).toBe(200);
      expect(r.headers['content-encoding'], p).toBe('br');
      expect(brotliDecompressSync(r.bytes).equals(readFileSync(join(root, p))), p).toBe(true);
    }
  });
});
