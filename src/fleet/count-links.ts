// The counting program's skeleton: per cell, the windows of closed cells alone (no ships-left counters) and the steps
// between them.
import { checkBytes } from './memory.js';
import type { CountPlan } from './count-plan.js';

/*
 * The old program's state is (window, ships left). On the classic fleet on 10×10 a layer holds up to 445,000
 * such states but only 9,100 windows: the ships left (5·4·3·2 = 120 combinations) multiply the windows. So the
 * skeleton keys on the window alone, and the counts of one window for every ships-left combination ride along
 * as one dense vector (count-vec.ts): one hash look-up per window step instead of one per state step, and
 * the additions run down plain arrays.
 */

/**
 * The steps from one layer of windows (at scan position pos) to the next: window e's steps are
 * start[e] .. start[e+1]-1, step j going to window target[j] of the next layer and putting down placement
 * place[j] of plan.at[pos] (-1: the cell is passed without anchoring a ship).
 */
export interface LinkLayer {
  /** Windows in this layer. */
  size: number;
  start: Int32Array;
  target: Int32Array;
  place: Int32Array;
}

/** Ints in a page of memory. */
const PAGE_INTS = 1024;

/** Growable int lists, made with room for about as many as they will hold (growing copies them whole). */
class IntList {
  data: Int32Array;
  length = 0;
  constructor(room = 1024) {
    this.data = new Int32Array(checkBytes(Math.max(16, room), 4));
  }
  push(x: number): void {
    if (this.length === this.data.length) {
      const d = new Int32Array(checkBytes(this.data.length * 2, 4));
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = x;
  }
  /** The list, in its own buffer when that is at most a third too long (else copied to its length). */
  done(): Int32Array {
    if (this.length * 4 >= this.data.length * 3) return this.data.subarray(0, this.length);
    return this.data.slice(0, this.length);
  }
}

/**
 * Windows of M words to dense indices (in the order first seen), by open addressing over the indices;
 * keys live in insertion order in `keys`, so a finished layer is keys[0 .. size*M).
 */
export class WindowTable {
  size = 0;
  keys: Int32Array;
  private slots: Int32Array;
  private cap = 0;
  /** Ints of the new slots, then of the new keys, already mapped in, of `unmapped` (see `touch`). */
  private fresh = 0;
  private unmapped = 0;

  constructor(
    readonly M: number,
    expected = 16,
  ) {
    this.keys = new Int32Array(Math.max(16, expected) * M);
    this.slots = new Int32Array(0);
    this.reset(expected);
  }

  /**
   * Empties the table, sized for about `expected` windows; a table up to four times larger is kept, so a new buffer
   * (whose pages are mapped in as first written: `touch` does that beforehand) is rare. New keys have room for twice
   * the windows the slots take before they grow.
   */
  reset(expected: number): void {
    this.size = 0;
    const cap = Math.max(32, 2 ** Math.ceil(Math.log2(expected * 2 + 2)));
    if (this.cap < cap || this.cap > 4 * cap) {
      this.cap = cap;
      this.slots = new Int32Array(checkBytes(this.cap, 4));
      this.unmapped = this.cap;
      if (this.keys.length < cap * this.M) {
        this.keys = new Int32Array(checkBytes(cap * this.M, 4));
        this.unmapped += this.keys.length;
      }
    } else {
      this.slots.fill(0);
      this.unmapped = 0;
    }
    this.fresh = 0;
  }

  /**
   * Maps in the next `pages` pages of a new buffer of the table by writing a zero at the start of each (right after
   * `reset`); true once every page is.
   */
  touch(pages: number): boolean {
    const slots = this.slots.length,
      end = Math.min(this.unmapped, this.fresh + pages * PAGE_INTS);
    for (let i = this.fresh; i < end; i += PAGE_INTS) {
      if (i < slots) this.slots[i] = 0;
      else this.keys[i - slots] = 0;
    }
    this.fresh = end;
    return end === this.unmapped;
  }

  /** The index of window src[off .. off+M), inserting it when new. */
  index(src: Int32Array, off: number): number {
    const M = this.M,
      keys = this.keys,
      mask = this.cap - 1;
    let h = 0x2545f491;
    for (let j = 0; j < M; j++) {
      h = Math.imul(h ^ src[off + j], 0x9e3779b1);
      h ^= h >>> 15;
    }
    h = Math.imul(h, 0x85ebca6b);
    let s = (h ^ (h >>> 13)) & mask;
    const slots = this.slots;
    for (;;) {
      const v = slots[s];
      if (v === 0) break;
      const at = (v - 1) * M;
      let j = 0;
      while (j < M && keys[at + j] === src[off + j]) j++;
      if (j === M) return v - 1;
      s = (s + 1) & mask;
    }
    const id = this.size++;
    if ((id + 1) * M > keys.length) {
      const k = new Int32Array(checkBytes(keys.length * 2, 4));
      k.set(keys);
      this.keys = k;
    }
    const out = this.keys;
    for (let j = 0; j < M; j++) out[id * M + j] = src[off + j];
    slots[s] = id + 1;
    if (this.size * 2 > this.cap) this.grow();
    return id;
  }

  /**
   * True when the table is near the load at which `index` grows it (a half): a count then grows it with growSteps
   * between two chunks of windows, under its pacing, rather than in one step inside a chunk.
   */
  get crowded(): boolean {
    return this.size * 5 > this.cap * 2;
  }

  /**
   * Grows the table as `index` would (twice the slots, every window put in again), in parts, yielding between them:
   * the new slots' pages are mapped in, the windows put in and the keys copied to room for as many windows as the new
   * slots take, a few thousand at a time. No window may be added meanwhile.
   */
  *growSteps(): Generator<void, void, void> {
    const M = this.M,
      cap = this.cap * 2;
    const slots = new Int32Array(checkBytes(cap, 4));
    for (let i = 0; i < cap; i += PAGE_INTS) {
      slots[i] = 0;
      if (i % (PART * 4) === 0) yield;
    }
    for (let id = 0; id < this.size; id++) {
      put(slots, cap - 1, this.keys, id, M);
      if (id % PART === PART - 1) yield;
    }
    if (this.keys.length < cap * M) {
      const keys = new Int32Array(checkBytes(cap * M, 4));
      for (let at = 0; at < this.size * M; at += PART * 4) {
        keys.set(this.keys.subarray(at, Math.min(this.size * M, at + PART * 4)), at);
        yield;
      }
      this.keys = keys;
    }
    this.cap = cap;
    this.slots = slots;
  }

  private grow(): void {
    this.cap *= 2;
    this.slots = new Int32Array(checkBytes(this.cap, 4));
    for (let id = 0; id < this.size; id++) put(this.slots, this.cap - 1, this.keys, id, this.M);
  }
}

/** Windows put in again between two of growSteps' yields. */
const PART = 4096;

/** Puts window `id` (keys[id*M .. id*M+M)) in the first free slot of its probe sequence. */
function put(slots: Int32Array, mask: number, keys: Int32Array, id: number, M: number): void {
  let h = 0x2545f491;
  for (let j = 0; j < M; j++) {
    h = Math.imul(h ^ keys[id * M + j], 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0x85ebca6b);
  let s = (h ^ (h >>> 13)) & mask;
  while (slots[s] !== 0) s = (s + 1) & mask;
  slots[s] = id + 1;
}

/**
 * The placements at each position as window words: ship bits (M words), then ship and halo bits (M words),
 * per placement.
 */
export function packWindows(plan: CountPlan): Int32Array[] {
  const M = plan.maskWords;
  return plan.at.map((list) => {
    const out = new Int32Array(list.length * 2 * M);
    list.forEach((pc, i) => {
      for (let j = 0; j < pc.ship.length; j += 2) out[i * 2 * M + pc.ship[j]] |= pc.ship[j + 1];
      for (let j = 0; j < pc.block.length; j += 2) out[i * 2 * M + M + pc.block[j]] |= pc.block[j + 1];
    });
    return out;
  });
}

/**
 * Steps windows from..to of `keys` (the layer at scan position pos) into `next`, recording their links: the
 * cell is passed when closed or not required, and any placement anchored here whose cells are open is put
 * down (its ship and halo close their cells) when avail[e] (the kinds with a ship left in some count of
 * window e) meets kindBit[p]; the window then shifts by one cell. The hot loop.
 */
export function stepWindows(
  plan: CountPlan,
  packed: Int32Array,
  pos: number,
  keys: Int32Array,
  from: number,
  to: number,
  next: WindowTable,
  start: Int32Array,
  target: IntListLike,
  place: IntListLike,
  work: Int32Array,
  avail: Int32Array,
  kindBit: Int32Array,
): void {
  const M = plan.maskWords,
    req = plan.required[pos] === 1,
    P = packed.length / (2 * M);
  for (let e = from; e < to; e++) {
    const off = e * M;
    const free = (keys[off] & 1) === 0;
    if (!free || !req) {
      shift(keys, off, work, M);
      target.push(next.index(work, 0));
      place.push(-1);
    }
    if (free) {
      const left = avail[e];
      next: for (let p = 0; p < P; p++) {
        if ((left & kindBit[p]) === 0) continue;
        const o = p * 2 * M;
        for (let j = 0; j < M; j++) if (keys[off + j] & packed[o + j]) continue next;
        for (let j = 0; j < M; j++) work[M + j] = keys[off + j] | packed[o + M + j];
        shift(work, M, work, M);
        target.push(next.index(work, 0));
        place.push(p);
      }
    }
    start[e + 1] = target.length;
  }
}

/** An int list (IntList) as stepWindows sees it. */
export interface IntListLike {
  length: number;
  push(x: number): void;
}

/** Copies the window at src[off ..] to out[0 .. M), shifted right by one bit (the scan moves one cell on). */
function shift(src: Int32Array, off: number, out: Int32Array, M: number): void {
  for (let j = 0; j < M - 1; j++) out[j] = (src[off + j] >>> 1) | (src[off + j + 1] << 31);
  out[M - 1] = src[off + M - 1] >>> 1;
}

export { IntList };
