// A hash table from frontier states (64-bit keys as two 32-bit halves) to exact counts below 2^64, one cache line per
// probe.
//
// Method: the state table of frontier-based search (count-frontier.ts): equal frontier states merged and their
// counts added, the counting form of sharing a decision diagram's nodes.
// Source: J. Kawahara, T. Inoue, H. Iwashita, S. Minato, "Frontier-based search for enumerating all constrained
// subgraphs with compressed representation", IEICE Trans. Fundamentals, 2017.
import type { JobControl } from '../core/job.js';
import { AsideWork } from '../core/pace.js';

/** Counts are exact below 2^64 (two 32-bit limbs); a sum that reaches it sets `overflow`. */
const LIMB = 0x1_0000_0000;

/**
 * Open addressing over one buffer of 16-byte entries [k0, k1, c0, c1]: the key's halves and the count's low
 * and high 32 bits, so a probe touches one cache line and a count is exact up to 2^64 − 1. A zero count marks
 * an empty entry (counts are never zero). Past 2^64 `overflow` turns true and the caller reruns with `big`: in
 * big mode the counts are BigInts kept beside the table (c0 = 1 marks a used entry), used only where counts
 * have hundreds of digits (3×5000 open tours).
 *
 * The work on a large table (emptying it, doubling it, adding a buffer of waiting entries) can take longer than
 * a job may go without a pause, so it is done in pieces: `clear` and `push` only note the work, and `work`
 * does a piece of it, which a job's body calls between its own steps (see `tableSteps`) until the table is
 * `settled`. `add`, `flush`, `layout` and reading the table do whatever is left at once.
 */
export class StateTable {
  size = 0;
  overflow = false;
  /** Entries: e[4i] = k0, e[4i + 1] = k1, e[4i + 2] = count's low limb, e[4i + 3] = its high limb. */
  e: Uint32Array;
  bigCounts: bigint[] = [];
  private mask: number;
  private shift: number;
  private limit: number;
  /**
   * New entries waiting to be added (`push`), 4 words each, and their number. The buffers start small and
   * double up to PENDING entries as a table takes more: a first write to a fresh page of memory costs 4 µs on
   * this machine when idle, 16 when busy (`npm run bench -- stall` measures it), so buffers of 2.5 MB made at
   * once for each of a count's tables took 6-9 ms before its first pause (tour.each of 5×6).
   */
  private pending = new Uint32Array(4 * FIRST_PENDING);
  private sorted = new Uint32Array(0);
  private hashes = new Int32Array(0);
  private order = new Int32Array(0);
  private starts = new Int32Array(BUCKETS + 1);
  private pendingCount = 0;
  /** Entries of `sorted` being added (`order` holds their hashes), and the next one to add. */
  private batch = 0;
  private batchAt = 0;
  /** While the waiting entries are sorted: the next one to look at (−1: not sorting), and in which pass. */
  private sortAt = -1;
  private placing = false;
  /** While the table is emptied: the next word to zero (−1: not emptying). */
  private clearAt = -1;
  /** While the table doubles: the old entries (and BigInt counts), and the next old entry to move. */
  private old: Uint32Array | null = null;
  private oldBig: bigint[] = [];
  private moveAt = 0;

  constructor(
    readonly big: boolean,
    capacity = 1024,
  ) {
    const cap = 2 ** Math.max(4, Math.ceil(Math.log2(capacity)));
    this.e = new Uint32Array(cap * 4);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.limit = Math.floor(cap * LOAD);
  }

  /** Number of entries, empty ones included (iterate 0..capacity − 1 and skip used(i) false). */
  get capacity(): number {
    return this.mask + 1;
  }

  /** Bytes the table's entries take. */
  get bytes(): number {
    return this.e.byteLength + (this.old?.byteLength ?? 0);
  }

  /** Empties the table: at once for counting, its entries zeroed by `work` (or at the next `add` or read). */
  clear(): void {
    this.pendingCount = 0;
    this.sortAt = -1;
    this.batch = this.batchAt = 0;
    this.size = 0;
    this.overflow = false;
    if (this.old !== null) {
      // Emptied while doubling: the old entries need not move.
      this.old = null;
      this.oldBig = [];
    }
    this.clearAt = 0;
    if (this.big) this.bigCounts = [];
  }

  /**
   * True while `push` must wait for `work`: its buffer is nearly full, or a piece of work on the table is under
   * way (a caller pushes at most PUSH_ROOM entries between two looks at it).
   */
  get due(): boolean {
    return (
      this.pendingCount > PENDING - PUSH_ROOM ||
      this.sortAt >= 0 ||
      this.batchAt < this.batch ||
      this.clearAt >= 0 ||
      this.old !== null
    );
  }

  /** True when no work is left: every entry pushed is in the table, which can be read. */
  get settled(): boolean {
    return this.pendingCount === 0 && !this.due;
  }

  /**
   * Does a piece of the work waiting on the table, about `units` units of it (each about as long as the
   * others: 32 entries zeroed, an entry sorted, half an entry moved while doubling or added), and answers the
   * units done: 0 when it is settled.
   */
  work(units: number): number {
    let done = 0;
    while (done < units) {
      if (this.clearAt >= 0) {
        const e = this.e;
        const to = Math.min(e.length, this.clearAt + 128 * Math.ceil(units - done));
        e.fill(0, this.clearAt, to);
        done += (to - this.clearAt) / 128;
        this.clearAt = to === e.length ? -1 : to;
      } else if (this.old !== null) done += this.move(Math.ceil((units - done) / 2)) * 2;
      else if (this.batchAt < this.batch) done += this.addBatch(Math.ceil((units - done) / 2)) * 2;
      else if (this.pendingCount > 0) done += this.sortPending(units - done);
      else break;
    }
    return done;
  }

  /** The entry for key (k0, k1): its own, or the empty one where it would go. */
  private slot(k0: number, k1: number): number {
    return this.slotAt(k0, k1, hashOf(k0, k1));
  }

  /**
   * The same for a key of hash h. The table is indexed by the hash's top bits, so keys whose hashes share them
   * sit in one stretch of the table: `flush` adds entries in that order, and each stretch stays in the cache.
   */
  private slotAt(k0: number, k1: number, h: number): number {
    const { e, mask } = this;
    let i = h >>> this.shift;
    for (;;) {
      const at = 4 * i;
      if ((e[at + 2] | e[at + 3]) === 0 || (e[at] === k0 && e[at + 1] === k1)) return i;
      i = (i + 1) & mask;
    }
  }

  /** The table as it is laid out (after `flush`): entries and size, to be saved and put back with `fromLayout`. */
  layout(): { e: Uint32Array; size: number } {
    if (this.big) throw new Error('a table of BigInt counts has no saved layout');
    this.flush();
    return { e: this.e, size: this.size };
  }

  /** A table with the entries of `layout()`, laid out the same way (entry i stays entry i). */
  static fromLayout(e: Uint32Array, size: number): StateTable {
    const cap = e.length / 4;
    if (!Number.isInteger(Math.log2(cap)) || cap < 16)
      throw new Error('a table layout has a whole power of two of entries');
    const t = new StateTable(false, 16);
    t.e = e;
    t.mask = cap - 1;
    t.shift = 32 - Math.log2(cap);
    t.limit = Math.floor(cap * LOAD);
    t.size = size;
    return t;
  }

  /** Adds the count c1·2^32 + c0 to the state (k0, k1). */
  add(k0: number, k1: number, c0: number, c1: number): void {
    if (!this.settled) this.flush();
    this.addAt(this.slot(k0, k1), k0, k1, c0, c1);
    if (this.size > this.limit) this.grow(true);
  }

  /** Adds the count to entry i, which holds the key (k0, k1) or is empty. */
  private addAt(i: number, k0: number, k1: number, c0: number, c1: number): void {
    const e = this.e;
    const at = 4 * i;
    const h0 = e[at + 2],
      h1 = e[at + 3];
    if ((h0 | h1) !== 0) {
      const lo = h0 + c0;
      const hi = h1 + c1 + (lo >= LIMB ? 1 : 0);
      if (hi >= LIMB) this.overflow = true;
      e[at + 2] = lo;
      e[at + 3] = hi;
      return;
    }
    e[at] = k0;
    e[at + 1] = k1;
    e[at + 2] = c0;
    e[at + 3] = c1;
    this.size++;
  }

  /** Adds `count` to the state (k0, k1) (big mode). */
  addBig(k0: number, k1: number, count: bigint): void {
    if (!this.settled) this.flush();
    const i = this.slot(k0, k1);
    const e = this.e;
    const at = 4 * i;
    if (e[at + 2] !== 0) {
      this.bigCounts[i] += count;
      return;
    }
    e[at] = k0;
    e[at + 1] = k1;
    e[at + 2] = 1;
    this.bigCounts[i] = count;
    if (++this.size > this.limit) this.grow(true);
  }

  /**
   * Adds the count c1·2^32 + c0 to the state (k0, k1) later: entries wait in a buffer, which `work` (or
   * `flush`) adds in the order of the table (settle the table before reading it). Many random additions to a
   * large table run several times faster so, as each one finds its stretch of the table in the cache. A
   * caller that does not settle the table as it goes must look at `due` at least every PUSH_ROOM entries.
   */
  push(k0: number, k1: number, c0: number, c1: number): void {
    let n = this.pendingCount;
    if (n === PENDING) {
      this.flush();
      n = 0;
    } else if (4 * n === this.pending.length) {
      const larger = new Uint32Array(2 * this.pending.length);
      larger.set(this.pending);
      this.pending = larger;
    }
    const p = this.pending;
    p[4 * n] = k0;
    p[4 * n + 1] = k1;
    p[4 * n + 2] = c0;
    p[4 * n + 3] = c1;
    this.pendingCount = n + 1;
  }

  /** Does all the work waiting on the table at once (see `work`). */
  flush(): void {
    while (this.work(1 << 30) > 0);
  }

  /**
   * Sorts up to `units` of the entries waiting in the buffer by where they go (a counting sort on the hash's
   * top byte: their hashes counted, then each placed), so the table is swept once as they are added; answers
   * the units of work done (an entry's two looks make one). A full buffer takes several milliseconds to sort,
   * so it is sorted in pieces too: while it is, `due` holds and nothing is pushed.
   */
  private sortPending(units: number): number {
    const n = this.pendingCount;
    if (this.sortAt < 0) {
      if (this.hashes.length < n) {
        const size = this.pending.length / 4;
        this.sorted = new Uint32Array(4 * size);
        this.hashes = new Int32Array(size);
        this.order = new Int32Array(size);
      }
      this.starts.fill(0);
      this.sortAt = 0;
      this.placing = false;
    }
    const { pending: p, sorted: q, hashes, order, starts } = this;
    const from = this.sortAt;
    const to = Math.min(n, from + 2 * Math.ceil(units));
    if (!this.placing) {
      for (let i = from; i < to; i++) {
        const h = hashOf(p[4 * i], p[4 * i + 1]);
        hashes[i] = h;
        starts[(h >>> 24) + 1]++;
      }
      this.sortAt = to;
      if (to === n) {
        for (let b = 0; b < BUCKETS; b++) starts[b + 1] += starts[b];
        this.sortAt = 0;
        this.placing = true;
      }
      return (to - from) / 2;
    }
    for (let i = from; i < to; i++) {
      const h = hashes[i];
      const at = starts[h >>> 24]++;
      q[4 * at] = p[4 * i];
      q[4 * at + 1] = p[4 * i + 1];
      q[4 * at + 2] = p[4 * i + 2];
      q[4 * at + 3] = p[4 * i + 3];
      order[at] = h;
    }
    this.sortAt = to;
    if (to === n) {
      this.sortAt = -1;
      this.pendingCount = 0;
      this.batch = n;
      this.batchAt = 0;
    }
    return (to - from) / 2;
  }

  /**
   * Adds up to `n` entries of the sorted batch; answers how many it added. A table that the rest of the batch
   * could fill past its load is made large enough first (in pieces, by `work`): entries added in the batch's
   * order lie in one stretch of the table until it is complete, and a table doubled while they do would hold
   * them all in one run of full entries, each added at the end of it.
   */
  private addBatch(n: number): number {
    const { sorted: q, order } = this;
    if (this.size + (this.batch - this.batchAt) > this.limit) {
      let cap = 2 * this.capacity;
      while (Math.floor(cap * LOAD) < this.size + (this.batch - this.batchAt)) cap *= 2;
      this.grow(false, cap);
      return 0;
    }
    const end = Math.min(this.batch, this.batchAt + n);
    for (let i = this.batchAt; i < end; i++) {
      const k0 = q[4 * i],
        k1 = q[4 * i + 1];
      this.addAt(this.slotAt(k0, k1, order[i]), k0, k1, q[4 * i + 2], q[4 * i + 3]);
    }
    const added = end - this.batchAt;
    this.batchAt = end;
    if (this.batchAt === this.batch) this.batch = this.batchAt = 0;
    return added;
  }

  /** Makes the table `cap` entries large (twice by default); its entries move now (`now`) or in pieces by `work`. */
  private grow(now: boolean, cap = 2 * this.capacity): void {
    this.old = this.e;
    this.oldBig = this.bigCounts;
    this.moveAt = 0;
    this.e = new Uint32Array(cap * 4);
    this.bigCounts = [];
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.limit = Math.floor(cap * LOAD);
    if (now) this.move(Infinity);
  }

  /** Moves up to `n` of the old entries (used or empty) into the doubled table; answers how many it looked at. */
  private move(n: number): number {
    const old = this.old as Uint32Array,
      oldBig = this.oldBig;
    const e = this.e;
    const oldCap = old.length / 4;
    const end = Math.min(oldCap, this.moveAt + n);
    for (let k = this.moveAt; k < end; k++) {
      const at = 4 * k;
      const c0 = old[at + 2],
        c1 = old[at + 3];
      if ((c0 | c1) === 0) continue;
      const k0 = old[at],
        k1 = old[at + 1];
      const i = this.slot(k0, k1);
      const to = 4 * i;
      e[to] = k0;
      e[to + 1] = k1;
      e[to + 2] = c0;
      e[to + 3] = c1;
      if (this.big) this.bigCounts[i] = oldBig[k];
    }
    const looked = end - this.moveAt;
    this.moveAt = end;
    if (end === oldCap) {
      this.old = null;
      this.oldBig = [];
    }
    return looked;
  }
}

/** Largest share of entries in use before the table doubles. */
const LOAD = 0.7;

/**
 * Entries `push` keeps before it adds them (16 bytes each), and the buckets they are sorted into (the hash's top
 * byte).
 */
const PENDING = 1 << 16;
/** Entries the buffer holds at first (it doubles as needed up to PENDING). */
const FIRST_PENDING = 1 << 10;
const BUCKETS = 1 << 8;
/** Entries a caller may push between two looks at `due` (a frontier state makes a few dozen at most). */
const PUSH_ROOM = 1024;

function hashOf(k0: number, k1: number): number {
  let h = Math.imul(k0 ^ Math.imul(k1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 13;
  return h;
}

/** A count of the table as a BigInt from its two limbs. */
export function limbsToBig(c0: number, c1: number): bigint {
  return (BigInt(c1) << 32n) | BigInt(c0);
}

/**
 * Units of table work (see `StateTable#work`: about 50 ns each) a job's pacing counts as one node (a frontier
 * state expanded takes about as long as adding eight entries to a large table), and the units done between two
 * looks at the pacing.
 */
const UNITS_PER_NODE = 16;
const PIECE = 2048;

/**
 * Does the work waiting on `tables` in pieces under the job's pacing, pausing where the job wants: until each
 * is `settled` (`all`: to be read) or no longer `due` (to take more entries).
 */
export function* tableSteps(
  control: JobControl<unknown>,
  tables: readonly StateTable[],
  all: boolean,
): Generator<void, void, void> {
  const aside = new AsideWork(control, UNITS_PER_NODE);
  for (const t of tables) {
    while (all ? !t.settled : t.due) {
      if (aside.spend(t.work(PIECE))) yield;
    }
  }
}
