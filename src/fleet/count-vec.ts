// The counting program over windows alone, each window's counts a dense vector indexed by the ships left.
import type { JobControl } from '../core/job.js';
import type { CountPlan } from './count-plan.js';
import { checkBytes, IntList, packWindows, stepWindows, WindowTable, type LinkLayer } from './count-links.js';
import { StateForecast } from './count-forecast.js';
import type { PassProgress } from './count-forecast.js';
import type { FleetProblem } from './problem.js';

/*
 * Ships left are a mixed-radix number c = Σ r_k · stride_k (r_k ships of kind k left, stride_k = Π_{j<k}
 * (count_j + 1)); a window's counts are a vector over c, and putting down a ship of kind k moves entry c to
 * c − stride_k (for c with r_k ≥ 1). Counts stay doubles while the total is below 2^53 (every live entry is
 * then at most the total, so exact); past it they are split in limbs of LIMB bits, each layer's carries
 * pushed up when it is done (a limb gathers fewer than 2^29 additions of values below 2^24, so it never
 * rounds).
 *
 * The limbs cost a second pass, L times the work. A count may instead ask for a shadow (`shadow`): from the
 * layer before the first value reaches 2^53 (its doubles are still exact), every entry also keeps its residue
 * mod 2^32 in an Int32Array, added alongside the doubles with wrapping integer adds. Every addition of
 * positive values rounds by at most a factor (1 ± u), u = 2^-53, and an entry summing m links is m − 1 adds, so
 * after layers with at most m_i links into one window the total's double is within γ_K · total of the truth,
 * K = Σ m_i, γ_K = K·u / (1 − K·u). While that bound is below 2^31 the total is the one integer with the
 * shadow's residue within 2^31 of the double: no second pass.
 */

/** Bits per limb of a count kept in several doubles. */
const LIMB = 24;
const BASE = 2 ** LIMB;
/** The dense vector's largest length (ships-left combinations); past it the keyed program (count.ts) runs. */
const MAX_VECTOR = 4096;
/**
 * The forecast's rise decay for windows (count-forecast.ts): windows level off sooner than the keyed states,
 * whose ships-left counters keep multiplying for a few more rows. 0.1 keeps the progress of the hasbro 8×8 and
 * classic 7×7 counts within 0.04 of the share of windows stepped (0.3, the keyed states' value: 0.11).
 */
const WINDOW_RISE_DECAY = 0.1;
/** Windows stepped between two looks at the job's limits. */
const CHUNK = 256;
/** Doubles are exact integers below this (2^53). */
const EXACT_BELOW = 2 ** 53;

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

/** A finished layer of vectors: window e's limb l, entry c at vals[(e * L + l) * V + c]. */
export interface VecLayer {
  size: number;
  vals: Float64Array;
}

/** Adds window e's vector (of layer `cur`) along its links into `next` (the hot loop of the forward pass). */
export function pushForward(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  cur: Float64Array,
  next: Float64Array,
  L: number,
  from: number,
  to: number,
): void {
  const V = fi.V,
    W = V * L,
    kindAt = fi.kindAt[pos];
  const { start, target, place } = links;
  for (let e = from; e < to; e++) {
    const eb = e * W;
    for (let j = start[e]; j < start[e + 1]; j++) {
      const tb = target[j] * W,
        p = place[j];
      if (p < 0) {
        for (let i = 0; i < W; i++) next[tb + i] += cur[eb + i];
        continue;
      }
      const k = kindAt[p],
        s = fi.stride[k],
        list = fi.valid[k],
        n = list.length;
      for (let l = 0; l < W; l += V) {
        const a = eb + l,
          b = tb + l - s;
        for (let i = 0; i < n; i++) {
          const c = list[i];
          next[b + c] += cur[a + c];
        }
      }
    }
  }
}

/**
 * avail[e] for windows 0..size-1: the kinds with a ship left in some non-zero count of the window, so that the
 * skeleton puts down only ships the fleet still has (else it would hold every packing of any number of ships).
 */
function availability(
  fi: FleetIndex,
  vals: Float64Array,
  size: number,
  L: number,
  avail: Int32Array,
  top: Float64Array,
): Int32Array {
  const V = fi.V,
    W = V * L,
    left = fi.left;
  const out = avail.length >= size ? avail : new Int32Array(Math.max(size, avail.length * 2));
  let max = 0;
  for (let e = 0; e < size; e++) {
    let m = 0;
    for (let i = 0; i < W; i++) {
      const x = vals[e * W + i];
      if (x !== 0) {
        m |= left[i % V];
        if (x > max) max = x;
      }
    }
    out[e] = m;
  }
  top[0] = max;
  return out;
}

/** Adds window e's residues (mod 2^32, layer `cur`) along its links into `next`: pushForward's twin for L = 1. */
function pushResidues(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  cur: Int32Array,
  next: Int32Array,
  from: number,
  to: number,
): void {
  const V = fi.V,
    kindAt = fi.kindAt[pos];
  const { start, target, place } = links;
  for (let e = from; e < to; e++) {
    const eb = e * V;
    for (let j = start[e]; j < start[e + 1]; j++) {
      const tb = target[j] * V,
        p = place[j];
      if (p < 0) {
        for (let i = 0; i < V; i++) next[tb + i] = (next[tb + i] + cur[eb + i]) | 0;
        continue;
      }
      const k = kindAt[p],
        b = tb - fi.stride[k],
        list = fi.valid[k],
        n = list.length;
      for (let i = 0; i < n; i++) {
        const c = list[i];
        next[b + c] = (next[b + c] + cur[eb + c]) | 0;
      }
    }
  }
}

/** The most links into one window of the next layer (`size` windows): the adds an entry of it sums, at most. */
function mostLinksIn(links: LinkLayer, size: number, count: Int32Array): number {
  count.fill(0, 0, size);
  let most = 0;
  const target = links.target;
  for (let j = 0; j < links.start[links.size]; j++) {
    const n = ++count[target[j]];
    if (n > most) most = n;
  }
  return most;
}

/** The residues mod 2^32 of the exact doubles vals[0 .. n) (each below 2^53). */
function residuesOf(vals: Float64Array, n: number, out: Int32Array): void {
  for (let i = 0; i < n; i++) {
    const x = vals[i];
    out[i] = (x - Math.floor(x / 2 ** 32) * 2 ** 32) | 0;
  }
}

/** The total from its double `approx` (within `err` of it) and its residue mod 2^32, or null when err is too large. */
export function fromResidue(approx: number, residue: number, err: number): bigint | null {
  if (!(err < 2 ** 31 - 1) || !Number.isFinite(approx)) return null;
  const a = BigInt(approx);
  const d = BigInt.asIntN(32, BigInt(residue | 0) - a);
  if (Number(d < 0n ? -d : d) > err) return null;
  return a + d;
}

/**
 * γ_K · x / (1 − γ_K), γ_K = K·u / (1 − K·u): how far x, made of positive sums with K roundings on every path, may be
 * from the truth.
 */
export function roundingBound(x: number, K: number): number {
  const ku = K * 2 ** -53;
  if (ku >= 0.5) return Infinity;
  const g = ku / (1 - ku);
  return (g * x) / (1 - g) + 1;
}

/** An Int32Array buffer for a layer being built, like room(). */
function roomInt(buf: Int32Array, cleared: number, windows: number, W: number): Int32Array {
  if (windows * W > buf.length) {
    const out = new Int32Array(checkBytes(Math.max(windows * W, buf.length * 2), 4));
    out.set(buf.subarray(0, cleared * W));
    return out;
  }
  buf.fill(0, cleared * W, windows * W);
  return buf;
}

/** Pushes each entry's carries up its limbs (L > 1), so every limb but the top is below BASE again. */
function carry(vals: Float64Array, size: number, V: number, L: number): void {
  for (let e = 0; e < size; e++) {
    for (let l = 0; l < L - 1; l++) {
      const a = (e * L + l) * V;
      for (let c = 0; c < V; c++) {
        const x = vals[a + c];
        if (x < BASE) continue;
        const q = Math.floor(x / BASE);
        vals[a + c] = x - q * BASE;
        vals[a + V + c] += q;
      }
    }
  }
}

/**
 * The buffer for the layer being built, with room for `windows` windows: entries of windows from `cleared`
 * on are zeroed (the ones before hold this layer's sums so far), the buffer grown when too small.
 */
function room(buf: Float64Array, cleared: number, windows: number, W: number): Float64Array {
  if (windows * W > buf.length) {
    const out = new Float64Array(checkBytes(Math.max(windows * W, buf.length * 2), 8));
    out.set(buf.subarray(0, cleared * W));
    return out;
  }
  buf.fill(0, cleared * W, windows * W);
  return buf;
}

/** What a forward pass over windows leaves. */
export interface VecForward {
  /** The number of layouts (exact when `exact`). */
  total: bigint;
  /** True when the total is exact: limbs were used, the doubles stayed below 2^53, or the shadow settled it. */
  exact: boolean;
  /** With a shadow: the roundings bound K (Σ of the most links into one window, over the layers it ran). */
  roundings?: number;
  /** The total as a double (rounded). */
  approx: number;
  /** links[pos]: the steps from layer pos (kept when asked for). */
  links: LinkLayer[] | null;
  /** sizes[pos]: windows at scan position pos (sizes[cells]: at the end). */
  sizes: Float64Array;
}

/**
 * A forward pass: builds the windows cell by cell (or walks the links of an earlier pass) while pushing the
 * vectors (L limbs) along. Spends one node per window stepped. `keepLinks` keeps every layer's links;
 * `keep(pos, layer)` is shown each layer of vectors (in a buffer reused for later layers: copy what to keep).
 */
export function* vecForward<P>(
  plan: CountPlan,
  fi: FleetIndex,
  L: number,
  ctl: JobControl<P>,
  progress: PassProgress,
  passesAfter: number,
  reuse: LinkLayer[] | null,
  keepLinks: boolean,
  keep?: (pos: number, layer: VecLayer) => void,
  shadow = false,
): Generator<void, VecForward, void> {
  const M = plan.maskWords,
    V = fi.V,
    W = V * L,
    N = plan.cells;
  const packed = reuse ? null : packWindows(plan);
  const links: LinkLayer[] | null = keepLinks ? (reuse ?? []) : null;
  const sizes = new Float64Array(N + 1);
  let keys = new Int32Array(M);
  let size = 1;
  // Two buffers taking turns as this layer and the next (grown as needed): no allocation per layer.
  let cur: Float64Array = new Float64Array(checkBytes(Math.max(W, 1 << 16), 8));
  let spare: Float64Array = new Float64Array(cur.length);
  cur[fi.full] = 1;
  keep?.(0, { size: 1, vals: cur });
  const table = reuse ? null : new WindowTable(M, 16);
  const work = new Int32Array(2 * M);
  let avail: Int32Array = new Int32Array(16);
  const forecast = reuse ? null : new StateForecast({ ...plan, keyWords: M }, WINDOW_RISE_DECAY);
  let knownAhead = 0,
    stepped = 0;
  // The shadow (L = 1, building the windows): residues of this layer and the next, the layer before's links.
  const useShadow = shadow && L === 1 && !reuse;
  let resCur: Int32Array | null = null,
    resNext: Int32Array = new Int32Array(0),
    inCount: Int32Array = new Int32Array(0);
  let prevLayer: LinkLayer | null = null,
    roundings = 0;
  const top = new Float64Array(1);
  if (reuse) for (let pos = 0; pos < N; pos++) knownAhead += reuse[pos].size;
  for (let pos = 0; pos < N; pos++) {
    sizes[pos] = size;
    if (pos > 0) stepped += sizes[pos - 1];
    if (!reuse) avail = availability(fi, cur, size, L, avail, top);
    if (useShadow && resCur === null && top[0] >= EXACT_BELOW && prevLayer) {
      // Layer pos may hold rounded doubles; layer pos − 1 (in `spare`, still intact) does not: its residues
      // are exact, and this layer's are pushed from them along its links.
      const before = prevLayer.size;
      const res0 = new Int32Array(checkBytes(Math.max(before, size) * V, 4));
      residuesOf(spare, before * V, res0);
      resCur = new Int32Array(checkBytes(size * V, 4));
      pushResidues(fi, pos - 1, prevLayer, res0, resCur, 0, before);
      if (inCount.length < size) inCount = new Int32Array(size * 2);
      roundings += mostLinksIn(prevLayer, size, inCount);
    }
    let ahead: number;
    if (reuse) ahead = knownAhead -= size;
    else ahead = forecast!.ahead(pos, { size, keys, vals: null, bigVals: null });
    let layer: LinkLayer;
    let next = spare;
    if (reuse) {
      layer = reuse[pos];
      next = room(next, 0, reuse[pos + 1].size, W);
    } else {
      table!.reset(size);
      layer = { size, start: new Int32Array(size + 1), target: new Int32Array(0), place: new Int32Array(0) };
    }
    let cleared = reuse ? reuse[pos + 1].size : 0;
    const target = new IntList(),
      place = new IntList();
    for (let from = 0; from < size; from += CHUNK) {
      const to = Math.min(size, from + CHUNK);
      if (!reuse) {
        stepWindows(
          plan,
          packed![pos],
          pos,
          keys,
          from,
          to,
          table!,
          layer.start,
          target,
          place,
          work,
          avail,
          fi.kindBit[pos],
        );
        layer.target = target.data;
        layer.place = place.data;
        if (table!.size > cleared) {
          next = room(next, cleared, table!.size, W);
          if (resCur) resNext = roomInt(resNext, cleared, table!.size, W);
          cleared = table!.size;
        }
      }
      pushForward(fi, pos, layer, cur, next, L, from, to);
      if (resCur) pushResidues(fi, pos, layer, resCur, resNext, from, to);
      progress.done += to - from;
      // Left in this pass; the later passes then go over every layer of it once more each.
      const left = size - to + ahead;
      progress.report(ctl, left + passesAfter * (stepped + to + left));
      if (ctl.spend(to - from)) yield;
    }
    let nextSize: number;
    if (reuse) nextSize = pos + 1 < N ? reuse[pos + 1].size : finalSize(reuse, pos);
    else {
      layer.target = target.done();
      layer.place = place.done();
      nextSize = table!.size;
      keys = table!.keys.slice(0, nextSize * M);
      if (links) links.push(layer);
      // The end layer's windows, kept for the passes that walk these links again.
      if (pos === N - 1 && links)
        links.push({
          size: nextSize,
          start: new Int32Array(nextSize + 1),
          target: new Int32Array(0),
          place: new Int32Array(0),
        });
    }
    if (L > 1) carry(next, nextSize, V, L);
    if (resCur) {
      if (inCount.length < nextSize) inCount = new Int32Array(nextSize * 2);
      roundings += mostLinksIn(layer, nextSize, inCount);
      const r = resCur;
      resCur = resNext;
      resNext = r;
    }
    prevLayer = reuse ? null : layer;
    spare = cur;
    cur = next;
    size = nextSize;
    keep?.(pos + 1, { size, vals: cur });
  }
  sizes[N] = size;
  // Every window bit has shifted out by the end: the one end window is the empty one, its entry 0 the layouts.
  let total = 0n,
    approx = 0;
  if (size > 0) {
    for (let l = L - 1; l >= 0; l--) {
      const x = cur[l * V];
      total = total * BigInt(BASE) + BigInt(x);
      approx = approx * BASE + x;
    }
  }
  if (resCur) {
    // The doubles may have rounded: the residue settles the total while the rounding bound allows.
    const settled = size > 0 ? fromResidue(approx, resCur[0], roundingBound(approx, roundings)) : 0n;
    return { total: settled ?? total, exact: settled !== null, approx, links, sizes, roundings };
  }
  const exact = L > 1 || approx <= Number.MAX_SAFE_INTEGER * (1 - 1e-9);
  return { total, exact, approx, links, sizes };
}

function finalSize(links: LinkLayer[], pos: number): number {
  return links[pos + 1]?.size ?? 1;
}

/** Limbs needed for a total about `approx`: room for it twice over in the top limb's 53 bits. */
export function limbsFor(approx: number): number {
  return Math.max(2, Math.ceil((Math.log2(Math.max(2, approx)) + 2 - 53) / LIMB) + 1);
}
