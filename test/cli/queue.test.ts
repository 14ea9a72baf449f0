// Tour counts on a real job queue: a Redis server on loopback, `gridbits worker` processes (one killed mid-shard),
// the coordinator `tour-count --queue`, and the same count as a local run; bad addresses and budgets refused, and a
// queue that never answers, is not Redis, or is lost mid-count. Ctrl-C's times are in queue-timing.test.ts.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsJson } from './run.js';
import { freePort } from './free-port.js';
import { CLOSED_6X8, ended, main, shardsOf, start, startRedis, useRedis } from './queue-process.js';
import { REDIS_SERVER, skipWithout } from '../service.js';

const skipQueue = skipWithout(REDIS_SERVER, 'the counts on a job queue of test/cli/queue.test.ts');
const redis = useRedis(skipQueue);

describe('the queue refuses in one line', () => {
  it('an unreachable queue, within a few seconds', () => {
    const r = gridbits(['tour-count', '6x8', '--closed', '--queue', 'redis://127.0.0.1:1']);
    expectUserError(r, /^gridbits: cannot reach the job queue at redis:\/\/127\.0\.0\.1:1: connection refused$/);
  });

  it('a malformed address, a budget, a start square', () => {
    expectUserError(
      gridbits(['tour-count', '6x8', '--closed', '--queue', 'localhost:6379']),
      /--queue must be a Redis address like redis:\/\/HOST:PORT/,
    );
    expectUserError(
      gridbits(['tour-count', '6x8', '--closed', '--queue', 'redis://h:99999']),
      /--queue must be a Redis address/,
    );
    expectUserError(
      gridbits(['tour-count', '6x8', '--closed', '--queue', 'redis://127.0.0.1:1', '--max-nodes', '1000']),
      /a queued count has no budget/,
    );
    expectUserError(
      gridbits(['tour-count', '6x8', '--closed', '--queue', 'redis://127.0.0.1:1', '--timeout', '5s']),
      /a queued count has no budget/,
    );
    expectUserError(
      gridbits(['tour-count', '5x5', '--from', 'a1', '--queue', 'redis://127.0.0.1:1']),
      /--queue does not go with --from/,
    );
  });

  it('the worker: no queue, a malformed one, an unreachable one', () => {
    const w = (args: string[]) =>
      spawnSync(process.execPath, [main, 'worker', ...args], { encoding: 'utf8', timeout: 30_000 });
    const asRun = (r: ReturnType<typeof w>) => ({ code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr });
    expectUserError(asRun(w([])), /worker: give the job queue/);
    expectUserError(asRun(w(['--queue', 'nope'])), /worker: --queue must be a Redis address/);
    expectUserError(
      asRun(w(['--queue', 'redis://127.0.0.1:1'])),
      /cannot reach the job queue at redis:\/\/127\.0\.0\.1:1: connection refused/,
    );
    expectUserError(
      asRun(w(['--queue', 'redis://127.0.0.1:1', '--concurrency', '0'])),
      /--concurrency must be between 1/,
    );
  });
});

describe('a queue that never answers, or is not Redis: one line, exit 2', () => {
  // A server that takes connections and never answers, and a web server, on loopback ports of their own.
  const sockets: Socket[] = [];
  const silent = createNetServer((socket) => void sockets.push(socket));
  const web = createHttpServer((_req, res) => res.end('<html><body>not Redis</body></html>'));
  let silentUrl = '';
  let webUrl = '';
  beforeAll(async () => {
    for (const server of [silent, web]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    silentUrl = `redis://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    webUrl = `redis://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
    web.close();
  });
  // The three commands that reach a queue, each run at once (the servers answer in this process: no spawnSync).
  const commands = (at: string): string[][] => [
    ['tour-count', '6x8', '--closed', '--queue', at],
    ['fleet', 'count', '10x10', '--fleet', 'classic', '--queue', at],
    ['worker', '--queue', at],
  ];

  it('a server that takes the connection and never answers: refused after 10 s, not waited for for ever', async () => {
    const t0 = performance.now();
    const runs = await Promise.all(commands(silentUrl).map((args) => ended(start(main, args))));
    for (const r of runs) {
      expectUserError(
        r,
        new RegExp(`^gridbits: cannot reach the job queue at ${silentUrl}: it did not answer within 10 s$`),
      );
    }
    // A hang guard: each gives up at its 10 s (plus its start on a busy machine), not at the test's time-out.
    expect(performance.now() - t0).toBeLessThan(40_000);
    // They did wait for an answer (the connection was made).
    expect(sockets.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a web server: "not a Redis server"', async () => {
    const runs = await Promise.all(commands(webUrl).map((args) => ended(start(main, args))));
    for (const r of runs) {
      expectUserError(
        r,
        new RegExp(`^gridbits: cannot reach the job queue at ${webUrl}: what answers there is not a Redis server$`),
      );
    }
  }, 60_000);
});

describe.skipIf(skipQueue)('counts on the queue (redis-server on loopback)', () => {
  it('two workers, one killed mid-shard: the same count as the local run', async () => {
    const local = gridbitsJson(['tour-count', '6x8', '--closed']);
    expect(local.count).toBe(CLOSED_6X8);
    expect(local.shards).toBeGreaterThan(1);
    expect(local.shardsDone).toBe(local.shards);

    const a = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
    const b = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
    const coordinator = start(main, ['tour-count', '6x8', '--closed', '--queue', redis.url, '--json']);
    await a.waitFor(/started shard \d+ of 64/);
    const killedIn = shardsOf(a.stderr, 'started').filter((i) => !shardsOf(a.stderr, 'finished').includes(i));
    expect(killedIn.length).toBe(1);
    a.proc.kill('SIGKILL');
    expect({ code: await coordinator.exited, stderr: coordinator.stderr }).toEqual({ code: 0, stderr: '' });
    const j = JSON.parse(coordinator.stdout) as Record<string, unknown>;
    expect(j.count).toBe(CLOSED_6X8);
    expect(j.count).toBe(local.count);
    expect(j).toMatchObject({
      complete: true,
      bound: 'exact',
      shards: 64,
      shardsDone: 64,
      method: 'frontier',
      split: 'halves',
      reused: 0,
      board: { width: 6, height: 8 },
    });
    expect(typeof j.seconds).toBe('number');
    // The shard the killed worker held went back to the queue and the other worker counted it.
    expect(shardsOf(b.stderr, 'finished')).toContain(killedIn[0]);
    // Every shard was finished by someone, and the survivor did all the rest.
    const finished = new Set([...shardsOf(a.stderr, 'finished'), ...shardsOf(b.stderr, 'finished')]);
    expect(finished.size).toBe(64);
  }, 180_000);

  it('the same count enqueued again finds every shard done', () => {
    const again = gridbitsJson(['tour-count', '6x8', '--closed', '--queue', redis.url]);
    expect(again).toMatchObject({ count: CLOSED_6X8, complete: true, shards: 64, reused: 64 });
    const text = gridbits(['tour-count', '6x8', '--closed', '--queue', redis.url]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^55,488,142 closed knight tours of the 6x8 board\n.*64 shards on the job queue at redis:\/\/127\.0\.0\.1:\d+ \(64 done before this run\)/,
    );
  }, 60_000);

  it('a malformed job fails with a message; the worker lives on and counts the next shard', async () => {
    const queue = new Queue('gridbits-shards', { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const bad = [
        { name: 'tour-count shard', data: { nonsense: true }, opts: { jobId: 'bad-1' } },
        {
          name: 'tour-count shard',
          data: {
            sharded: {
              question: { width: 6, height: 6, piece: 'knight', closed: true },
              method: 'halves',
              shards: 64,
              key: 'tour-count 6x6 knight closed halves 65',
            },
            index: 0,
          },
          opts: { jobId: 'bad-2' },
        },
        {
          name: 'tour-count shard',
          data: {
            sharded: {
              question: { width: 6, height: 6, piece: 'knight', closed: true },
              method: 'halves',
              shards: 64,
              key: 'tour-count 6x6 knight closed halves 64',
            },
            index: 64,
          },
          opts: { jobId: 'bad-3' },
        },
      ];
      await queue.addBulk(bad);
      const w = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
      await w.waitFor(/failed bad-3/);
      expect(w.stderr).toMatch(/failed bad-1: job bad-1 is not a shard of a gridbits count: its data names no count/);
      expect(w.stderr).toMatch(
        /failed bad-2: .*its key 'tour-count 6x6 knight closed halves 65' is not the key of its question/,
      );
      expect(w.stderr).toMatch(/failed bad-3: .*its index 64 is not one of the count's 64 shards/);
      for (const id of ['bad-1', 'bad-2', 'bad-3']) {
        const job = await queue.getJob(id);
        expect(await job?.getState()).toBe('failed');
        expect(job?.attemptsMade).toBe(1);
      }
      // Still serving: a real count goes through this worker.
      const r = gridbitsJson(['tour-count', '6x6', '--closed', '--queue', redis.url]);
      expect(r).toMatchObject({ count: '9862', complete: true, shards: 64 });
      expect(w.proc.exitCode).toBe(null);
      w.proc.kill('SIGKILL');
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('a Sea Battle count on the queue: two workers, the same count as the local run; enqueued again, every shard found done', async () => {
    const args = ['fleet', 'count', '10x10', '--fleet', 'classic'];
    const a = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
    const b = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
    const coordinator = start(main, [...args, '--queue', redis.url, '--json']);
    expect({ code: await coordinator.exited, stderr: coordinator.stderr }).toEqual({ code: 0, stderr: '' });
    const j = JSON.parse(coordinator.stdout) as Record<string, unknown>;
    // The published count of the classic fleet on 10×10 (also the unsplit program's, in the fleet tests).
    expect(j).toMatchObject({ count: '1855545978831780', shards: 20, shardsDone: 20, split: 'placements', reused: 0 });
    const finished = [...shardsOf(a.stderr, 'finished'), ...shardsOf(b.stderr, 'finished')];
    expect(new Set(finished).size).toBe(20);
    expect(a.stderr + b.stderr).toMatch(
      /finished shard \d+ of 20 of layouts of one 4-cell ship, two 3-cell ships, three 2-cell ships and four 1-cell ships on 10x10: [\d,]+ in /,
    );
    const again = gridbitsJson([...args, '--queue', redis.url, '--json']);
    expect(again).toMatchObject({ count: '1855545978831780', reused: 20 });
    a.proc.kill('SIGKILL');
    b.proc.kill('SIGKILL');
  }, 180_000);
});

describe.skipIf(skipQueue)('a queue lost in the middle of a count (its own redis-server, kept on disk)', () => {
  // The server writes every change to its append-only file, so a restart finds the shards counted before.
  const dir = mkdtempSync(join(tmpdir(), 'gridbits-queue-lost-'));
  const keep = ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always'];
  // The wait for a lost queue, made short for the test (60 s otherwise).
  const wait = { GRIDBITS_QUEUE_WAIT_MS: '3000' };
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('the count says it waits, then stops in one line (exit 2); so does the worker; the same command picks up the shards counted', async () => {
    const at = await freePort();
    const lostUrl = `redis://127.0.0.1:${at}`;
    server = await startRedis(at, keep);
    const args = ['fleet', 'count', '10x10', '--fleet', 'classic'];
    const w = start(main, ['worker', '--queue', lostUrl, '--concurrency', '1'], wait);
    const coordinator = start(main, [...args, '--queue', lostUrl, '--progress'], wait);
    // Some shards counted, not all: then the server is gone for good.
    const queue = new Queue('gridbits-shards', { connection: { host: '127.0.0.1', port: at } });
    let before: number;
    try {
      while ((before = await queue.getCompletedCount()) < 2) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await queue.close();
    }
    expect(before).toBeLessThan(20);
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;

    expect(await coordinator.exited).toBe(2);
    expect(coordinator.stdout).toBe('');
    // The progress line said it waited, and for how long it would.
    expect(coordinator.stderr).toMatch(
      new RegExp(
        `fleet count 10x10: waiting for the job queue at ${lostUrl} \\(connection refused; the count stops after 3 s without an answer\\)`,
      ),
    );
    const last = (text: string): string => text.trimEnd().split('\n').pop() ?? '';
    expect(last(coordinator.stderr)).toMatch(
      new RegExp(
        `^gridbits: the job queue at ${lostUrl} has not answered for 3 s \\(connection refused\\); the count stopped with \\d+ of 20 shards counted, which the queue keeps: the same command picks them up once it answers$`,
      ),
    );
    expect(coordinator.stderr).not.toMatch(/\bat .*\.[cm]?js:\d+/);

    expect(await w.exited).toBe(2);
    expect(w.stdout).toBe('');
    expect(w.stderr).toMatch(
      new RegExp(
        `gridbits worker: the job queue at ${lostUrl} is not answering \\(connection refused\\); waiting up to 3 s`,
      ),
    );
    expect(last(w.stderr)).toMatch(
      new RegExp(
        `^gridbits: the job queue at ${lostUrl} has not answered for 3 s \\(connection refused\\); the worker stopped \\(the shards it was counting go back to the queue once it answers\\)$`,
      ),
    );

    // The server back with its data: the same command finds the shards counted before and finishes the count.
    server = await startRedis(at, keep);
    const w2 = start(main, ['worker', '--queue', lostUrl, '--concurrency', '1']);
    const again = await ended(start(main, [...args, '--queue', lostUrl, '--json']));
    expect(again).toMatchObject({ code: 0, stderr: '' });
    const j = JSON.parse(again.stdout) as { count: string; reused: number; shardsDone: number };
    expect(j).toMatchObject({ count: '1855545978831780', shardsDone: 20 });
    expect(j.reused).toBeGreaterThanOrEqual(before);
    w2.proc.kill('SIGKILL');
  }, 120_000);
});
