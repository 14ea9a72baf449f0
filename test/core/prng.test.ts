import { describe, expect, it } from 'vitest';
import { GridbitsError, createRng } from '../../src/core/index.js';

describe('createRng', () => {
  it('gives the same stream for the same seed and another for another seed', () => {
    const a = createRng(42),
      b = createRng(42),
      c = createRng(43);
    const xs = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(xs);
    expect(createRng(2 ** 40).nextU32()).not.toBe(createRng(0).nextU32());
  });

  it('below(n) stays in range and is roughly uniform', () => {
    const r = createRng(7);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[r.below(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const f = r.next();
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect(() => r.below(0)).toThrow(GridbitsError);
    expect(() => r.below(1.5)).toThrow(/n must be a whole number/);
  });
});
