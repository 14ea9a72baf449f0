// A hash table from multi-word state keys to exact counts, keys and count side by side in one buffer.
import { MAX_TABLE_BYTES, pastCap } from './memory.js';

/** A new table buffer of `slots` slots of `stride` words, or PastMemoryCap when it would pass MAX_TABLE_BYTES. */
function tableBuffer(slots: number, stride: number): ArrayBuffer {
  const bytes = slots * stride * 8;
  if (bytes > MAX_TABLE_BYTES) throw pastCap(MAX_TABLE_BYTES / (stride * 8 * 2), 'states');
  return new ArrayBuffer(bytes);
}

/** Doubles in a page of memory. */
const PAGE_DOUBLES = 512;

/**
 * One finished layer of the program as dense arrays: state e's key is keys[e*K .. e*K+K), its count vals[e]
 * (bigVals[e] in big mode). Passes that no longer need a part set it to null to free it.
 */
export interface Layer {
  size: number;
  keys: Int32Array | null;
  vals: Float64Array | null;
  bigVals: bigint[] | null;
}

/**
 * Open addressing with linear probing over fixed-size slots: a slot holds the key's K int32 words and then
 * a double (the count), so a probe reads one stretch of memory. A zero count marks an empty slot — counts
 * of reached states are never zero. Iterate with `for (s = 0; s < capacity; s++) if (used(s))`.
 *
 * Counts are doubles while they stay below 2^53 — a double sum of non-negative integers that comes out below
 * 2^53 is exact, so a total below 2^53 proves every count on its way exact — and BigInts in `big` mode
 * (`bigVals[slot]`, the double then only marks the slot used), which callers pick when the double total
 * came out too large.
 */
export class StateTable {
  size = 0;
  /** Doubles per slot; the key starts at ints[slot * 2 * stride], the count is nums[slot * stride + stride - 1]. */
  readonly stride: number;
  ints: Int32Array;
  nums: Float64Array;
  bigVals: bigint[] = [];
  private cap: number;
  private limit: number;
  /** The slot `drain` goes on from. */
  private cursor = 0;
  /** Where the pages of a new buffer not yet written, or of a kept one not yet cleared, begin (see `touch`). */
  private fresh = 0;
  /** True while `touch` clears the kept buffer of a table reset with entries in it. */
  private stale = false;
  /** A doubling under way (`growPart`): the old buffer and the next of its slots to move. */
  private moving: { ints: Int32Array; nums: Float64Array; big: bigint[]; cap: number; next: number } | null = null;

  /** Room for `expected` keys at the given load (any capacity: slots are found by multiply-shift, not a bit mask). */
  constructor(
    readonly keyWords: number,
    readonly big: boolean,
    expected = 16,
    load = 0.5,
  ) {
    this.stride = ((keyWords + 1) >> 1) + 1;
    this.cap = Math.max(16, Math.ceil(expected / load) + 1);
    const buf = tableBuffer(this.cap, this.stride);
    this.ints = new Int32Array(buf);
    this.nums = new Float64Array(buf);
    this.limit = Math.floor(this.cap * 0.75);
  }

  get capacity(): number {
    return this.cap;
  }

  /**
   * Empties the table for reuse, keeping its buffer when it has room for `expected` keys at half load (a table
   * drained or cleared whole is empty already; one with entries left is cleared by `touch`). A new buffer has room
   * for twice that, within the cap, so that layers growing a little from one cell to the next do not each need a new
   * one.
   */
  reset(expected: number): void {
    this.cursor = 0;
    this.bigVals = [];
    if (this.cap >= expected * 2 && this.cap <= Math.max(64, expected * 8)) {
      // Tens of MB cleared at once would stall the job: `touch` clears them a part at a time.
      if (this.size !== 0) {
        this.stale = true;
        this.fresh = 0;
      }
      this.size = 0;
      return;
    }
    this.size = 0;
    this.stale = false;
    this.fresh = 0;
    const most = Math.floor(MAX_TABLE_BYTES / (this.stride * 8));
    this.cap = Math.max(16, expected * 2 + 1, Math.min(expected * 4 + 1, most));
    const buf = tableBuffer(this.cap, this.stride);
    this.ints = new Int32Array(buf);
    this.nums = new Float64Array(buf);
    this.limit = Math.floor(this.cap * 0.75);
  }

  /**
   * Maps in the next `pages` pages of a new buffer by writing a zero at the start of each, or clears them in a kept
   * one (the table must be empty: right after `reset`), so that the first entries put in do not pay for the pages;
   * true once every page is.
   */
  touch(pages: number): boolean {
    const nums = this.nums,
      end = Math.min(nums.length, this.fresh + pages * PAGE_DOUBLES);
    if (this.stale) nums.fill(0, this.fresh, end);
    else for (let i = this.fresh; i < end; i += PAGE_DOUBLES) nums[i] = 0;
    this.fresh = end;
    this.stale &&= end < nums.length;
    return end === nums.length;
  }

  used(slot: number): boolean {
    return this.nums[slot * this.stride + this.stride - 1] !== 0;
  }

  /** The count of a used slot (double mode). */
  value(slot: number): number {
    return this.nums[slot * this.stride + this.stride - 1];
  }

  /** Where the key src[off .. off+K) lives, or the empty slot where it would go. */
  private probe(src: Int32Array, off: number): number {
    const K = this.keyWords,
      cap = this.cap,
      nums = this.nums,
      ints = this.ints;
    if (K === 2) return probe2(ints, nums, cap, src[off], src[off + 1]);
    const S = this.stride;
    let h = 0x2545f491;
    for (let j = 0; j < K; j++) {
      h = Math.imul(h ^ src[off + j], 0x9e3779b1);
      h ^= h >>> 15;
    }
    h = Math.imul(h, 0x85ebca6b);
    let s = Math.floor((((h ^ (h >>> 13)) >>> 0) * cap) / 4294967296);
    for (;;) {
      if (nums[s * S + S - 1] === 0) return s;
      const at = s * S * 2;
      let j = 0;
      while (j < K && ints[at + j] === src[off + j]) j++;
      if (j === K) return s;
      if (++s === cap) s = 0;
    }
  }

  /** The slot holding the key, or -1. */
  find(src: Int32Array, off: number): number {
    const s = this.probe(src, off);
    return this.used(s) ? s : -1;
  }

  /** Adds count (> 0) to the key's count, inserting the key when new. */
  add(src: Int32Array, off: number, count: number): void {
    const s = this.probe(src, off),
      S = this.stride,
      v = s * S + S - 1;
    if (this.nums[v] !== 0) {
      this.nums[v] += count;
      return;
    }
    this.place(s, src, off);
    this.nums[v] = count;
    if (++this.size > this.limit) this.grow();
  }

  /** find for two-word keys given as two numbers (int32 values). */
  find2(a: number, b: number): number {
    const s = probe2(this.ints, this.nums, this.cap, a, b);
    return this.nums[2 * s + 1] !== 0 ? s : -1;
  }

  /** add for two-word keys given as two numbers (int32 values). */
  add2(a: number, b: number, count: number): void {
    const s = probe2(this.ints, this.nums, this.cap, a, b),
      v = 2 * s + 1;
    if (this.nums[v] !== 0) {
      this.nums[v] += count;
      return;
    }
    this.ints[4 * s] = a;
    this.ints[4 * s + 1] = b;
    this.nums[v] = count;
    if (++this.size > this.limit) this.grow();
  }

  /** Adds a BigInt count (big mode). */
  addBig(src: Int32Array, off: number, count: bigint): void {
    const s = this.probe(src, off),
      S = this.stride,
      v = s * S + S - 1;
    if (this.nums[v] !== 0) {
      this.bigVals[s] += count;
      return;
    }
    this.place(s, src, off);
    this.nums[v] = 1;
    this.bigVals[s] = count;
    if (++this.size > this.limit) this.grow();
  }

  /** Bytes held (for memory reports). */
  get bytes(): number {
    return this.nums.byteLength + this.bigVals.length * 16;
  }

  private place(s: number, src: Int32Array, off: number): void {
    const at = s * this.stride * 2,
      ints = this.ints;
    for (let j = 0; j < this.keyWords; j++) ints[at + j] = src[off + j];
  }

  /**
   * Moves up to `count` entries, in slot order from where the last call stopped, into `layer` from index `at` on,
   * emptying their slots; returns how many moved. Drained a chunk at a time while the states it holds are
   * expanded, the table ends empty with no pass of its own (the hash structure dropped).
   */
  drain(layer: Layer, at: number, count: number): number {
    const K = this.keyWords,
      S = this.stride,
      nums = this.nums,
      ints = this.ints,
      keys = layer.keys!;
    let e = at,
      s = this.cursor;
    const end = at + Math.min(count, this.size);
    for (; e < end; s++) {
      const v = nums[s * S + S - 1];
      if (v === 0) continue;
      for (let j = 0; j < K; j++) keys[e * K + j] = ints[s * S * 2 + j];
      if (layer.vals) layer.vals[e] = v;
      else layer.bigVals![e] = this.bigVals[s];
      nums[s * S + S - 1] = 0;
      e++;
    }
    this.cursor = s;
    this.size -= e - at;
    return e - at;
  }

  /**
   * Empties `count` more slots, from where the last call stopped (a table no longer read, emptied a part at a
   * time while other work goes on); true once the whole table is empty.
   */
  clearSome(count: number): boolean {
    const S = this.stride;
    const end = Math.min(this.cap, this.cursor + count);
    this.nums.fill(0, this.cursor * S, end * S);
    this.cursor = end;
    if (end < this.cap) return false;
    this.size = 0;
    this.bigVals = [];
    return true;
  }

  /** A layer of up to about `most` of the table's keys, taken evenly across its slots (for forecasts). */
  sample(most: number): Layer {
    const K = this.keyWords,
      S = this.stride;
    // Strided over the slots; a table so sparse that the stride meets no entry is read whole.
    let step = Math.max(1, Math.floor(this.cap / most));
    if (this.size * step < this.cap) step = 1;
    const keys = new Int32Array(Math.min(most, Math.ceil(this.cap / step)) * K);
    let n = 0;
    for (let s = 0; s < this.cap && n < most; s += step) {
      if (this.nums[s * S + S - 1] === 0) continue;
      for (let j = 0; j < K; j++) keys[n * K + j] = this.ints[s * S * 2 + j];
      n++;
    }
    return { size: n, keys, vals: null, bigVals: null };
  }

  /**
   * True when `adds` more keys could pass the load limit, so that `add` would double the table at once (a stall of
   * tens of milliseconds for a table of some MB: its new pages and every entry moved in one go): the caller doubles
   * it first with `growPart`, between pauses, until this is false (true while a doubling is under way). False when
   * the doubled table would pass the memory cap: `add` then doubles it, or refuses, only when it must.
   */
  wantsRoom(adds: number): boolean {
    if (this.moving !== null) return true;
    return this.size + adds > this.limit && this.cap * 2 * this.stride * 8 <= MAX_TABLE_BYTES;
  }

  /**
   * Doubles the table a part at a time (GROW_PAGES pages of the new buffer mapped in, or GROW_SLOTS of the old
   * slots moved, a call); true once done. No key may be added, looked up or drained until it is.
   */
  growPart(): boolean {
    const S = this.stride;
    if (this.moving === null) {
      this.moving = { ints: this.ints, nums: this.nums, big: this.bigVals, cap: this.cap, next: 0 };
      const cap = this.cap * 2;
      const buf = tableBuffer(cap, S);
      this.ints = new Int32Array(buf);
      this.nums = new Float64Array(buf);
      this.cap = cap;
      this.limit = Math.floor(cap * 0.75);
      this.bigVals = [];
      this.fresh = 0;
      this.stale = false;
      return false;
    }
    if (this.fresh < this.nums.length) {
      this.touch(GROW_PAGES);
      return false;
    }
    const old = this.moving,
      end = Math.min(old.cap, old.next + GROW_SLOTS);
    for (let s = old.next; s < end; s++) {
      const v = old.nums[s * S + S - 1];
      if (v === 0) continue;
      const t = this.probe(old.ints, s * S * 2);
      this.place(t, old.ints, s * S * 2);
      this.nums[t * S + S - 1] = v;
      if (this.big) this.bigVals[t] = old.big[s];
    }
    old.next = end;
    if (end < old.cap) return false;
    this.moving = null;
    return true;
  }

  private grow(): void {
    while (!this.growPart());
  }
}

/** Pages of a doubled table's new buffer mapped in by one call of `growPart`. */
const GROW_PAGES = 16;
/** Old slots moved by one call of `growPart`. */
const GROW_SLOTS = 1024;
/** What one call of `growPart` stands for in states expanded (16 pages or 1024 slots moved: a few hundred). */
export const GROW_PART_NODES = 256;

/** probe for two-word keys (10×10 boards and most others): the same walk without the loops over key words. */
function probe2(ints: Int32Array, nums: Float64Array, cap: number, a: number, b: number): number {
  let h = Math.imul(0x2545f491 ^ a, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h ^ b, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  let s = Math.floor((((h ^ (h >>> 13)) >>> 0) * cap) / 4294967296);
  for (;;) {
    if (nums[2 * s + 1] === 0) return s;
    if (ints[4 * s] === a && ints[4 * s + 1] === b) return s;
    if (++s === cap) s = 0;
  }
}
