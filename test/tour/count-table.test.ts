// The frontier program's state table against a Map: entries pushed and added in pieces of any size, emptied and
// doubled on the way, give the same counts (exact in two 32-bit limbs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { job } from '../../src/core/job.js';
import { limbsToBig, StateTable, tableSteps } from '../../src/tour/count-table.js';

/** The table's entries as a map from key to count. */
function entries(t: StateTable): Map<string, bigint> {
  expect(t.settled).toBe(true);
  const m = new Map<string, bigint>();
  for (let i = 0; i < t.capacity; i++) {
    const c0 = t.e[4 * i + 2],
      c1 = t.e[4 * i + 3];
    if ((c0 | c1) !== 0) m.set(`${t.e[4 * i]},${t.e[4 * i + 1]}`, limbsToBig(c0, c1));
  }
  expect(m.size).toBe(t.size);
  return m;
}

describe('the state table', () => {
  it('pushed entries worked in pieces of any size, across clears and doublings, add up as a map says', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            keys: fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 3 })), {
              maxLength: 3000,
            }),
            piece: fc.integer({ min: 1, max: 5000 }),
            clear: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (rounds) => {
          const t = new StateTable(false, 16);
          let want = new Map<string, bigint>();
          for (const r of rounds) {
            if (r.clear) {
              t.clear();
              want = new Map();
            }
            for (const [k0, k1] of r.keys) {
              // Counts near 2^32 carry into the high limb.
              t.push(k0, k1, 0xffff_fff0, 1);
              const key = `${k0},${k1}`;
              want.set(key, (want.get(key) ?? 0n) + 0x1_ffff_fff0n);
              while (t.due) t.work(r.piece);
            }
            while (!t.settled) t.work(r.piece);
            expect(entries(t)).toEqual(want);
          }
        },
      ),
      { numRuns: 40, seed: 31 },
    );
  });

  it("a job settles a large table in many pauses, none of its work counted as the job's nodes", () => {
    const t = new StateTable(false, 16);
    for (let i = 0; i < 50_000; i++) t.push(i * 7919, i & 7, 1, 0);
    let pauses = 0;
    const out = job(function* (ctl) {
      const steps = tableSteps(ctl, [t], true);
      for (let r = steps.next(); !r.done; r = steps.next()) {
        pauses++;
        yield;
      }
      return t.size;
      // Paced as a run with a listener is (a run with nothing to check pauses only where it must).
    }).runSync({ onProgress: () => {} });
    expect(out).toMatchObject({ finished: true, value: 50_000, nodes: 0 });
    expect(pauses).toBeGreaterThan(10);
    expect(entries(t).size).toBe(50_000);
  });
});
