// The ships left as a mixed-radix index: the entries of the window program's vectors (count-vec.ts).
import type { CountPlan } from './count-plan.js';
import type { FleetProblem } from './problem.js';

/** The dense vector's largest length (ships-left combinations); past it the keyed program (count.ts) runs. */
const MAX_VECTOR = 4096;

/** The ships-left index of a fleet: strides, the full fleet's index, and per kind the entries with one left. */
export interface FleetIndex {
  /** Ships-left combinations: the vectors' length. */
  V: number;
  stride: Int32Array;
  /** The index of the whole fleet (the start). */
  full: number;
  /** valid[k]: the entries c with a ship of kind k left, ascending. */
  valid: Int32Array[];
  /** kindAt[pos][p]: the kind of placement p of plan.at[pos]. */
  kindAt: Int32Array[];
  /** kindBit[pos][p]: placement p's kind as a bit (kinds past the 31st share the top bit). */
  kindBit: Int32Array[];
  /** left[c]: the kinds with a ship left at entry c, as bits. */
  left: Int32Array;
}

/** A kind's bit in FleetIndex masks. */
function bitOf(k: number): number {
  return 1 << Math.min(k, 30);
}

/** The fleet index of a problem, or null when its vectors would be longer than MAX_VECTOR. */
export function fleetIndex(problem: FleetProblem, plan: CountPlan): FleetIndex | null {
  const kinds = problem.kinds.length;
  const stride = new Int32Array(kinds);
  let V = 1,
    full = 0;
  for (let k = 0; k < kinds; k++) {
    stride[k] = V;
    full += problem.kinds[k].count * V;
    V *= problem.kinds[k].count + 1;
    if (V > MAX_VECTOR) return null;
  }
  const valid = problem.kinds.map((kind, k) => {
    const out: number[] = [];
    for (let c = 0; c < V; c++) if (Math.floor(c / stride[k]) % (kind.count + 1) >= 1) out.push(c);
    return Int32Array.from(out);
  });
  const kindAt = plan.at.map((list) => Int32Array.from(list, (pc) => pc.kind));
  const kindBit = plan.at.map((list) => Int32Array.from(list, (pc) => bitOf(pc.kind)));
  const left = new Int32Array(V);
  valid.forEach((list, k) => list.forEach((c) => (left[c] |= bitOf(k))));
  return { V, stride, full, valid, kindAt, kindBit, left };
}
