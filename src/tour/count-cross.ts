// Tours counted as two parts of the board, each with its own edges only, joined through the edges between them.
//
// Method: half-tours joined across the middle (meet in the middle), as in McKay's count of the 8×8 knight's
// tours, with the cut between rows of squares: each half's sets of disjoint paths, on its own edges, tabulated
// by the frontier-based search (count-frontier.ts), and joined through the edges that cross the cut. It gives
// McKay's 8×8 figure, 13,267,364,410,532 closed tours (OEIS A001230); M. Löbbing and I. Wegener's earlier count
// with binary decision diagrams gave 33,439,123,484,294, which was later found wrong.
// Sources: B. D. McKay, "Knight's tours of an 8×8 chessboard", Technical Report TR-CS-97-03, Department of
// Computer Science, Australian National University, 1997; M. Löbbing, I. Wegener, "The number of knight's tours
// equals 33,439,123,484,294 — counting with binary decision diagrams", Electronic Journal of Combinatorics 3,
// 1996 (the figure in its title is wrong).
import { GridbitsError } from '../core/error.js';
import { finishedValue, job, type JobControl } from '../core/job.js';
import type { Piece } from '../pieces/piece.js';
import { countGraphOf, leapsOf, type CountGraph } from './count-graph.js';
import { CountCap, FrontierSearch, frontierFits, type FrontierOptions, type FrontierResult } from './count-frontier.js';
import { APEX, boundaryTableSteps, keyDegrees, keyOrder, type StateGroups } from './count-halves.js';
import { IntIndex } from '../core/int-index.js';
import { AsideWork } from '../core/pace.js';
import type { StateTable } from './count-table.js';

/*
 * A board of `width` × h squares (rows across the width) splits into the top part, rows 0..m−1 (m = ⌈h/2⌉),
 * and the bottom part, rows m..h−1, which the half turn ρ (row r → h−1−r, file f → width−1−f) maps onto the
 * top part of a board of h−m rows: on an even number of rows, the top part itself. A leaper that moves at most
 * two rows joins the parts only by crossing edges between rows m−2, m−1 and rows m, m+1.
 *
 * A closed tour is three edge sets: the top's own edges (vertex-disjoint paths covering the top, every square
 * of rows 0..m−3 with two edges), the crossing edges chosen, and the bottom's own edges. The frontier program
 * run on a part with its last two rows left open gives, for each boundary state (each boundary square's
 * degree in the part, and which path ends are joined), the number of the part's edge sets; turned by ρ, the
 * bottom part's table counts the bottom's. At the join, for each vector of top degrees a, the crossing edges
 * must give each boundary square 2 − a edges on both sides: the crossing edges are tried file by file, a bottom
 * square's degree settled as soon as no later top square reaches it and kept only where some bottom state
 * starts so; every bottom state with the degrees they leave, seen through those edges, joins the top's path
 * ends in pairs (passing through the top squares that take both their edges from the bottom). Those pairings
 * are summed by their rank among all pairings; each top state of degrees a then makes a tour with a pairing
 * when its path ends and the pairing's form a single cycle.
 *
 * An open tour (a Hamiltonian path) is a cycle through one more vertex, the apex, joined to every square
 * (see count-halves.ts): the frontier program marks a part's paths that run to a tour end off the boundary,
 * and the join places the apex's other edges, at most two, on top path ends, on top and bottom squares with
 * one crossing edge or none, and on the bottom's paths run to ends; the apex's edges are more terminals of the
 * pairing.
 *
 * The board's mirror (file f → width−1−f), and on an even number of rows ρ, act on pairs of keys (top, bottom)
 * and keep each pair's count: only the smallest pair of each orbit is joined, counted once per distinct image.
 *
 * 8 wide, a part's table of every open state is too large to hold (8×4: hundreds of millions of states), so
 * open tours are counted class by class of where their ends lie among the parts' own squares (rows 0..m−3 of
 * each part; `endsClasses`): each class's tables are the frontier program's with exactly those squares as
 * ends (`onlyEnds`), its other ends (if any) placed on the boundary at the join as above. The classes
 * partition the tours; one class of each orbit under the mirror and ρ is counted, times its orbit's size,
 * each with the symmetries that map it onto itself. 8×8: 81 classes standing for 289.
 *
 * 8×8 closed: 10,266,793 top boundary states over 716,176 degree vectors; the join sees 11.4·10^9 bottom
 * states through the crossing edges after the symmetries: 13,267,364,410,532 tours. 7×7 open: 24.9 million
 * top states (7×4) and 2.0 million bottom ones (7×3). Times and memory: bench/results/tour-count.md.
 */

/** The most boundary squares a degree vector's key holds (3^16 · 3 < 2^31) and pairing ranks fit: 8 wide. */
const MAX_WIDTH = 8;

/** Rows of the top part: half the board, the larger half on an odd number of rows (see CrossPlan). */
function topRows(height: number): number {
  return Math.ceil(height / 2);
}

/**
 * Whether the crossing join counts the closed (or, with `closed` false, open) tours of a `width` × `height`
 * layout (rows across the width): at least 4 rows, up to 8 wide, a leaper that moves at most two rows, and
 * parts whose frontier window fits the program's.
 */
export function crossFit(width: number, height: number, piece: Piece): boolean {
  if (height < 4 || width < 2 || width > MAX_WIDTH) return false;
  if (!leapsOf(piece).every(([, dy]) => Math.abs(dy) <= 2)) return false;
  const plan = crossPlan(width, height, piece);
  return frontierFits(plan.top.reach) && (plan.bottom === null || frontierFits(plan.bottom.reach));
}

/**
 * Open tours counted class by class (see `endsClasses`): where a part's table of every open state would be
 * too large to hold (8 wide: the 8×3 part of 8×5 has 26.5 million states, near MAX_STATES; 8×4 would have
 * hundreds of millions), each class's tables are those of its ends alone.
 */
export function byEndsClasses(width: number): boolean {
  return width >= 8;
}

/**
 * Where an open tour's ends lie among the parts' own squares (rows 0..rows−3 of each part, the bottom's named
 * as in its part turned by ρ): `top` and `bottom` list them, at most two in all. Its other ends (if any) are
 * on the boundary rows, placed at the join. The classes partition the open tours, so their counts add up.
 */
export interface EndsClass {
  top: readonly number[];
  bottom: readonly number[];
}

/**
 * Most states a class's frontier program holds at once: 8×8's class of ends a1 and h1 has 88.1 million
 * states at its end, past MAX_STATES (2^25); the cap is 2^27, for one class's tables at a time in a process.
 * Its process peaks at 7.2 GB while the tables are built, the tables kept for other classes with it
 * (bench/results/tour-open-plan.md).
 */
const CLASS_MAX_STATES = 1 << 27;

/** A class to count, with how many classes its count stands for (its images under the board's symmetries). */
export interface EndsClassShare {
  ends: EndsClass;
  times: number;
}

/**
 * The classes of the open tours of a `width` × `height` layout, one of each orbit under the symmetries the
 * join knows (the mirror; on an even number of rows, the half turn ρ, which swaps the parts), each with its
 * orbit's size. Classes that colour parity rules out are left out: a leaper that always changes colour has
 * its path's ends on opposite colours on an even number of squares, and on the larger colour on an odd one.
 */
export function endsClasses(width: number, height: number, piece: Piece): EndsClassShare[] {
  const plan = crossPlan(width, height, piece);
  const even = plan.bottom === null;
  const inner = (rows: number): number => (rows - 2) * width;
  const topIn = inner(plan.rows),
    bottomIn = inner(height - plan.rows);
  // Board colours of the parts' squares (the bottom's turned by ρ).
  const colourTop = (i: number): number => (Math.floor(i / width) + (i % width)) & 1;
  const colourBottom = (i: number): number => (height - 1 - Math.floor(i / width) + width - 1 - (i % width)) & 1;
  const switching = leapsOf(piece).every(([dx, dy]) => ((dx + dy) & 1) === 1);
  const cells = width * height;
  // The larger colour on an odd number of squares: the corner's.
  const ok = (colours: number[]): boolean => {
    if (!switching) return true;
    if (cells % 2 === 1) return colours.every((c) => c === 0);
    return colours.length < 2 || colours[0] !== colours[1];
  };
  const canon = (e: EndsClass): string => `${squaresKey(e.top)}|${squaresKey(e.bottom)}`;
  const images = (e: EndsClass): EndsClass[] => {
    const m = { top: mirrorSquares(e.top, width), bottom: mirrorSquares(e.bottom, width) };
    return even ? [e, m, { top: e.bottom, bottom: e.top }, { top: m.bottom, bottom: m.top }] : [e, m];
  };
  const all: EndsClass[] = [{ top: [], bottom: [] }];
  for (let i = 0; i < topIn; i++) {
    all.push({ top: [i], bottom: [] });
    for (let j = i + 1; j < topIn; j++) all.push({ top: [i, j], bottom: [] });
    for (let j = 0; j < bottomIn; j++) all.push({ top: [i], bottom: [j] });
  }
  for (let i = 0; i < bottomIn; i++) {
    all.push({ top: [], bottom: [i] });
    for (let j = i + 1; j < bottomIn; j++) all.push({ top: [], bottom: [i, j] });
  }
  const seen = new Set<string>();
  const out: EndsClassShare[] = [];
  for (const e of all) {
    if (!ok([...e.top.map(colourTop), ...e.bottom.map(colourBottom)])) continue;
    const c = canon(e);
    if (seen.has(c)) continue;
    const orbit = new Set(images(e).map(canon));
    for (const o of orbit) seen.add(o);
    out.push({ ends: e, times: orbit.size });
  }
  return out;
}

/**
 * The symmetries a join applies to its pairs of keys (top, bottom): 'all' (the mirror and, one table on an
 * even number of rows, ρ), 'mirror', 'swap' (ρ alone), 'mirror-swap' (the two together alone) or 'none'. A
 * class of ends keeps the ones that map it onto itself.
 */
export type CrossSymmetry = 'all' | 'mirror' | 'swap' | 'mirror-swap' | 'none';

/** A part's squares (index r·width + f) mirrored: file f → width−1−f. */
function mirrorSquares(squares: readonly number[], width: number): number[] {
  return squares.map((i) => i - (i % width) + width - 1 - (i % width));
}

/** A set of squares as a key: the same for the same set in any order. */
function squaresKey(squares: readonly number[]): string {
  return [...squares].sort((a, b) => a - b).join(',');
}

function symmetryOf(width: number, even: boolean, ends: EndsClass | undefined): CrossSymmetry {
  if (ends === undefined) return even ? 'all' : 'mirror';
  const same = (a: readonly number[], b: readonly number[]): boolean => squaresKey(a) === squaresKey(b);
  const m = same(ends.top, mirrorSquares(ends.top, width)) && same(ends.bottom, mirrorSquares(ends.bottom, width));
  const s = even && same(ends.top, ends.bottom);
  const ms = even && same(ends.top, mirrorSquares(ends.bottom, width));
  return m && s ? 'all' : m ? 'mirror' : s ? 'swap' : ms ? 'mirror-swap' : 'none';
}

/**
 * The two parts and the crossing edges, from each top boundary slot to bottom slots. The bottom part is seen
 * turned by the board's half turn ρ (row r → height−1−r, file f → width−1−f), where it is the top part of a
 * board of its own number of rows: its graph is that part's, and on an even number of rows it is the top's.
 */
export interface CrossPlan {
  width: number;
  height: number;
  /** The top part with its own edges: rows 0..rows−1, the boundary (its last two rows) last. */
  top: CountGraph;
  rows: number;
  /** The bottom part turned by ρ (rows height−1..rows become 0..height−rows−1), or null when it is the top's. */
  bottom: CountGraph | null;
  /** Boundary slots of each part: 2·width (slot (i, f): the boundary's row i, file f). */
  slots: number;
  /** cross[j]: the bottom slots the crossing edges from top slot j reach (bottom squares named by their ρ image). */
  cross: number[][];
}

/** A part of `rows` rows of the layout, with its own edges, the boundary (last two rows) kept in the window. */
function partGraph(width: number, rows: number, leaps: ReadonlyArray<readonly [number, number]>): CountGraph {
  const edges: Array<[number, number]> = [];
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leaps) {
        const r2 = r + dy,
          f2 = f + dx;
        if (r2 >= 0 && r2 < rows && f2 >= 0 && f2 < width && r2 * width + f2 < r * width + f)
          edges.push([r2 * width + f2, r * width + f]);
      }
    }
  }
  const g = countGraphOf(rows * width, width, edges);
  // The window keeps the boundary to the end.
  return { ...g, reach: Math.max(g.reach, 2 * width) };
}

/** The parts of a `width` × `height` layout for the crossing join. */
function crossPlan(width: number, height: number, piece: Piece): CrossPlan {
  const m = topRows(height),
    low = height - m;
  const leaps = leapsOf(piece);
  const slots = 2 * width;
  const cross: number[][] = Array.from({ length: slots }, () => []);
  for (let r = m - 2; r < m; r++) {
    for (let f = 0; f < width; f++) {
      for (const [dx, dy] of leaps) {
        const r2 = r + dy,
          f2 = f + dx;
        // The bottom square (r2, f2) is (height−1−r2, width−1−f2) of the bottom part turned, on its boundary.
        if (r2 >= m && f2 >= 0 && f2 < width)
          cross[(r - (m - 2)) * width + f].push((height - 1 - r2 - (low - 2)) * width + width - 1 - f2);
      }
    }
  }
  const top = partGraph(width, m, leaps);
  return { width, height, top, rows: m, bottom: low === m ? null : partGraph(width, low, leaps), slots, cross };
}

/** A part's boundary states laid out for the join: each degree vector's states side by side in memory. */
export interface CrossPart {
  /** States. */
  states: number;
  /**
   * mates[s·slots + j]: the slot joined to slot j by a path of state s, APEX where it runs to an end of the tour, or
   * −1.
   */
  mates: Int8Array;
  /** The states' counts (exact: below 2^53). */
  counts: Float64Array;
  /** The states by key (3 · Σ degree_j · 3^(slots−1−j) + the paths run to ends): see StateGroups. */
  groups: StateGroups;
}

/** Both parts' tables for the join. */
export interface CrossTable {
  plan: CrossPlan;
  closed: boolean;
  /** The symmetries the join applies (see CrossSymmetry). */
  symmetry: CrossSymmetry;
  top: CrossPart;
  /** The bottom part's (the top's itself on an even number of rows). */
  bottom: CrossPart;
  /** The top keys joined (the smallest of each mirror pair), in a fixed order (shards split this list). */
  keys: number[];
  /** States the frontier programs expanded, and the most one held at once. */
  nodes: number;
  peakStates: number;
}

/** The parts' tables as a job's steps: the frontier programs (`onShare` hears their share done), then the layout. */
export class CrossSearch {
  readonly plan: CrossPlan;
  readonly options: FrontierOptions;
  readonly frontier: FrontierSearch;
  private readonly lower: FrontierSearch | null;
  private readonly symmetry: CrossSymmetry;
  private readonly ends: EndsClass | undefined;
  /** The leaper's moves, naming its parts' tables among those kept. */
  private readonly leaps: string;

  /**
   * `ends`: open tours of that class only (see EndsClass), the parts' tables built for its ends; `parts`: tables
   * of parts kept from earlier classes, used (or their mirror images) instead of building them again, and given
   * the tables this job builds.
   */
  constructor(
    width: number,
    height: number,
    piece: Piece,
    readonly closed = true,
    ends?: EndsClass,
    private readonly parts?: CrossParts,
  ) {
    if (!crossFit(width, height, piece)) {
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `tours are joined across the middle on boards of at least 4 rows, up to ${MAX_WIDTH} wide, for a leaper that moves at most two rows; got ${width}×${height}`,
      );
    }
    if (ends !== undefined && closed)
      throw new GridbitsError('BAD_ARGUMENT', 'classes of tour ends are for open tours');
    this.plan = crossPlan(width, height, piece);
    this.ends = ends;
    this.leaps = JSON.stringify(leapsOf(piece));
    const { plan } = this;
    const even = plan.bottom === null;
    this.symmetry = symmetryOf(width, even, ends);
    const options = (e: readonly number[] | undefined): FrontierOptions => ({
      closed,
      ends: e ?? [],
      iface: plan.slots,
      ...(e === undefined ? {} : { onlyEnds: true, maxStates: CLASS_MAX_STATES }),
    });
    this.options = options(ends?.top);
    this.frontier = new FrontierSearch(plan.top, this.options);
    // One table for both parts on an even number of rows when they have the same ends.
    const shared = even && (ends === undefined || this.symmetry === 'all' || this.symmetry === 'swap');
    this.lower = shared ? null : new FrontierSearch(plan.bottom ?? plan.top, options(ends?.bottom));
  }

  /** The most states either part's frontier program has held at once so far. */
  get peakStates(): number {
    return Math.max(this.frontier.peakStates, this.lower?.peakStates ?? 0);
  }

  *steps(
    control: JobControl<unknown>,
    onShare: (share: number) => void = () => undefined,
  ): Generator<void, CrossTable, void> {
    // The bottom part has a row fewer: a small share of the work.
    const upper = this.lower === null ? 1 : 0.9;
    const { plan } = this;
    const top = yield* this.built(this.frontier, plan.rows, this.ends?.top, control, (s) => onShare(s * upper));
    const bottom =
      this.lower === null
        ? top
        : yield* this.built(this.lower, plan.height - plan.rows, this.ends?.bottom, control, (s) =>
            onShare(upper + s * (1 - upper)),
          );
    const mirror = mirrorOf(plan.width);
    const mirrored = this.symmetry === 'all' || this.symmetry === 'mirror';
    // The keys joined, a piece at a time (8×8: 716,176 of them).
    const aside = new AsideWork(control, KEYS_PER_NODE);
    let keys: number[] = [];
    for (const key of top.part.groups.keys) {
      if (!mirrored || mirrorKey(key, mirror) >= key) keys.push(key);
      if (aside.spend(1)) yield;
    }
    // A class's shards split its keys in their order: the same however its tables were come by.
    if (this.ends !== undefined) {
      const order = yield* keyOrder(Int32Array.from(keys), aside);
      const sorted = keys;
      keys = Array.from(order, (i) => sorted[i]);
    }
    const nodes = top.nodes + (this.lower === null ? 0 : bottom.nodes);
    return {
      plan,
      closed: this.closed,
      symmetry: this.symmetry,
      top: top.part,
      bottom: bottom.part,
      keys,
      nodes,
      peakStates: Math.max(top.peakStates, bottom.peakStates),
    };
  }

  /** A part's table: kept from an earlier class (itself or its mirror image), or the frontier program's. */
  private *built(
    fj: FrontierSearch,
    rows: number,
    ends: readonly number[] | undefined,
    control: JobControl<unknown>,
    onShare: (share: number) => void,
  ): Generator<void, KeptPart, void> {
    const { width } = this.plan;
    const key = (e: readonly number[]): string => `${width}x${rows} ${this.leaps} ends ${squaresKey(e)}`;
    if (this.parts !== undefined && ends !== undefined) {
      const kept = this.parts.get(key(ends));
      if (kept !== undefined) return kept;
      const image = this.parts.get(key(mirrorSquares(ends, width)));
      if (image !== undefined) return { ...image, part: yield* mirrorPartSteps(image.part, mirrorOf(width), control) };
    }
    const r = yield* fj.steps(control, onShare);
    const made = { part: yield* this.part(r, control), nodes: r.nodes, peakStates: r.peakStates };
    fj.release();
    if (this.parts !== undefined && ends !== undefined) this.parts.put(key(ends), made);
    return made;
  }

  private *part(r: FrontierResult, control: JobControl<unknown>): Generator<void, CrossPart, void> {
    const { slots } = this.plan;
    const t = yield* boundaryTableSteps(r.table as StateTable, r.stored as number, slots, control);
    if (t.big)
      throw new CountCap(
        `a part's counts pass 2^53 on ${this.plan.width}×${this.plan.height}, past the exact sums of the join across the middle`,
      );
    return { states: t.states, mates: t.mates, counts: t.counts, groups: t.groups };
  }
}

/** A part's table with the work that made it: the frontier program's states expanded and most held at once. */
export interface KeptPart {
  part: CrossPart;
  nodes: number;
  peakStates: number;
}

/** Bytes a part's table holds: its mates and counts, and about 48 per degree vector (its arrays and map entry). */
function partBytes(p: CrossPart): number {
  return p.mates.byteLength + p.counts.byteLength + 48 * p.groups.keys.length;
}

/**
 * Bytes of parts' tables a process keeps for later classes: 8×8's tables of one end or none are 0.25–0.8 GB
 * each. With these kept, a process counting every class of 8×8 open peaks at 7.2 GB
 * (bench/results/tour-open-plan.md), so two workers fit a machine of 24 GB.
 */
export const PART_TABLES_BYTES = 2 * 2 ** 30;

/**
 * Parts' tables kept for the classes of ends that share them (8×8: 53 tables, a part's ends being none, one of
 * its 16 squares or two; a class of one end in each part shares its parts' tables with the classes of one end,
 * and each table serves its mirror image too), the most recently used kept within `maxBytes`.
 */
export class CrossParts {
  private readonly kept = new Map<string, KeptPart>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): KeptPart | undefined {
    const k = this.kept.get(key);
    if (k !== undefined) {
      // The most recently used last.
      this.kept.delete(key);
      this.kept.set(key, k);
    }
    return k;
  }

  /** Keeps a table, dropping the least recently used ones past `maxBytes` (never the one just kept). */
  put(key: string, k: KeptPart): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, k);
    this.bytes += partBytes(k.part);
    for (const [old, o] of this.kept) {
      if (this.bytes <= this.maxBytes || old === key) break;
      this.kept.delete(old);
      this.bytes -= partBytes(o.part);
    }
  }

  /** Tables kept. */
  get size(): number {
    return this.kept.size;
  }

  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }
}

/**
 * A part's table mirrored (file f → width−1−f): the table of the part with its ends mirrored. Each state's
 * slots are permuted, its degree vector's key mirrored; the states keep their places.
 */
export function mirrorPart(p: CrossPart, mirror: Int8Array): CrossPart {
  return finishedValue(job((ctl) => mirrorPartSteps(p, mirror, ctl)).runSync());
}

/** As `mirrorPart`, as steps of a job: the states a piece at a time, paced as its other work. */
function* mirrorPartSteps(p: CrossPart, mirror: Int8Array, control: JobControl<unknown>): Generator<void, CrossPart> {
  const aside = new AsideWork(control, KEYS_PER_NODE);
  const slots = mirror.length;
  const mates = new Int8Array(p.mates.length);
  const piece = slots * MIRROR_PIECE;
  for (let from = 0; from < mates.length; from += piece) {
    const to = Math.min(mates.length, from + piece);
    for (let base = from; base < to; base += slots) {
      for (let j = 0; j < slots; j++) {
        const m = p.mates[base + mirror[j]];
        mates[base + j] = m < 0 ? m : mirror[m];
      }
    }
    if (aside.spend(MIRROR_PIECE)) yield;
  }
  // The same groups of states under their mirror images' keys.
  const { starts, ends } = p.groups;
  const keys = new Int32Array(p.groups.keys.length),
    at = new IntIndex(keys.length);
  for (let g = 0; g < keys.length; g++) {
    keys[g] = mirrorKey(p.groups.keys[g], mirror);
    at.set(keys[g], g);
    if (aside.spend(1)) yield;
  }
  return { states: p.states, mates, counts: p.counts, groups: { keys, starts, ends, at } };
}

/**
 * Pacing of the work on the parts' tables besides the frontier programs (see AsideWork): degree vectors' keys
 * (or states mirrored) that take about as long as a state expanded, and the states mirrored between two looks
 * at the pacing.
 */
const KEYS_PER_NODE = 4;
const MIRROR_PIECE = 256;

/** Slot j's mirror image (file f → width−1−f in the same row). */
function mirrorOf(width: number): Int8Array {
  return Int8Array.from({ length: 2 * width }, (_, j) => (j < width ? width - 1 - j : 3 * width - 1 - j));
}

/** A key (3 · Σ degree_j · 3^(slots−1−j) + paths run to ends) of the mirror image. */
function mirrorKey(key: number, mirror: Int8Array): number {
  const slots = mirror.length;
  const d = keyDegrees(key, new Int8Array(slots));
  let out = 0;
  for (let j = 0; j < slots; j++) out = out * 3 + d[mirror[j]];
  return 3 * out + (key % 3);
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
  yield* join.prepare(control);
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

/** The join's scratch space, reused from one key to the next. */
class CrossJoin {
  private readonly slots: number;
  private readonly weight: number[];
  private readonly mirror: Int8Array;
  /** The symmetries applied to pairs of keys (see CrossSymmetry). */
  private readonly symmetry: CrossSymmetry;
  /** What the top still needs at each slot from the crossing edges and the apex (2 − its top degree). */
  private readonly need: Int8Array;
  /** Per top path end (terminal): whether it is a tour end (its edge to the apex, decided here). */
  private readonly topEnd = new Uint8Array(32);
  /** Crossing edges chosen so far: deg[b] at each bottom slot; to[s] the bottom slot of stub s, or −1. */
  private readonly deg: Int8Array;
  private readonly to = new Int8Array(64);
  private stubs = 0;
  /** Per stub: the other stub at its bottom slot when that slot takes two crossing edges, else −1. */
  private readonly other = new Int8Array(64);
  /** Per bottom slot: its first stub, its second; whether it is an end of the tour (its edge to the apex). */
  private readonly stubAt: Int8Array;
  private readonly second: Int8Array;
  private readonly bottomEnd: Uint8Array;
  /** exit[b + 2]: the stub of bottom slot b's one crossing edge, or −1 (the apex; exit[0] for APEX). */
  private readonly exit: Int8Array;
  /**
   * Per stub: its twin at a top slot that takes two crossing edges, else −1; the terminal it reaches (see
   * `vector`) at a top path end, else −1; whether its top slot is an end of the tour (one crossing edge, and the
   * apex).
   */
  private readonly twin = new Int8Array(64);
  private readonly single = new Int8Array(64);
  private readonly endStub = new Int8Array(32);
  private readonly stubOf: Int8Array;
  /** Top path ends taking a crossing edge (terminals 0..ends−1), and the apex's ports (terminals ends..). */
  private ends = 0;
  private ports = 0;
  private allEnds = 0;
  /** Top slots taking two crossing edges; the first stub of the one cut in two terminals, or −1. */
  private doubled = 0;
  private cut = -1;
  /** Apex edges still to place (open tours): at top slots of degree 0, at bottom slots, at the bottom's own ends. */
  private apexLeft = 0;
  private x = 0;
  private mx = 0;
  /** Pairings of the terminals seen, by rank: an open-addressing table, reset through `touched`. */
  private bits = 12;
  private hKey = new Int32Array(1 << 12).fill(-1);
  private hVal = new Float64Array(1 << 12);
  private touched = new Int32Array(1 << 12);
  private nTouched = 0;
  private readonly pairing = new Int8Array(32);
  private readonly topMate = new Int8Array(32);
  private readonly order: number[] = [];
  /** The top slots file by file (the boundary's first row first), the order the crossing edges are chosen in. */
  private readonly full: number[] = [];
  /**
   * settled[p + 1]: the bottom slots no top slot after full[p] reaches (settled[0]: those none reaches), in
   * the order they are settled; prefix[L][c] has bit r when some bottom state with r paths run to ends has
   * degrees c (base 3) at its first L settled slots.
   */
  private readonly settled: number[][];
  private readonly prefix: Uint8Array[];
  seen = 0;

  constructor(private readonly t: CrossTable) {
    const slots = t.plan.slots;
    this.slots = slots;
    this.weight = Array.from({ length: slots }, (_, j) => 3 ** (slots - 1 - j));
    this.mirror = mirrorOf(t.plan.width);
    this.symmetry = t.symmetry;
    this.need = new Int8Array(slots);
    this.deg = new Int8Array(slots);
    this.stubAt = new Int8Array(slots);
    this.second = new Int8Array(slots);
    this.bottomEnd = new Uint8Array(slots);
    this.exit = new Int8Array(slots + 2);
    this.stubOf = new Int8Array(slots);
    const w = t.plan.width;
    for (let f = 0; f < w; f++) this.full.push(f, w + f);
    const last = new Array<number>(slots).fill(-1);
    this.full.forEach((j, p) => {
      for (const b of t.plan.cross[j]) last[b] = p;
    });
    this.settled = Array.from({ length: slots + 1 }, () => []);
    for (let b = 0; b < slots; b++) this.settled[last[b] + 1].push(b);
    this.prefix = Array.from({ length: slots + 1 }, (_, L) => new Uint8Array(3 ** L));
  }

  /** Fills `prefix` from the bottom part's keys, as steps of a job (8×8: 716,176 keys), before the first vector. */
  *prepare(control: JobControl<unknown>): Generator<void, void, void> {
    const { slots } = this;
    const seq = this.settled.flat();
    const aside = new AsideWork(control, KEYS_PER_NODE);
    const d = new Int8Array(slots);
    for (const key of this.t.bottom.groups.keys) {
      keyDegrees(key, d);
      let code = 0;
      for (let L = 0; L < slots; L++) {
        code = code * 3 + d[seq[L]];
        this.prefix[L + 1][code] |= 1 << (key % 3);
      }
      if (aside.spend(1)) yield;
    }
  }

  /**
   * The tours whose top key is `key`, with those of their orbit's other pairs. Open tours are cycles through
   * the apex (see count-halves.ts). The terminals are the top's path ends on the boundary (0..ends−1) and the
   * apex's ports (ends..): the apex's two edges other than those of the top's paths run to ends (the key
   * says how many). A port is where a walk from a terminal, through crossing edges and the bottom's paths,
   * reaches the apex: a top path end that is a tour end (its edge to the apex), a top square of degree 0 that is
   * a tour end (one crossing edge and the apex), a bottom square that is a tour end, or a bottom path run to
   * an end. The top pairs its path ends by its paths, and the apex its two edges.
   */
  vector(key: number): bigint {
    const { slots, need, t } = this;
    const roots = key % 3;
    keyDegrees(key, need);
    for (let j = 0; j < slots; j++) need[j] = 2 - need[j];
    this.x = key;
    this.mx = mirrorKey(key, this.mirror);
    const w = t.plan.width;
    // Slots in the order the crossing edges are chosen: file by file, the boundary's first row first.
    const order = this.order;
    order.length = 0;
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
        stubs += 2;
      } else {
        this.twin[stubs] = -1;
        this.single[stubs] = this.ends;
        this.topEnd[this.ends] = 0;
        this.endStub[this.ends++] = stubs;
        stubs++;
      }
    }
    this.stubs = stubs;
    // A part of two rows may have no edges of its own: its squares take all theirs from crossing edges (or the
    // apex). One of them is then cut in two terminals, joined in the top like the ends of a path.
    this.cut = -1;
    if (this.ends === 0) {
      if (this.doubled === 0) return 0n;
      const s0 = this.stubOf[order[0]];
      this.cut = s0;
      this.twin[s0] = this.twin[s0 + 1] = -1;
      this.single[s0] = 0;
      this.single[s0 + 1] = 1;
      this.endStub[0] = s0;
      this.endStub[1] = s0 + 1;
      this.topEnd[0] = this.topEnd[1] = 0;
      this.ends = 2;
      this.doubled--;
    }
    const ends = this.ends;
    this.ports = t.closed ? 0 : 2 - roots;
    this.apexLeft = this.ports;
    const all = ends + this.ports;
    this.allEnds = all === 32 ? -1 : (1 << all) - 1;
    this.to.fill(-1, 0, stubs);
    this.nTouched = 0;
    this.settle(-1, 0, 0, 0, 0, 0);
    if (this.nTouched === 0) return 0n;
    // Each top state of this key against each pairing seen: one cycle through all the terminals?
    // (A key with no top states still clears the pairings seen.)
    const g = t.top.groups.at.get(key);
    const t0 = g < 0 ? 0 : t.top.groups.starts[g],
      t1 = g < 0 ? 0 : t.top.groups.ends[g];
    const { mates, counts } = t.top;
    const { hKey, hVal, touched, pairing, topMate, single, stubOf } = this;
    const n = this.nTouched;
    const ranks = new Int32Array(n);
    const sums = new Float64Array(n);
    for (let e = 0; e < n; e++) {
      ranks[e] = hKey[touched[e]];
      sums[e] = hVal[touched[e]];
      hKey[touched[e]] = -1;
      if (sums[e] > Number.MAX_SAFE_INTEGER) throw pastExact();
    }
    const pairings = new Int8Array(n * all);
    for (let e = 0; e < n; e++) {
      unrank(ranks[e], all, pairing);
      pairings.set(pairing.subarray(0, all), e * all);
    }
    // The apex in the top's pairing: between the two paths run to it, between the one and the port, or
    // between the two ports.
    if (this.ports === 2) {
      topMate[ends] = ends + 1;
      topMate[ends + 1] = ends;
    }
    if (this.cut >= 0) {
      topMate[0] = 1;
      topMate[1] = 0;
    }
    let sum = 0;
    for (let k = t0; k < t1; k++) {
      const base = k * slots;
      let v0 = -1;
      for (const j of order) {
        if (need[j] !== 1) continue;
        const i = single[stubOf[j]],
          mj = mates[base + j];
        if (mj !== APEX) topMate[i] = single[stubOf[mj]];
        else if (v0 < 0) v0 = i;
        else {
          topMate[v0] = i;
          topMate[i] = v0;
        }
      }
      if (roots === 1) {
        topMate[v0] = ends;
        topMate[ends] = v0;
      }
      let inner = 0;
      for (let e = 0; e < n; e++) {
        const o = e * all;
        let x = 0,
          len = 0;
        do {
          x = topMate[pairings[o + x]];
          len += 2;
        } while (x !== 0);
        if (len === all) inner += sums[e];
      }
      sum += counts[k] * inner;
    }
    if (sum > Number.MAX_SAFE_INTEGER) throw pastExact();
    return BigInt(sum);
  }

  /**
   * Chooses the crossing edges of top slot full[pos] onwards (each slot its need, or a tour end's: a path end
   * takes the apex instead, a square of degree 0 one crossing edge and the apex), then joins. `y`, `my`: the
   * bottom key so far, and its mirror's, over the bottom slots settled (`level` of them, `code` their degrees).
   */
  private choose(pos: number, level: number, code: number, y: number, my: number): void {
    if (pos === this.full.length) return this.chosen(y, my);
    const j = this.full[pos],
      need = this.need[j];
    if (need === 0) return this.settle(pos, 0, level, code, y, my);
    const xs = this.t.plan.cross[j],
      deg = this.deg,
      to = this.to,
      s = this.stubOf[j];
    if (need === 1 && this.apexLeft > 0) {
      const e = this.single[s];
      this.apexLeft--;
      this.topEnd[e] = 1;
      this.settle(pos, 0, level, code, y, my);
      this.topEnd[e] = 0;
      this.apexLeft++;
    }
    for (let p = 0; p < xs.length; p++) {
      if (deg[xs[p]] === 2) continue;
      deg[xs[p]]++;
      to[s] = xs[p];
      if (need === 1) this.settle(pos, 0, level, code, y, my);
      else {
        for (let q = p + 1; q < xs.length; q++) {
          if (deg[xs[q]] === 2) continue;
          deg[xs[q]]++;
          to[s + 1] = xs[q];
          this.settle(pos, 0, level, code, y, my);
          to[s + 1] = -1;
          deg[xs[q]]--;
        }
        if (this.apexLeft > 0) {
          this.apexLeft--;
          // The cut square's second terminal takes the apex; any other square's first stub is a tour end's.
          if (s === this.cut) this.topEnd[1] = 1;
          else this.setApexStub(s, true);
          this.settle(pos, 0, level, code, y, my);
          if (s === this.cut) this.topEnd[1] = 0;
          else this.setApexStub(s, false);
          this.apexLeft++;
        }
      }
      to[s] = -1;
      deg[xs[p]]--;
    }
  }

  /**
   * Settles the k-th bottom slot that no top slot after full[pos] reaches: its degree in the bottom is what the
   * crossing edges leave (one less if it is a tour end), kept only if some bottom state starts so (`prefix`).
   */
  private settle(pos: number, k: number, level: number, code: number, y: number, my: number): void {
    const list = this.settled[pos + 1];
    if (k === list.length) return this.choose(pos + 1, level, code, y, my);
    const b = list[k],
      bits = this.prefix[level + 1];
    const d = 2 - this.deg[b],
      c = code * 3;
    // Some bottom state starts so with as many paths run to ends as the apex has edges left, or fewer.
    const roots = (2 << this.apexLeft) - 1;
    if ((bits[c + d] & roots) !== 0)
      this.settle(pos, k + 1, level + 1, c + d, y + d * this.weight[b], my + d * this.weight[this.mirror[b]]);
    if (d > 0 && this.apexLeft > 0 && (bits[c + d - 1] & (roots >> 1)) !== 0) {
      this.apexLeft--;
      this.bottomEnd[b] = 1;
      this.settle(
        pos,
        k + 1,
        level + 1,
        c + d - 1,
        y + (d - 1) * this.weight[b],
        my + (d - 1) * this.weight[this.mirror[b]],
      );
      this.bottomEnd[b] = 0;
      this.apexLeft++;
    }
  }

  /** Makes a doubled slot's first stub a tour end's (its twin unused), or undoes it. */
  private setApexStub(s: number, on: boolean): void {
    this.twin[s] = on ? -1 : s + 1;
    this.doubled += on ? -1 : 1;
  }

  /**
   * Crossing edges chosen, and the bottom's tour ends: the bottom states with the degrees they leave and the
   * apex's edges not placed yet as paths run to ends (key 3·y + those), where the stubs meet, then the walks.
   */
  private chosen(y0: number, my0: number): void {
    const y = 3 * y0 + this.apexLeft,
      my = 3 * my0 + this.apexLeft;
    const g = this.t.bottom.groups.at.get(y);
    if (g < 0) return;
    const b0 = this.t.bottom.groups.starts[g],
      b1 = this.t.bottom.groups.ends[g];
    // Only the smallest of the pair's images is joined, for all of them: (x, y), (mx, my), and on an even
    // number of rows (one table, turned) (y, x), (my, mx).
    const { x, mx } = this;
    let images = 1;
    switch (this.symmetry) {
      case 'all':
        if (x > y || (x === mx && y > my) || x > my || (x === my && y > mx)) return;
        images = distinctImages(x, y, mx, my);
        break;
      case 'mirror':
        if (x === mx && y > my) return;
        images = x === mx && y === my ? 1 : 2;
        break;
      case 'swap':
        if (y < x) return;
        images = x === y ? 1 : 2;
        break;
      case 'mirror-swap':
        if (my < x || (my === x && mx < y)) return;
        images = my === x && mx === y ? 1 : 2;
        break;
      case 'none':
        break;
    }
    const { to, other, stubAt, second, deg, bottomEnd, exit } = this;
    const m = this.stubs;
    stubAt.fill(-1);
    for (let s = 0; s < m; s++) {
      if (to[s] < 0) continue;
      if (stubAt[to[s]] < 0) stubAt[to[s]] = s;
      else second[to[s]] = s;
    }
    for (let s = 0; s < m; s++) {
      const b = to[s];
      other[s] =
        b < 0 ? -1 : deg[b] === 2 ? (stubAt[b] === s ? second[b] : stubAt[b]) : bottomEnd[b] === 1 ? TO_APEX : -1;
    }
    // Where a bottom path's far end leads (by its slot + 2, so APEX is 0): its crossing edge's stub, or the apex.
    exit[0] = -1;
    for (let b = 0; b < this.slots; b++) exit[b + 2] = deg[b] === 1 ? stubAt[b] : -1;
    this.walkBottom(b0, b1, images);
  }

  /** The bottom states b0..b1−1, seen from the top through the choices made; each counted `images` times. */
  private walkBottom(b0: number, b1: number, images: number): void {
    const { slots, to, other, twin, single, endStub, topEnd, exit } = this;
    const { mates, counts } = this.t.bottom;
    const ends = this.ends,
      allEnds = this.allEnds,
      doubled = this.doubled,
      all = ends + this.ports;
    for (let k = b0; k < b1; k++) {
      this.seen++;
      const base = k * slots;
      // From the smallest terminal left, through the bottom's paths (and the top squares that take both their
      // edges from the bottom) to its mate, ranking the pairing on the way: that terminal's mate among those
      // left. A walk that reaches the apex meets the next port.
      let left = allEnds,
        rank = 0,
        n = all,
        passed = 0,
        port = ends,
        ok = true;
      while (left !== 0) {
        const i = 31 - Math.clz32(left & -left);
        if (i >= ends) {
          // Ports left unmet: the apex's edges join each other, a cycle that leaves the rest out.
          ok = false;
          break;
        }
        left &= ~(1 << i);
        let s = endStub[i],
          mate: number;
        // A top path end that is a tour end: its edge to the apex.
        if (topEnd[i] === 1) mate = port++;
        else
          for (;;) {
            let u = other[s];
            if (u < 0) {
              // A bottom square with one crossing edge: a tour end (the apex), or its path to another one.
              if (u === TO_APEX) {
                mate = port++;
                break;
              }
              u = exit[mates[base + to[s]] + 2];
              if (u < 0) {
                mate = port++;
                break;
              }
            }
            const tw = twin[u];
            if (tw < 0) {
              // A top path end, or a top square that is a tour end (−1: the apex).
              mate = single[u];
              if (mate < 0) mate = port++;
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
      if (!ok || passed !== doubled) continue;
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
    const size = 1 << this.bits,
      mask = size - 1;
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

/** other[s] of a stub whose bottom square is a tour end: the walk reaches the apex. */
const TO_APEX = -2;

function pastExact(): CountCap {
  return new CountCap('the sums of the join across the middle pass 2^53, where they stop being exact');
}

/** How many distinct pairs are among (x, y), (mx, my), (y, x), (my, mx). */
function distinctImages(x: number, y: number, mx: number, my: number): number {
  const ps: Array<[number, number]> = [
    [x, y],
    [mx, my],
    [y, x],
    [my, mx],
  ];
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
