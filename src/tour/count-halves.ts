// Closed tours counted as two half-boards joined at their boundary (meet in the middle), using the board's symmetry.
import { GridbitsError } from '../core/error.js';
import { finishedValue, job, type JobControl } from '../core/job.js';
import { countGraphOf, leapsOf, type CountGraph } from './count-graph.js';
import { FrontierJob, type FrontierOptions } from './count-frontier.js';
import { limbsToBig, StateTable } from './count-table.js';
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
 * Some edges between rows m−1 and m may be their own image under ρ: (m−1, a)–(m, width−1−a), for a leap
 * of one row and width−1−2a files (a knight on odd widths: two of them, about the middle file; a leaper of one
 * file and one row on even widths). They cannot go to exactly one of two parts that ρ swaps, so the top part
 * takes them all, and the bottom part is the image of the top part without them. The frontier program runs
 * once, on the top part without them (the bottom part, turned by ρ); its boundary states, with every subset of
 * those edges added where the degrees and the paths allow, are the top part's. Both edges join boundary
 * squares, so adding them needs nothing but the boundary state.
 */

/** The halves of a layout: the graph the frontier program runs on, and the edges only the top part has. */
export interface HalfPlan {
  /**
   * The top part without the edges ρ maps onto themselves (so the bottom part turned by ρ): vertices of rows
   * 0..m in the counting layout, the boundary last (rows m−1, m).
   */
  graph: CountGraph;
  width: number;
  /** Boundary squares: the last 2·width vertices of `graph`. */
  boundary: number;
  /** The edges ρ maps onto themselves, as pairs of boundary slots (row m−1's, row m's): the top part's too. */
  selfImage: Array<[number, number]>;
}

/** Whether the halves method counts closed tours of this layout (rows across `width`, an even `height` of rows). */
export function halvesFit(width: number, height: number, piece: Piece): boolean {
  // The program's window holds the boundary's 2·width squares, 17 at most (the frontier program's widest).
  if (height % 2 !== 0 || height < 4 || width < 2 || width > 8) return false;
  // The boundary must hold every edge between the halves: the leaper moves at most two rows.
  return leapsOf(piece).every(([dx, dy]) => Math.abs(dy) <= 2 && Math.abs(dx) <= width);
}

/** The halves of a `width` × `height` layout (rows across the width) for the piece's leaps. */
export function halfPlan(width: number, height: number, piece: Piece): HalfPlan {
  if (!halvesFit(width, height, piece)) throw new GridbitsError('BAD_ARGUMENT', `the halves method needs an even number of rows (at least 4) and a leaper that moves at most two rows; got ${width}×${height}`);
  const m = height / 2;
  const at = (r: number, f: number): number => r * width + f;
  const top: Array<[number, number]> = [];
  const selfImage: Array<[number, number]> = [];
  const seen = new Set<number>();
  for (let r = 0; r <= m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leapsOf(piece)) {
        const r2 = r + dy, f2 = f + dx;
        // Each edge once, from its later square (r, f) back to (r2, f2).
        if (r2 < 0 || r2 > r || f2 < 0 || f2 >= width || (r2 === r && f2 >= f)) continue;
        const key = at(r2, f2) * width * height + at(r, f);
        if (seen.has(key)) continue;
        seen.add(key);
        if (r <= m - 1 || r2 === m - 2) top.push([at(r2, f2), at(r, f)]);
        else if (r2 === m - 1) {
          // (m−1, f2)–(m, f): ρ maps it to (m−1, width−1−f)–(m, width−1−f2). The smaller of the two is the top's.
          const ia = width - 1 - f, ib = width - 1 - f2;
          if (ia === f2) selfImage.push([f2, width + f]);
          else if (f2 < ia || (f2 === ia && f < ib)) top.push([at(r2, f2), at(r, f)]);
        }
        // Edges within row m, or from row m−1 to m+1: the bottom's.
      }
    }
  }
  // The program keeps the boundary squares in its window to the end: the window must hold them all, which a
  // leaper moving one row at most (reach under 2·width) would not give by itself.
  const graph = countGraphOf((m + 1) * width, width, top);
  return { graph: { ...graph, reach: Math.max(graph.reach, 2 * width) }, width, boundary: 2 * width, selfImage };
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

/** The count as steps of a job: the frontier program, then the join (all of it, one shard). */
export function* halvesSteps(width: number, height: number, piece: Piece, control: JobControl<unknown>): Generator<void, HalvesResult, void> {
  const t = yield* new HalvesJob(width, height, piece).steps(control);
  const { count, pairs } = joinHalves(t, 0, 1);
  return { count, nodes: t.nodes, peakStates: t.peakStates, boundaryStates: t.top.states, pairs };
}

/**
 * A part's boundary states, ready to be joined: each state's degrees (a base-3 number over the boundary
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
}

/**
 * The two parts' boundary states: the top part's, and the bottom part's turned by ρ (the same table where no
 * edge is its own image), with the frontier program's work.
 */
export interface HalvesTables {
  top: BoundaryTable;
  bottom: BoundaryTable;
  /** States the frontier program expanded. */
  nodes: number;
  /** Most states it held at once. */
  peakStates: number;
}

/** The halves of a layout as a job's steps: the frontier program (which a caller may checkpoint), then the tables. */
export class HalvesJob {
  readonly plan: HalfPlan;
  /** The frontier program's options (checkpoints name them). */
  readonly options: FrontierOptions;
  /** The frontier program on `plan.graph`. */
  readonly frontier: FrontierJob;
  /** `big` keeps BigInt counts from the start (tests check that path on small boards with it). */
  constructor(width: number, height: number, piece: Piece, big = false) {
    this.plan = halfPlan(width, height, piece);
    this.options = { closed: true, ends: [], iface: this.plan.boundary, ...(big ? { big } : {}) };
    this.frontier = new FrontierJob(this.plan.graph, this.options);
  }

  /** Runs the frontier program under `control` (`onShare` hears its share done), then builds both tables. */
  *steps(control: JobControl<unknown>, onShare: (share: number) => void = () => undefined): Generator<void, HalvesTables, void> {
    const r = yield* this.frontier.steps(control, onShare);
    const { plan } = this;
    const table = r.table as StateTable, stored = r.stored as number;
    const bottom = boundaryTable(table, stored, plan.boundary);
    const top = plan.selfImage.length === 0 ? bottom : boundaryTable(withEdges(table, stored, plan.boundary, plan.selfImage), stored, plan.boundary);
    return { top, bottom, nodes: r.nodes, peakStates: r.peakStates };
  }
}

/** Shard `index` of `shards` of the join of the two parts (see `joinShard`); the shards' sums add up to the count. */
export function joinHalves(t: HalvesTables, index: number, shards: number): { count: bigint; pairs: number } {
  return joinShard(t.top, index, shards, t.bottom);
}

const DONE = 2;

/** Boundary slot j (0..B−1, vertex n−B+j) is row m−1 for j < width and row m after. */
export function boundaryTable(table: StateTable, stored: number, B: number): BoundaryTable {
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
    // A table of BigInt counts (past 2^64) keeps them beside the entries.
    const cb = table.big ? table.bigCounts[i] : limbsToBig(c0, c1);
    const c = table.big ? Number(cb) : c1 * 2 ** 32 + c0;
    if (c > Number.MAX_SAFE_INTEGER) big = true;
    counts[k] = c;
    countsBig[k] = cb;
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
 * The boundary states of `table` with every subset of the edges `edges` (pairs of boundary slots) added where
 * both squares have fewer than two edges and the edge joins no path into a cycle; the counts of states that
 * become equal add up. Kept in limbs while the sums stay below 2^64, in BigInts past it.
 */
export function withEdges(table: StateTable, stored: number, B: number, edges: ReadonlyArray<readonly [number, number]>): StateTable {
  if (table.big) return addEdges(table, stored, B, edges, true);
  const limbs = addEdges(table, stored, B, edges, false);
  return limbs.overflow ? addEdges(table, stored, B, edges, true) : limbs;
}

function addEdges(table: StateTable, stored: number, B: number, edges: ReadonlyArray<readonly [number, number]>, big: boolean): StateTable {
  const out = new StateTable(big, 2 * table.size);
  const off = stored - B;
  const x = new Int8Array(stored), y = new Int8Array(stored);
  const relabel = new Int8Array(16);
  const e = table.e;
  for (let i = 0; i < table.capacity; i++) {
    const c0 = e[4 * i + 2], c1 = e[4 * i + 3];
    if ((c0 | c1) === 0) continue;
    const k0 = e[4 * i], k1 = e[4 * i + 1];
    for (let j = 0; j < stored; j++) x[j] = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
    const count = big ? (table.big ? table.bigCounts[i] : limbsToBig(c0, c1)) : 0n;
    for (let subset = 0; subset < 1 << edges.length; subset++) {
      y.set(x);
      let ok = true;
      for (let k = 0; k < edges.length && ok; k++) if ((subset >> k) & 1) ok = addEdge(y, off + edges[k][0], off + edges[k][1], relabel);
      if (!ok) continue;
      let lo = 0, hi = 0;
      for (let j = 0; j < stored; j++) {
        if (j < 8) lo |= y[j] << (4 * j);
        else hi |= y[j] << (4 * (j - 8));
      }
      if (big) out.addBig(lo >>> 0, hi >>> 0, count);
      else out.add(lo >>> 0, hi >>> 0, c0, c1);
    }
  }
  return out;
}

const FIRST_LABEL = 4, FRESH = 15;

/** Adds the edge p–q to the window `y` (4-bit values as the frontier program stores them), or false where it cannot be. */
function addEdge(y: Int8Array, p: number, q: number, relabel: Int8Array): boolean {
  const xp = y[p], xq = y[q];
  if (xp === DONE || xq === DONE) return false;
  if (xp === 0 && xq === 0) {
    y[p] = FRESH;
    y[q] = FRESH;
  } else if (xp === 0) {
    y[p] = xq;
    y[q] = DONE;
  } else if (xq === 0) {
    y[q] = xp;
    y[p] = DONE;
  } else {
    // Two ends of one path would close a cycle within one part, which leaves the other part's squares out.
    if (xp === xq) return false;
    for (let j = 0; j < y.length; j++) if (j !== q && y[j] === xq) y[j] = xp;
    y[p] = DONE;
    y[q] = DONE;
  }
  // Labels renumbered in order of first appearance, as the frontier program keeps them.
  relabel.fill(0);
  let next = FIRST_LABEL;
  for (let j = 0; j < y.length; j++) {
    const v = y[j];
    if (v < FIRST_LABEL) continue;
    if (relabel[v] === 0) relabel[v] = next++;
    y[j] = relabel[v];
  }
  return true;
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
