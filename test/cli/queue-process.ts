// The job-queue tests' processes: a redis-server on a loopback port, the built CLI's commands and workers run
// without blocking (each test's ended after it), and what a worker's log says of its shards.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { freePort } from './free-port.js';
import { REDIS_SERVER } from '../service.js';

/** The built CLI; it serves `gridbits worker` too. */
export const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** 55,488,142 undirected closed knight tours of 6×8 (OEIS A001230's table; also the suite's local counts). */
export const CLOSED_6X8 = '55488142';

export interface Child {
  proc: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
  /** Resolves once standard error matches. */
  waitFor(pattern: RegExp): Promise<void>;
}

const children: ChildProcess[] = [];

export function start(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const proc = spawn(process.execPath, [file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  children.push(proc);
  const c: Child = {
    proc,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => proc.on('exit', (code) => resolve(code))),
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (pattern.test(c.stderr)) {
            proc.stderr?.off('data', check);
            resolve();
          }
        };
        proc.stderr?.on('data', check);
        void c.exited.then(() =>
          pattern.test(c.stderr) ? resolve() : reject(new Error(`exited before ${pattern}: ${c.stderr}`)),
        );
        check();
      });
    },
  };
  proc.stdout?.on('data', (d: Buffer) => (c.stdout += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (c.stderr += d.toString()));
  return c;
}

/** Starts redis-server on a loopback port; resolves once it accepts connections. */
export async function startRedis(at: number, more: string[] = []): Promise<ChildProcess> {
  const server = spawn(
    REDIS_SERVER.path,
    ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...more],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let log = '';
    server.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      if (/Ready to accept connections/.test(log)) resolve();
    });
    server.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
  });
  return server;
}

const stopChildren = (): void => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};

/**
 * For a test file: each test's processes ended after it (a worker left running would take the next test's shards),
 * and, unless `skip`, a redis-server on loopback for the file, started before its tests and stopped after them.
 */
export function useRedis(skip: boolean): { readonly url: string; readonly port: number } {
  let redis: ChildProcess | undefined;
  let url = '';
  let port = 0;
  beforeAll(async () => {
    if (skip) return;
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = await startRedis(port);
  }, 30_000);
  afterEach(stopChildren);
  afterAll(() => {
    stopChildren();
    redis?.kill('SIGKILL');
  });
  return {
    get url() {
      return url;
    },
    get port() {
      return port;
    },
  };
}

/** A worker's shards: started and finished (by index), from its log. */
export function shardsOf(log: string, what: 'started' | 'finished'): number[] {
  return [...log.matchAll(new RegExp(`${what} shard (\\d+) of`, 'g'))].map((m) => Number(m[1]));
}

/** A child's run as expectUserError takes it. */
export async function ended(c: Child): Promise<{ code: number; stdout: string; stderr: string }> {
  const code = await c.exited;
  return { code: code ?? -1, stdout: c.stdout, stderr: c.stderr };
}
