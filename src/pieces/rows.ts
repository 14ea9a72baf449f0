// Row bitsets: one rank's files as words (file f at bit f), read from and written into a board's words at any
// bit offset, so a rank can be worked on alone without masks of the whole board.

/**
 * dst file f |= src bit (base + f), for the files f in [lo, hi); bits outside src read as 0. With src a
 * board's words and base = rank * width - dx this is "the rank shifted by dx files"; with src a row and
 * base = -dx, the row shifted by dx files (files that would leave the row are dropped).
 */
export function orBitsAt(dst: Uint32Array, src: Uint32Array, base: number, lo: number, hi: number): void {
  if (lo >= hi) return;
  const j0 = lo >>> 5,
    j1 = (hi - 1) >>> 5,
    r = base & 31,
    q0 = base >> 5;
  const first = -1 << (lo & 31),
    last = (hi & 31) === 0 ? -1 : (1 << (hi & 31)) - 1;
  if (j0 === j1) {
    dst[j0] |= wordAt(src, q0 + j0, r) & first & last;
    return;
  }
  dst[j0] |= wordAt(src, q0 + j0, r) & first;
  // The words between the edge words read bits of files in [lo, hi), which lie inside src: no checks needed.
  if (r === 0) {
    for (let j = j0 + 1, q = q0 + j; j < j1; j++, q++) dst[j] |= src[q];
  } else {
    const rr = 32 - r;
    for (let j = j0 + 1, q = q0 + j; j < j1; j++, q++) dst[j] |= (src[q] >>> r) | (src[q + 1] << rr);
  }
  dst[j1] |= wordAt(src, q0 + j1, r) & last;
}

/** The 32 bits of src from bit 32q + r (0 ≤ r < 32), reading 0 outside src. */
function wordAt(src: Uint32Array, q: number, r: number): number {
  const n = src.length;
  const a = q >= 0 && q < n ? src[q] : 0;
  if (r === 0) return a;
  const b = q + 1 >= 0 && q + 1 < n ? src[q + 1] : 0;
  return (a >>> r) | (b << (32 - r));
}

/** words bits [base, base + width) |= row's files (the row's bits past its width must be clear). */
export function orRowInto(words: Uint32Array, row: Uint32Array, base: number, width: number): void {
  const rw = (width + 31) >>> 5,
    q = base >>> 5,
    r = base & 31,
    n = words.length;
  if (r === 0) {
    for (let j = 0; j < rw; j++) words[q + j] |= row[j];
    return;
  }
  const rr = 32 - r;
  for (let j = 0; j < rw; j++) {
    const v = row[j];
    words[q + j] |= v << r;
    if (q + j + 1 < n) words[q + j + 1] |= v >>> rr;
  }
}

/** Whether any of the bits [start, end) of words is set. */
export function anyBits(words: Uint32Array, start: number, end: number): boolean {
  if (start >= end) return false;
  const i0 = start >>> 5,
    i1 = (end - 1) >>> 5;
  const first = -1 << (start & 31),
    last = (end & 31) === 0 ? -1 : (1 << (end & 31)) - 1;
  if (i0 === i1) return (words[i0] & first & last) !== 0;
  if ((words[i0] & first) !== 0 || (words[i1] & last) !== 0) return true;
  for (let i = i0 + 1; i < i1; i++) if (words[i] !== 0) return true;
  return false;
}

/** The words of bits [0, end) of words (a fresh copy, at least `length` long; the rest clear). */
export function prefixWords(words: Uint32Array, end: number, length: number): Uint32Array {
  const out = new Uint32Array(length);
  const full = end >>> 5;
  out.set(words.subarray(0, full));
  if ((end & 31) !== 0) out[full] = words[full] & ((1 << (end & 31)) - 1);
  return out;
}

/**
 * G = the squares of S and the empty squares (E) that rays from them pass along the row, stepping dx files
 * (1 ≤ |dx| ≤ 31): an occluded fill by Kogge-Stone inside each word, with the bits that step across a word's
 * edge carried into the next word (one pass over the row, in the rays' direction).
 */
export function fillRow(G: Uint32Array, S: Uint32Array, E: Uint32Array, dx: number, rw: number): void {
  let carry = 0;
  if (dx > 0) {
    for (let j = 0; j < rw; j++) {
      let p = E[j],
        g = S[j] | (carry & p);
      for (let s = dx; s < 32; s <<= 1) {
        g |= p & (g << s);
        p &= p << s;
      }
      G[j] = g;
      carry = g >>> (32 - dx);
    }
    return;
  }
  const d = -dx;
  for (let j = rw - 1; j >= 0; j--) {
    let p = E[j],
      g = S[j] | (carry & p);
    for (let s = d; s < 32; s <<= 1) {
      g |= p & (g >>> s);
      p &= p >>> s;
    }
    G[j] = g;
    carry = g << (32 - d);
  }
}
