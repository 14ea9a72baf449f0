// The solver's table grows as it fills: nothing stored while it can grow is lost, and it keeps what it holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SolveTable, PN, DN } from '../../src/valley/solve-table.js';

/** Runs a generator's steps to the end. */
function drain(g: Generator<void, void, void>): number {
  let steps = 0;
  while (!g.next().done) steps++;
  return steps;
}

describe('SolveTable growth', () => {
  it('keeps every entry through its doublings (the stash included) until it reaches its size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 30 - 1 }), fc.nat(2 ** 30 - 1)), { maxLength: 3000 }),
        (keys) => {
          const tt = new SolveTable(16); // 2^19 entries: room for every key
          const want = new Map<string, number>();
          keys.forEach(([lo, hi], i) => {
            tt.store(lo, hi, i, i + 1, 0, i);
            want.set(`${lo},${hi}`, i);
            if (i % 500 === 499) drain(tt.makeRoom());
          });
          drain(tt.makeRoom());
          expect(tt.crowded).toBe(false);
          expect(tt.stored).toBe(want.size);
          for (const [k, i] of want) {
            const [lo, hi] = k.split(',').map(Number);
            const e = tt.find(lo, hi);
            expect(e).toBeGreaterThanOrEqual(0);
            expect([tt.data[e + PN], tt.data[e + DN]]).toEqual([i, i + 1]);
          }
        },
      ),
      { numRuns: 30, seed: 31 },
    );
  });

  it('doubles in steps with pauses between them, and touches only what it uses', () => {
    const tt = new SolveTable(256);
    for (let i = 1; i <= 18_000; i++) tt.store(i, i * 7, 1, 1, 0, 1);
    expect(tt.crowded).toBe(true);
    expect(drain(tt.makeRoom())).toBeGreaterThan(1);
    expect(tt.crowded).toBe(false);
    for (let i = 1; i <= 18_000; i++) expect(tt.find(i, i * 7)).toBeGreaterThanOrEqual(0);
    expect(tt.stored).toBe(18_000);
  });
});
