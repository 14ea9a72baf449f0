// A layout count split into shards (by where the largest ship lies, up to the field's symmetries) against the
// brute-force reference and the unsplit count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shardsTotal, type ShardCount } from '../../src/core/shards.js';
import { countLayoutsSync as countOutcome } from '../../src/fleet/count.js';
import { finishedValue } from '../../src/core/job.js';
import {
  layoutCountQuestion,
  countLayoutShardJob,
  questionProblem,
  shardLayoutCount,
  type ShardedLayoutCount,
} from '../../src/fleet/count-shards.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { bruteCount } from '../reference/fleet.js';
import { exactly, problemOf, smallProblems } from './count-problems.js';

/** Every shard counted here, and the shards' total. */
function shardedTotal(sc: ShardedLayoutCount): { total: bigint; shards: ShardCount[] } {
  const counts = new Map<number, ShardCount>();
  for (let i = 0; i < sc.shards; i++) {
    const o = countLayoutShardJob(sc, i).runSync();
    if (!o.finished) throw new Error('a shard stopped');
    counts.set(i, o.value);
  }
  return { total: shardsTotal(sc, counts), shards: [...counts.values()] };
}

const countLayoutsSync = (p: FleetProblem): bigint => exactly(finishedValue(countOutcome(p)));
const shardedOf = (p: FleetProblem, shards = 64): ShardedLayoutCount =>
  shardLayoutCount(layoutCountQuestion(p), shards);

describe('fleet shards', () => {
  it('random boards, shapes, masks and touch rules: the shards add up to the brute-force count', () => {
    let split = 0;
    fc.assert(
      fc.property(smallProblems, fc.integer({ min: 1, max: 9 }), (p, n) => {
        const sc = shardedOf(p, n);
        if (sc.method === 'placements') split++;
        expect(sc.shards).toBeLessThanOrEqual(n);
        expect(shardedTotal(sc).total).toBe(BigInt(bruteCount(p)));
      }),
      { numRuns: 300, seed: 1616 },
    );
    // The property must have split most problems, not only counted them whole.
    expect(split).toBeGreaterThan(50);
  });

  it('square and oblong fields, symmetric and not: the same count as the unsplit program', () => {
    const cases: FleetProblem[] = [
      fleetProblem({ width: 8, height: 8, fleet: 'hasbro', touch: 'none' }),
      fleetProblem({ width: 9, height: 7, fleet: '4,3,3,2,1' }),
      fleetProblem({ width: 7, height: 7, ships: ['##/#.', '###/.#.', '2', '2'], touch: 'corner' }),
      fleetProblem({ width: 7, height: 7, ships: ['##./.##', '3', '1'], touch: 'any', mirror: true }),
      // A chiral shape without mirroring: the field's reflections do not keep its placements.
      fleetProblem({ width: 6, height: 6, ships: ['##./.##', '##./.##', '2'], touch: 'none' }),
      problemOf(8, 8, ['4', '3', '3', '2'], 'none', { forbidden: [0, 9, 18, 27], required: [63] }),
      problemOf(8, 6, ['3', '3', '3', '2'], 'corner', { forbidden: [5, 42] }),
    ];
    for (const p of cases) {
      const sc = shardedOf(p, 7);
      expect(sc.method).toBe('placements');
      expect(shardedTotal(sc).total).toBe(countLayoutsSync(p));
    }
  });

  it('the 10×10 classic fleet: 1,855,545,978,831,780 layouts (the published count), from 20 classes of the 4-ship', () => {
    const sc = shardedOf(fleetProblem({ width: 10, height: 10, fleet: 'classic' }));
    // 140 places of the 4-ship; the square's 8 symmetries leave 20 classes (18 of 8 places, 2 of 4).
    expect(sc.shards).toBe(20);
    expect(sc.divisor).toBe(1);
    expect(shardedTotal(sc).total).toBe(1855545978831780n);
  });

  it('several ships of the largest kind: the sum counts each layout once per such ship', () => {
    const p = fleetProblem({ width: 6, height: 6, fleet: '3,3,2' });
    const sc = shardedOf(p, 5);
    expect(sc.divisor).toBe(2);
    let sum = 0n;
    for (const s of shardedTotal(sc).shards) sum += s.count;
    expect(sum).toBe(2n * countLayoutsSync(p));
  });

  it('counts that do not split are one shard: one ship, or one class of places', () => {
    expect(shardedOf(fleetProblem({ width: 5, height: 5, fleet: '3' })).method).toBe('whole');
    const one = shardedOf(fleetProblem({ width: 2, height: 1, fleet: '2' }));
    expect(one).toMatchObject({ method: 'whole', shards: 1 });
    expect(shardedTotal(one).total).toBe(1n);
    // 3 places of a 3-ship on 3×3 with a 1-ship: the place in the middle and the two edges swap under the symmetries.
    const p = fleetProblem({ width: 3, height: 3, fleet: '3,1', touch: 'any' });
    const sc = shardedOf(p);
    expect(shardedTotal(sc).total).toBe(countLayoutsSync(p));
  });

  it('a key names the question: other fleets, rules, masks or shard numbers give other keys', () => {
    const base = fleetProblem({ width: 8, height: 8, fleet: 'hasbro' });
    const keys = new Set([
      shardedOf(base).key,
      shardedOf(base, 5).key,
      shardedOf({ ...base, touch: 'none' }).key,
      shardedOf(
        fleetProblem({
          width: 8,
          height: 8,
          fleet: 'hasbro',
          forbidden: Uint8Array.from({ length: 64 }, (_, i) => (i === 3 ? 1 : 0)),
        }),
      ).key,
      shardedOf(fleetProblem({ width: 8, height: 8, fleet: '5,4,3,3' })).key,
    ]);
    expect(keys.size).toBe(5);
  });

  it('a malformed question is refused in words, not counted', () => {
    const q = layoutCountQuestion(fleetProblem({ width: 6, height: 6, fleet: '3,2' }));
    expect(() => questionProblem({ ...q, touch: 'sideways' as never })).toThrow(/touch rule/);
    expect(() => questionProblem({ ...q, width: 0 })).toThrow(/width and a height/);
    expect(() => questionProblem({ ...q, forbidden: [36] })).toThrow(/forbidden square 36 is not on the 6x6 board/);
    expect(() => questionProblem({ ...q, kinds: [] })).toThrow(/no ship kinds/);
    expect(() =>
      questionProblem({
        ...q,
        kinds: [
          {
            name: 'x',
            count: 1,
            orientations: [
              [
                [0, 0],
                [0, 0],
              ],
            ],
          },
        ],
      }),
    ).toThrow(/a cell twice/);
    expect(() =>
      questionProblem({
        ...q,
        kinds: [
          {
            name: 'x',
            count: 1,
            orientations: [
              [[0, 0]],
              [
                [0, 0],
                [1, 0],
              ],
            ],
          },
        ],
      }),
    ).toThrow(/different sizes/);
    expect(() => countLayoutShardJob(shardLayoutCount(q, 4), 4)).toThrow(/not one of the count's 4 shards/);
    // A count whose shards were made for another split (a forged number of shards) is refused by the shard.
    const forged: ShardedLayoutCount = { ...shardLayoutCount(q, 4), shards: 500 };
    expect(() => countLayoutShardJob(forged, 0).runSync()).toThrow(/splits into/);
  });
});
