// Exact tour counts by a frontier dynamic program: path fragments' degrees and pairings on a sliding window.
//
// Method: frontier-based search, counting only (Minato's frontier method; Knuth's SIMPATH for paths and cycles).
// The squares go in a fixed order; a state is what the frontier knows (each square's degree and which path ends
// are mates), equal states are merged and their counts added: a state's count is the number of paths from the
// top of the zero-suppressed decision diagram to its node, and the diagram is never built. It adds a square at a
// time (with its edges to earlier squares) where the literature adds an edge at a time.
// Sources: D. E. Knuth, The Art of Computer Programming, Vol. 4A, §7.1.4 (SIMPATH); J. Kawahara, T. Inoue,
// H. Iwashita, S. Minato, "Frontier-based search for enumerating all constrained subgraphs with compressed
// representation", IEICE Trans. Fundamentals, 2017.
import { GridbitsError } from '../core/error.js';
import { finishedValue, job, type JobControl } from '../core/job.js';
import type { CountGraph } from './count-graph.js';
import { AsideWork } from '../core/pace.js';
import { limbsToBig, StateTable, tableSteps } from './count-table.js';
import { thousands } from '../core/text.js';

/*
 * Squares are added one at a time in the counting layout (row by row across the shorter side). Adding square v
 * decides which of its edges to earlier squares the tour uses (at most two). Only the last `reach` squares can
 * still gain edges, so a state is the window of their values:
 *   0 = no tour edge yet, 2 = finished (two edges, or left behind), 3 = a path end whose other end is a finished
 *   tour end (open tours), ≥ 4 = a path end, paired with the one other window square of the same label.
 * Labels are renumbered in order of first appearance, so equal situations meet in one state; counts of the ways
 * to reach each state add up. A square leaves the window once its last neighbour is added: with no edge it is
 * lost (dead state), with one edge it becomes a tour end (open tours only). Cycles may close only at the very
 * end, which makes every surviving final state exactly one Hamiltonian path (or cycle).
 * Pruning, both exact: a state dies as soon as more than two squares must be tour ends (finished ends, and
 * squares with no edge and fewer than two neighbours still to come), and a leaving square that still needs an
 * edge must get it from the square being added, which rules out most of that square's choices up front.
 */

const DONE = 2;
const ROOTED = 3;
const FIRST_LABEL = 4;
/** In a stored state: the one path end whose mate is the window's oldest square, which is not stored (see SLOTS). */
const MATE = 12;
/** While a state is expanded: the label the oldest square and its mate share. */
const OLDEST_LABEL = 13;
const NEW_LABEL = 15;
/**
 * What advanceUntilPause answers: a pause the control wants, the end, a count past 2^64, work on the next
 * step's tables before they take more states (TABLES) or before they are read (SETTLE).
 */
const PAUSE = 0,
  DONE_RUN = 1,
  OVERFLOW = 2,
  TABLES = 3,
  SETTLE = 4,
  SCAN = 5;

/**
 * Pacing besides the states expanded (see AsideWork): the entries a state makes, each counted as this share of
 * a state toward the next pause (a state that dies at once takes a fraction of one that makes a dozen); and the
 * empty entries of a table looked at between two looks at the pacing, and as many as take a state's time.
 */
const NODES_PER_PUSH = 0.25;
const EMPTY_PIECE = 4096;
const EMPTY_PER_NODE = 128;
/**
 * A stored state is 16 window slots of 4 bits in two 32-bit words. A window of 17 (a knight 8 wide) fits
 * too: its oldest square has one neighbour still to come, so it is finished or a path end whose mate is
 * marked MATE, and it need not be stored; on open tours it may also be a path end run to a tour end, or have
 * no edge yet (a tour end to be), and such states are kept in tables of their own (see OLDEST_KINDS).
 */
const SLOTS = 16;
/**
 * With a window of 17, the tables a step's states are kept in by the oldest square's value: finished or a
 * path end (the stored state says which), ROOTED, or no edge yet. Closed tours use the first only.
 */
const OLDEST_KINDS = [DONE, ROOTED, 0] as const;

export interface FrontierOptions {
  closed: boolean;
  /** Vertices that must be ends of the open path (degree exactly 1): `from` and perhaps `to`. */
  ends: readonly number[];
  /**
   * Open tours: no vertex but those of `ends` may be an end of the path (the part's own vertices, with
   * `iface`: the path's other ends are elsewhere). With two ends given this holds anyway.
   */
  onlyEnds?: boolean;
  /** Most states held at once (MAX_STATES unless given): past it the count stops with a `CountCap`. */
  maxStates?: number;
  /** Keep BigInt counts from the start (tests use it to check the BigInt path on small boards). */
  big?: boolean;
  /**
   * The last `iface` vertices are a boundary to another part of the graph, which will give them the edges they
   * lack. They stay in the window to the end, may end with any degree, and the run answers with its last table
   * of states (`table`) instead of a count. Open tours: the other vertices may still be ends of the path (one
   * edge); a boundary square's fragment that runs to such an end is ROOTED (3) in the table, and a fragment
   * with both ends off the boundary is dropped (the other part's squares would be left out).
   */
  iface?: number;
}

export interface FrontierResult {
  /** Undirected Hamiltonian paths (open) or cycles (closed) of the graph meeting the end constraints. */
  count: bigint;
  /** States expanded. */
  nodes: number;
  /** Largest number of states held at once. */
  peakStates: number;
  /** With `iface`: the states after the last vertex, over the stored window (see FrontierRun). */
  table?: StateTable;
  /** With `iface`: window slots stored per state in `table`. */
  stored?: number;
}

/**
 * A limit of the counter's own met while it counts (more states at once than the memory it is allowed, sums
 * past 2^53 where the crossing join adds doubles): the count cannot finish. Thrown inside the count's steps and
 * caught where the count's job answers (`prepareCount`, the shards), which then says so in its answer: never
 * seen outside a job.
 */
export class CountCap extends Error {
  /** @param reason the limit, in words */
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CountCap';
  }
}

/** Whether the state encoding holds a window of `reach` squares (see SLOTS). */
export function frontierFits(reach: number): boolean {
  return reach <= SLOTS + 1;
}

/** Counts to the end in one go (tests and benchmarks); see FrontierSearch for a run in steps. */
export function frontierCount(g: CountGraph, o: FrontierOptions): FrontierResult {
  const fj = new FrontierSearch(g, o);
  return finishedValue(job((ctl) => fj.steps(ctl, () => undefined)).runSync());
}

/**
 * Most states held at once: past it the count stops with a `CountCap`. Two tables of 16-byte entries at
 * most 70 % full, each under 2^26 entries: about 2 GiB, which this machine (24 GB) takes; measured in
 * bench/tour-count.bench.ts.
 */
const MAX_STATES = 1 << 25;

/**
 * The program as steps of a job (`steps`): the state between steps is all in fields (the square being added,
 * the next state to expand, the two tables), so a pause costs nothing. Counts are exact below 2^64 (two 32-bit limbs);
 * if one reaches 2^64 the job starts again with BigInt counts.
 */
export class FrontierSearch {
  private run: FrontierRun;
  constructor(
    private readonly g: CountGraph,
    private readonly o: FrontierOptions,
  ) {
    this.run = new FrontierRun(g, o, o.big ?? false);
  }

  /**
   * Expands states under `control` (one work unit each) to the end; `onShare` hears the estimated share done (0..1) at
   * each pause.
   */
  *steps(control: JobControl<unknown>, onShare: (share: number) => void): Generator<void, FrontierResult, void> {
    for (;;) {
      const r = yield* this.run.steps(control, onShare);
      if (r !== 'overflow') return r;
      this.run = new FrontierRun(this.g, this.o, true);
    }
  }

  /** The largest number of states held at once so far. */
  get peakStates(): number {
    return this.run.peakStates;
  }

  /**
   * The program's state at a pause, to be saved and given to `restore` in another process (see
   * count-checkpoint.ts); null while counts are BigInts (past 2^64), which are not saved.
   */
  snapshot(): FrontierSnapshot | null {
    return this.run.snapshot();
  }

  /** Continues from a snapshot of the same program (same graph and options: the caller checks). */
  restore(s: FrontierSnapshot): void {
    this.run.restore(s);
  }

  /** Squares added so far (the one being added does not count until all its states are expanded). */
  get squaresAdded(): number {
    return this.run.v;
  }

  /** The share of the work done (0..1) as last estimated at a pause; 1 once finished. */
  get shareDone(): number {
    return this.run.shareSoFar;
  }

  /** Lets go of the program's tables once its result has been read (the counters stay). */
  release(): void {
    this.run.release();
  }
}

/** A frontier program's state at a pause: where it is, its counters, and its two tables as laid out. */
export interface FrontierSnapshot {
  v: number;
  k: number;
  paused: boolean;
  nodes: number;
  peakStates: number;
  total0: number;
  total1: number;
  stepStart: number;
  share: number;
  held: number[];
  cur: { e: Uint32Array; size: number };
  next: { e: Uint32Array; size: number };
}

/*
 * Progress: the states a step expands grow and shrink with the board, and most of the time goes to the few
 * steps with the most states, so a square count is no measure of the work (6×6 said 21 of 36 squares after 5 s
 * of a 59 s count). Each step's states are forecast from the current step's: the log of the ratio between one
 * step's states and the last one's is modelled as A + B·log(1 + b + b(b−1)/2) + C·l (b: the square's earlier
 * neighbours, so its choices of edges; l: squares leaving the window), fitted to knight counts on 3×12 … 6×7,
 * and corrected by the mean error of that model over the last row of steps.
 */
const GROWTH_A = 0.165,
  GROWTH_B = 0.587,
  GROWTH_C = -1.022;

/** One pass of the program; `big` keeps BigInt counts (a rerun after a count passed 2^64). */
class FrontierRun {
  private readonly D: number;
  /** fut[v * (D + 1) + s]: neighbours of the square in slot s (before the shift at step v) added after v. */
  private readonly fut: Int8Array;
  private readonly isEnd: Uint8Array;
  /** endsAfter[v]: fixed ends added after v. */
  private readonly endsAfter: Int32Array;
  /** No square but the fixed ends may be an end of the path (two fixed ends, or `onlyEnds`). */
  private readonly endsFixed: boolean;
  private readonly maxStates: number;
  /** leaving[v]: window slots (0..D, D = v itself) of the squares whose last neighbour is v. */
  private readonly leaving: Int32Array[];
  private readonly base: Int8Array;
  private readonly a: Int8Array;
  private readonly relabel = new Int8Array(16);
  /** This step's states and the next step's, in one table each or (see OLDEST_KINDS) one per kind of oldest square. */
  private cur: StateTable[];
  private next: StateTable[];
  /** The table of `cur` being expanded. */
  private part = 0;
  /** Slots stored per state, and whether the oldest square is left out (see SLOTS). */
  private readonly stored: number;
  private readonly compress: boolean;
  private readonly iface: number;
  /** The count of the state being expanded: two limbs, or a BigInt in big mode. */
  private c0 = 0;
  private c1 = 0;
  private cBig = 0n;
  private total0 = 0;
  private total1 = 0;
  /** The square being added, and the next state of `cur` to expand. */
  v = 0;
  private k = 0;
  private nodes = 0;
  peakStates = 1;
  private finished = false;
  /** The model's log-ratio of each step's states to the last one's (see GROWTH_A), and the states each step held. */
  private readonly growth: Float64Array;
  private readonly held: Float64Array;
  /**
   * Nodes when the current step began, the forecast of the later steps' states over this step's, the best share
   * reported.
   */
  private stepStart = 0;
  private ahead = 0;
  private share = 0;
  private totalBig = 0n;
  private overflow = false;
  /** True while the state at `k` has been counted and a pause came before its expansion. */
  private paused = false;
  /** Entries made, and those the pacing has counted; empty entries looked at, and their pacing. */
  private pushes = 0;
  private pushesSeen = 0;
  private empties = 0;
  private scan: AsideWork | undefined = undefined;

  constructor(
    private readonly g: CountGraph,
    private readonly o: FrontierOptions,
    private readonly big: boolean,
  ) {
    this.D = g.reach;
    if (!frontierFits(g.reach))
      throw new GridbitsError(
        'LIMIT',
        `the counting window of ${g.reach} squares is too wide for the frontier counter`,
      );
    this.compress = g.reach > SLOTS;
    this.stored = Math.min(g.reach, SLOTS);
    this.isEnd = new Uint8Array(g.n);
    for (const e of o.ends) this.isEnd[e] = 1;
    this.endsAfter = new Int32Array(g.n);
    for (let v = 0; v < g.n; v++) for (const e of o.ends) if (e > v) this.endsAfter[v]++;
    this.endsFixed = o.ends.length >= 2 || o.onlyEnds === true;
    this.maxStates = o.maxStates ?? MAX_STATES;
    const iface = o.iface ?? 0;
    this.iface = iface;
    const firstIface = g.n - iface;
    const lists: number[][] = Array.from({ length: g.n }, () => []);
    for (let u = 0; u < firstIface; u++) lists[g.last[u]].push(this.D - (g.last[u] - u));
    this.leaving = lists.map((l) => Int32Array.from(l));
    const D = this.D;
    this.fut = new Int8Array(g.n * (D + 1));
    for (let v = 0; v < g.n; v++) {
      for (let s = 0; s <= D; s++) {
        const u = v - D + s;
        if (u < 0) continue;
        let f = 0;
        for (let k = g.adjStart[u]; k < g.adjStart[u + 1]; k++) if (g.adj[k] > v) f++;
        // A boundary vertex gets what it lacks from the other part: never a forced end.
        this.fut[v * (D + 1) + s] = u >= firstIface ? 2 : f;
      }
    }
    this.base = new Int8Array(D);
    this.a = new Int8Array(D + 1);
    const kinds = this.compress && !o.closed ? OLDEST_KINDS.length : 1;
    this.cur = Array.from({ length: kinds }, () => new StateTable(big));
    this.next = Array.from({ length: kinds }, () => new StateTable(big));
    let initLo = 0,
      initHi = 0;
    for (let j = 0; j < this.stored; j++) {
      if (j < 8) initLo |= DONE << (4 * j);
      else initHi |= DONE << (4 * (j - 8));
    }
    if (big) this.cur[0].addBig(initLo >>> 0, initHi >>> 0, 1n);
    else this.cur[0].add(initLo >>> 0, initHi >>> 0, 1, 0);
    this.growth = new Float64Array(g.n);
    for (let v = 0; v < g.n; v++) {
      const b = g.back[v].length;
      this.growth[v] = GROWTH_A + GROWTH_B * Math.log(1 + b + (b * (b - 1)) / 2) + GROWTH_C * this.leaving[v].length;
    }
    this.held = new Float64Array(g.n);
    this.forecast();
  }

  /** At the start of step v: the later steps' states forecast, as a multiple of this step's. */
  private forecast(): void {
    const { v, held, growth } = this;
    const n = this.g.n,
      w = this.g.width;
    held[v] = this.heldNow();
    this.stepStart = this.nodes;
    let err = 0,
      m = 0;
    for (let u = Math.max(1, v - w + 1); u <= v; u++) {
      if (held[u - 1] >= 50 && held[u] > 0) {
        err += Math.log(held[u] / held[u - 1]) - growth[u];
        m++;
      }
    }
    const fix = m > 0 ? err / m : 0;
    let ahead = 0,
      f = 1;
    for (let u = v + 1; u < n; u++) {
      f *= Math.exp(growth[u] + fix);
      ahead += f;
      if (f < 1e-9) break;
    }
    this.ahead = ahead;
  }

  /** The estimated share of the work done (0..1), never less than the last one given. */
  private shareDone(): number {
    const size = this.heldNow();
    const left = Math.max(0, size - (this.nodes - this.stepStart)) + size * this.ahead;
    const s = this.nodes / (this.nodes + left);
    if (s > this.share) this.share = Math.min(s, 0.999);
    return this.share;
  }

  /** Whether a table of the next step must be worked on before it takes more states. */
  private nextDue(): boolean {
    for (const t of this.next) if (t.due) return true;
    return false;
  }

  /** States the next step holds so far. */
  private nextHeld(): number {
    let n = 0;
    for (const t of this.next) n += t.size;
    return n;
  }

  /** States held this step (in all its tables). */
  private heldNow(): number {
    let n = 0;
    for (const t of this.cur) n += t.size;
    return n;
  }

  /** Null past 2^64, once finished, and with tables by the oldest square (open tours 17 wide: counted in shards). */
  snapshot(): FrontierSnapshot | null {
    if (this.big || this.finished || this.cur.length > 1) return null;
    return {
      v: this.v,
      k: this.k,
      paused: this.paused,
      nodes: this.nodes,
      peakStates: this.peakStates,
      total0: this.total0,
      total1: this.total1,
      stepStart: this.stepStart,
      share: this.share,
      held: Array.from(this.held.subarray(0, this.v + 1)),
      cur: this.cur[0].layout(),
      next: this.next[0].layout(),
    };
  }

  restore(s: FrontierSnapshot): void {
    if (this.big || this.cur.length > 1)
      throw new Error('a snapshot restores a run with limb counts and one table a step');
    this.v = s.v;
    this.k = s.k;
    this.paused = s.paused;
    this.nodes = s.nodes;
    this.peakStates = s.peakStates;
    this.total0 = s.total0;
    this.total1 = s.total1;
    this.held.fill(0);
    this.held.set(s.held);
    this.cur = [StateTable.fromLayout(s.cur.e, s.cur.size)];
    this.next = [StateTable.fromLayout(s.next.e, s.next.size)];
    this.forecast();
    this.stepStart = s.stepStart;
    this.share = s.share;
  }

  /** The share last estimated (0 before the first pause, 1 once finished). */
  get shareSoFar(): number {
    return this.finished ? 1 : this.share;
  }

  /** Lets go of both tables (the result's table too: call once it has been read). */
  release(): void {
    this.cur = [];
    this.next = [];
  }

  private result(): FrontierResult {
    const { nodes, peakStates } = this;
    // The spare table is as large as the largest step's: free it before the caller builds on the result.
    this.next = [];
    const count = this.big ? this.totalBig : limbsToBig(this.total0, this.total1);
    return this.iface > 0
      ? { count, nodes, peakStates, table: this.cur[0], stored: this.stored }
      : { count, nodes, peakStates };
  }

  /** The program's steps under `control`: the result, or 'overflow' when a count reached 2^64. */
  *steps(
    control: JobControl<unknown>,
    onShare: (share: number) => void,
  ): Generator<void, FrontierResult | 'overflow', void> {
    // The loop runs in a plain method (V8 optimises hot loops in plain methods, not in a generator's body).
    for (;;) {
      const code = this.advanceUntilPause(control);
      if (code === OVERFLOW) return 'overflow';
      if (code === DONE_RUN) break;
      // The next step's tables are emptied, doubled and filled in pieces, between the job's pauses.
      if (code === TABLES || code === SETTLE) yield* tableSteps(control, this.next, code === SETTLE);
      else if (code === SCAN) yield;
      else {
        onShare(this.shareDone());
        yield;
      }
    }
    onShare(1);
    return this.result();
  }

  /**
   * Expands states until the control wants a pause (PAUSE: the state at `k` is counted but not yet expanded,
   * and is expanded first on the next call), the end (DONE_RUN) or a count past 2^64 (OVERFLOW).
   */
  private advanceUntilPause(control: JobControl<unknown>): number {
    const { g, o, D, big, base, a } = this;
    const n = g.n;
    while (!this.finished) {
      const v = this.v;
      const cur = this.cur;
      const back = g.back[v];
      const maxDeg = this.isEnd[v] === 1 ? 1 : 2;
      const leave = this.leaving[v];
      const closed = o.closed;
      const endsFixed = this.endsFixed;
      // With a boundary no path is complete at the last step: the other part adds to it.
      const lastStep = v === n - 1 && this.iface === 0;
      const stored = this.stored,
        off = D - stored,
        compress = this.compress;
      // The tables of the step one after the other; past the last state of the last one, `k` stays at its
      // capacity (a snapshot there resumes at the step's end).
      for (; ; this.part++, this.k = 0) {
        const table = cur[this.part],
          cap = table.capacity;
        for (; this.k < cap; this.k++) {
          const k = this.k;
          const e = table.e;
          const c0 = e[4 * k + 2],
            c1 = e[4 * k + 3];
          if ((c0 | c1) === 0) {
            // A table past its largest step holds few states: its empty entries take time too.
            if (
              (++this.empties & (EMPTY_PIECE - 1)) === 0 &&
              (this.scan ??= new AsideWork(control, EMPTY_PER_NODE)).spend(EMPTY_PIECE)
            )
              return SCAN;
            continue;
          }
          if (this.paused) this.paused = false;
          else {
            if (this.nextDue()) return TABLES;
            this.nodes++;
            // A state costs more the more it makes: its entries count toward the pacing (not as nodes).
            control.checkAt -= (this.pushes - this.pushesSeen) * NODES_PER_PUSH;
            this.pushesSeen = this.pushes;
            if (control.spend()) {
              this.paused = true;
              return PAUSE;
            }
          }
          this.c0 = c0;
          this.c1 = c1;
          if (big) this.cBig = table.bigCounts[k];
          const lo = e[4 * k],
            hi = e[4 * k + 1];
          for (let j = 0; j < stored; j++) base[off + j] = j < 8 ? (lo >>> (4 * j)) & 15 : (hi >>> (4 * (j - 8))) & 15;
          if (compress && this.part > 0) base[0] = OLDEST_KINDS[this.part];
          else if (compress) {
            // The oldest square, not stored: finished, or the mate of the end marked MATE.
            base[0] = DONE;
            for (let j = 1; j < D; j++) {
              if (base[j] === MATE) {
                base[j] = OLDEST_LABEL;
                base[0] = OLDEST_LABEL;
                break;
              }
            }
          }
          // Squares leaving after this step that must get their edge from v (v is their last neighbour):
          // without it they would leave with too few edges. More than two such squares, or one that needs two
          // edges, and the state is dead whatever v does.
          let req1 = -1,
            req2 = -1,
            dead = false;
          for (let i = 0; i < leave.length; i++) {
            const sl = leave[i];
            if (sl === D) continue;
            const x = base[sl];
            if (x === DONE) continue;
            let needs: boolean;
            if (x === 0) {
              needs = true;
              if (closed) dead = true;
            } else needs = closed || (x === ROOTED && !lastStep) || (endsFixed && this.isEnd[v - D + sl] === 0);
            if (!needs) continue;
            if (req1 < 0) req1 = sl;
            else if (req2 < 0) req2 = sl;
            else dead = true;
          }
          if (dead) continue;
          // No edge to v.
          if (req1 < 0) {
            a.set(base);
            a[D] = 0;
            this.emit(false);
          }
          for (let i = 0; i < back.length; i++) {
            const s1 = D - back[i];
            const x1 = base[s1];
            if (x1 === DONE || (x1 !== 0 && this.isEnd[v - D + s1] === 1)) continue;
            if (req1 >= 0 && s1 > req1) break;
            if (req2 >= 0 && s1 !== req1 && s1 !== req2) continue;
            if (req2 >= 0 && s1 === req2) continue;
            // One edge s1–v: v extends the fragment at s1 or starts one with it.
            a.set(base);
            if (x1 === 0) {
              a[s1] = NEW_LABEL;
              a[D] = NEW_LABEL;
            } else {
              a[s1] = DONE;
              a[D] = x1;
            }
            if (req2 < 0 && (req1 < 0 || s1 === req1)) this.emit(false);
            if (maxDeg < 2) continue;
            for (let i2 = i + 1; i2 < back.length; i2++) {
              const s2 = D - back[i2];
              const x2 = base[s2];
              if (x2 === DONE || (x2 !== 0 && this.isEnd[v - D + s2] === 1)) continue;
              if (req2 >= 0 ? s1 !== req1 || s2 !== req2 : req1 >= 0 && s1 !== req1 && s2 !== req1) continue;
              this.join(s1, x1, s2, x2);
            }
          }
          // States still waiting in a table's buffer are counted once the step ends.
          if (this.nextHeld() > this.maxStates) throw this.pastStates();
        }
        if (this.part === cur.length - 1) break;
      }
      let overflow = this.overflow;
      for (const t of this.next) {
        if (!t.settled) return SETTLE;
        overflow ||= t.overflow;
      }
      if (overflow) return OVERFLOW;
      this.cur = this.next;
      this.next = cur;
      for (const t of this.next) t.clear();
      this.k = 0;
      this.part = 0;
      const held = this.heldNow();
      if (held > this.maxStates) throw this.pastStates();
      if (held > this.peakStates) this.peakStates = held;
      this.v = v + 1;
      if (this.v === n || (held === 0 && this.iface === 0)) this.finished = true;
      else this.forecast();
    }
    return DONE_RUN;
  }

  private pastStates(): CountCap {
    return new CountCap(
      `the count needs more than ${thousands(this.maxStates)} states at once, past the memory it is allowed`,
    );
  }

  /** Two edges s1–v–s2: v becomes an inner square joining two fragments (or closing one). */
  private join(s1: number, x1: number, s2: number, x2: number): void {
    const { a, base, D } = this;
    a.set(base);
    a[D] = DONE;
    let closedNow = false;
    if (x1 === 0 && x2 === 0) {
      a[s1] = NEW_LABEL;
      a[s2] = NEW_LABEL;
    } else if (x1 === 0) {
      a[s1] = x2;
      a[s2] = DONE;
    } else if (x2 === 0) {
      a[s2] = x1;
      a[s1] = DONE;
    } else {
      a[s1] = DONE;
      a[s2] = DONE;
      if (x1 === ROOTED && x2 === ROOTED) closedNow = true;
      else if (x1 === ROOTED) a[this.mateOf(x2, -1)] = ROOTED;
      else if (x2 === ROOTED) a[this.mateOf(x1, -1)] = ROOTED;
      else if (x1 === x2) {
        if (!this.o.closed) return;
        closedNow = true;
      } else a[this.mateOf(x2, -1)] = x1;
    }
    this.emit(closedNow);
  }

  private mateOf(label: number, except: number): number {
    const a = this.a;
    for (let j = 0; j <= this.D; j++) if (j !== except && a[j] === label) return j;
    return -1;
  }

  /** Completes the transition held in `a`: squares leaving, the final check, renumbering and adding the count. */
  private emit(closedNow: boolean): void {
    const { a, D, v } = this;
    if (v === this.g.n - 1 && this.iface === 0) {
      if (!this.finalOk(closedNow)) return;
      if (this.big) this.totalBig += this.cBig;
      else {
        const lo = this.total0 + this.c0;
        const carry = lo >= 0x1_0000_0000 ? 1 : 0;
        const hi = this.total1 + this.c1 + carry;
        if (hi >= 0x1_0000_0000) this.overflow = true;
        this.total0 = lo >>> 0;
        this.total1 = hi >>> 0;
      }
      return;
    }
    if (closedNow) return;
    const leave = this.leaving[v];
    for (let i = 0; i < leave.length; i++) {
      const s = leave[i];
      const x = a[s];
      if (x === DONE) continue;
      if (x === 0 || this.o.closed || x === ROOTED) return;
      if (this.endsFixed && this.isEnd[v - D + s] === 0) return;
      a[this.mateOf(x, s)] = ROOTED;
      a[s] = DONE;
    }
    // Renumber the labels in order of first appearance and pack 4 bits a square, counting on the way the
    // squares that can no longer get two edges: they must be tour ends (closed tours have none, open ones two).
    const fut = this.fut;
    const f0 = v * (D + 1);
    const relabel = this.relabel;
    const closed = this.o.closed;
    // Fixed ends (from, to) are ends too: those still to come, and those in the window not yet counted.
    const isEnd = this.isEnd;
    const u0 = v - D;
    let ends = this.endsAfter[v],
      seen = 0,
      nextLabel = FIRST_LABEL;
    let lo = 0,
      hi = 0;
    // The oldest square of the new window is not stored when the window is one too wide: it has one
    // neighbour still to come, so it is finished or a path end, whose mate is marked MATE; open tours keep
    // the states where it is a path end run to a tour end, or has no edge yet, in tables of their own.
    let first = 1,
      mate = -1,
      kind = 0;
    if (this.compress) {
      const x = a[1];
      first = 2;
      // A fixed end not finished is an end (as in the loop below: the oldest has fewer than two neighbours to come).
      if (u0 + 1 >= 0 && isEnd[u0 + 1] === 1 && x !== DONE && x !== 0) ends++;
      if (x >= FIRST_LABEL) mate = x;
      else if (x !== DONE) {
        if (closed) return;
        kind = x === ROOTED ? 1 : 2;
        // A tour end, or the end of a path run to one.
        if (x === 0 && this.endsFixed && isEnd[u0 + 1] !== 1) return;
        ends++;
      }
    }
    for (let j = first; j <= D; j++) {
      let x = a[j];
      if (u0 + j >= 0 && isEnd[u0 + j] === 1 && x !== DONE && !(x === 0 && fut[f0 + j] < 2)) ends++;
      if (x === mate) x = MATE;
      else if (x >= FIRST_LABEL) {
        const bit = 1 << x;
        if ((seen & bit) === 0) {
          seen |= bit;
          relabel[x] = nextLabel++;
        }
        x = relabel[x];
      } else if (x === ROOTED) ends++;
      else if (x === 0 && fut[f0 + j] < 2) {
        if (closed || (this.endsFixed && isEnd[u0 + j] !== 1)) return;
        ends++;
      }
      const slot = j - first;
      if (slot < 8) lo |= x << (4 * slot);
      else hi |= x << (4 * (slot - 8));
    }
    if (ends > 2) return;
    const next = this.next[kind];
    if (this.big) next.addBig(lo >>> 0, hi >>> 0, this.cBig);
    else next.push(lo >>> 0, hi >>> 0, this.c0, this.c1);
    this.pushes++;
  }

  /** The last square: everything still open leaves now. Open: one path with both ends accounted for. */
  private finalOk(closedNow: boolean): boolean {
    const { a, D } = this;
    const n = this.g.n;
    if (this.o.closed) {
      for (let j = 0; j <= D; j++) if (a[j] !== DONE) return false;
      return closedNow || n === 1;
    }
    let rooted = 0,
      labelled = 0,
      label = -1,
      sameLabel = true;
    for (let j = 0; j <= D; j++) {
      const x = a[j];
      if (x === DONE) continue;
      if (x === 0) return n === 1;
      if (x === ROOTED) rooted++;
      else {
        labelled++;
        if (label === -1) label = x;
        else if (label !== x) sameLabel = false;
      }
    }
    if (closedNow) return rooted === 0 && labelled === 0;
    return (rooted === 1 && labelled === 0) || (rooted === 0 && labelled === 2 && sameLabel);
  }
}
