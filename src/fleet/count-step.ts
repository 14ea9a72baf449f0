// One step of the counting program: the states a state leads to when the scan passes one cell.
import type { CountPlan } from './count-plan.js';

/**
 * Scratch space for `expand`: successor keys (K words each) and the placement each one put down
 * (its index in plan.at[pos], or -1 when the cell was passed without anchoring a ship).
 */
export class Successors {
  keys: Int32Array;
  placement: Int32Array;
  /** Successor keys for expandTwo, one word each. */
  twoA: Int32Array;
  twoB: Int32Array;
  /** The most successors a state has (the placements anchored at one cell, and the cell left empty). */
  readonly most: number;
  private work: Int32Array;

  constructor(plan: CountPlan) {
    let most = 1;
    for (const list of plan.at) most = Math.max(most, list.length + 1);
    this.most = most;
    this.keys = new Int32Array(most * plan.keyWords);
    this.placement = new Int32Array(most);
    this.twoA = new Int32Array(most);
    this.twoB = new Int32Array(most);
    this.work = new Int32Array(plan.keyWords);
  }

  /**
   * The successors of the state src[off .. off+K) at scan position pos; returns how many. The window's bit 0 is
   * the cell at pos: when set (covered, or closed by a neighbour's halo) the scan just moves on; otherwise it
   * may stay empty (unless required) or anchor any placement whose cells are all open and whose kind has
   * ships left. The window then shifts by one cell.
   */
  expand(plan: CountPlan, pos: number, src: Int32Array, off: number): number {
    const M = plan.maskWords,
      K = plan.keyWords;
    const out = this.keys,
      pl = this.placement;
    const lw = plan.lastWindowMask;
    shiftInto(src, off, out, 0, M, K, lw);
    pl[0] = -1;
    if (src[off] & 1) return 1;
    let n = plan.required[pos] ? 0 : 1;
    const list = plan.at[pos];
    const work = this.work;
    const { fieldWord, fieldShift, fieldMask } = plan;
    next: for (let p = 0; p < list.length; p++) {
      const pc = list[p];
      const k = pc.kind,
        fw = fieldWord[k];
      if (((src[off + fw] >>> fieldShift[k]) & fieldMask[k]) === 0) continue;
      const ship = pc.ship;
      for (let j = 0; j < ship.length; j += 2) if (src[off + ship[j]] & ship[j + 1]) continue next;
      for (let j = 0; j < K; j++) work[j] = src[off + j];
      const block = pc.block;
      for (let j = 0; j < block.length; j += 2) work[block[j]] |= block[j + 1];
      work[fw] -= 1 << fieldShift[k];
      shiftInto(work, 0, out, n * K, M, K, lw);
      pl[n++] = p;
    }
    return n;
  }
}

/**
 * Copies a key, shifting the window (its first M words, minus the counters in the last one's bits above lw) right by
 * one bit.
 */
function shiftInto(src: Int32Array, off: number, out: Int32Array, at: number, M: number, K: number, lw: number): void {
  for (let j = 0; j < M - 1; j++) out[at + j] = (src[off + j] >>> 1) | (src[off + j + 1] << 31);
  const last = src[off + M - 1];
  out[at + M - 1] = ((last & lw) >>> 1) | (last & ~lw);
  for (let j = M; j < K; j++) out[at + j] = src[off + j];
}

/** Ints per placement in `packTwo`. */
const PACK = 9;

/**
 * The placements at each position packed for two-word keys, PACK ints each: ship bits (words 0, 1), ship and
 * halo bits (words 0, 1), the counter decrement (words 0, 1), and the kind's counter word, shift and mask.
 */
export function packTwo(plan: CountPlan): Int32Array[] {
  return plan.at.map((list) => {
    const out = new Int32Array(list.length * PACK);
    list.forEach((pc, i) => {
      const o = i * PACK;
      for (let j = 0; j < pc.ship.length; j += 2) out[o + pc.ship[j]] |= pc.ship[j + 1];
      for (let j = 0; j < pc.block.length; j += 2) out[o + 2 + pc.block[j]] |= pc.block[j + 1];
      const fw = plan.fieldWord[pc.kind];
      out[o + 4 + fw] = 1 << plan.fieldShift[pc.kind];
      out[o + 6] = fw;
      out[o + 7] = plan.fieldShift[pc.kind];
      out[o + 8] = plan.fieldMask[pc.kind];
    });
    return out;
  });
}

/**
 * `expand` for two-word keys given as scalars (the common case: 10×10 boards): the successors of key (a, b)
 * into outA/outB, the placement each put down into outP (-1: none); returns how many.
 */
export function expandTwo(
  plan: CountPlan,
  packed: Int32Array,
  required: boolean,
  a: number,
  b: number,
  outA: Int32Array,
  outB: Int32Array,
  outP: Int32Array,
): number {
  const lw = plan.lastWindowMask,
    hw = ~lw,
    two = plan.maskWords === 2;
  const free = (a & 1) === 0;
  let n = 0;
  // Passing the cell: always when it is closed, otherwise unless it must be covered.
  if (!free || !required) {
    outA[0] = two ? (a >>> 1) | (b << 31) : ((a & lw) >>> 1) | (a & hw);
    outB[0] = two ? ((b & lw) >>> 1) | (b & hw) : b;
    outP[0] = -1;
    n = 1;
  }
  if (!free) return n;
  for (let o = 0; o < packed.length; o += PACK) {
    if ((((packed[o + 6] === 0 ? a : b) >>> packed[o + 7]) & packed[o + 8]) === 0) continue;
    if ((a & packed[o]) | (b & packed[o + 1])) continue;
    const x = ((a | packed[o + 2]) - packed[o + 4]) | 0,
      y = ((b | packed[o + 3]) - packed[o + 5]) | 0;
    outA[n] = two ? (x >>> 1) | (y << 31) : ((x & lw) >>> 1) | (x & hw);
    outB[n] = two ? ((y & lw) >>> 1) | (y & hw) : y;
    outP[n++] = o / PACK;
  }
  return n;
}
