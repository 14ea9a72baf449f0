// A hash table from frontier states (64-bit keys as two 32-bit halves) to exact counts below 2^64, one cache line per
// probe.
//
// Method: the state table of frontier-based search (count-frontier.ts): equal frontier states merged and their
// counts added, the counting form of sharing a decision diagram's nodes.
// Source: J. Kawahara, T. Inoue, H. Iwashita, S. Minato, "Frontier-based search for enumerating all constrained
// subgraphs with compressed representation", IEICE Trans. Fundamentals, 2017.

/** Counts are exact below 2^64 (two 32-bit limbs); a sum that reaches it sets `overflow`. */
const LIMB = 0x1_0000_0000;

/**
 * Open addressing over one buffer of 16-byte entries [k0, k1, c0, c1]: the key's halves and the count's low
 * and high 32 bits, so a probe touches one cache line and a count is exact up to 2^64 − 1. A zero count marks
 * an empty entry (counts are never zero). Past 2^64 `overflow` turns true and the caller reruns with `big`: in
 * big mode the counts are BigInts kept beside the table (c0 = 1 marks a used entry), used only where counts
 * have hundreds of digits (3×5000 open tours).
 */
export class StateTable {
  size = 0;
  overflow = false;
  /** Entries: e[4i] = k0, e[4i + 1] = k1, e[4i + 2] = count's low limb, e[4i + 3] = its high limb. */
  e: Uint32Array;
  bigCounts: bigint[] = [];
  private mask: number;
  private shift: number;
  private limit: number;
  /** New entries waiting to be added (`push`), 4 words each, and their number. */
  private pending = new Uint32Array(4 * PENDING);
  private sorted = new Uint32Array(4 * PENDING);
  private hashes = new Int32Array(PENDING);
  private order = new Int32Array(PENDING);
  private starts = new Int32Array(BUCKETS + 1);
  private pendingCount = 0;

  constructor(
    readonly big: boolean,
    capacity = 1024,
  ) {
    const cap = 2 ** Math.max(4, Math.ceil(Math.log2(capacity)));
    this.e = new Uint32Array(cap * 4);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.limit = Math.floor(cap * LOAD);
  }

  /** Number of entries, empty ones included (iterate 0..capacity − 1 and skip used(i) false). */
  get capacity(): number {
    return this.mask + 1;
  }

  /** Bytes the table's entries take. */
  get bytes(): number {
    return this.e.byteLength;
  }

  clear(): void {
    this.pendingCount = 0;
    this.size = 0;
    this.overflow = false;
    this.e.fill(0);
    if (this.big) this.bigCounts = [];
  }

  /** The entry for key (k0, k1): its own, or the empty one where it would go. */
  private slot(k0: number, k1: number): number {
    return this.slotAt(k0, k1, hashOf(k0, k1));
  }

  /**
   * The same for a key of hash h. The table is indexed by the hash's top bits, so keys whose hashes share them
   * sit in one stretch of the table: `flush` adds entries in that order, and each stretch stays in the cache.
   */
  private slotAt(k0: number, k1: number, h: number): number {
    const { e, mask } = this;
    let i = h >>> this.shift;
    for (;;) {
      const at = 4 * i;
      if ((e[at + 2] | e[at + 3]) === 0 || (e[at] === k0 && e[at + 1] === k1)) return i;
      i = (i + 1) & mask;
    }
  }

  /** The table as it is laid out (after `flush`): entries and size, to be saved and put back with `fromLayout`. */
  layout(): { e: Uint32Array; size: number } {
    if (this.big) throw new Error('a table of BigInt counts has no saved layout');
    this.flush();
    return { e: this.e, size: this.size };
  }

  /** A table with the entries of `layout()`, laid out the same way (entry i stays entry i). */
  static fromLayout(e: Uint32Array, size: number): StateTable {
    const cap = e.length / 4;
    if (!Number.isInteger(Math.log2(cap)) || cap < 16)
      throw new Error('a table layout has a whole power of two of entries');
    const t = new StateTable(false, cap);
    t.e = e;
    t.size = size;
    return t;
  }

  /** Adds the count c1·2^32 + c0 to the state (k0, k1). */
  add(k0: number, k1: number, c0: number, c1: number): void {
    this.addAt(this.slot(k0, k1), k0, k1, c0, c1);
  }

  /** Adds the count to entry i, which holds the key (k0, k1) or is empty. */
  private addAt(i: number, k0: number, k1: number, c0: number, c1: number): void {
    const e = this.e;
    const at = 4 * i;
    const h0 = e[at + 2],
      h1 = e[at + 3];
    if ((h0 | h1) !== 0) {
      const lo = h0 + c0;
      const hi = h1 + c1 + (lo >= LIMB ? 1 : 0);
      if (hi >= LIMB) this.overflow = true;
      e[at + 2] = lo;
      e[at + 3] = hi;
      return;
    }
    e[at] = k0;
    e[at + 1] = k1;
    e[at + 2] = c0;
    e[at + 3] = c1;
    if (++this.size > this.limit) this.grow();
  }

  /** Adds `count` to the state (k0, k1) (big mode). */
  addBig(k0: number, k1: number, count: bigint): void {
    const i = this.slot(k0, k1);
    const e = this.e;
    const at = 4 * i;
    if (e[at + 2] !== 0) {
      this.bigCounts[i] += count;
      return;
    }
    e[at] = k0;
    e[at + 1] = k1;
    e[at + 2] = 1;
    this.bigCounts[i] = count;
    if (++this.size > this.limit) this.grow();
  }

  /**
   * Adds the count c1·2^32 + c0 to the state (k0, k1) later: entries wait in a buffer, which `flush` adds in
   * the order of the table (call it before reading the table). Many random additions to a large table run
   * several times faster so, as each one finds its stretch of the table in the cache.
   */
  push(k0: number, k1: number, c0: number, c1: number): void {
    let n = this.pendingCount;
    const p = this.pending;
    p[4 * n] = k0;
    p[4 * n + 1] = k1;
    p[4 * n + 2] = c0;
    p[4 * n + 3] = c1;
    this.pendingCount = ++n;
    if (n === PENDING) this.flush();
  }

  /** Adds the entries waiting in the buffer (see `push`), sorted by where they go so the table is swept once. */
  flush(): void {
    const n = this.pendingCount;
    if (n === 0) return;
    const { pending: p, sorted: q, hashes, order } = this;
    const starts = this.starts;
    starts.fill(0);
    for (let i = 0; i < n; i++) {
      const h = hashOf(p[4 * i], p[4 * i + 1]);
      hashes[i] = h;
      starts[(h >>> 24) + 1]++;
    }
    for (let b = 0; b < BUCKETS; b++) starts[b + 1] += starts[b];
    for (let i = 0; i < n; i++) {
      const h = hashes[i];
      const at = starts[h >>> 24]++;
      q[4 * at] = p[4 * i];
      q[4 * at + 1] = p[4 * i + 1];
      q[4 * at + 2] = p[4 * i + 2];
      q[4 * at + 3] = p[4 * i + 3];
      order[at] = h;
    }
    this.pendingCount = 0;
    for (let i = 0; i < n; i++) {
      const k0 = q[4 * i],
        k1 = q[4 * i + 1];
      this.addAt(this.slotAt(k0, k1, order[i]), k0, k1, q[4 * i + 2], q[4 * i + 3]);
    }
  }

  private grow(): void {
    const old = this.e,
      oldBig = this.bigCounts;
    const oldCap = this.mask + 1;
    const cap = oldCap * 2;
    this.e = new Uint32Array(cap * 4);
    this.bigCounts = [];
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.limit = Math.floor(cap * LOAD);
    const e = this.e;
    for (let k = 0; k < oldCap; k++) {
      const at = 4 * k;
      if ((old[at + 2] | old[at + 3]) === 0) continue;
      const i = this.slot(old[at], old[at + 1]);
      e.set(old.subarray(at, at + 4), 4 * i);
      if (this.big) this.bigCounts[i] = oldBig[k];
    }
  }
}

/** Largest share of entries in use before the table doubles. */
const LOAD = 0.7;

/**
 * Entries `push` keeps before it adds them (16 bytes each), and the buckets they are sorted into (top 16 bits of the
 * hash).
 */
const PENDING = 1 << 16;
const BUCKETS = 1 << 8;

function hashOf(k0: number, k1: number): number {
  let h = Math.imul(k0 ^ Math.imul(k1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return h;
}

/** A count of the table as a BigInt from its two limbs. */
export function limbsToBig(c0: number, c1: number): bigint {
  return (BigInt(c1) << 32n) | BigInt(c0);
}
