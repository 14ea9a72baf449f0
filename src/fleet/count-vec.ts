// The counting program over windows alone, each window's counts a dense vector indexed by the ships left.
import type { JobControl } from '../core/job.js';
import type { CountPlan } from './count-plan.js';
import type { FleetIndex } from './count-index.js';
import { IntList, packWindows, stepWindows, WindowTable, type LinkLayer } from './count-links.js';
import { StateForecast } from './count-forecast.js';
import type { PassProgress } from './count-forecast.js';
import { ResidueShadow } from './count-shadow.js';
import { asideSteps, chunk, touchPages } from '../core/pace.js';
import { Vectors } from './count-vectors.js';

/*
 * Ships left are a mixed-radix number c = Σ r_k · stride_k (r_k ships of kind k left, stride_k = Π_{j<k}
 * (count_j + 1)); a window's counts are a vector over c, and putting down a ship of kind k moves entry c to
 * c − stride_k (for c with r_k ≥ 1). Counts stay doubles while the total is below 2^53 (every live entry is
 * then at most the total, so exact); past it they are split in limbs of LIMB bits, each layer's carries
 * pushed up when it is done (a limb gathers fewer than 2^29 additions of values below 2^24, so it never
 * rounds). The limbs cost a second pass, L times the work; a count may instead ask for a residue shadow
 * (count-shadow.ts), which settles most totals past 2^53 in the first pass.
 */

/** Bits per limb of a count kept in several doubles. */
const LIMB = 24;
const BASE = 2 ** LIMB;
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

/** Adds window e's vector (of layer `cur`) along its links into `next` (the hot loop of the forward pass). */
export function pushForward(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  cur: Vectors,
  next: Vectors,
  L: number,
  from: number,
  to: number,
): void {
  const V = fi.V,
    W = V * L,
    kindAt = fi.kindAt[pos];
  const { start, target, place } = links;
  const { shift, mask } = cur;
  for (let e = from; e < to; e++) {
    const src = cur.pieces[e >> shift],
      eb = (e & mask) * W;
    for (let j = start[e]; j < start[e + 1]; j++) {
      const t = target[j],
        out = next.pieces[t >> shift],
        tb = (t & mask) * W,
        p = place[j];
      if (p < 0) {
        for (let i = 0; i < W; i++) out[tb + i] += src[eb + i];
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
          out[b + c] += src[a + c];
        }
      }
    }
  }
}

/**
 * avail[e] for windows from..to of a layer: the kinds with a ship left in some non-zero count of the window, so that
 * the skeleton puts down only ships the fleet still has (else it would hold every packing of any number of ships).
 * Returns the largest count among them.
 */
function availability(fi: FleetIndex, vals: Vectors, from: number, to: number, L: number, avail: Int32Array): number {
  const V = fi.V,
    W = V * L,
    left = fi.left;
  let max = 0;
  for (let e = from; e < to; e++) {
    const piece = vals.pieces[e >> vals.shift],
      eb = (e & vals.mask) * W;
    let m = 0;
    for (let i = 0; i < W; i++) {
      const x = piece[eb + i];
      if (x !== 0) {
        m |= left[i % V];
        if (x > max) max = x;
      }
    }
    avail[e] = m;
  }
  return max;
}

/** Pushes the carries of windows from..to up their limbs (L > 1), so every limb but the top is below BASE again. */
function carry(vecs: Vectors, from: number, to: number, V: number, L: number): void {
  for (let e = from; e < to; e++) {
    const vals = vecs.pieces[e >> vecs.shift],
      eb = (e & vecs.mask) * V * L;
    for (let l = 0; l < L - 1; l++) {
      const a = eb + l * V;
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
 * Shown the vectors of windows from..to of the layer at scan position pos (of `size` windows) just before they are
 * read: window e's limb l, entry c at vals.at(e, l * V + c), in vectors reused for later layers (copy what to keep).
 */
export type KeepVectors = (pos: number, size: number, vals: Vectors, from: number, to: number) => void;

/**
 * A forward pass: builds the windows cell by cell (or walks the links of an earlier pass) while pushing the
 * vectors (L limbs) along. Spends one node per window stepped. `keepLinks` keeps every layer's links; `keep` is
 * shown every layer's vectors but the end's, a chunk at a time. Every step of a layer (the windows' kinds left,
 * the carries between limbs, the links) is made a chunk of windows at a time, so the pass pauses every few
 * milliseconds however large a layer grows.
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
  keep?: KeepVectors,
  shadow = false,
): Generator<void, VecForward, void> {
  const M = plan.maskWords,
    V = fi.V,
    W = V * L,
    N = plan.cells;
  const packed = reuse ? null : packWindows(plan);
  const links: LinkLayer[] | null = keepLinks ? (reuse ?? []) : null;
  const sizes = new Float64Array(N + 1);
  let keys: Int32Array = new Int32Array(M);
  let size = 1;
  // Two sets of vectors taking turns as this layer and the next, each with as many pieces as its largest layer took.
  let cur = new Vectors(W),
    spare = new Vectors(W);
  yield* cur.room(ctl, 0, 1);
  cur.pieces[0][fi.full] = 1;
  // Two window tables taking turns: one numbers the layer being built while the other's keys are the layer at hand.
  const tables = reuse ? null : [new WindowTable(M, 16), new WindowTable(M, 16)];
  let startBuf = new Int32Array(1024);
  const work = new Int32Array(2 * M);
  let avail: Int32Array = new Int32Array(16);
  const forecast = reuse ? null : new StateForecast({ ...plan, keyWords: M }, WINDOW_RISE_DECAY);
  let knownAhead = 0,
    stepped = 0;
  // The shadow (L = 1, building the windows) starts once a layer may hold a value past 2^53: its values are at most
  // the largest of the layer before times the most links into one of its windows, both counted as the pass goes.
  const residues = shadow && L === 1 && !reuse ? new ResidueShadow(fi) : null;
  const linksIn = new InDegrees();
  let prevLayer: LinkLayer | null = null,
    prevMax = 0;
  // Links of a layer not kept are built in the same lists every layer.
  let target = new IntList(),
    place = new IntList();
  if (reuse) for (let pos = 0; pos < N; pos++) knownAhead += reuse[pos].size;
  for (let pos = 0; pos < N; pos++) {
    sizes[pos] = size;
    if (pos > 0) stepped += sizes[pos - 1];
    if (residues && residues.cur === null && prevLayer && prevMax * linksIn.most >= EXACT_BELOW)
      yield* residues.start(pos, spare, prevLayer, size, linksIn.most, ctl);
    let ahead: number;
    if (reuse) ahead = knownAhead -= size;
    else ahead = forecast!.ahead(pos, size, { size, keys, vals: null, bigVals: null });
    if (avail.length < size) avail = new Int32Array(size * 2);
    let layer: LinkLayer;
    const next = spare;
    if (reuse) {
      layer = reuse[pos];
      // Links known: the whole layer is zeroed first.
      yield* next.room(ctl, 0, reuse[pos + 1].size);
    } else {
      const built = tables![pos & 1];
      built.reset(size);
      yield* touchPages(ctl, (pages) => built.touch(pages));
      if (!links && startBuf.length < size + 1) startBuf = new Int32Array(size * 2 + 1);
      const start = links ? new Int32Array(size + 1) : startBuf;
      layer = { size, start, target: new Int32Array(0), place: new Int32Array(0) };
      if (links) {
        const perWindow = prevLayer ? prevLayer.start[prevLayer.size] / Math.max(1, prevLayer.size) : 2;
        target = new IntList(Math.ceil(size * perWindow * 1.25) + 1024);
        place = new IntList(target.data.length);
      } else {
        target.length = 0;
        place.length = 0;
      }
    }
    const counting = residues !== null && !reuse;
    if (counting) linksIn.reset();
    const table = tables?.[pos & 1];
    let cleared = reuse ? reuse[pos + 1].size : 0,
      max = 0;
    for (let from = 0, to: number; from < size; from = to) {
      to = Math.min(size, from + chunk(ctl, CHUNK));
      if (L > 1) carry(cur, from, to, V, L);
      keep?.(pos, size, cur, from, to);
      if (!reuse) {
        max = Math.max(max, availability(fi, cur, from, to, L, avail));
        const first = target.length;
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
          yield* next.room(ctl, cleared, table!.size);
          if (residues?.cur) residues.room(cleared, table!.size);
          if (counting) linksIn.room(cleared, table!.size);
          cleared = table!.size;
        }
        if (counting) linksIn.add(target.data, first, target.length);
      }
      pushForward(fi, pos, layer, cur, next, L, from, to);
      if (residues?.cur) residues.push(pos, layer, from, to);
      progress.done += to - from;
      // Left in this pass; the later passes then go over every layer of it once more each.
      const left = size - to + ahead;
      progress.report(ctl, left + passesAfter * (stepped + to + left));
      if (ctl.spend(to - from)) yield;
      // The table grown between chunks, under the pacing, before a chunk would grow it in one step.
      if (table?.crowded) yield* asideSteps(ctl, table.growSteps());
    }
    let nextSize: number;
    if (reuse) nextSize = pos + 1 < N ? reuse[pos + 1].size : finalSize(reuse, pos);
    else {
      if (links) {
        layer.target = target.done();
        layer.place = place.done();
      }
      nextSize = table!.size;
      keys = table!.keys;
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
    if (residues?.cur) residues.turn(linksIn.most);
    prevLayer = reuse ? null : layer;
    prevMax = max;
    spare = cur;
    cur = next;
    size = nextSize;
  }
  sizes[N] = size;
  if (L > 1) carry(cur, 0, size, V, L);
  // Every window bit has shifted out by the end: the one end window is the empty one, its entry 0 the layouts.
  let total = 0n,
    approx = 0;
  if (size > 0) {
    for (let l = L - 1; l >= 0; l--) {
      const x = cur.at(0, l * V);
      total = total * BigInt(BASE) + BigInt(x);
      approx = approx * BASE + x;
    }
  }
  if (residues?.cur) {
    // The doubles may have rounded: the residue settles the total while the rounding bound allows.
    const settled = size > 0 ? residues.settle(approx) : 0n;
    return { total: settled ?? total, exact: settled !== null, approx, links, sizes, roundings: residues.roundings };
  }
  const exact = L > 1 || approx <= Number.MAX_SAFE_INTEGER * (1 - 1e-9);
  return { total, exact, approx, links, sizes };
}

/** The most links into one window of the layer being built, counted as its links are made. */
class InDegrees {
  most = 0;
  private count = new Int32Array(1024);

  reset(): void {
    this.most = 0;
  }

  /** Room for `windows` windows, those from `cleared` on at zero links. */
  room(cleared: number, windows: number): void {
    if (windows > this.count.length) {
      const out = new Int32Array(Math.max(windows, this.count.length * 2));
      out.set(this.count.subarray(0, cleared));
      this.count = out;
    } else this.count.fill(0, cleared, windows);
  }

  /** Counts the links target[from .. to). */
  add(target: Int32Array, from: number, to: number): void {
    const count = this.count;
    let most = this.most;
    for (let j = from; j < to; j++) {
      const n = ++count[target[j]];
      if (n > most) most = n;
    }
    this.most = most;
  }
}

function finalSize(links: LinkLayer[], pos: number): number {
  return links[pos + 1]?.size ?? 1;
}

/** Limbs needed for a total about `approx`: room for it twice over in the top limb's 53 bits. */
export function limbsFor(approx: number): number {
  return Math.max(2, Math.ceil((Math.log2(Math.max(2, approx)) + 2 - 53) / LIMB) + 1);
}
