// The typed-array index against a Map: the same answers whatever the keys, the order and the doublings, made at
// once by `set` or in parts between other work, as a job's body makes them (room first, then the piece's keys).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntIndex } from '../../src/core/int-index.js';
import { StateTable } from '../../src/fleet/count-states.js';

type Op = { kind: 'set'; key: number; value: number } | { kind: 'get'; key: number } | { kind: 'room'; adds: number };

const key = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 300 }));
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), key, value: fc.nat(2 ** 31 - 2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('get' as const), key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('room' as const), adds: fc.integer({ min: 1, max: 600 }) }) },
);

describe('IntIndex', () => {
  it('answers as a Map does, through doublings at once and in parts', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.array(op, { maxLength: 3000 }), (expected, ops) => {
        const ix = new IntIndex(expected);
        const m = new Map<number, number>();
        for (const o of ops) {
          if (o.kind === 'room') {
            // The caller's side: parts until the index says it has room (a doubling may take many parts).
            let parts = 0;
            while (ix.wantsRoom(o.adds)) {
              ix.growPart();
              parts++;
            }
            if (parts > 0) expect(ix.wantsRoom(o.adds)).toBe(false);
          } else if (o.kind === 'set') {
            ix.set(o.key, o.value);
            m.set(o.key, o.value);
          } else expect(ix.get(o.key)).toBe(m.get(o.key) ?? -1);
          expect(ix.size).toBe(m.size);
        }
        for (const [k, v] of m) expect(ix.get(k)).toBe(v);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('a doubling under way keeps asking for parts until it is done', () => {
    const ix = new IntIndex();
    for (let k = 0; k < 32; k++) ix.set(k, k);
    expect(ix.wantsRoom(1)).toBe(true);
    ix.growPart();
    // The limit has doubled, yet the old slots are not all moved: room is still wanted.
    expect(ix.wantsRoom(1)).toBe(true);
    while (ix.wantsRoom(1)) ix.growPart();
    for (let k = 0; k < 32; k++) expect(ix.get(k)).toBe(k);
  });
});

describe("the fleet count's state table doubled in parts", () => {
  it('holds the same counts as a Map, its doublings made at once or in parts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ a: fc.integer({ min: 0, max: 400 }), b: fc.integer({ min: -3, max: 3 }), n: fc.nat(9) }),
            fc.integer({ min: 1, max: 500 }),
          ),
          { maxLength: 2000 },
        ),
        (ops) => {
          const t = new StateTable(2, false, 1);
          const m = new Map<string, number>();
          for (const o of ops) {
            if (typeof o === 'number') {
              while (t.wantsRoom(o)) t.growPart();
              continue;
            }
            t.add2(o.a, o.b, o.n + 1);
            m.set(`${o.a},${o.b}`, (m.get(`${o.a},${o.b}`) ?? 0) + o.n + 1);
          }
          expect(t.size).toBe(m.size);
          for (const [k, v] of m) {
            const [a, b] = k.split(',').map(Number);
            const s = t.find2(a, b);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(t.value(s)).toBe(v);
          }
        },
      ),
      { numRuns: 100, seed: 12 },
    );
  });
});
