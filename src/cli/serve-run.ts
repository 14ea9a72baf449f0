// The work of `serve`: the built playground and the API reference (/api/) over HTTP (node:http), static files
// only, never a path outside them.
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GridbitsError } from '../core/error.js';
import { int, str, type Run } from './command.js';

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
  const realRoot = realpathSync(root);
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

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...SECURITY_HEADERS,
  });
  res.end(text);
}

function handle(root: string, req: IncomingMessage, res: ServerResponse): void {
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
  const st = statSync(found);
  const hashed = found.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(found).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': st.size,
    // Vite names assets by content hash, so they never change; the page itself is always revalidated.
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = cached(found, st.size, st.mtimeMs);
  if (body !== null) {
    res.end(body);
    return;
  }
  createReadStream(found)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** Files up to this size are kept in memory once read (while their size and time stay the same). */
const CACHE_FILE_BYTES = 1 << 20;
const cache = new Map<string, { size: number; mtimeMs: number; body: Buffer }>();

function cached(file: string, size: number, mtimeMs: number): Buffer | null {
  if (size > CACHE_FILE_BYTES) return null;
  const hit = cache.get(file);
  if (hit !== undefined && hit.size === size && hit.mtimeMs === mtimeMs) return hit.body;
  try {
    const body = readFileSync(file);
    if (body.length !== size) return null;
    cache.set(file, { size, mtimeMs, body });
    return body;
  } catch {
    return null;
  }
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
  const server = createServer((req, res) => handle(root, req, res));
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
