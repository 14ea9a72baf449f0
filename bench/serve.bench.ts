// `gridbits serve` under load: 100 connections for 10 s on loopback (autocannon), the page and its largest
// script (plain, and the script as a browser asks for it, compressed), against a bare node:http server answering
// the same bytes from memory; errors, latency percentiles, throughput and the server's peak memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, BenchSection } from './types.js';

const require = createRequire(import.meta.url);

interface CannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = require('autocannon') as (o: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

// Run from .bench-build/bench/ (npm run bench) or bench/ (tsx): the repository is above either.
const repo =
  [new URL('../..', import.meta.url), new URL('..', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((d) => existsSync(join(d, 'dist', 'cli', 'main.js'))) ?? '.';
// 100 connections: the issue's target (p99 under 30 ms) is set at this load. Before 2026-12-07 the runs used 200.
const CONNECTIONS = 100;
/** What a browser sends: the script then goes out brotli-compressed (the bare server sends it as it is). */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const SECONDS = Number(process.env.GRIDBITS_BENCH_SERVE_SECONDS ?? 10);

interface Server {
  url: string;
  proc: ChildProcess;
}

function startProcess(args: string[]): Promise<Server> {
  const proc = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`server exited ${code} before listening`)));
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ url: (JSON.parse(out.slice(0, nl)) as { url: string }).url, proc });
    });
  });
}

/** The server's peak resident memory so far (VmHWM), in MiB; null off Linux. */
function peakMiB(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise((r) => s.proc.on('exit', r));
  s.proc.kill('SIGTERM');
  await exited;
}

/** A bare server answering each path with its bytes from memory: the floor for this machine. */
const BARE = `
const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
const root = process.argv[1]; const files = new Map();
for (const f of ['index.html', ...fs.readdirSync(path.join(root, 'assets')).map((a) => 'assets/' + a)]) files.set('/' + f, fs.readFileSync(path.join(root, f)));
files.set('/', files.get('/index.html'));
const s = http.createServer((q, r) => { const b = files.get(q.url); if (!b) { r.statusCode = 404; r.end(); return; } r.setHeader('Content-Length', b.length); r.end(b); });
s.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + s.address().port + '/' })));
process.on('SIGTERM', () => process.exit(0));
`;

function describe(r: CannonResult): string {
  return `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${Math.round(r.requests.average).toLocaleString('en')} requests/s, ${r.requests.total.toLocaleString('en')} in all; errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;
}

export async function run(): Promise<BenchSection> {
  const web = join(repo, 'web', 'dist');
  if (!existsSync(join(web, 'index.html')))
    throw new Error('serve bench: build the playground first (npm run build:web)');
  const scripts = readdirSync(join(web, 'assets')).filter((a) => a.endsWith('.js'));
  const largest = scripts.sort(
    (a, b) => statSync(join(web, 'assets', b)).size - statSync(join(web, 'assets', a)).size,
  )[0];
  const kib = (statSync(join(web, 'assets', largest)).size / 1024).toFixed(0);
  const paths: Array<[string, string, Record<string, string>]> = [
    ['the page (index.html)', '', {}],
    [`its largest script (${kib} KiB)`, `assets/${largest}`, {}],
    [`its largest script (${kib} KiB) as a browser asks (brotli)`, `assets/${largest}`, BROWSER],
  ];
  const rows: BenchRow[] = [];
  for (const [what, path, headers] of paths) {
    const bare = await startProcess(['-e', BARE, web]);
    const b = await autocannon({ url: bare.url + path, connections: CONNECTIONS, duration: SECONDS });
    await stop(bare);
    const served = await startProcess([join(repo, 'dist', 'cli', 'main.js'), 'serve', '--port', '0', '--json']);
    const g = await autocannon({ url: served.url + path, connections: CONNECTIONS, duration: SECONDS, headers });
    const peak = peakMiB(served.proc.pid!);
    await stop(served);
    const clean = g.errors === 0 && g.timeouts === 0 && g.non2xx === 0;
    rows.push({
      name: `gridbits serve, ${what}: median latency, ${CONNECTIONS} connections for ${SECONDS} s`,
      medianMs: g.latency.p50,
      baseline: {
        name: 'a bare node:http server sending the same bytes from memory',
        medianMs: Math.max(b.latency.p50, 0.001),
      },
      target: 'no errors',
      met: clean,
      note: `${describe(g)}; server peak RSS ${peak === null ? '?' : `${peak.toFixed(0)} MiB`}. Bare server: ${describe(b)}`,
    });
  }
  return {
    title: 'Playground server under load (gridbits serve)',
    rows,
    notes: [
      `autocannon ${(require('autocannon/package.json') as { version: string }).version} on loopback, both on this 2-core machine (the load generator shares the cores with the server); GRIDBITS_BENCH_SERVE_SECONDS changes the ${SECONDS} s.`,
      'gridbits serve checks each file on disk per request (its path, then its stat) and keeps files up to 1 MiB in memory with their brotli and gzip forms, sending its type, caching headers (ETag, Last-Modified, Vary) and security headers (nosniff, a Content-Security-Policy the playground runs under); the bare server keeps the bytes in memory and sends no headers beyond the length. The compressed row: gridbits sends brotli, the bare server the plain bytes.',
    ],
  };
}
