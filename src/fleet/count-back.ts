// The backward pass: for every kept state, the number of ways to finish the layout from it (and per-placement weights).
import type { ForwardResult } from './count.js';
import { StateTable } from './count-states.js';
import { Successors } from './count-step.js';

/**
 * What the backward pass adds: with `compact`, layers[pos] is replaced by a table of the states that can
 * finish, each counting its completions (the number of ways to finish from it); otherwise the layers are
 * dropped as the pass goes. With `weigh`, `weights[pos][p]` is the
 * number of layouts that contain placement plan.at[pos][p] (doubles below 2^53, else BigInts).
 */
export interface BackwardResult {
  weights: Array<Float64Array | bigint[]> | null;
}

const EMPTY = new StateTable(1, false, 0);

/**
 * Turns the forward layers into completion counts, last cell first. With `weigh`, each state's forward count
 * times each successor's completions is added to that successor's placement: the layouts through that
 * transition. Live doubles stay exact: a state that can finish has at most `total` prefixes and at most
 * `total` completions, and a product of the two is at most `total` (< 2^53 whenever doubles are used).
 */
export function* backwardPass(fwd: ForwardResult, weigh: boolean, compact: boolean, stepBase: number): Generator<void, BackwardResult> {
  const { plan, big, ctl } = fwd;
  const layers = fwd.layers!;
  const K = plan.keyWords;
  const succ = new Successors(plan);
  const weights: Array<Float64Array | bigint[]> | null = weigh
    ? plan.at.map((list) => (big ? list.map(() => 0n) : new Float64Array(list.length)))
    : null;
  const last = layers[plan.cells];
  // Only the finished state (all-zero key: empty window, no ships left) has a completion: stopping.
  if (big) last.bigAux = [];
  else last.aux = new Float64Array(last.capacity);
  const fin = last.find(new Int32Array(K), 0);
  if (fin >= 0) {
    if (big) last.bigAux![fin] = 1n;
    else last.aux![fin] = 1;
  }
  for (let pos = plan.cells - 1; pos >= 0; pos--) {
    const cur = layers[pos], next = layers[pos + 1];
    const { ints, nums, stride: S } = cur, cap = cur.capacity;
    const w = weights?.[pos];
    if (big) {
      const gs: bigint[] = (cur.bigAux = []);
      const nextG = next.bigAux!;
      for (let s = 0; s < cap; s++) {
        if (nums[s * S + S - 1] === 0) continue;
        const n = succ.expand(plan, pos, ints, s * S * 2);
        let g = 0n;
        const f = cur.bigVals[s];
        for (let j = 0; j < n; j++) {
          const t = next.find(succ.keys, j * K);
          const gt = t < 0 ? undefined : nextG[t];
          if (!gt) continue;
          g += gt;
          const p = succ.placement[j];
          if (w && p >= 0) (w as bigint[])[p] += f * gt;
        }
        gs[s] = g;
      }
    } else {
      const gs = (cur.aux = new Float64Array(cap));
      const nextG = next.aux!;
      for (let s = 0; s < cap; s++) {
        const f = nums[s * S + S - 1];
        if (f === 0) continue;
        const n = succ.expand(plan, pos, ints, s * S * 2);
        let g = 0;
        for (let j = 0; j < n; j++) {
          const t = next.find(succ.keys, j * K);
          if (t < 0) continue;
          const gt = nextG[t];
          if (gt === 0) continue;
          g += gt;
          const p = succ.placement[j];
          if (w && p >= 0) (w as Float64Array)[p] += f * gt;
        }
        gs[s] = g;
      }
    }
    // Layer pos + 1 has served its last look-up: keep only its live states, completions as counts (or drop it).
    if (compact) layers[pos + 1] = next.compacted(big ? next.bigAux! : next.aux!);
    else layers[pos + 1] = EMPTY;
    ctl.step(stepBase + plan.cells - pos, cur.size);
    yield;
  }
  if (compact) layers[0] = layers[0].compacted(big ? layers[0].bigAux! : layers[0].aux!);
  return { weights };
}
