// The work of `serve`: the built playground and the API reference (/api/) over HTTP (node:http), static files
// only, never a path outside them.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { GridbitsError } from '../core/error.js';
import { int, str, type Run } from './command.js';
import {
  KeptFiles,
  byteRange,
  chooseCoding,
  httpDate,
  notModified,
  rangeStillApplies,
  type Coding,
} from './serve-http.js';

/** The built playground, found beside the installed package (dist/cli/ → web/dist/), never from the cwd. */
function webRoot(): string {
  return fileURLToPath(new URL('../../web/dist/', import.meta.url));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
};

/**
 * The file a request path names inside root, or an HTTP status refusing it. Refused before any file is touched:
 * `..` segments (plain or %-encoded), encoded or plain backslashes, NUL, anything still %-encoded after one
 * decoding (double encoding), and malformed escapes. The resolved real path must still lie inside root.
 */
export function resolveRequest(root: string, rawUrl: string): string | 400 | 404 {
  const q = rawUrl.search(/[?#]/);
  const raw = q < 0 ? rawUrl : rawUrl.slice(0, q);
  if (!raw.startsWith('/') || /\\|%5c|%00/i.test(raw) || raw.includes('\0')) return 400;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return 400;
  }
  if (/[\\%]/.test(path) || [...path].some((ch) => ch.charCodeAt(0) < 32)) return 400;
  const parts = path.split('/');
  if (parts.some((p) => p === '..' || p === '.')) return 400;
  if (path.endsWith('/')) path += 'index.html';
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    // The whole folder is gone for a moment (a rebuild swaps it): nothing to serve until it is back.
    return 404;
  }
  const file = join(realRoot, ...path.split('/').filter((p) => p !== ''));
  if (file !== realRoot && !file.startsWith(realRoot + sep)) return 400;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return 404;
  }
  if (!real.startsWith(realRoot + sep)) return 404;
  try {
    if (!statSync(real).isFile()) return 404;
  } catch {
    return 404;
  }
  return real;
}

function send(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
    ...SECURITY_HEADERS,
  });
  res.end(text);
}

/** Errors that mean the file is not there (any more): the request gets a 404, not a 500. */
function isGone(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** A file read while it was being rewritten: its bytes disagree with its size. Answered 503, try again. */
class Changing extends Error {}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    send(res, 405, 'method not allowed\n');
    return;
  }
  const url = req.url ?? '/';
  const found = resolveRequest(root, url);
  if (found === 400) return send(res, 400, 'bad request\n');
  if (found === 404) {
    // A folder named without its slash (/api) is sent to its page (/api/), whose relative links then resolve.
    // Never a path starting '//', which a browser would read as another host.
    const path = url.split(/[?#]/)[0];
    if (!path.endsWith('/') && !path.startsWith('//') && typeof resolveRequest(root, path + '/') === 'string') {
      res.writeHead(301, { Location: path + '/', 'Content-Length': 0, ...SECURITY_HEADERS });
      res.end();
      return;
    }
    return send(res, 404, 'not found\n');
  }
  // The file may vanish or change at any moment from here on (a rebuild of the playground replaces every file):
  // each step below that touches it treats "gone" as 404, and the answer's headers come from the very version read.
  try {
    await answer(found, req, res);
  } catch (e) {
    if (res.headersSent) throw e;
    if (isGone(e)) return send(res, 404, 'not found\n');
    if (e instanceof Changing) return send(res, 503, 'the file is changing; try again\n', { 'Retry-After': '1' });
    throw e;
  }
}

/** One version of a file: what names it (inode, size, time), its tag and date, and its bytes once read. */
interface Version {
  key: string;
  size: number;
  mtimeMs: number;
  etag: string;
}

const keyOf = (st: Stats): string => `${st.ino}:${st.size}:${st.mtimeMs}`;

function versionOf(st: Stats): Version {
  const key = keyOf(st);
  // Strong: the inode, size and time (to the nanosecond) change with every write or replacement of the file.
  const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
  return { key, size: st.size, mtimeMs: st.mtimeMs, etag };
}

/** Text worth compressing; fonts, images and wasm are compressed already or gain little. */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

async function answer(file: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const st = statSync(file);
  if (!st.isFile()) return send(res, 404, 'not found\n');
  const ext = extname(file).toLowerCase();
  const small = st.size <= CACHE_FILE_BYTES;
  const compressible = small && TEXT.has(ext);
  // A Range asks for bytes of the file itself, so a ranged request is answered uncompressed.
  const ranged = req.method === 'GET' && req.headers.range !== undefined;
  const coding: Coding = compressible && !ranged ? chooseCoding(req.headers['accept-encoding']) : 'identity';
  const headers = (v: Version): Record<string, string | number> => ({
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    // Vite names assets by content hash, so they never change; the page itself is always revalidated.
    'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: coding === 'identity' ? v.etag : `${v.etag.slice(0, -1)}-${coding}"`,
    'Last-Modified': httpDate(v.mtimeMs),
    'Accept-Ranges': 'bytes',
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...SECURITY_HEADERS,
  });

  // A client whose copy is current is told so from the file's stat alone, before any byte is read.
  const kept = cache.get(file);
  const now = headers(kept?.version.key === keyOf(st) ? kept.version : versionOf(st));
  if (notModified(req.headers, now.ETag as string, st.mtimeMs)) {
    delete now['Content-Type'];
    res.writeHead(304, now);
    res.end();
    return;
  }

  if (!small) return streamLarge(file, req, res, headers);
  const entry = await load(file, st);
  const body = await entry.bodies[coding];
  const h = headers(entry.version);
  const range = ranged && rangeStillApplies(req.headers['if-range'], entry.version.etag, entry.version.mtimeMs);
  const part = range ? byteRange(req.headers.range, body.length) : null;
  if (part === 'unsatisfiable') {
    return send(res, 416, 'range not satisfiable\n', { 'Content-Range': `bytes */${body.length}` });
  }
  if (part !== null) {
    h['Content-Range'] = `bytes ${part.start}-${part.end}/${body.length}`;
    h['Content-Length'] = part.end - part.start + 1;
  } else h['Content-Length'] = body.length;
  if (coding !== 'identity') h['Content-Encoding'] = coding;
  res.writeHead(part === null ? 200 : 206, h);
  if (req.method === 'HEAD') res.end();
  else res.end(part === null ? body : body.subarray(part.start, part.end + 1));
}

/** A file too large to keep: read from disk for each request, through its own open handle. */
async function streamLarge(
  file: string,
  req: IncomingMessage,
  res: ServerResponse,
  headers: (v: Version) => Record<string, string | number>,
): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const v = versionOf(await handle.stat());
    const h = headers(v);
    const range = req.method === 'GET' && rangeStillApplies(req.headers['if-range'], v.etag, v.mtimeMs);
    const part = range ? byteRange(req.headers.range, v.size) : null;
    if (part === 'unsatisfiable') {
      return send(res, 416, 'range not satisfiable\n', { 'Content-Range': `bytes */${v.size}` });
    }
    const { start, end } = part ?? { start: 0, end: v.size - 1 };
    if (part !== null) h['Content-Range'] = `bytes ${start}-${end}/${v.size}`;
    h['Content-Length'] = end - start + 1;
    res.writeHead(part === null ? 200 : 206, h);
    if (req.method === 'HEAD' || end < start) {
      res.end();
      return;
    }
    const stream = handle.createReadStream({ start, end, autoClose: false });
    await new Promise<void>((resolve) => {
      pipeline(stream, res, (err) => {
        // A file cut short while it was sent cannot honour its Content-Length: drop the connection so the client
        // sees a broken response rather than waiting for bytes that never come.
        if (err !== undefined || stream.bytesRead !== end - start + 1) res.destroy();
        resolve();
      });
    });
  } finally {
    await handle.close();
  }
}

/** Files up to this size are kept in memory once read (while their size and time stay the same). */
const CACHE_FILE_BYTES = 1 << 20;

/** A kept file: its version, its bytes and, once asked for, their compressed forms (made once, off the loop). */
interface Entry {
  version: Version;
  bodies: Record<Coding, Promise<Buffer>>;
}
/**
 * Kept files, at most 64 MiB of them (the playground's files many times over; their compressed forms add a third
 * or less): a server left running across rebuilds, whose old hashed files are gone, does not keep them all.
 */
const cache = new KeptFiles<Entry>(64 << 20);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The kept entry for a file whose stat is `st`, read (once, however many requests ask at the same time) when it
 * is new or has changed. The bytes are read through one open handle and named by that handle's stat, so the
 * version always matches the bytes even when the file is replaced meanwhile.
 */
function load(file: string, st: Stats): Promise<Entry> {
  const hit = cache.get(file);
  const key = keyOf(st);
  if (hit !== undefined && hit.version.key === key) return Promise.resolve(hit);
  return (loading.get(file + '\0' + key) ?? start(file, key)) as Promise<Entry>;
}
const loading = new Map<string, Promise<Entry>>();

/** A failed compression is not kept: the next request tries again. */
function forget(reset: () => void): (e: unknown) => never {
  return (e) => {
    reset();
    throw e;
  };
}

function start(file: string, key: string): Promise<Entry> {
  const id = file + '\0' + key;
  const p = (async () => {
    const handle = await open(file, 'r');
    try {
      const version = versionOf(await handle.stat());
      const identity = await handle.readFile();
      if (identity.length !== version.size) throw new Changing();
      let br: Promise<Buffer> | undefined, gz: Promise<Buffer> | undefined;
      const entry: Entry = {
        version,
        bodies: {
          identity: Promise.resolve(identity),
          get br() {
            return (br ??= brotli(identity, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            }).catch(forget(() => (br = undefined))));
          },
          get gzip() {
            return (gz ??= gzipped(identity, { level: zlib.Z_BEST_COMPRESSION }).catch(forget(() => (gz = undefined))));
          },
        },
      };
      cache.set(file, entry);
      return entry;
    } finally {
      await handle.close();
    }
  })();
  loading.set(id, p);
  // Settled either way, the next request stats afresh; a failed read is not remembered.
  p.finally(() => loading.delete(id)).catch(() => {});
  return p;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export const serve: Run = (args, out) => {
  const port = int(args, 'port', 0, 65535, 8080)!;
  const host = str(args, 'host') ?? '127.0.0.1';
  if (host.trim() === '') throw new GridbitsError('BAD_ARGUMENT', '--host must not be empty');
  const root = webRoot();
  if (!existsSync(join(root, 'index.html'))) {
    throw new GridbitsError(
      'BAD_INPUT',
      `the playground is not built (no ${join(root, 'index.html')}): run \`npm run build:web\` in the gridbits folder`,
    );
  }
  const server = createServer((req, res) => {
    // Whatever goes wrong with one request is that request's 500 and one line here; the server keeps serving.
    handle(root, req, res).catch((e: unknown) => {
      const why = e instanceof Error ? e.message : String(e);
      process.stderr.write(`gridbits: could not answer ${req.method} ${req.url}: ${why.split('\n')[0]}\n`);
      if (res.headersSent) res.destroy();
      else send(res, 500, 'internal error\n');
    });
  });
  // A client that sends its request slowly, or never finishes it, is dropped rather than held for minutes;
  // each connection is served on its own, so a slow reader stalls only itself.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  return new Promise<number>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (e.code === 'EADDRINUSE')
        reject(
          new GridbitsError('BAD_ARGUMENT', `port ${port} is already in use on ${host}: pick another with --port`),
        );
      else if (e.code === 'EACCES')
        reject(
          new GridbitsError('BAD_ARGUMENT', `no permission to listen on ${where}: pick a port above 1023 with --port`),
        );
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
        reject(new GridbitsError('BAD_ARGUMENT', `cannot listen on host '${host}': no such address here`));
      else reject(new GridbitsError('BAD_ARGUMENT', `cannot listen on ${where}: ${e.message}`));
    });
    server.listen(port, host, () => {
      const addr = server.address();
      const actual = typeof addr === 'object' && addr !== null ? addr.port : port;
      const shown = host.includes(':') ? `[${host}]` : host;
      const url = `http://${shown}:${actual}/`;
      if (out.json) out.printJson({ url, host, port: actual, root });
      else out.print(`gridbits: serving the playground at ${url} and the API reference at ${url}api/ (Ctrl-C stops)`);
      if (!isLoopback(host))
        process.stderr.write(
          `gridbits: note: ${host} is not a loopback address, so other machines may reach this server\n`,
        );
      // Ctrl-C: stop listening and drop open connections at once; main.ts then reports the interrupt and exits 130.
      // SIGTERM (no handler in main.ts) closes the same way and exits 143.
      const stop = (code: number) => (): void => {
        server.closeAllConnections();
        server.close(() => resolve(code));
      };
      process.prependOnceListener('SIGINT', stop(130));
      process.prependOnceListener('SIGTERM', stop(143));
    });
  });
};
