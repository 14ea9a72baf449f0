// Tours counted as two half-boards joined at their boundary (meet in the middle), using the board's symmetry.
//
// Method: half-tours joined at a boundary (meet in the middle), as in McKay's count of the 8×8 knight's tours:
// each half's sets of disjoint paths are tabulated by the state they leave on the boundary, here by the
// frontier-based search (count-frontier.ts), and pairs of states that close into one tour are counted. On an
// even number of rows the half turn makes one table serve both halves; open tours are cycles through one added
// vertex.
// Source: B. D. McKay, "Knight's tours of an 8×8 chessboard", Technical Report TR-CS-97-03, Department of
// Computer Science, Australian National University, 1997.
import { GridbitsError } from '../core/error.js';
import { finishedValue, job, type JobControl } from '../core/job.js';
import { countGraphOf, leapsOf, type CountGraph } from './count-graph.js';
import { FrontierSearch, frontierFits, type FrontierOptions } from './count-frontier.js';
import { IntIndex } from '../core/int-index.js';
import { AsideWork } from '../core/pace.js';
import { limbsToBig, StateTable, tableSteps } from './count-table.js';
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
 *
 * Open tours (Hamiltonian paths) are the same with one more vertex, the apex, joined to every square: a path
 * of the board and its two end squares' edges to the apex are one Hamiltonian cycle of the board with the
 * apex, and each cycle through the apex is one path. A square off the boundary that is an end of the path has
 * its apex edge in its own part; the frontier program's open-path state already says where those are: a
 * boundary square whose fragment runs to such an end is ROOTED, so the part's apex degree is the number of
 * ROOTED squares (a fragment with both ends off the boundary would be the whole path, which the program drops).
 * A boundary square whose degrees add up to one is an end too: its apex edge is decided at the join. So a top
 * state s and a bottom state t make a path when every boundary square's degrees add up to one or two, the
 * apex's degree (ROOTED squares of s and of t, and squares of degree one) is exactly two, and the fragments of
 * s and t with the apex's edges form a single cycle through the apex.
 *
 * A board of an odd number 2m+1 of rows has no half turn that swaps two parts, but the same boundary works.
 * Take rows m−1 and m (rows m and m+1 counted from the far side): the top part is the top part of the board
 * one row taller (rows 0..m−1, rows m−2 to m, half of rows m−1 to m, and the self-image edges), the bottom part
 * is the top part of the board one row shorter turned by the odd board's half turn (rows m+1..2m, rows m−1 to
 * m+1, the other half of rows m−1 to m, where that board's rule picks the images of the pairs the taller one
 * left). Every edge is in exactly one part and the bottom's boundary, turned, is the top's, slot for slot as
 * for an even board. So two frontier programs, one per board, give the two tables, and the join is the same
 * (5×5 open: 1,728; 6×7 closed: 1,067,638, as the whole board's program).
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

/**
 * Whether the halves method counts the tours (closed or open) of this layout (rows across `width`): an even
 * `height` of at least 4 rows, or an odd one of at least 5 (see `HalvesSearch`).
 */
export function halvesFit(width: number, height: number, piece: Piece): boolean {
  if (height % 2 !== 0) return height >= 5 && evenFit(width, height + 1, piece) && evenFit(width, height - 1, piece);
  return evenFit(width, height, piece);
}

function notFit(width: number, height: number): GridbitsError {
  return new GridbitsError(
    'BAD_ARGUMENT',
    `the halves method needs at least 4 rows and a leaper that moves at most two rows; got ${width}×${height}`,
  );
}

function evenFit(width: number, height: number, piece: Piece): boolean {
  if (height % 2 !== 0 || height < 4 || width < 2 || width > 8) return false;
  // The boundary must hold every edge between the halves: the leaper moves at most two rows.
  const leaps = leapsOf(piece);
  if (!leaps.every(([, dy]) => Math.abs(dy) <= 2)) return false;
  // The program's window holds the boundary's 2·width squares and the top part's longest edge (as the whole
  // board's: every leap appears in rows 0..m): at most 17 (a knight 8 wide).
  let reach = 2 * width;
  for (const [dx, dy] of leaps) if (Math.abs(dx) < width) reach = Math.max(reach, Math.abs(dy) * width + Math.abs(dx));
  return frontierFits(reach);
}

/** The halves of a `width` × `height` layout (rows across the width) for the piece's leaps. */
export function halfPlan(width: number, height: number, piece: Piece): HalfPlan {
  if (!evenFit(width, height, piece)) throw notFit(width, height);
  const m = height / 2;
  const at = (r: number, f: number): number => r * width + f;
  const top: Array<[number, number]> = [];
  const selfImage: Array<[number, number]> = [];
  const seen = new Set<number>();
  for (let r = 0; r <= m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leapsOf(piece)) {
        const r2 = r + dy,
          f2 = f + dx;
        // Each edge once, from its later square (r, f) back to (r2, f2).
        if (r2 < 0 || r2 > r || f2 < 0 || f2 >= width || (r2 === r && f2 >= f)) continue;
        const key = at(r2, f2) * width * height + at(r, f);
        if (seen.has(key)) continue;
        seen.add(key);
        if (r <= m - 1 || r2 === m - 2) top.push([at(r2, f2), at(r, f)]);
        else if (r2 === m - 1) {
          // (m−1, f2)–(m, f): ρ maps it to (m−1, width−1−f)–(m, width−1−f2). The smaller of the two is the top's.
          const ia = width - 1 - f,
            ib = width - 1 - f2;
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
  /** Undirected closed tours, or undirected open ones (Hamiltonian paths; directed tours are twice as many). */
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

/** Counts closed (or open) tours of a `width` × `height` layout by halves (see above), to the end in one go. */
export function halvesCount(width: number, height: number, piece: Piece, closed = true): HalvesResult {
  return finishedValue(job((ctl) => halvesSteps(width, height, piece, ctl, closed)).runSync());
}

/** The count as steps of a job: the frontier program, then the join (all of it, one shard). */
function* halvesSteps(
  width: number,
  height: number,
  piece: Piece,
  control: JobControl<unknown>,
  closed = true,
): Generator<void, HalvesResult, void> {
  const t = yield* new HalvesSearch(width, height, piece, false, closed).steps(control);
  const { count, pairs } = yield* joinHalvesSteps(t, 0, 1, control);
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
  /**
   * mates[s·B + j]: the slot joined to slot j by a path of state s, APEX (−2) where that path runs to an end
   * of the tour off the boundary (open tours), or −1 (no path end there).
   */
  mates: Int8Array;
  /** rooted[s]: a slot of state s whose mate is APEX, or −1. */
  rooted: Int8Array;
  /** Counts as doubles (exact below 2^53), and as BigInts where some count passes it (`big`; else empty). */
  counts: Float64Array;
  countsBig: bigint[];
  /** Whether some count passes 2^53. */
  big: boolean;
  /** The states grouped by their degrees (and the ROOTED squares' number), the groups in the order of their keys. */
  groups: StateGroups;
}

/**
 * A part's states grouped by degrees: each group's key (see `stateKey`) and the [start, end) of its states, by
 * group, in typed arrays, and the group of each key. Typed arrays, not a pair per group: an 8×8 part has 716,176
 * groups, as many objects for the collector to move and trace. The shards split the groups by their place here.
 */
export interface StateGroups {
  keys: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** Key → its group (its place in the arrays); -1 for a key of no group. */
  at: IntIndex;
}

/**
 * The two parts' boundary states: the top part's, and the bottom part's turned by ρ (the same table where no
 * edge is its own image), with the frontier program's work.
 */
export interface HalvesTables {
  top: BoundaryTable;
  bottom: BoundaryTable;
  /** Closed tours, or open ones (the join then adds the apex, see above). */
  closed: boolean;
  /** States the frontier program expanded. */
  nodes: number;
  /** Most states it held at once. */
  peakStates: number;
}

/** The halves of a layout as a job's steps: the frontier program (which a caller may checkpoint), then the tables. */
export class HalvesSearch {
  /** The top part's (on an odd number of rows: that of the board one row taller). */
  readonly plan: HalfPlan;
  /** On an odd number of rows, the bottom part's: the top part of the board one row shorter; else null. */
  readonly bottomPlan: HalfPlan | null;
  /** The frontier program's options (checkpoints name them). */
  readonly options: FrontierOptions;
  /** The frontier program on `plan.graph` (on an odd number of rows the bottom's runs first, not checkpointed). */
  readonly frontier: FrontierSearch;
  /**
   * `big` keeps BigInt counts from the start (tests check that path on small boards with it); `closed` false counts
   * open tours; `maxStates`: the frontier program's cap (see FrontierOptions).
   */
  constructor(
    width: number,
    height: number,
    piece: Piece,
    big = false,
    readonly closed = true,
    maxStates?: number,
  ) {
    if (!halvesFit(width, height, piece)) throw notFit(width, height);
    const odd = height % 2 !== 0;
    this.plan = halfPlan(width, odd ? height + 1 : height, piece);
    this.bottomPlan = odd ? halfPlan(width, height - 1, piece) : null;
    this.options = {
      closed,
      ends: [],
      iface: this.plan.boundary,
      ...(big ? { big } : {}),
      ...(maxStates !== undefined ? { maxStates } : {}),
    };
    this.frontier = new FrontierSearch(this.plan.graph, this.options);
  }

  /** On an odd number of rows, the bottom part's program while it runs. */
  private lower: FrontierSearch | null = null;
  /** What the bottom part's program did, once it has run: squares off the boundary, states expanded, most at once. */
  private lowerDone = { squares: 0, nodes: 0, peakStates: 0 };

  /** Runs the frontier program under `control` (`onShare` hears its share done), then builds both tables. */
  *steps(
    control: JobControl<unknown>,
    onShare: (share: number) => void = () => undefined,
  ): Generator<void, HalvesTables, void> {
    const { plan, bottomPlan } = this;
    let bottom: BoundaryTable | null = null;
    if (bottomPlan !== null) {
      // The shorter board's program: a resumed count runs it again (a small part of the work, BOTTOM_SHARE).
      this.lower = new FrontierSearch(bottomPlan.graph, this.options);
      const r = yield* this.lower.steps(control, (share) => onShare(share * BOTTOM_SHARE));
      bottom = yield* boundaryTableSteps(r.table as StateTable, r.stored as number, bottomPlan.boundary, control);
      this.lowerDone = { squares: bottomPlan.graph.n - bottomPlan.boundary, nodes: r.nodes, peakStates: r.peakStates };
      this.lower = null;
    }
    const before = bottomPlan === null ? 0 : BOTTOM_SHARE;
    const r = yield* this.frontier.steps(control, (share) => onShare(before + share * (1 - before)));
    const table = r.table as StateTable,
      stored = r.stored as number;
    const own = yield* boundaryTableSteps(table, stored, plan.boundary, control);
    const top =
      plan.selfImage.length === 0
        ? own
        : yield* boundaryTableSteps(
            yield* withEdgesSteps(table, stored, plan.boundary, plan.selfImage, control),
            stored,
            plan.boundary,
            control,
          );
    this.frontier.release();
    return {
      top,
      bottom: bottom ?? own,
      closed: this.closed,
      nodes: this.lowerDone.nodes + r.nodes,
      peakStates: Math.max(this.lowerDone.peakStates, r.peakStates),
    };
  }

  /** Squares the programs have added: the bottom part's off the boundary (odd rows), then the top part's. */
  get squaresAdded(): number {
    if (this.bottomPlan !== null && this.lowerDone.squares === 0)
      return Math.min(this.lower?.squaresAdded ?? 0, this.bottomPlan.graph.n - this.plan.boundary);
    return this.lowerDone.squares + this.frontier.squaresAdded;
  }

  /** The most states a program has held at once so far. */
  get peakStates(): number {
    return Math.max(this.lowerDone.peakStates, this.lower?.peakStates ?? 0, this.frontier.peakStates);
  }

  /** The programs' forecast share of their work done (0..1). */
  get shareDone(): number {
    if (this.bottomPlan === null) return this.frontier.shareDone;
    if (this.lowerDone.squares === 0) return (this.lower?.shareDone ?? 0) * BOTTOM_SHARE;
    return BOTTOM_SHARE + this.frontier.shareDone * (1 - BOTTOM_SHARE);
  }
}

/**
 * The share of an odd board's count the shorter board's program takes: its states are a few percent of the
 * taller one's (5×7 open: 31,986 boundary states against 154,118; 7×7 open: see bench/results/tour-count.md).
 */
const BOTTOM_SHARE = 0.1;

/**
 * Shard `index` of `shards` of the join of the two parts (see `joinShard`); the shards' sums add up to the
 * count (undirected, open tours too). To the end in one go (tests); see `joinHalvesSteps` for a job's steps.
 */
export function joinHalves(t: HalvesTables, index: number, shards: number): { count: bigint; pairs: number } {
  return finishedValue(job((ctl) => joinHalvesSteps(t, index, shards, ctl)).runSync());
}

/**
 * As `joinHalves`, as steps of a job: the pairs it compares are paced as its other work (not counted as nodes);
 * `onShare` hears the share of the shard's groups of top states joined at each pause.
 */
export function joinHalvesSteps(
  t: HalvesTables,
  index: number,
  shards: number,
  control: JobControl<unknown>,
  onShare: (share: number) => void = () => undefined,
): Generator<void, { count: bigint; pairs: number }, void> {
  return joinShard(t.top, index, shards, control, onShare, t.bottom, t.closed ? 0 : 2);
}

/**
 * Pacing of the work outside the frontier program (see AsideWork): entries of a table read, or pairs of states
 * compared, between two looks at the job's pacing (about a tenth of a millisecond), and how many of them take
 * about as long as a state expanded.
 */
const SCAN_PIECE = 1 << 9;
const SCAN_PER_NODE = 4;
const PAIRS_PIECE = 1 << 13;
const PAIRS_PER_NODE = 32;

const DONE = 2,
  ROOTED = 3;
/** A mate that is the apex: the path runs from this slot to an end of the tour off the boundary. */
export const APEX = -2;

/** A group's key: the degrees as a base-3 number over the slots, times 3, plus the ROOTED squares' number (0..2). */
function stateKey(degrees: number, rooted: number): number {
  return degrees * 3 + rooted;
}

/**
 * The degrees of a group's key, slot by slot, into `out` (its length: the slots); the key's rooted number is key % 3.
 */
export function keyDegrees(key: number, out: Int8Array): Int8Array {
  for (let j = out.length - 1, x = Math.floor(key / 3); j >= 0; j--, x = Math.floor(x / 3)) out[j] = x % 3;
  return out;
}

/** Boundary slot j (0..B−1, vertex n−B+j) is row m−1 for j < width and row m after. To the end in one go (tests). */
export function boundaryTable(table: StateTable, stored: number, B: number): BoundaryTable {
  return finishedValue(job((ctl) => boundaryTableSteps(table, stored, B, ctl)).runSync());
}

/**
 * A part's boundary states from the frontier program's last table, as steps of a job: two passes over the
 * table in pieces, paced as the job's other work (not counted as nodes).
 */
export function* boundaryTableSteps(
  table: StateTable,
  stored: number,
  B: number,
  control: JobControl<unknown>,
): Generator<void, BoundaryTable, void> {
  const b = new BoundaryBuilder(table, stored, B);
  const aside = new AsideWork(control, SCAN_PER_NODE);
  const cap = table.capacity;
  for (let i = 0; i < cap; i += SCAN_PIECE) {
    // Room in the key index for every group the piece could meet, made between pauses.
    while (b.index.wantsRoom(SCAN_PIECE)) if (aside.spend(b.index.growPart() ? 0 : SCAN_PIECE)) yield;
    b.group(i, Math.min(cap, i + SCAN_PIECE));
    if (aside.spend(SCAN_PIECE)) yield;
  }
  // The groups in the order of their keys, then where each group's states go.
  const order = yield* keyOrder(b.groupKeys(), aside);
  for (let i = 0; i < order.length; i += SCAN_PIECE) {
    b.place(order, i, Math.min(order.length, i + SCAN_PIECE));
    if (aside.spend(SCAN_PIECE)) yield;
  }
  b.allocate();
  for (let i = 0; i < cap; i += SCAN_PIECE) {
    b.fill(i, Math.min(cap, i + SCAN_PIECE));
    if (aside.spend(SCAN_PIECE)) yield;
  }
  return b.result();
}

/** The two passes of `boundaryTableSteps`, each over a stretch of the table at a time. */
class BoundaryBuilder {
  private readonly n: number;
  private readonly off: number;
  private readonly label = new Int8Array(16);
  /**
   * The states are laid out group by group (keys ascending), in the table's order within a group: a counting
   * sort over the groups, so nothing per state is left for the garbage collector (8×8: 88 million states).
   */
  private readonly groupOf: Int32Array;
  /** Key → group: in the order the first pass met them, then (once placed) in the order of their keys. */
  readonly index = new IntIndex();
  /** Groups met by the first pass; their sizes and keys, by group in that order (grown by doubling). */
  private found = 0;
  private sizes = new Int32Array(64);
  private keyOf = new Int32Array(64);
  private big = false;
  /** States seen by the first pass, and placed by the second. */
  private k1 = 0;
  private k2 = 0;
  /** The groups in the order of their keys. */
  private keys = new Int32Array(0);
  private starts = new Int32Array(0);
  private ends = new Int32Array(0);
  /** The first state of each group (by the first pass's order), then (second pass) the next state to place in it. */
  private next = new Int32Array(0);
  private start = 0;
  private mates = new Int8Array(0);
  private rooted = new Int8Array(0);
  private counts = new Float64Array(0);
  private countsBig: bigint[] = [];

  constructor(
    private readonly table: StateTable,
    private readonly stored: number,
    private readonly B: number,
  ) {
    this.n = table.size;
    this.off = stored - B;
    this.groupOf = new Int32Array(this.n);
  }

  /** First pass over entries [from, to): each state's group (its degrees and paths run to ends). */
  group(from: number, to: number): void {
    const { table, stored, off, index, groupOf } = this;
    const e = table.e;
    let k = this.k1;
    for (let i = from; i < to; i++) {
      const at = 4 * i;
      const c0 = e[at + 2],
        c1 = e[at + 3];
      if ((c0 | c1) === 0) continue;
      const k0 = e[at],
        k1 = e[at + 1];
      let key = 0,
        roots = 0;
      for (let j = off; j < stored; j++) {
        const x = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
        key = key * 3 + (x === 0 ? 0 : x === DONE ? 2 : 1);
        if (x === ROOTED) roots++;
      }
      for (let j = 0; j < off; j++) {
        const x = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
        if (x !== DONE) throw new Error('a square before the boundary is not finished');
      }
      const sk = stateKey(key, roots);
      let g = index.get(sk);
      if (g < 0) g = this.newGroup(sk);
      this.sizes[g]++;
      groupOf[k++] = g;
      // A table of BigInt counts (past 2^64) keeps them beside the entries.
      if (
        table.big ? table.bigCounts[i] > BigInt(Number.MAX_SAFE_INTEGER) : c1 * 2 ** 32 + c0 > Number.MAX_SAFE_INTEGER
      )
        this.big = true;
    }
    this.k1 = k;
  }

  /** A group for key `sk`, met first here. */
  private newGroup(sk: number): number {
    const g = this.found++;
    if (g === this.sizes.length) {
      const sizes = new Int32Array(2 * g),
        keyOf = new Int32Array(2 * g);
      sizes.set(this.sizes);
      keyOf.set(this.keyOf);
      this.sizes = sizes;
      this.keyOf = keyOf;
    }
    this.index.set(sk, g);
    this.keyOf[g] = sk;
    return g;
  }

  /** After the first pass: the groups' keys, by group. */
  groupKeys(): Int32Array {
    const n = this.found;
    this.next = new Int32Array(n);
    this.keys = new Int32Array(n);
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    return this.keyOf.slice(0, n);
  }

  /** Between the passes: where the states of the groups order[from..to) go (`order`: the groups by key). */
  place(order: Int32Array, from: number, to: number): void {
    const { sizes, index, keyOf, keys, starts, ends, next } = this;
    let start = this.start;
    for (let i = from; i < to; i++) {
      const g = order[i],
        key = keyOf[g];
      keys[i] = key;
      starts[i] = start;
      ends[i] = start + sizes[g];
      index.set(key, i);
      next[g] = start;
      start += sizes[g];
    }
    this.start = start;
  }

  /** The arrays the second pass fills (zeroed: nothing to fill first). */
  allocate(): void {
    const { n, B } = this;
    this.mates = new Int8Array(n * B);
    this.rooted = new Int8Array(n);
    this.counts = new Float64Array(n);
    this.countsBig = this.big ? new Array<bigint>(n) : [];
  }

  /** Second pass over entries [from, to): each state's mates, path run to an end, and count, in its place. */
  fill(from: number, to: number): void {
    const { table, stored, off, B, label, groupOf, next, mates, rooted, counts, countsBig, big } = this;
    const e = table.e;
    let k = this.k2;
    for (let i = from; i < to; i++) {
      const at = 4 * i;
      const c0 = e[at + 2],
        c1 = e[at + 3];
      if ((c0 | c1) === 0) continue;
      const s = next[groupOf[k++]]++;
      const k0 = e[at],
        k1 = e[at + 1];
      label.fill(-1);
      rooted[s] = -1;
      for (let j = off; j < stored; j++) {
        const x = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
        const b = j - off;
        // No path end here unless a later slot of the same path says so.
        mates[s * B + b] = -1;
        if (x === ROOTED) {
          mates[s * B + b] = APEX;
          rooted[s] = b;
        } else if (x >= FIRST_LABEL) {
          const other = label[x];
          if (other < 0) label[x] = b;
          else {
            mates[s * B + b] = other;
            mates[s * B + other] = b;
          }
        }
      }
      counts[s] = table.big ? Number(table.bigCounts[i]) : c1 * 2 ** 32 + c0;
      if (big) countsBig[s] = table.big ? table.bigCounts[i] : limbsToBig(c0, c1);
    }
    this.k2 = k;
  }

  result(): BoundaryTable {
    const { B, n, mates, rooted, counts, countsBig, big, keys, starts, ends, index } = this;
    return { B, states: n, mates, rooted, counts, countsBig, big, groups: { keys, starts, ends, at: index } };
  }
}

/**
 * The indices of `keys` (whole numbers from 0 to 2^31 − 1, all different) in the order of their keys: a radix
 * sort on 16 bits at a time, in pieces paced as the job's other work.
 */
export function* keyOrder(keys: Int32Array, aside: AsideWork): Generator<void, Int32Array, void> {
  const n = keys.length;
  let from = new Int32Array(n),
    to = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const at = new Int32Array(RADIX + 1);
  for (const shift of [0, 16]) {
    at.fill(0);
    for (let i0 = 0; i0 < n; i0 += SCAN_PIECE) {
      const i1 = Math.min(n, i0 + SCAN_PIECE);
      for (let i = i0; i < i1; i++) at[((keys[from[i]] >>> shift) & (RADIX - 1)) + 1]++;
      if (aside.spend(SCAN_PIECE / 4)) yield;
    }
    for (let d = 0; d < RADIX; d++) at[d + 1] += at[d];
    for (let i0 = 0; i0 < n; i0 += SCAN_PIECE) {
      const i1 = Math.min(n, i0 + SCAN_PIECE);
      for (let i = i0; i < i1; i++) {
        const g = from[i];
        to[at[(keys[g] >>> shift) & (RADIX - 1)]++] = g;
      }
      if (aside.spend(SCAN_PIECE / 4)) yield;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** The digits of `keyOrder`'s radix sort. */
const RADIX = 1 << 16;

/**
 * The boundary states of `table` with every subset of the edges `edges` (pairs of boundary slots) added where
 * both squares have fewer than two edges and the edge joins no path into a cycle; the counts of states that
 * become equal add up. Kept in limbs while the sums stay below 2^64, in BigInts past it.
 */
export function withEdges(
  table: StateTable,
  stored: number,
  B: number,
  edges: ReadonlyArray<readonly [number, number]>,
): StateTable {
  return finishedValue(job((ctl) => withEdgesSteps(table, stored, B, edges, ctl)).runSync());
}

/** As `withEdges`, as steps of a job: the table read and the new one filled in pieces (not counted as nodes). */
function* withEdgesSteps(
  table: StateTable,
  stored: number,
  B: number,
  edges: ReadonlyArray<readonly [number, number]>,
  control: JobControl<unknown>,
): Generator<void, StateTable, void> {
  if (!table.big) {
    const limbs = yield* addEdgesSteps(table, stored, B, edges, false, control);
    if (!limbs.overflow) return limbs;
  }
  return yield* addEdgesSteps(table, stored, B, edges, true, control);
}

/** States of the table read between two looks at the new table's work (each makes at most 2^edges entries). */
const EDGES_PIECE = 128;

function* addEdgesSteps(
  table: StateTable,
  stored: number,
  B: number,
  edges: ReadonlyArray<readonly [number, number]>,
  big: boolean,
  control: JobControl<unknown>,
): Generator<void, StateTable, void> {
  const out = new StateTable(big, 2 * table.size);
  const scratch = { x: new Int8Array(stored), y: new Int8Array(stored), relabel: new Int8Array(16) };
  const aside = new AsideWork(control, SCAN_PER_NODE);
  const cap = table.capacity;
  for (let i = 0; i < cap; i += EDGES_PIECE) {
    addEdges(table, i, Math.min(cap, i + EDGES_PIECE), stored, B, edges, out, scratch);
    yield* tableSteps(control, [out], false);
    // An entry read here makes up to 2^edges new ones: as much work as several read by the other passes.
    if (aside.spend(EDGES_PIECE << edges.length)) yield;
  }
  yield* tableSteps(control, [out], true);
  return out;
}

/** The states of entries [from, to) of `table` with the edges added, into `out` (see `withEdges`). */
function addEdges(
  table: StateTable,
  from: number,
  to: number,
  stored: number,
  B: number,
  edges: ReadonlyArray<readonly [number, number]>,
  out: StateTable,
  { x, y, relabel }: { x: Int8Array; y: Int8Array; relabel: Int8Array },
): void {
  const off = stored - B;
  const e = table.e;
  const big = out.big;
  for (let i = from; i < to; i++) {
    const c0 = e[4 * i + 2],
      c1 = e[4 * i + 3];
    if ((c0 | c1) === 0) continue;
    const k0 = e[4 * i],
      k1 = e[4 * i + 1];
    for (let j = 0; j < stored; j++) x[j] = j < 8 ? (k0 >>> (4 * j)) & 15 : (k1 >>> (4 * (j - 8))) & 15;
    const count = big ? (table.big ? table.bigCounts[i] : limbsToBig(c0, c1)) : 0n;
    for (let subset = 0; subset < 1 << edges.length; subset++) {
      y.set(x);
      let ok = true;
      for (let k = 0; k < edges.length && ok; k++)
        if ((subset >> k) & 1) ok = addEdge(y, off + edges[k][0], off + edges[k][1], relabel);
      if (!ok) continue;
      let lo = 0,
        hi = 0;
      for (let j = 0; j < stored; j++) {
        if (j < 8) lo |= y[j] << (4 * j);
        else hi |= y[j] << (4 * (j - 8));
      }
      if (big) out.addBig(lo >>> 0, hi >>> 0, count);
      else out.push(lo >>> 0, hi >>> 0, c0, c1);
    }
  }
}

const FIRST_LABEL = 4,
  FRESH = 15;

/**
 * Adds the edge p–q to the window `y` (4-bit values as the frontier program stores them), or false where it cannot be.
 */
function addEdge(y: Int8Array, p: number, q: number, relabel: Int8Array): boolean {
  const xp = y[p],
    xq = y[q];
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
    // Two ends of one path would close a cycle within one part, which leaves the other part's squares out; two
    // paths that run to ends of the tour (ROOTED) would make the whole tour.
    if (xp === xq) return false;
    if (xq === ROOTED) {
      for (let j = 0; j < y.length; j++) if (j !== p && y[j] === xp) y[j] = ROOTED;
    } else for (let j = 0; j < y.length; j++) if (j !== q && y[j] === xq) y[j] = xp;
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
 * t must have, at slot B−1−j, two minus the degree of s at j (closed tours: `ends` 0), or for open tours
 * (`ends` 2) one less at the squares that are ends of the tour, where the apex's degree (those squares and the
 * ROOTED ones of s and t) is two. The shards' sums add up to the count.
 */
function* joinShard(
  top: BoundaryTable,
  index: number,
  shards: number,
  control: JobControl<unknown>,
  onShare: (share: number) => void,
  bottom: BoundaryTable = top,
  ends: 0 | 2 = 0,
): Generator<void, { count: bigint; pairs: number }, void> {
  const { B } = top;
  const groupsS = top.groups,
    keys = groupsS.keys;
  const groupsT = bottom.groups;
  const degs = new Int8Array(B);
  const free = new Int8Array(B);
  // The squares of degree one in all (ends of the tour on the boundary): pairs of slots, −1 for none.
  const subsets = new Int8Array(2 * (1 + B + (B * (B - 1)) / 2));
  const mateB = new Int8Array(B);
  let total = 0n,
    pairs = 0;
  const aside = new AsideWork(control, PAIRS_PER_NODE);
  for (let g = index; g < keys.length; g += shards) {
    // A group's own work (its subsets of ends): about as much as a few pairs.
    const share = (g - index) / (keys.length - index);
    if (aside.spend(B)) {
      onShare(share);
      yield;
    }
    const key = keys[g];
    const i0 = groupsS.starts[g],
      i1 = groupsS.ends[g];
    const rootsS = key % 3;
    const spare = ends - rootsS;
    if (spare < 0) continue;
    keyDegrees(key, degs);
    let ones = 0,
      nFree = 0;
    for (let k = 0; k < B; k++) if (degs[k] === 1) ones++;
    for (let k = 0; k < B; k++) if (degs[k] <= 1) free[nFree++] = k;
    let nSub = 0;
    subsets[2 * nSub] = -1;
    subsets[2 * nSub++ + 1] = -1;
    if (spare >= 1) {
      for (let a = 0; a < nFree; a++) {
        subsets[2 * nSub] = free[a];
        subsets[2 * nSub++ + 1] = -1;
      }
    }
    if (spare >= 2) {
      for (let a = 0; a < nFree; a++) {
        for (let b = a + 1; b < nFree; b++) {
          subsets[2 * nSub] = free[a];
          subsets[2 * nSub++ + 1] = free[b];
        }
      }
    }
    // Fragments of s: those with both ends on the boundary, and those that run to the apex.
    const fragS = (ones + rootsS) / 2;
    for (let q = 0; q < nSub; q++) {
      const e1 = subsets[2 * q],
        e2 = subsets[2 * q + 1];
      const rootsT = spare - (e1 < 0 ? 0 : e2 < 0 ? 1 : 2);
      let wantKey = 0,
        onesT = 0;
      for (let k = 0; k < B; k++) {
        const sk = B - 1 - k;
        const d = 2 - degs[sk] - (sk === e1 || sk === e2 ? 1 : 0);
        if (d === 1) onesT++;
        wantKey = wantKey * 3 + d;
      }
      const partner = groupsT.at.get(stateKey(wantKey, rootsT));
      if (partner < 0) continue;
      const fragments = fragS + (onesT + rootsT) / 2;
      if (fragments === 0) continue;
      const p0 = groupsT.starts[partner],
        p1 = groupsT.ends[partner];
      pairs += (i1 - i0) * (p1 - p0);
      // The bottom states a few at a time, so that a piece compares about PAIRS_PIECE pairs.
      const piece = Math.max(1, Math.floor(PAIRS_PIECE / (i1 - i0)));
      for (let t0 = p0; t0 < p1; t0 += piece) {
        const t1 = Math.min(p1, t0 + piece);
        total +=
          ends === 0
            ? joinCycles(top, bottom, i0, i1, t0, t1, degs, fragS, mateB)
            : joinPaths(top, bottom, i0, i1, t0, t1, e1, rootsS, fragments, mateB);
        if (aside.spend((t1 - t0) * (i1 - i0))) {
          onShare(share);
          yield;
        }
      }
    }
  }
  return { count: total, pairs };
}

/** The bottom state t's mates turned by ρ: mateB[j] = ρ(mate_t(ρ(j))), APEX and −1 kept. */
function turnedMates(bottom: BoundaryTable, t: number, mateB: Int8Array): void {
  const B = bottom.B,
    m = bottom.mates;
  for (let j = 0; j < B; j++) {
    const mt = m[t * B + (B - 1 - j)];
    mateB[j] = mt >= 0 ? B - 1 - mt : mt;
  }
}

/** Closed tours: the pairs of a top group [i0, i1) and a bottom group [t0, t1) whose paths close into one cycle. */
function joinCycles(
  top: BoundaryTable,
  bottom: BoundaryTable,
  i0: number,
  i1: number,
  t0: number,
  t1: number,
  degs: Int8Array,
  fragS: number,
  mateB: Int8Array,
): bigint {
  const { B, mates, counts, countsBig, big } = top;
  let first = -1;
  for (let j = 0; j < B && first < 0; j++) if (degs[j] === 1) first = j;
  let total = 0n;
  for (let t = t0; t < t1; t++) {
    turnedMates(bottom, t, mateB);
    let inner = 0,
      innerBig = 0n;
    for (let s = i0; s < i1; s++) {
      const sb = s * B;
      let x = first,
        steps = 0;
      do {
        x = mateB[mates[sb + x]];
        steps++;
      } while (x !== first && steps <= fragS);
      if (steps !== fragS) continue;
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
    if (innerBig > 0n) total += (bottom.big ? bottom.countsBig[t] : BigInt(bottom.counts[t])) * innerBig;
  }
  return total;
}

/**
 * Open tours: the pairs of a top group and a bottom group whose fragments and the apex's two edges make one
 * cycle through the apex (one path). The walk starts at the apex: by the edge to `end` (a boundary square of
 * degree one in all), or else along a fragment of s or of t that runs to it, and goes on from each square by
 * the fragment of the other part (or, at a square of degree one, back to the apex).
 */
function joinPaths(
  top: BoundaryTable,
  bottom: BoundaryTable,
  i0: number,
  i1: number,
  t0: number,
  t1: number,
  end: number,
  rootsS: number,
  fragments: number,
  mateB: Int8Array,
): bigint {
  const { B, mates, counts, countsBig, big, rooted } = top;
  let total = 0n;
  for (let t = t0; t < t1; t++) {
    turnedMates(bottom, t, mateB);
    const rootT = bottom.rooted[t] >= 0 ? B - 1 - bottom.rooted[t] : -1;
    let inner = 0,
      innerBig = 0n;
    for (let s = i0; s < i1; s++) {
      const sb = s * B;
      // At square x, next along the top part's fragment (viaTop) or the bottom's.
      let x: number, viaTop: boolean, steps: number;
      if (end >= 0) {
        x = end;
        viaTop = mates[sb + x] !== -1;
        steps = 0;
      } else if (rootsS > 0) {
        x = rooted[s];
        viaTop = false;
        steps = 1;
      } else {
        x = rootT;
        viaTop = true;
        steps = 1;
      }
      for (;;) {
        const y = viaTop ? mates[sb + x] : mateB[x];
        // A square of degree one: back to the apex by its own edge.
        if (y === -1) break;
        steps++;
        if (y === APEX || steps > fragments) break;
        x = y;
        viaTop = !viaTop;
      }
      if (steps !== fragments) continue;
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
    if (innerBig > 0n) total += (bottom.big ? bottom.countsBig[t] : BigInt(bottom.counts[t])) * innerBig;
  }
  return total;
}
