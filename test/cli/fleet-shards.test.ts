// `fleet count` in shards: on the local cores (--shards), saved as they finish and resumed (--checkpoint), and
// refused in one line where the flags or the file do not fit. The queue's runs are in queue.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutCountQuestion, countLayoutShardJob, shardLayoutCount } from '../../src/fleet/count-shards.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import { saveShardCheckpoint } from '../../src/cli/checkpoint-file.js';
import type { ShardCount } from '../../src/core/shards.js';
import { expectUserError, gridbits, gridbitsJson } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'gridbits-fleet-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = (): string => join(dir, `count-${files++}.ckpt`);

/** 8×8, the Hasbro fleet with no touching: 16,546,192 layouts (also the unsplit count's, in count.test.ts). */
const HASBRO_8 = ['fleet', 'count', '8x8', '--fleet', 'hasbro', '--touch', 'none'];
const HASBRO_8_COUNT = '16546192';

interface ShardJson {
  count: string | null;
  shards: number;
  shardsDone: number;
  split: string;
  threads?: number;
  checkpoint?: string;
  resumed?: number;
  stopped?: string;
}

describe('fleet count in shards', () => {
  it('--shards: the same count as the unsplit program, in words and JSON', () => {
    const whole = gridbitsJson<{ count: string }>([...HASBRO_8, '--json']);
    expect(whole.count).toBe(HASBRO_8_COUNT);
    const j = gridbitsJson<ShardJson>([...HASBRO_8, '--shards', '4', '--json']);
    expect(j).toMatchObject({
      count: HASBRO_8_COUNT,
      shards: 4,
      shardsDone: 4,
      split: 'placements',
      touch: 'none',
      board: { width: 8, height: 8 },
    });
    expect(j.threads).toBeGreaterThanOrEqual(1);
    const text = gridbits([...HASBRO_8, '--shards', '3']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^16,546,192 layouts of ships of length 5, 4, 3, 3, 2; touch none on 8x8 \(.* s\)\n3 shards on \d threads?; [\d,]+ states expanded\n$/,
    );
  }, 60_000);

  it('--checkpoint: shards saved before are not counted again (a forged one shows through), and the file goes once done', () => {
    const p = fleetProblem({ width: 8, height: 8, fleet: 'hasbro', touch: 'none' });
    const sc = shardLayoutCount(layoutCountQuestion(p), 64);
    // Two shards counted by the library, one of them forged by one: the CLI must use them as saved.
    const done = new Map<number, ShardCount>();
    for (const i of [0, 2]) {
      const o = countLayoutShardJob(sc, i).runSync();
      if (!o.finished) throw new Error('a shard stopped');
      done.set(i, i === 2 ? { ...o.value, count: o.value.count + 1n } : o.value);
    }
    const file = fresh();
    saveShardCheckpoint(file, sc, done);
    const j = gridbitsJson<ShardJson>([...HASBRO_8, '--checkpoint', file, '--json']);
    expect(j).toMatchObject({
      count: String(BigInt(HASBRO_8_COUNT) + 1n),
      shards: sc.shards,
      shardsDone: sc.shards,
      checkpoint: file,
      resumed: 2,
    });
    expect(existsSync(file)).toBe(false);
    // Without the forgery: the count itself.
    done.set(2, { ...done.get(2)!, count: done.get(2)!.count - 1n });
    saveShardCheckpoint(file, sc, done);
    expect(gridbitsJson<ShardJson>([...HASBRO_8, '--checkpoint', file, '--json']).count).toBe(HASBRO_8_COUNT);
  }, 60_000);

  it('a checkpoint of another count, a damaged one, a tour checkpoint, a directory: refused in one line, never resumed', () => {
    const p = fleetProblem({ width: 8, height: 8, fleet: 'hasbro', touch: 'none' });
    const sc = shardLayoutCount(layoutCountQuestion(p), 64);
    const one = countLayoutShardJob(sc, 0).runSync();
    if (!one.finished) throw new Error('a shard stopped');
    const file = fresh();
    saveShardCheckpoint(file, sc, new Map([[0, one.value]]));
    expectUserError(
      gridbits(['fleet', 'count', '8x8', '--fleet', 'hasbro', '--touch', 'corner', '--checkpoint', file]),
      /the checkpoint '.*' is of another count, not this one/,
    );
    expectUserError(gridbits([...HASBRO_8, '--shards', '5', '--checkpoint', file]), /is of another count/);
    const text = readFileSync(file, 'latin1');
    writeFileSync(
      file,
      text.replace(/"count":"(\d)/, (_, d: string) => `"count":"${(Number(d) + 1) % 10}`),
    );
    expectUserError(
      gridbits([...HASBRO_8, '--checkpoint', file]),
      /the checkpoint '.*' is damaged \(it does not match its check sum\)/,
    );
    writeFileSync(file, text.slice(0, text.length - 20));
    expectUserError(gridbits([...HASBRO_8, '--checkpoint', file]), /is damaged \(it does not match its check sum\)/);
    // A tour count's checkpoint, made by tour-count.
    const tour = fresh();
    expect(gridbits(['tour-count', '5x6', '--checkpoint', tour, '--max-nodes', '3000']).code).toBe(3);
    expectUserError(gridbits([...HASBRO_8, '--checkpoint', tour]), /is not a checkpoint of a sharded count/);
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    expectUserError(gridbits([...HASBRO_8, '--checkpoint', sub]), /the checkpoint '.*' is a directory/);
  }, 60_000);

  it('flags that do not fit are refused in one line', () => {
    expectUserError(gridbits([...HASBRO_8, '--shards', '0']), /--shards/);
    expectUserError(
      gridbits([...HASBRO_8, '--queue', 'redis://127.0.0.1:1', '--timeout', '5s']),
      /--queue does not go with --timeout \(a queued count has no time limit\)/,
    );
    expectUserError(
      gridbits([...HASBRO_8, '--queue', 'redis://127.0.0.1:1', '--checkpoint', fresh()]),
      /--queue does not go with --checkpoint/,
    );
    expectUserError(gridbits([...HASBRO_8, '--queue', 'nope']), /fleet count: --queue must be a Redis address/);
  });
});
