// A small seeded PRNG (sfc32 seeded through splitmix32) and exact uniform draws from it: the same seed gives the same
// stream everywhere.
import { checkInt, refuse } from './check.js';

/** A seeded stream of random numbers (see createRng): the same seed gives the same stream on every machine. */
export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  nextU32(): number;
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n), without modulo bias. */
  below(n: number): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A PRNG from a seed (any safe integer; the high part is folded in). */
export function createRng(seed: number): Rng {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) refuse('seed', 'a whole number (a safe integer)', seed);
  const hiPart = Math.floor(seed / 0x100000000) >>> 0;
  const sm = splitmix32((seed >>> 0) ^ Math.imul(hiPart, 0x27d4eb2d));
  // The state lives in a typed array: four 32-bit words kept in closure variables would be boxed as heap
  // numbers on most draws (past 31 bits), and millions of draws made that much garbage.
  const st = Int32Array.of(sm(), sm(), sm(), sm());
  const nextU32 = (): number => {
    const a = st[0],
      b = st[1],
      c = st[2],
      d = st[3];
    const t = (((a + b) | 0) + d) | 0;
    st[3] = d + 1;
    st[0] = b ^ (b >>> 9);
    st[1] = c + (c << 3);
    const c1 = (c << 21) | (c >>> 11);
    st[2] = c1 + t;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextU32();
  return {
    nextU32,
    next: () => nextU32() / 0x100000000,
    below(n: number): number {
      // One test on the way: a whole n from 1 to 2^32 (the full check, and its message, only when it fails).
      if (!(Number.isInteger(n) && n >= 1 && n <= 0x100000000)) checkInt(n, 'n', 1, 0x100000000);
      const limit = 0x100000000 - (0x100000000 % n);
      for (;;) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    },
  };
}

const TWO32 = 0x100000000;

/**
 * A uniform integer in [0, n) for 1 ≤ n < 2^53, exact: a uniform high part and 32 low bits, rejecting the overshoot.
 */
export function uniformBelow(rng: Rng, n: number): number {
  checkRng(rng);
  checkInt(n, 'n', 1);
  if (n <= TWO32) return rng.below(n);
  const hiRange = Math.ceil(n / TWO32);
  for (;;) {
    const x = rng.below(hiRange) * TWO32 + rng.nextU32();
    if (x < n) return x;
  }
}

/**
 * A uniform BigInt in [0, n) for n ≥ 1: the top word bounded, the rest uniform, the overshoot rejected (accepts ≥ 1/2).
 */
export function uniformBelowBig(rng: Rng, n: bigint): bigint {
  checkRng(rng);
  if (typeof n !== 'bigint' || n < 1n) refuse('n', 'a bigint ≥ 1n', n);
  const words = Math.max(1, Math.ceil(n.toString(2).length / 32));
  const top = n >> BigInt(32 * (words - 1));
  for (;;) {
    let x = BigInt(rng.below(Number(top) + 1));
    for (let i = 1; i < words; i++) x = (x << 32n) | BigInt(rng.nextU32());
    if (x < n) return x;
  }
}

/** Throws BAD_ARGUMENT unless `rng` is a random number generator (createRng). */
export function checkRng(rng: unknown, name = 'rng'): void {
  const r = rng as Partial<Rng> | null;
  if (typeof r !== 'object' || r === null || typeof r.below !== 'function' || typeof r.nextU32 !== 'function') {
    refuse(name, 'a random number generator (createRng(seed))', rng);
  }
}
