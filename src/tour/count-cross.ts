// Closed tours counted as two half-boards, each with its own edges only, joined through the edges between them.
import { GridbitsError } from '../core/error.js';
import type { JobControl } from '../core/job.js';
import type { Piece } from '../pieces/piece.js';
import { countGraphOf, leapsOf, type CountGraph } from './count-graph.js';
import { FrontierJob, frontierFits, type FrontierOptions } from './count-frontier.js';
import { boundaryTable } from './count-halves.js';
import type { StateTable } from './count-table.js';

/*
 * A board of `width` × 2m squares (rows across the width) splits into the top half, rows 0..m−1, and the bottom
 * half, rows m..2m−1, which the half turn ρ (row r → 2m−1−r, file f → width−1−f) maps onto the top. A leaper
 * that moves at most two rows joins the halves only by crossing edges between rows m−2, m−1 and rows m, m+1.
 *
 * A closed tour is three edge sets: the top's own edges (vertex-disjoint paths covering the top, every square
 * of rows 0..m−3 with two edges), the crossing edges chosen, and the bottom's own edges. The frontier program
 * run on the top half with its last two rows left open gives, for each boundary state (each boundary square's
 * degree in the top, and which path ends are joined), the number of top edge sets; by ρ the same table counts
 * the bottom's. At the join, for each vector of top degrees a, the crossing edges must give each boundary
 * square 2 − a edges on both sides: every such set of crossing edges is tried, and every bottom state with the
 * degrees it leaves, seen through those edges, joins the top's path ends in pairs (passing through the top
 * squares that take both their edges from the bottom). Those pairings are summed by their rank among all
 * pairings; each top state of degrees a then makes a tour with a pairing when its path ends and the pairing's
 * form a single cycle.
 *
 * The board's mirror (file f → width−1−f) and ρ act on pairs of degree vectors (top, bottom) and keep each
 * pair's count: only the smallest pair of each orbit is joined, counted once per distinct image.
 *
 * 8×8: 10,266,793 top boundary states over 716,176 degree vectors; the join sees 11.4·10^9 bottom states
 * through the crossing edges after the symmetries: 13,267,364,410,532 tours in 1,233 s on 2 cores, 3.4 GB
 * (see bench/results/tour-count.md).
 */

/** The most boundary squares a degree vector's key holds (3^16 · 3 < 2^31) and pairing ranks fit: 8 wide. */
const MAX_WIDTH = 8;

/** Whether the crossing join counts the closed tours of a `width` × `height` layout (rows across the width). */
export function crossFit(width: number, height: number, piece: Piece): boolean {
  if (height % 2 !== 0 || height < 4 || width < 2 || width > MAX_WIDTH) return false;
  if (!leapsOf(piece).every(([, dy]) => Math.abs(dy) <= 2)) return false;
  return frontierFits(crossPlan(width, height, piece).graph.reach, true);
}

/** The top half's graph and the crossing edges, from each top boundary slot to bottom slots (in the top's frame). */
export interface CrossPlan {
  width: number;
  height: number;
  /** The top half with its own edges: rows 0..m−1, the boundary (rows m−2, m−1) last. */
  graph: CountGraph;
  /** Boundary slots: 2·width. */
  slots: number;
  /** cross[j]: the bottom slots the crossing edges from top slot j reach (bottom squares named by their ρ image). */
  cross: number[][];
}

/** The halves of a `width` × `height` layout for the crossing join. */
export function crossPlan(width: number, height: number, piece: Piece): CrossPlan {
  const m = height / 2;
  const leaps = leapsOf(piece);
  const edges: Array<[number, number]> = [];
  for (let r = 0; r < m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leaps) {
        const r2 = r + dy, f2 = f + dx;
        if (r2 >= 0 && r2 < m && f2 >= 0 && f2 < width && r2 * width + f2 < r * width + f) edges.push([r2 * width + f2, r * width + f]);
      }
    }
  }
  const slots = 2 * width;
  const slotOf = (r: number, f: number): number => (r - (m - 2)) * width + f;
  const cross: number[][] = Array.from({ length: slots }, () => []);
  for (let r = m - 2; r < m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leaps) {
        const r2 = r + dy, f2 = f + dx;
        if (r2 >= m && f2 >= 0 && f2 < width) cross[slotOf(r, f)].push(slotOf(height - 1 - r2, width - 1 - f2));
      }
    }
  }
  const g = countGraphOf(m * width, width, edges);
  // The window keeps the boundary to the end.
  return { width, height, graph: { ...g, reach: Math.max(g.reach, slots) }, slots, cross };
}

/** The top half's boundary states laid out for the join: each degree vector's states side by side in memory. */
export interface CrossTable {
  plan: CrossPlan;
  /** States. */
  states: number;
  /** mates[s·slots + j]: the slot joined to slot j by a path of state s, or −1. */
  mates: Int8Array;
  /** The states' counts (exact: below 2^53). */
  counts: Float64Array;
  /** Degree vector key → [start, end) of its states. */
  groups: Map<number, readonly [number, number]>;
  /** The degree vectors joined: the smallest of each mirror pair, in a fixed order (shards split this list). */
  keys: number[];
  /** States the frontier program expanded, and the most it held at once. */
  nodes: number;
  peakStates: number;
}

/** The top half's table as a job's steps: the frontier program (`onShare` hears its share done), then the layout. */
export class CrossJob {
  readonly plan: CrossPlan;
  readonly options: FrontierOptions;
  readonly frontier: FrontierJob;

  constructor(width: number, height: number, piece: Piece) {
    if (!crossFit(width, height, piece)) {
      throw new GridbitsError('BAD_ARGUMENT', `closed tours are joined across the middle on boards of an even number of rows (at least 4), up to ${MAX_WIDTH} wide, for a leaper that moves at most two rows; got ${width}×${height}`);
    }
    this.plan = crossPlan(width, height, piece);
    this.options = { closed: true, ends: [], iface: this.plan.slots };
    this.frontier = new FrontierJob(this.plan.graph, this.options);
  }

  *steps(control: JobControl<unknown>, onShare: (share: number) => void = () => undefined): Generator<void, CrossTable, void> {
    const r = yield* this.frontier.steps(control, onShare);
    const { slots } = this.plan;
    const t = boundaryTable(r.table as StateTable, r.stored as number, slots);
    if (t.big) throw new GridbitsError('LIMIT', `the half-board's counts pass 2^53 on ${this.plan.width}×${this.plan.height}: too large for the crossing join`);
    const mates = new Int8Array(t.states * slots), counts = new Float64Array(t.states);
    for (let k = 0; k < t.states; k++) {
      const s = t.order[k];
      mates.set(t.mates.subarray(s * slots, s * slots + slots), k * slots);
      counts[k] = t.counts[s];
    }
    const mirror = mirrorOf(this.plan.width);
    const keys = t.keys.filter((key) => mirrorKey(key, mirror) >= key);
    return { plan: this.plan, states: t.states, mates, counts, groups: t.groups, keys, nodes: r.nodes, peakStates: r.peakStates };
  }
}

/** Slot j's mirror image (file f → width−1−f in the same row). */
function mirrorOf(width: number): Int8Array {
  return Int8Array.from({ length: 2 * width }, (_, j) => (j < width ? width - 1 - j : 3 * width - 1 - j));
}

/** A degree vector key (3 · Σ degree_j · 3^(slots−1−j)) of the mirror image. */
function mirrorKey(key: number, mirror: Int8Array): number {
  const slots = mirror.length;
  const d = new Int8Array(slots);
  for (let j = slots - 1, x = key / 3; j >= 0; j--, x = Math.floor(x / 3)) d[j] = x % 3;
  let out = 0;
  for (let j = 0; j < slots; j++) out = out * 3 + d[mirror[j]];
  return 3 * out;
}

/** What a run of the join did. */
export interface CrossJoinResult {
  count: bigint;
  /** Bottom states seen through a set of crossing edges. */
  seen: number;
}

/**
 * Joins the degree vectors of shard `index` of `shards` (every `shards`-th of `t.keys`), as steps of a job: one
 * work unit per bottom state seen. At each pause `onShare` hears the share of the shard's vectors done and
 * `onCount` the tours counted so far (a lower bound of the shard's count).
 */
export function* crossJoinSteps(
  t: CrossTable,
  index: number,
  shards: number,
  control: JobControl<unknown>,
  onShare: (share: number) => void = () => undefined,
  onCount: (count: bigint) => void = () => undefined,
): Generator<void, CrossJoinResult, void> {
  const join = new CrossJoin(t);
  let count = 0n;
  const mine = Math.ceil((t.keys.length - index) / shards);
  let done = 0;
  for (let k = index; k < t.keys.length; k += shards) {
    const before = join.seen;
    count += join.vector(t.keys[k]);
    done++;
    if (control.spend(join.seen - before + 1)) {
      onShare(done / mine);
      onCount(count);
      yield;
    }
  }
  onShare(1);
  return { count, seen: join.seen };
}

/** The join's scratch space, reused from one degree vector to the next. */
class CrossJoin {
  private readonly slots: number;
  private readonly weight: number[];
  private readonly mirror: Int8Array;
  /** What the top still needs at each slot from the crossing edges (2 − its top degree). */
  private readonly need: Int8Array;
  /** Crossing edges chosen so far: deg[b] at each bottom slot, to[t] the bottom slot of stub t. */
  private readonly deg: Int8Array;
  private readonly to = new Int8Array(64);
  private m = 0;
  /** Per stub: the other stub at its bottom slot when that slot takes two crossing edges, else −1. */
  private readonly other = new Int8Array(64);
  /** Per bottom slot: its first stub. */
  private readonly stubAt: Int8Array;
  private readonly second: Int8Array;
  /** Per stub: its twin at a top slot that takes two crossing edges, else −1; the top path end's index, else −1. */
  private readonly twin = new Int8Array(64);
  private readonly single = new Int8Array(64);
  /** Path end i's stub, for the top's path ends 0..ends−1. */
  private readonly endStub = new Int8Array(32);
  private readonly stubOf: Int8Array;
  private ends = 0;
  private allEnds = 0;
  private doubled = 0;
  private x = 0;
  private mx = 0;
  /** Pairings of the top's path ends seen, by rank: an open-addressing table, reset through `touched`. */
  private bits = 12;
  private hKey = new Int32Array(1 << 12).fill(-1);
  private hVal = new Float64Array(1 << 12);
  private touched = new Int32Array(1 << 12);
  private nTouched = 0;
  private readonly pairing = new Int8Array(32);
  private readonly topMate = new Int8Array(32);
  seen = 0;

  constructor(private readonly t: CrossTable) {
    const slots = t.plan.slots;
    this.slots = slots;
    this.weight = Array.from({ length: slots }, (_, j) => 3 ** (slots - 1 - j));
    this.mirror = mirrorOf(t.plan.width);
    this.need = new Int8Array(slots);
    this.deg = new Int8Array(slots);
    this.stubAt = new Int8Array(slots);
    this.second = new Int8Array(slots);
    this.stubOf = new Int8Array(slots);
  }

  /** The tours whose top degrees are `key`'s, with those of their orbit's other pairs (see above). */
  vector(key: number): bigint {
    const { slots, need, t } = this;
    for (let j = slots - 1, x = key / 3; j >= 0; j--, x = Math.floor(x / 3)) need[j] = 2 - (x % 3);
    this.x = key;
    this.mx = mirrorKey(key, this.mirror);
    // Stubs in the order the crossing edges are chosen: file by file, row m−2 before row m−1.
    const w = t.plan.width;
    const order: number[] = [];
    for (let f = 0; f < w; f++) for (const j of [f, w + f]) if (need[j] > 0) order.push(j);
    let stubs = 0;
    this.ends = 0;
    this.doubled = 0;
    for (const j of order) {
      this.stubOf[j] = stubs;
      if (need[j] === 2) {
        this.twin[stubs] = stubs + 1;
        this.twin[stubs + 1] = stubs;
        this.single[stubs] = this.single[stubs + 1] = -1;
        this.doubled++;
      } else {
        this.twin[stubs] = -1;
        this.single[stubs] = this.ends;
        this.endStub[this.ends++] = stubs;
      }
      stubs += need[j];
    }
    // Every top state has a path (rows 0..m−3 are covered), so its ends take crossing edges.
    if (this.ends === 0) return 0n;
    this.allEnds = this.ends === 32 ? -1 : (1 << this.ends) - 1;
    this.m = 0;
    this.nTouched = 0;
    this.choose(order, 0);
    if (this.nTouched === 0) return 0n;
    // Each top state of these degrees against each pairing seen: one cycle through all the path ends?
    const [t0, t1] = t.groups.get(key) ?? [0, 0];
    const { mates, counts } = t;
    const { hKey, hVal, touched, pairing, topMate, single, stubOf } = this;
    const ends = this.ends;
    const n = this.nTouched;
    const ranks = new Int32Array(n);
    const sums = new Float64Array(n);
    for (let e = 0; e < n; e++) {
      ranks[e] = hKey[touched[e]];
      sums[e] = hVal[touched[e]];
      hKey[touched[e]] = -1;
      if (sums[e] > Number.MAX_SAFE_INTEGER) throw pastExact();
    }
    const pairings = new Int8Array(n * ends);
    for (let e = 0; e < n; e++) {
      unrank(ranks[e], ends, pairing);
      pairings.set(pairing.subarray(0, ends), e * ends);
    }
    let sum = 0;
    for (let k = t0; k < t1; k++) {
      const base = k * slots;
      for (const j of order) if (need[j] === 1) topMate[single[stubOf[j]]] = single[stubOf[mates[base + j]]];
      let inner = 0;
      for (let e = 0; e < n; e++) {
        const o = e * ends;
        let x = 0, len = 0;
        do {
          x = topMate[pairings[o + x]];
          len += 2;
        } while (x !== 0);
        if (len === ends) inner += sums[e];
      }
      sum += counts[k] * inner;
    }
    if (sum > Number.MAX_SAFE_INTEGER) throw pastExact();
    return BigInt(sum);
  }

  /** Chooses the crossing edges of top slot order[i] onwards (each slot its `need`), then joins. */
  private choose(order: number[], i: number): void {
    if (i === order.length) return this.chosen();
    const j = order[i], xs = this.t.plan.cross[j], deg = this.deg, to = this.to;
    for (let p = 0; p < xs.length; p++) {
      if (deg[xs[p]] === 2) continue;
      if (this.need[j] === 1) {
        deg[xs[p]]++;
        to[this.m++] = xs[p];
        this.choose(order, i + 1);
        this.m--;
        deg[xs[p]]--;
        continue;
      }
      for (let q = p + 1; q < xs.length; q++) {
        if (deg[xs[q]] === 2) continue;
        deg[xs[p]]++;
        deg[xs[q]]++;
        to[this.m++] = xs[p];
        to[this.m++] = xs[q];
        this.choose(order, i + 1);
        this.m -= 2;
        deg[xs[p]]--;
        deg[xs[q]]--;
      }
    }
  }

  /** A set of crossing edges chosen: the bottom states with the degrees it leaves, seen from the top. */
  private chosen(): void {
    const { slots, deg, weight, mirror, to, other, stubAt, second, twin, single, endStub } = this;
    let y = 0, my = 0;
    for (let j = 0; j < slots; j++) {
      y += (2 - deg[j]) * weight[j];
      my += (2 - deg[mirror[j]]) * weight[j];
    }
    y *= 3;
    my *= 3;
    const [b0, b1] = this.t.groups.get(y) ?? [0, 0];
    if (b0 === b1) return;
    // Only the smallest of the pair's images (x, y), (mx, my), (y, x), (my, mx) is joined, for all of them.
    const { x, mx } = this;
    if (x > y || (x === mx && y > my) || x > my || (x === my && y > mx)) return;
    const images = distinctImages(x, y, mx, my);
    const m = this.m;
    stubAt.fill(-1);
    for (let s = 0; s < m; s++) {
      if (stubAt[to[s]] < 0) stubAt[to[s]] = s;
      else second[to[s]] = s;
    }
    for (let s = 0; s < m; s++) {
      const b = to[s];
      other[s] = deg[b] === 2 ? (stubAt[b] === s ? second[b] : stubAt[b]) : -1;
    }
    const { mates, counts } = this.t;
    const ends = this.ends, allEnds = this.allEnds, doubled = this.doubled;
    for (let k = b0; k < b1; k++) {
      this.seen++;
      const base = k * slots;
      // From the smallest path end left, through the bottom's paths (and the top squares that take both their
      // edges from the bottom) to its mate, ranking the pairing on the way: that end's mate among those left.
      let left = allEnds, rank = 0, n = ends, passed = 0;
      while (left !== 0) {
        const i = 31 - Math.clz32(left & -left);
        left &= ~(1 << i);
        let s = endStub[i], mate: number;
        for (;;) {
          const o = other[s];
          const u = o >= 0 ? o : stubAt[mates[base + to[s]]];
          const tw = twin[u];
          if (tw < 0) {
            mate = single[u];
            break;
          }
          s = tw;
          passed++;
        }
        rank = rank * (n - 1) + popcount(left & ((1 << mate) - 1));
        left &= ~(1 << mate);
        n -= 2;
      }
      // A top square passed by none of these walks lies on a cycle of its own: no tour.
      if (passed !== doubled) continue;
      this.add(rank, images * counts[k]);
    }
  }

  private add(rank: number, c: number): void {
    const mask = (1 << this.bits) - 1;
    let h = Math.imul(rank, 0x9e3779b1) >>> (32 - this.bits);
    for (;;) {
      const e = this.hKey[h];
      if (e === rank) {
        this.hVal[h] += c;
        return;
      }
      if (e < 0) {
        this.hKey[h] = rank;
        this.hVal[h] = c;
        this.touched[this.nTouched++] = h;
        if (2 * this.nTouched > mask) this.grow();
        return;
      }
      h = (h + 1) & mask;
    }
  }

  private grow(): void {
    const { hKey, hVal, touched, nTouched } = this;
    this.bits++;
    const size = 1 << this.bits, mask = size - 1;
    this.hKey = new Int32Array(size).fill(-1);
    this.hVal = new Float64Array(size);
    this.touched = new Int32Array(size);
    this.nTouched = 0;
    for (let i = 0; i < nTouched; i++) {
      const r = hKey[touched[i]];
      let h = Math.imul(r, 0x9e3779b1) >>> (32 - this.bits);
      while (this.hKey[h] >= 0) h = (h + 1) & mask;
      this.hKey[h] = r;
      this.hVal[h] = hVal[touched[i]];
      this.touched[this.nTouched++] = h;
    }
  }
}

function pastExact(): GridbitsError {
  return new GridbitsError('LIMIT', 'the crossing join\'s sums pass 2^53, where doubles stop being exact');
}

/** How many distinct pairs are among (x, y), (mx, my), (y, x), (my, mx). */
function distinctImages(x: number, y: number, mx: number, my: number): number {
  const ps: Array<[number, number]> = [[x, y], [mx, my], [y, x], [my, mx]];
  let n = 0;
  for (let i = 0; i < 4; i++) {
    let fresh = true;
    for (let j = 0; j < i; j++) if (ps[j][0] === ps[i][0] && ps[j][1] === ps[i][1]) fresh = false;
    if (fresh) n++;
  }
  return n;
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The pairing of `ends` path ends (a mate for each, into `out`) with rank `rank` (see `chosen`). */
function unrank(rank: number, ends: number, out: Int8Array): void {
  const digits = new Array<number>(ends / 2);
  for (let d = digits.length - 1, n = 2; d >= 0; d--, n += 2) {
    digits[d] = rank % (n - 1);
    rank = Math.floor(rank / (n - 1));
  }
  let left = ends === 32 ? -1 : (1 << ends) - 1;
  for (const d of digits) {
    const i = 31 - Math.clz32(left & -left);
    left &= ~(1 << i);
    let rest = left;
    for (let c = d; c > 0; c--) rest &= rest - 1;
    const mate = 31 - Math.clz32(rest & -rest);
    out[i] = mate;
    out[mate] = i;
    left &= ~(1 << mate);
  }
}
