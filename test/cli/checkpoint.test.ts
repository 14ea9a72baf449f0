// `tour-count --checkpoint FILE`: a count stopped (budget, Ctrl-C) and run again with the same file gives the unbroken
// count.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { interruptAfterProgress } from './interrupt.js';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';
import { LONG, runs } from '../long.js';
import { loadShardCheckpoint, saveShardCheckpoint } from '../../src/cli/checkpoint-file.js';
import type { ShardCount, ShardedCount } from '../../src/core/shards.js';
import { isGridbitsError } from '../../src/core/error.js';

const dir = mkdtempSync(join(tmpdir(), 'gridbits-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = (): string => join(dir, `count-${files++}.ckpt`);

interface CountJson {
  count: string;
  complete: boolean;
  nodes: number;
  checkpoint?: string;
}

describe('tour-count --checkpoint', () => {
  it('stopped by budgets at random points and run again: the same count and work as an unbroken run; the file goes once done', () => {
    const whole = gridbitsJson<CountJson>(['tour-count', '5x6', '--json']);
    expect(whole.count).toBe('37568');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2000, max: 200_000 }), { minLength: 1, maxLength: 3 }), (budgets) => {
        const file = fresh();
        for (const b of budgets) {
          const r = gridbitsBudget<CountJson>([
            'tour-count',
            '5x6',
            '--checkpoint',
            file,
            '--max-nodes',
            String(b),
            '--json',
          ]);
          if (r.complete) break;
          expect(r.checkpoint).toBe(file);
          expect(existsSync(file)).toBe(true);
        }
        const last = gridbitsJson<CountJson>(['tour-count', '5x6', '--checkpoint', file, '--json']);
        expect(last.count).toBe(whole.count);
        expect(last.nodes).toBe(whole.nodes);
        expect(existsSync(file)).toBe(false);
      }),
      { numRuns: runs(2, 8), seed: 3 },
    );
  });

  it('closed tours by halves are saved and resumed the same way (6x6: 9862)', () => {
    const file = fresh();
    const stopped = gridbitsBudget<CountJson>([
      'tour-count',
      '6x6',
      '--closed',
      '--checkpoint',
      file,
      '--max-nodes',
      '20000',
      '--json',
    ]);
    expect(stopped.complete).toBe(false);
    expect(gridbitsJson<CountJson>(['tour-count', '6x6', '--closed', '--checkpoint', file, '--json']).count).toBe(
      '9862',
    );
  });

  it('Ctrl-C saves the count; the same command goes on to the unbroken count', async () => {
    const file = fresh();
    const r = await interruptAfterProgress(['tour-count', '5x7', '--checkpoint', file, '--json'], { afterMs: 300 });
    expect(r.code).toBe(130);
    const stopped = JSON.parse(r.stdout) as CountJson;
    expect(stopped.complete).toBe(false);
    expect(stopped.checkpoint).toBe(file);
    expect(gridbitsJson<CountJson>(['tour-count', '5x7', '--checkpoint', file, '--json']).count).toBe('1245736');
  }, 120_000);

  it('refuses, in one line with exit 2, a checkpoint of another count, a damaged or cut one, and not a checkpoint at all', () => {
    const file = fresh();
    gridbits(['tour-count', '5x6', '--checkpoint', file, '--max-nodes', '20000']);
    expectUserError(
      gridbits(['tour-count', '5x5', '--checkpoint', file]),
      /checkpoint is of directed open knight tours of the 5x6 board, not of directed open knight tours of the 5x5 board/,
    );
    expectUserError(
      gridbits(['tour-count', '5x6', '--closed', '--checkpoint', file]),
      /not of closed knight tours of the 5x6 board/,
    );
    expectUserError(
      gridbits(['tour-count', '5x6', '--piece', 'camel', '--checkpoint', file, '--max-nodes', '10']),
      /not of directed open camel tours/,
    );
    const bytes = readFileSync(file);
    const damaged = fresh();
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100] ^= 1;
    writeFileSync(damaged, flipped);
    expectUserError(gridbits(['tour-count', '5x6', '--checkpoint', damaged]), /damaged/);
    const cut = fresh();
    writeFileSync(cut, bytes.subarray(0, bytes.length - 16));
    expectUserError(gridbits(['tour-count', '5x6', '--checkpoint', cut]), /damaged/);
    const text = fresh();
    writeFileSync(text, 'not a checkpoint\n');
    expectUserError(gridbits(['tour-count', '5x6', '--checkpoint', text]), /not a gridbits count checkpoint/);
    expectUserError(gridbits(['tour-count', '5x6', '--checkpoint', dir]), /directory/);
    expectUserError(
      gridbits(['tour-count', '4x4', '--each', '--checkpoint', fresh()]),
      /--each does not go with --checkpoint \(it is not saved\)/,
    );
    // A count whose method keeps nothing to save is refused at once, no file written: by backtracking (a zebra's),
    // or joined across the middle under a node budget (which runs it whole, not in shards).
    const none = fresh();
    expectUserError(
      gridbits(['tour-count', '6x6', '--piece', 'zebra', '--max-nodes', '1000', '--checkpoint', none]),
      /cannot be saved in checkpoints: it is counted by backtracking/,
    );
    expectUserError(
      gridbits(['tour-count', '8x8', '--closed', '--max-nodes', '1000', '--checkpoint', none]),
      /cannot be saved in checkpoints: it is joined across the middle/,
    );
    expect(existsSync(none)).toBe(false);
    // The refused files are left as they were.
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("a count joined across the middle (8x8 closed) keeps its finished shards: saved when the time is up, other counts' files refused", () => {
    const file = fresh();
    const stopped = gridbitsBudget<CountJson & { split: string; shardsDone: number; resumed: number }>([
      'tour-count',
      '8x8',
      '--closed',
      '--timeout',
      '2s',
      '--checkpoint',
      file,
    ]);
    expect(stopped).toMatchObject({ complete: false, split: 'crossing', checkpoint: file, resumed: 0 });
    expect(readFileSync(file, 'latin1')).toContain('tour-count 8x8 knight closed crossing 16');
    // The same file read back: no shard was finished in 2 s, so none is taken from it.
    const again = gridbitsBudget<CountJson & { resumed: number }>([
      'tour-count',
      '8x8',
      '--closed',
      '--timeout',
      '1s',
      '--checkpoint',
      file,
    ]);
    expect(again.resumed).toBe(stopped.shardsDone);
    // A frontier count's checkpoint is not a sharded count's, and the other way round.
    const frontier = fresh();
    gridbits(['tour-count', '5x6', '--checkpoint', frontier, '--max-nodes', '20000']);
    expectUserError(
      gridbits(['tour-count', '8x8', '--closed', '--timeout', '1s', '--checkpoint', frontier]),
      /is not a checkpoint of a sharded count/,
    );
    expectUserError(
      gridbits(['tour-count', '5x6', '--checkpoint', file]),
      /not a gridbits count checkpoint|another count|damaged/,
    );
  });

  it("a change to a byte anywhere in a count's checkpoint (magic, length, header, sum, tables) is refused in one line", () => {
    const file = fresh();
    gridbits(['tour-count', '5x5', '--checkpoint', file, '--max-nodes', '200']);
    const bytes = readFileSync(file);
    const tablesAt = bytes.indexOf('}}', 0, 'latin1') + 2;
    const sumAt = bytes.lastIndexOf('"sum":', tablesAt, 'latin1') + 6;
    const stateAt = bytes.indexOf('"k":', 0, 'latin1') + 4;
    // One byte in each part of the file (each part's every byte is tried in the library's tests); more under test:long.
    const some = [0, 27, 60, sumAt, tablesAt + 5];
    const more = [26, 35, 120, stateAt, tablesAt - 1, bytes.length - 1];
    for (const at of LONG ? [...some, ...more] : some) {
      const damaged = Buffer.from(bytes);
      damaged[at] ^= 0x01;
      const f = fresh();
      writeFileSync(f, damaged);
      expectUserError(gridbits(['tour-count', '5x5', '--checkpoint', f]), /damaged|not a gridbits count checkpoint/);
      expect(readFileSync(f).equals(damaged)).toBe(true);
    }
  });

  it("a sharded count's checkpoint: each bit of each byte changed is refused, never resumed", () => {
    const sc: ShardedCount = {
      kind: 'tour',
      question: {},
      method: 'crossing',
      shards: 16,
      key: 'tour-count 8x8 knight closed crossing 16',
    };
    const done = new Map<number, ShardCount>(
      [3, 7, 12].map((index) => [index, { index, key: sc.key, count: BigInt(index) * 1_000_003n, nodes: 5 * index }]),
    );
    const file = fresh();
    saveShardCheckpoint(file, sc, done);
    expect(loadShardCheckpoint(file, sc)).toEqual(done);
    const bytes = readFileSync(file);
    const missed: string[] = [];
    for (let i = 0; i < bytes.length; i++) {
      // Every bit under test:long; in npm test one bit of each byte, a different one from byte to byte.
      for (const bit of LONG ? [0, 1, 2, 3, 4, 5, 6, 7] : [i % 8]) {
        const damaged = Buffer.from(bytes);
        damaged[i] ^= 1 << bit;
        writeFileSync(file, damaged);
        try {
          loadShardCheckpoint(file, sc);
          missed.push(`${i}:${bit}`);
        } catch (e) {
          if (!(isGridbitsError(e) && e.code === 'BAD_INPUT')) missed.push(`${i}:${bit} ${String(e)}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });
});
