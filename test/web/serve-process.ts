// Starts `gridbits serve` (the built CLI) as a subprocess on a free port and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO } from './build.js';

const CLI = join(REPO, 'dist', 'cli', 'main.js');

export interface Served {
  url: string;
  port: number;
  proc: ChildProcess;
  stderr(): string;
  /** Sends SIGINT and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * `cli` is the built CLI to run: another copy of the package serves that copy's playground. On a free port unless
 * `args` names one.
 */
export function startServe(args: string[] = [], cwd = REPO, cli = CLI): Promise<Served> {
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const proc = spawn(process.execPath, [cli, 'serve', ...port, '--json', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '',
    err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`gridbits serve did not start in 20 s: ${err}`));
    }, 20_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gridbits serve exited ${code} before listening: ${err}`));
    });
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      const info = JSON.parse(out.slice(0, nl)) as { url: string; port: number };
      resolve({
        url: info.url,
        port: info.port,
        proc,
        stderr: () => err,
        stop: () => {
          if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
          return exited;
        },
      });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET whose path goes on the wire exactly as written (no URL normalisation), over a plain socket. */
export function rawGet(port: number, path: string, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    let data = '';
    sock.setTimeout(10_000, () => {
      sock.destroy();
      reject(new Error(`no answer for ${path}`));
    });
    sock.on('connect', () =>
      sock.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1'),
    );
    sock.on('data', (d: Buffer) => (data += d.toString('latin1')));
    sock.on('error', reject);
    sock.on('end', () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      const [head, ...rest] = data.split('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: m ? Number(m[1]) : 0, headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/**
 * A GET through node:http (which sends the path as given), for ordinary requests, each on a connection of its own:
 * Node's global agent keeps connections alive, and a request sent on one the server has just closed (as a stopped
 * server does) fails with "socket hang up" instead of finding the port closed.
 */
export function httpGet(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse & { bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    })
      .on('error', reject)
      .end();
  });
}
