// Closed tours counted as two half-boards joined at their boundary (meet in the middle), using the board's symmetry.
import { GridbitsError } from '../core/error.js';
import { finishedValue, job, type JobControl } from '../core/job.js';
import { countGraphOf, leapsOf, type CountGraph } from './count-graph.js';
import { FrontierJob } from './count-frontier.js';
import type { StateTable } from './count-table.js';
import type { Piece } from '../pieces/piece.js';

/*
 * A board of `width` × 2m squares, rows across the width, turned half a turn (ρ: row r → 2m−1−r, file
 * f → width−1−f) maps onto itself. Its edges are split into two sets that ρ swaps: the top part takes the
 * edges among rows 0..m−1, the edges from row m−2 to row m, and half of the edges between rows m−1 and m; the
 * bottom part is the image of the top part. The boundary is rows m−1 and m: the squares where both parts meet.
 *
 * A closed tour splits into its top edges and its bottom edges: on the top part, vertex-disjoint paths that
 * cover rows 0..m−2 with two edges each and end on the boundary; the same below. The frontier program run on
 * the top part with the boundary left open (FrontierOptions.iface) counts, for each boundary state (the top
 * degree of every boundary square and which path ends are joined), the top parts that give it. By symmetry the
 * same table, turned by ρ, counts the bottom parts. A top state s and a bottom state t make a tour when every
 * boundary square's degrees add up to two and the pairs of ends of s and t join into a single cycle; the count
 * is the sum of count(s)·count(t) over such pairs, grouped by degrees so that only matching groups meet.
 *
 * Edges between rows m−1 and m that ρ maps onto themselves (on odd widths) cannot be split this way, so the
 * method takes even widths only.
 */

/** The top part's graph: vertices of rows 0..m in the counting layout, the boundary last (rows m−1, m). */
export interface HalfPlan {
  graph: CountGraph;
  width: number;
  /** Boundary squares: the last 2·width vertices of `graph`. */
  boundary: number;
}

/** Whether the halves method counts closed tours of this layout (rows across `width`, `height` rows). */
export function halvesFit(width: number, height: number, piece: Piece): boolean {
  if (width % 2 !== 0 || height % 2 !== 0 || height < 4 || width < 2) return false;
  // The boundary must hold every edge between the halves: the leaper moves at most two rows.
  return leapsOf(piece).every(([dx, dy]) => Math.abs(dy) <= 2 && Math.abs(dx) <= width);
}

/** The top part of a `width` × `height` layout (rows across the width) for the piece's leaps. */
export function halfPlan(width: number, height: number, piece: Piece): HalfPlan {
  if (!halvesFit(width, height, piece)) throw new GridbitsError('BAD_ARGUMENT', `the halves method needs an even width and height (at least 4 rows) and a leaper that moves at most two rows; got ${width}×${height}`);
  const m = height / 2;
  const at = (r: number, f: number): number => r * width + f;
  const rho = (r: number, f: number): [number, number] => [height - 1 - r, width - 1 - f];
  const top: Array<[number, number]> = [];
  const seen = new Set<string>();
  for (let r = 0; r <= m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leapsOf(piece)) {
        const r2 = r + dy, f2 = f + dx;
        if (r2 < 0 || r2 > r || f2 < 0 || f2 >= width || (r2 === r && f2 >= f)) continue;
        // The edge (r2, f2)–(r, f) with r2 ≤ r: whose is it?
        const lo = Math.min(r, r2), hi = Math.max(r, r2);
        let mine: boolean;
        if (hi <= m - 1) mine = true;
        else if (lo === m - 2 && hi === m) mine = true;
        else if (lo === m - 1 && hi === m) {
          // Split the edges between rows m−1 and m with their images under ρ: keep the one whose key is smaller.
          const [ra, fa] = r2 === m - 1 ? [r2, f2] : [r, f];
          const [, fb] = r2 === m - 1 ? [r, f] : [r2, f2];
          const [, ia] = rho(m, fb), [, ib] = rho(m - 1, fa);
          // ρ maps (m−1, fa)–(m, fb) to (m−1, ia)–(m, ib).
          if (ia === fa && ib === fb) throw new GridbitsError('BAD_ARGUMENT', 'an edge between the halves maps onto itself; the halves method needs an even width');
          mine = fa < ia || (fa === ia && fb < ib);
          void ra;
        } else mine = false;
        if (!mine) continue;
        const key = `${at(r2, f2)}-${at(r, f)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        top.push([at(r2, f2), at(r, f)]);
      }
    }
  }
  return { graph: countGraphOf((m + 1) * width, width, top), width, boundary: 2 * width };
}

/** What the halves method found. */
export interface HalvesResult {
  /** Undirected closed tours. */
  count: bigint;
  /** States expanded by the frontier program on the top part. */
  nodes: number;
  /** Most states it held at once. */
  peakStates: number;
  /** Boundary states of the top part. */
  boundaryStates: number;
  /** Pairs of top and bottom states compared at the join. */
  pairs: number;
}

/** Counts closed tours of a `width` × `height` layout by halves (see above), to the end in one go. */
export function halvesCount(width: number, height: number, piece: Piece): HalvesResult {
  return finishedValue(job((ctl) => halvesSteps(width, height, piece, ctl)).runSync());
}

/** The count as steps of a job: the top part's frontier program, then the join (all of it, one shard). */
export function* halvesSteps(width: number, height: number, piece: Piece, control: JobControl<unknown>): Generator<void, HalvesResult, void> {
  const top = yield* boundaryTableSteps(width, height, piece, control);
  const { count, pairs } = joinShard(top, 0, 1);
  return { count, nodes: top.nodes, peakStates: top.peakStates, boundaryStates: top.states, pairs };
}

/**
 * The top part's boundary states, ready to be joined: each state's degrees (a base-3 number over the boundary
 * slots), the mate of each path end, its count, and the states grouped by degrees.
 */
export interface BoundaryTable {
  /** Boundary squares (slots). */
  B: number;
  states: number;
  /** mates[s·B + j]: the slot joined to slot j by a path of state s, or −1 (no path end there). */
  mates: Int8Array;
  /** Counts as doubles (exact below 2^53) and as BigInts. */
  counts: Float64Array;
  countsBig: bigint[];
  /** Whether some count passes 2^53. */
  big: boolean;
  /** The groups: degrees → [start, end) in `order`. */
  groups: Map<number, [number, number]>;
  /** The degrees of each group in a fixed order (the shards split this list). */
  keys: number[];
  order: Int32Array;
  nodes: number;
  peakStates: number;
}

/** The top part's frontier program as steps of a job, and its boundary states grouped for the join. */
export function* boundaryTableSteps(width: number, height: number, piece: Piece, control: JobControl<unknown>, onShare: (share: number) => void = () => undefined): Generator<void, BoundaryTable, void> {
  const plan = halfPlan(width, height, piece);
  const fj = new FrontierJob(plan.graph, { closed: true, ends: [], iface: plan.boundary });
  const r = yield* fj.steps(control, onShare);
  return { ...boundaryTable(r.table as StateTable, r.stored as number, plan.boundary), nodes: r.nodes, peakStates: r.peakStates };
}

const DONE = 2;

/** Boundary slot j (0..B−1, vertex n−B+j) is row m−1 for j < width and row m after. */
export function boundaryTable(table: StateTable, stored: number, B: number): Omit<BoundaryTable, 'nodes' | 'peakStates'> {
  const n = table.size;
  const off = stored - B;
  const degKey = new Float64Array(n);
  const mates = new Int8Array(n * B);
  const counts = new Float64Array(n);
  const countsBig: bigint[] = [];
  let big = false;
  const e = table.e;
  const label = new Int8Array(16);
  let k = 0;
  for (let i = 0; i < table.capacity; i++) {
    const at = 4 * i;
    const c0 = e[at + 2], c1 = e[at + 3];
    if ((c0 | c1) === 0) continue;
    const k0 = e[at], k1 = e[at + 1];
    label.fill(-1);
    let key = 0;
    for (let j = 0; j < stored; j++) {
      const x = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
      if (j < off) {
        if (x !== DONE) throw new Error('a square before the boundary is not finished');
        continue;
      }
      const b = j - off;
      const d = x === 0 ? 0 : x === DONE ? 2 : 1;
      key = key * 3 + d;
      mates[k * B + b] = -1;
      if (d === 1) {
        const other = label[x];
        if (other < 0) label[x] = b;
        else {
          mates[k * B + b] = other;
          mates[k * B + other] = b;
        }
      }
    }
    degKey[k] = key;
    const c = c1 * 2 ** 32 + c0;
    if (c > Number.MAX_SAFE_INTEGER) big = true;
    counts[k] = c;
    countsBig[k] = (BigInt(c1) << 32n) | BigInt(c0);
    k++;
  }
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => degKey[a] - degKey[b]);
  const groups = new Map<number, [number, number]>();
  const keys: number[] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && degKey[order[j]] === degKey[order[i]]) j++;
    groups.set(degKey[order[i]], [i, j]);
    keys.push(degKey[order[i]]);
    i = j;
  }
  return { B, states: n, mates, counts, countsBig, big, groups, keys, order };
}

/**
 * Shard `index` of `shards` of the join: the sum over the top states s of the groups index, index + shards, …
 * and the bottom states ρ(t) that make one cycle with them, of count(s)·count(t). ρ maps slot j to B−1−j, so
 * t must have, at slot B−1−j, two minus the degree of s at j. The shards' sums add up to the count.
 */
export function joinShard(top: BoundaryTable, index: number, shards: number, bottom: BoundaryTable = top): { count: bigint; pairs: number } {
  const { B, mates, counts, countsBig, big, groups, keys, order } = top;
  const { mates: matesT, countsBig: countsBigT, groups: groupsT, order: orderT } = bottom;
  const degs = new Int8Array(B);
  const mateB = new Int8Array(B);
  let total = 0n, pairs = 0;
  for (let g = index; g < keys.length; g += shards) {
    const key = keys[g];
    const [i0, i1] = groups.get(key) as [number, number];
    let rest = key;
    for (let j = B - 1; j >= 0; j--) {
      degs[j] = rest % 3;
      rest = Math.floor(rest / 3);
    }
    let want = 0;
    for (let j = 0; j < B; j++) want = want * 3 + (2 - degs[B - 1 - j]);
    const partner = groupsT.get(want);
    if (partner === undefined) continue;
    const [t0, t1] = partner;
    let first = -1, ends = 0;
    for (let j = 0; j < B; j++) {
      if (degs[j] === 1) {
        if (first < 0) first = j;
        ends++;
      }
    }
    if (ends === 0) continue;
    const p = ends / 2;
    pairs += (i1 - i0) * (t1 - t0);
    for (let b = t0; b < t1; b++) {
      const t = orderT[b];
      // The bottom state's mate of slot j: ρ(mate_t(ρ(j))).
      for (let j = 0; j < B; j++) {
        const mt = matesT[t * B + (B - 1 - j)];
        mateB[j] = mt >= 0 ? B - 1 - mt : -1;
      }
      let inner = 0, innerBig = 0n;
      for (let a = i0; a < i1; a++) {
        const s = order[a];
        const sb = s * B;
        let x = first, steps = 0;
        do {
          x = mateB[mates[sb + x]];
          steps++;
        } while (x !== first && steps <= p);
        if (steps !== p) continue;
        if (big) innerBig += countsBig[s];
        else {
          inner += counts[s];
          if (inner > 2 ** 52) {
            innerBig += BigInt(inner);
            inner = 0;
          }
        }
      }
      innerBig += BigInt(inner);
      if (innerBig > 0n) total += countsBigT[t] * innerBig;
    }
  }
  return { count: total, pairs };
}
