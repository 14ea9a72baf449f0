import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestBit32, popcount32, popcountWords, shift64, shiftWordsInto } from '../../src/core/index.js';

function toBig(w: Uint32Array): bigint {
  let x = 0n;
  for (let i = w.length - 1; i >= 0; i--) x = (x << 32n) | BigInt(w[i]);
  return x;
}

describe('words', () => {
  it('popcount32 equals a loop over bits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (x) => {
        let n = 0;
        for (let i = 0; i < 32; i++) n += (x >>> i) & 1;
        expect(popcount32(x)).toBe(n);
      }),
    );
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(-1)).toBe(32);
    expect(popcountWords(Uint32Array.of(0xffffffff, 1, 0))).toBe(33);
  });

  it('lowestBit32 finds the lowest set bit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffffffff }), (x) => {
        let i = 0;
        while (((x >>> i) & 1) === 0) i++;
        expect(lowestBit32(x)).toBe(i);
      }),
    );
  });

  it('shiftWordsInto equals a BigInt shift', () => {
    fc.assert(
      fc.property(fc.uint32Array({ minLength: 1, maxLength: 9 }), fc.integer({ min: -320, max: 320 }), (src, k) => {
        const dst = new Uint32Array(src.length);
        shiftWordsInto(dst, src, k);
        const bits = BigInt(src.length * 32);
        const mask = (1n << bits) - 1n;
        const want = k >= 0 ? (toBig(src) << BigInt(k)) & mask : toBig(src) >> BigInt(-k);
        expect(toBig(dst)).toBe(want);
      }),
    );
  });

  it('shift64 equals a BigInt shift of a 64-bit pair', () => {
    const out = new Int32Array(2);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: -70, max: 70 }),
        (lo, hi, k) => {
          shift64(lo, hi, k, out);
          const x = (BigInt(hi) << 32n) | BigInt(lo);
          const want = (k >= 0 ? x << BigInt(k) : x >> BigInt(-k)) & ((1n << 64n) - 1n);
          expect((BigInt(out[1] >>> 0) << 32n) | BigInt(out[0] >>> 0)).toBe(want);
        },
      ),
    );
  });
});
