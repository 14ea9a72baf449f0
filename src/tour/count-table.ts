// A hash table from frontier states (64-bit keys as two 32-bit halves) to counts, dense, no allocation per key.

/**
 * States live in dense arrays (`lo`, `hi`, `counts`) in insertion order; an open-addressing index maps a state to its
 * position. Counts are doubles while they stay below 2^53 (`overflow` turns true past that, and the caller reruns
 * with `big`), or BigInts in big mode, used only where counts outgrow doubles.
 */
export class StateTable {
  size = 0;
  overflow = false;
  lo: Int32Array;
  hi: Int32Array;
  counts: Float64Array;
  bigCounts: bigint[] = [];
  private index: Int32Array;
  private mask: number;

  constructor(readonly big: boolean, capacity = 1024) {
    const cap = 1 << Math.max(4, Math.ceil(Math.log2(capacity)));
    this.lo = new Int32Array(cap);
    this.hi = new Int32Array(cap);
    this.counts = new Float64Array(big ? 0 : cap);
    this.index = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
  }

  clear(): void {
    this.size = 0;
    this.overflow = false;
    this.index.fill(0);
    if (this.big) this.bigCounts.length = 0;
  }

  private slot(lo: number, hi: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    let i = h & this.mask;
    for (;;) {
      const at = this.index[i];
      if (at === 0 || (this.lo[at - 1] === lo && this.hi[at - 1] === hi)) return i;
      i = (i + 1) & this.mask;
    }
  }

  /** Adds `count` to the state (lo, hi) (a double count). */
  add(lo: number, hi: number, count: number): void {
    const i = this.slot(lo, hi);
    const at = this.index[i];
    if (at !== 0) {
      const sum = this.counts[at - 1] + count;
      if (sum > Number.MAX_SAFE_INTEGER) this.overflow = true;
      this.counts[at - 1] = sum;
      return;
    }
    if (this.size === this.lo.length) {
      this.grow();
      this.add(lo, hi, count);
      return;
    }
    this.lo[this.size] = lo;
    this.hi[this.size] = hi;
    this.counts[this.size] = count;
    this.index[i] = ++this.size;
  }

  /** Adds `count` to the state (lo, hi) (big mode). */
  addBig(lo: number, hi: number, count: bigint): void {
    const i = this.slot(lo, hi);
    const at = this.index[i];
    if (at !== 0) {
      this.bigCounts[at - 1] += count;
      return;
    }
    if (this.size === this.lo.length) {
      this.grow();
      this.addBig(lo, hi, count);
      return;
    }
    this.lo[this.size] = lo;
    this.hi[this.size] = hi;
    this.bigCounts[this.size] = count;
    this.index[i] = ++this.size;
  }

  private grow(): void {
    const cap = this.lo.length * 2;
    const lo = new Int32Array(cap);
    lo.set(this.lo);
    this.lo = lo;
    const hi = new Int32Array(cap);
    hi.set(this.hi);
    this.hi = hi;
    if (!this.big) {
      const counts = new Float64Array(cap);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.index = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    for (let k = 0; k < this.size; k++) this.index[this.slot(this.lo[k], this.hi[k])] = k + 1;
  }
}
