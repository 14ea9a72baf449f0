// A hash table from frontier states (64-bit keys as two 32-bit halves) to counts, one cache line per probe.

/**
 * Open addressing over one buffer of 16-byte entries [lo, hi, count]: the key's halves as two int32 and the count
 * as a double, so a probe touches one cache line. A zero count marks an empty entry (counts are never zero).
 * Counts are doubles while they stay below 2^53 (`overflow` turns true past that, and the caller reruns with
 * `big`); in big mode they are BigInts kept beside the table, used only where counts outgrow doubles.
 */
export class StateTable {
  size = 0;
  overflow = false;
  /** Entries: ints[4i] = lo, ints[4i + 1] = hi, nums[2i + 1] = count (big mode: 1 when used). */
  ints: Int32Array;
  nums: Float64Array;
  bigCounts: bigint[] = [];
  private mask: number;
  private limit: number;

  constructor(readonly big: boolean, capacity = 1024) {
    const cap = 1 << Math.max(4, Math.ceil(Math.log2(capacity)));
    const buf = new ArrayBuffer(cap * 16);
    this.ints = new Int32Array(buf);
    this.nums = new Float64Array(buf);
    this.mask = cap - 1;
    this.limit = Math.floor(cap * 0.7);
  }

  /** Number of entries, empty ones included (iterate 0..capacity − 1 and skip count 0). */
  get capacity(): number {
    return this.mask + 1;
  }

  clear(): void {
    this.size = 0;
    this.overflow = false;
    this.ints.fill(0);
    if (this.big) this.bigCounts = [];
  }

  private slot(lo: number, hi: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    let i = h & this.mask;
    const { ints, nums } = this;
    while (nums[2 * i + 1] !== 0 && (ints[4 * i] !== lo || ints[4 * i + 1] !== hi)) i = (i + 1) & this.mask;
    return i;
  }

  /** Adds `count` to the state (lo, hi) (a double count). */
  add(lo: number, hi: number, count: number): void {
    const i = this.slot(lo, hi);
    const at = 2 * i + 1;
    const had = this.nums[at];
    if (had !== 0) {
      const sum = had + count;
      if (sum > Number.MAX_SAFE_INTEGER) this.overflow = true;
      this.nums[at] = sum;
      return;
    }
    this.ints[4 * i] = lo;
    this.ints[4 * i + 1] = hi;
    this.nums[at] = count;
    if (++this.size > this.limit) this.grow();
  }

  /** Adds `count` to the state (lo, hi) (big mode). */
  addBig(lo: number, hi: number, count: bigint): void {
    const i = this.slot(lo, hi);
    const at = 2 * i + 1;
    if (this.nums[at] !== 0) {
      this.bigCounts[i] += count;
      return;
    }
    this.ints[4 * i] = lo;
    this.ints[4 * i + 1] = hi;
    this.nums[at] = 1;
    this.bigCounts[i] = count;
    if (++this.size > this.limit) this.grow();
  }

  private grow(): void {
    const oldInts = this.ints, oldNums = this.nums, oldBig = this.bigCounts;
    const oldCap = this.mask + 1;
    const cap = oldCap * 2;
    const buf = new ArrayBuffer(cap * 16);
    this.ints = new Int32Array(buf);
    this.nums = new Float64Array(buf);
    this.bigCounts = [];
    this.mask = cap - 1;
    this.limit = Math.floor(cap * 0.7);
    for (let k = 0; k < oldCap; k++) {
      const c = oldNums[2 * k + 1];
      if (c === 0) continue;
      const lo = oldInts[4 * k], hi = oldInts[4 * k + 1];
      const i = this.slot(lo, hi);
      this.ints[4 * i] = lo;
      this.ints[4 * i + 1] = hi;
      this.nums[2 * i + 1] = c;
      if (this.big) this.bigCounts[i] = oldBig[k];
    }
  }
}
