// Ctrl-C on a sharded tour count within half a second: on the local cores, and on a job queue (redis-server on
// loopback), where a worker hands its shard back and the coordinator reports the shards done. Run alone (see
// vitest.config.ts) so no other test's load is in the times; the rest of the queue's tests are in queue.test.ts.
import { describe, expect, it } from 'vitest';
import { interruptAfterProgress } from './interrupt.js';
import { gridbitsJson } from './run.js';
import { CLOSED_6X8, main, start, useRedis } from './queue-process.js';
import { REDIS_SERVER, skipWithout } from '../service.js';

const skipQueue = skipWithout(REDIS_SERVER, 'the Ctrl-C on a job queue of test/cli/queue-timing.test.ts');
const redis = useRedis(skipQueue);

describe('shards on the local cores', () => {
  it('the same count as the frontier program; Ctrl-C reports the shards done within half a second', async () => {
    // 6x6 closed by halves (64 shards, local) and by the frontier program (a start square keeps it unsharded).
    const sharded = gridbitsJson(['tour-count', '6x6', '--closed']);
    const frontier = gridbitsJson(['tour-count', '6x6', '--closed', '--from', 'a1']);
    expect(sharded).toMatchObject({ count: '9862', method: 'frontier', split: 'halves', complete: true });
    expect(sharded.shards).toBeGreaterThan(1);
    expect(sharded.shardsDone).toBe(sharded.shards);
    expect(frontier).toMatchObject({ count: '9862', method: 'frontier', shards: 1 });
    const r = await interruptAfterProgress(['tour-count', '6x8', '--closed', '--json'], 300);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    const j = JSON.parse(r.stdout) as { count: string; shardsDone: number; shards: number };
    expect(j).toMatchObject({ complete: false, bound: 'lower', lowerBound: true, stopped: 'interrupted' });
    expect(BigInt(j.count) <= BigInt(CLOSED_6X8)).toBe(true);
    expect(j.shardsDone).toBeLessThan(j.shards);
  }, 60_000);
});

describe.skipIf(skipQueue)('Ctrl-C on a count on the queue (redis-server on loopback)', () => {
  it('Ctrl-C on a worker hands its shard back at once; Ctrl-C on the coordinator reports the shards done', async () => {
    // 8x6 is a count of its own (its own key), so its first shard builds the boundary table again: seconds.
    const w = start(main, ['worker', '--queue', redis.url, '--concurrency', '1']);
    const coordinator = start(main, ['tour-count', '8x6', '--closed', '--queue', redis.url, '--json']);
    await w.waitFor(/started shard 1 of 64/);
    const sentAt = performance.now();
    w.proc.kill('SIGINT');
    expect(await w.exited).toBe(130);
    expect(performance.now() - sentAt).toBeLessThan(500);
    expect(w.stderr).toMatch(/handed shard 1 of 64 of 8x6 closed knight tours back to the queue/);
    expect(w.stdout).toMatch(/^counted 0 shards in .*, handed 1 shard back to the queue\n$/);
    // The coordinator, still waiting, is stopped: nothing done yet, a lower bound of 0, exit 130.
    coordinator.proc.kill('SIGINT');
    expect(await coordinator.exited).toBe(130);
    expect(JSON.parse(coordinator.stdout)).toMatchObject({
      count: '0',
      complete: false,
      bound: 'lower',
      stopped: 'interrupted',
      shardsDone: 0,
      shards: 64,
    });
    // A new worker takes the handed-back shard; the count comes out whole.
    const w2 = start(main, ['worker', '--queue', redis.url]);
    const done = gridbitsJson(['tour-count', '8x6', '--closed', '--queue', redis.url]);
    expect(done).toMatchObject({ count: CLOSED_6X8, complete: true, shards: 64 });
    await w2.waitFor(/finished shard 1 of 64 of 8x6/);
    w2.proc.kill('SIGKILL');
  }, 180_000);
});
