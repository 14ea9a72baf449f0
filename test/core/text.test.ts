// Numbers in text (src/core/text.ts): the one thousands style of the CLI and the playground, against the locale's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/core/text.js';

describe('numbers in text', () => {
  it('thousands writes numbers as the en-US locale does, fractions to three decimals, without its locale data', () => {
    const same = (n: number | bigint): void => {
      expect(thousands(n), String(n)).toBe(n.toLocaleString('en-US'));
    };
    fc.assert(fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), same), {
      numRuns: 2000,
      seed: 14,
    });
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), same), { numRuns: 2000, seed: 14 });
    fc.assert(fc.property(fc.double({ noNaN: true }), same), { numRuns: 2000, seed: 14 });
    // Fractions, where the rounding to three decimals shows (the locale rounds the shortest decimal, half up).
    fc.assert(fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), same), { numRuns: 5000, seed: 14 });
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9999 }), (a, b) =>
        same(a + b / 10_000),
      ),
      { numRuns: 5000, seed: 14 },
    );
    for (const n of [
      0,
      -0,
      1,
      999,
      1000,
      -1000,
      2 ** 53,
      1e21,
      0.5,
      1234.5678,
      1.0005,
      999.9995,
      2.5e-7,
      123456789012345680000,
      Infinity,
      -Infinity,
      NaN,
      0n,
      -999n,
      1000n,
    ])
      same(n);
  });
});
