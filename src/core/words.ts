// Word-level bit operations on Uint32Array bitboards: SWAR popcount, lowest-bit tricks, multi-word shifts.

/** Number of set bits in a 32-bit word (SWAR, no loop over bits). */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index (0..31) of the lowest set bit of a non-zero word. */
export function lowestBit32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The number of set bits in all the words. */
export function popcountWords(w: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < w.length; i++) n += popcount32(w[i]);
  return n;
}

/**
 * dst = src shifted by k bit positions towards higher indices (k > 0) or lower ones (k < 0).
 * dst and src must be distinct arrays of the same length. Bits shifted past either end are lost.
 */
export function shiftWordsInto(dst: Uint32Array, src: Uint32Array, k: number): void {
  const n = src.length;
  if (k === 0) {
    dst.set(src);
    return;
  }
  if (k > 0) {
    const q = k >>> 5;
    const r = k & 31;
    if (q >= n) {
      dst.fill(0);
      return;
    }
    if (r === 0) {
      for (let i = n - 1; i >= q; i--) dst[i] = src[i - q];
    } else {
      const rr = 32 - r;
      for (let i = n - 1; i > q; i--) dst[i] = (src[i - q] << r) | (src[i - q - 1] >>> rr);
      dst[q] = src[0] << r;
    }
    for (let i = 0; i < q; i++) dst[i] = 0;
  } else {
    const m = -k;
    const q = m >>> 5;
    const r = m & 31;
    if (q >= n) {
      dst.fill(0);
      return;
    }
    const last = n - 1 - q;
    if (r === 0) {
      for (let i = 0; i <= last; i++) dst[i] = src[i + q];
    } else {
      const rr = 32 - r;
      for (let i = 0; i < last; i++) dst[i] = (src[i + q] >>> r) | (src[i + q + 1] << rr);
      dst[last] = src[n - 1] >>> r;
    }
    for (let i = last + 1; i < n; i++) dst[i] = 0;
  }
}

/** (lo, hi) of a 64-bit value shifted by k (positive: towards higher bits). Returns via the out pair. */
export function shift64(lo: number, hi: number, k: number, out: Int32Array): void {
  if (k >= 64 || k <= -64) {
    out[0] = 0;
    out[1] = 0;
  } else if (k >= 32) {
    out[0] = 0;
    out[1] = lo << (k - 32);
  } else if (k > 0) {
    out[1] = (hi << k) | (lo >>> (32 - k));
    out[0] = lo << k;
  } else if (k === 0) {
    out[0] = lo;
    out[1] = hi;
  } else if (k > -32) {
    const m = -k;
    out[0] = (lo >>> m) | (hi << (32 - m));
    out[1] = hi >>> m;
  } else {
    out[0] = hi >>> (-k - 32);
    out[1] = 0;
  }
}

/**
 * acc |= (src shifted by k) & mask, in one pass without a temporary (the hot loop of set-wise leaper attacks).
 * All three arrays have the same length.
 */
export function orShiftedMasked(acc: Uint32Array, src: Uint32Array, k: number, mask: Uint32Array): void {
  const n = src.length;
  if (k >= 0) {
    const q = k >>> 5,
      r = k & 31;
    if (q >= n) return;
    if (r === 0) {
      for (let i = q; i < n; i++) acc[i] |= src[i - q] & mask[i];
    } else {
      const rr = 32 - r;
      acc[q] |= (src[0] << r) & mask[q];
      for (let i = q + 1; i < n; i++) acc[i] |= ((src[i - q] << r) | (src[i - q - 1] >>> rr)) & mask[i];
    }
  } else {
    const m = -k,
      q = m >>> 5,
      r = m & 31;
    if (q >= n) return;
    const last = n - 1 - q;
    if (r === 0) {
      for (let i = 0; i <= last; i++) acc[i] |= src[i + q] & mask[i];
    } else {
      const rr = 32 - r;
      for (let i = 0; i < last; i++) acc[i] |= ((src[i + q] >>> r) | (src[i + q + 1] << rr)) & mask[i];
      acc[last] |= (src[n - 1] >>> r) & mask[last];
    }
  }
}

const SLAB_BYTES = 1 << 18;
let slab = new ArrayBuffer(SLAB_BYTES);
let slabOffset = 0;

/**
 * Zeroed words for a new bitboard. A fresh ArrayBuffer per bitboard costs about a microsecond in V8, so
 * mid-sized arrays are carved out of shared 256 KiB slabs (never reused, so always zero); tiny ones live
 * on the JS heap and huge ones get their own buffer.
 */
export function allocWords(n: number): Uint32Array {
  const bytes = n * 4;
  if (bytes <= 64 || bytes > SLAB_BYTES >> 3) return new Uint32Array(n);
  if (slabOffset + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabOffset = 0;
  }
  const w = new Uint32Array(slab, slabOffset, n);
  slabOffset += bytes;
  return w;
}

/** A copy of words in freshly allocated storage (see allocWords). */
export function copyWords(src: Uint32Array): Uint32Array {
  const w = allocWords(src.length);
  w.set(src);
  return w;
}
