// The solver's transposition table: exact keys of King's Valley positions up to the board's 8 symmetries, in typed
// arrays.
import { GridbitsError } from '../core/error.js';

/** Proof and disproof numbers at or above this are infinite (solved). */
export const INF = 0x3fffffff;

/** Ints per entry and the offsets of the fields after the two key halves. */
const STRIDE = 6;
export const PN = 2;
export const DN = 3;
export const DIST = 4;
const WORK = 5;
/** The bytes one entry takes (key halves, pn, dn, distance, work). */
const ENTRY_BYTES = STRIDE * 4;

// The 8 symmetries of the square (the rules use all 8 directions and the valley is the centre, so all 8 keep
// them): PERM[t * 25 + sq] is where sq goes; CHUNK[(t * 5 + rank) * 32 + bits] maps one rank's 5 bits at once.
const PERM = new Int32Array(8 * 25);
const CHUNK = new Int32Array(8 * 5 * 32);
for (let t = 0; t < 8; t++) {
  for (let sq = 0; sq < 25; sq++) {
    let f = sq % 5,
      r = (sq - f) / 5;
    if (t & 1) f = 4 - f;
    if (t & 2) r = 4 - r;
    if (t & 4) [f, r] = [r, f];
    PERM[t * 25 + sq] = r * 5 + f;
  }
  for (let rank = 0; rank < 5; rank++) {
    for (let bits = 0; bits < 32; bits++) {
      let m = 0;
      for (let f = 0; f < 5; f++) if (bits & (1 << f)) m |= 1 << PERM[t * 25 + rank * 5 + f];
      CHUNK[(t * 5 + rank) * 32 + bits] = m;
    }
  }
}

function mapMask(t: number, m: number): number {
  const c = t * 160;
  return (
    CHUNK[c + (m & 31)] |
    CHUNK[c + 32 + ((m >>> 5) & 31)] |
    CHUNK[c + 64 + ((m >>> 10) & 31)] |
    CHUNK[c + 96 + ((m >>> 15) & 31)] |
    CHUNK[c + 128 + (m >>> 20)]
  );
}

/**
 * Entries the table starts with: it doubles as it fills (at the solver's pauses, a slice at a time), up to its
 * size, so a short solve touches little memory and no step before the first pause is long.
 */
const FIRST_ENTRIES = 1 << 16;
/** Slots of the stash, where an entry whose bucket is full waits while the table can still grow. */
const STASH = 1 << 12;
/** Buckets moved between two pauses while the table doubles. */
const GROW_BUCKETS = 1 << 13;

/**
 * A table of solver nodes. A key is exact (no collisions): lo = mover's pieces | mover's King << 25 | first-ply
 * flag << 30, hi = the other side's pieces | their King << 25 | OR-node flag << 30 (whether the side to move
 * is the one trying to prove a win). With symmetry on, the key is the least of the 8 images.
 * Entries of 6 ints side by side in one array (a probe touches one or two cache lines): key lo, key hi, pn,
 * dn, distance (plies to the win, for a proof), work (nodes searched below it, capped). Buckets of 4 entries;
 * a new entry replaces the one with the least work once the table has its full size.
 *
 * The table grows as it fills: it uses the first `span` entries of its array, doubling them in place when a
 * quarter is used (each bucket splits into itself and its twin in the new half, entries in their order), so
 * the memory it touches follows its use. While it can still grow, an entry whose bucket is full waits in a
 * small stash until the next doubling rather than replacing another: the entries kept are the ones a table
 * of the full size from the start would keep.
 */
export class SolveTable {
  /** Entries the table holds at most. */
  readonly size: number;
  /** The entries (and the stash after them); find() returns the offset of one, read data[e + PN] and so on. */
  readonly data: Int32Array;
  private span: number;
  private bucketMask: number;
  private readonly symmetry: boolean;
  private readonly stashAt: number;
  private stashed = 0;
  /** The key computed by the last call of key(). */
  lo = 0;
  hi = 0;
  /** Entries in use. */
  stored = 0;

  constructor(megabytes: number, symmetry = true) {
    if (!Number.isFinite(megabytes) || megabytes < 1 || megabytes > 16384) {
      throw new GridbitsError('BAD_ARGUMENT', `table size must be from 1 to 16384 MB, got ${megabytes}`);
    }
    let size = 4;
    while (size * 2 * ENTRY_BYTES <= megabytes * 2 ** 20) size *= 2;
    this.size = size;
    // Empty entries hold key 0, which no position has (the mover's pieces include its King): the zeroed pages
    // of a fresh array need no filling, and the system maps them only when first written.
    this.data = new Int32Array((size + STASH) * STRIDE);
    this.stashAt = size * STRIDE;
    this.span = Math.min(size, FIRST_ENTRIES);
    this.bucketMask = this.span / 4 - 1;
    this.symmetry = symmetry;
  }

  /** Sets lo/hi to the key of this position. */
  key(own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number): void {
    let lo = own | (ownKing << 25) | (first << 30),
      hi = opp | (oppKing << 25) | (or << 30);
    if (this.symmetry) {
      // lo's high bits hold the mover's King, so only images that put it on its least square can be least:
      // one image, or two when the King stands on a diagonal or a middle line.
      let k = 25;
      for (let t = 0; t < 8; t++) if (PERM[t * 25 + ownKing] < k) k = PERM[t * 25 + ownKing];
      lo = 0x7fffffff;
      hi = 0x7fffffff;
      for (let t = 0; t < 8; t++) {
        if (PERM[t * 25 + ownKing] !== k) continue;
        const l = mapMask(t, own) | (k << 25) | (first << 30);
        if (l > lo) continue;
        const h = mapMask(t, opp) | (PERM[t * 25 + oppKing] << 25) | (or << 30);
        if (l < lo || h < hi) {
          lo = l;
          hi = h;
        }
      }
    }
    this.lo = lo;
    this.hi = hi;
  }

  /** The offset of the entry of key (lo, hi), or -1. */
  find(lo: number, hi: number): number {
    const d = this.data,
      b = bucketOf(lo, hi, this.bucketMask);
    for (let i = b; i < b + 4 * STRIDE; i += STRIDE) if (d[i] === lo && d[i + 1] === hi) return i;
    return this.stashed > 0 ? this.stashSlot(lo, hi, false) : -1;
  }

  store(lo: number, hi: number, pn: number, dn: number, dist: number, work: number): void {
    const d = this.data,
      b = bucketOf(lo, hi, this.bucketMask);
    let slot = -1,
      empty = -1,
      least = b;
    for (let i = b; i < b + 4 * STRIDE; i += STRIDE) {
      if (d[i] === lo && d[i + 1] === hi) {
        slot = i;
        break;
      }
      if (d[i] === 0) {
        if (empty < 0) empty = i;
      } else if (d[i + WORK] < d[least + WORK] || d[least] === 0) {
        least = i;
      }
    }
    if (slot < 0) {
      if (empty >= 0) slot = empty;
      else if (this.span < this.size && this.stashed < STASH / 2) slot = this.stashSlot(lo, hi, true);
      else slot = least;
    }
    if (d[slot] === 0) {
      this.stored++;
      if (slot >= this.stashAt) this.stashed++;
    }
    d[slot] = lo;
    d[slot + 1] = hi;
    d[slot + PN] = pn;
    d[slot + DN] = dn;
    d[slot + DIST] = dist;
    d[slot + WORK] = Math.min(work, 0x7fffffff);
  }

  /** The stash slot of key (lo, hi): its entry, else (with `add`) the empty slot it would take, else -1. */
  private stashSlot(lo: number, hi: number, add: boolean): number {
    const d = this.data;
    for (
      let i = (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca77) >>> 7) & (STASH - 1);
      ;
      i = (i + 1) & (STASH - 1)
    ) {
      const at = this.stashAt + i * STRIDE;
      if (d[at] === lo && d[at + 1] === hi) return at;
      if (d[at] === 0) return add ? at : -1;
    }
  }

  /** True when the table should double before the search goes on (a quarter used, or entries in the stash). */
  get crowded(): boolean {
    return this.span < this.size && (this.stashed > 0 || this.stored * 4 >= this.span);
  }

  /**
   * Doubles the table until it is no longer crowded, pausing every few thousand buckets: the steps a solver
   * takes at its pauses. The stash empties into the grown table.
   */
  *makeRoom(): Generator<void, void, void> {
    while (this.crowded) {
      yield* this.double();
      this.unstash();
    }
  }

  /** Splits every bucket into itself and its twin in the new half, keeping each side's entries in order. */
  private *double(): Generator<void, void, void> {
    const d = this.data,
      buckets = this.span / 4,
      mask = buckets * 2 - 1;
    for (let b = 0; b < buckets; b++) {
      const from = b * 4 * STRIDE,
        end = from + 4 * STRIDE;
      let keep = from,
        move = from + buckets * 4 * STRIDE;
      for (let i = from; i < end; i += STRIDE) {
        if (d[i] === 0) continue;
        if (bucketOf(d[i], d[i + 1], mask) === from) {
          if (i !== keep) d.copyWithin(keep, i, i + STRIDE);
          keep += STRIDE;
        } else {
          d.copyWithin(move, i, i + STRIDE);
          move += STRIDE;
        }
      }
      d.fill(0, keep, end);
      if ((b & (GROW_BUCKETS - 1)) === GROW_BUCKETS - 1) yield;
    }
    this.span *= 2;
    this.bucketMask = mask;
  }

  /** Moves the stash's entries into their buckets where these have room; the others stay stashed. */
  private unstash(): void {
    if (this.stashed === 0) return;
    const d = this.data;
    const waiting = d.slice(this.stashAt, this.stashAt + STASH * STRIDE);
    d.fill(0, this.stashAt);
    this.stored -= this.stashed;
    this.stashed = 0;
    for (let i = 0; i < waiting.length; i += STRIDE) {
      if (waiting[i] === 0) continue;
      const [lo, hi, pn, dn, dist, work] = waiting.subarray(i, i + STRIDE);
      this.store(lo, hi, pn, dn, dist, work);
    }
  }
}

/** The offset of the bucket of key (lo, hi) in a table of mask + 1 buckets. */
function bucketOf(lo: number, hi: number, mask: number): number {
  let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi ^ (hi >>> 15), 0x85ebca77);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae3d);
  h ^= h >>> 16;
  return (h & mask) * 4 * STRIDE;
}

/** A growable set of two-int keys (the proof's positions, counted once each). */
export class KeySet {
  private lo = new Int32Array(1024).fill(-1);
  private hi = new Int32Array(1024);
  count = 0;

  /** Adds the key; false when it was there already. */
  add(lo: number, hi: number): boolean {
    if ((this.count + 1) * 2 > this.lo.length) this.grow();
    const mask = this.lo.length - 1;
    let i = (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca77) >>> 7) & mask;
    for (;;) {
      if (this.lo[i] === -1) {
        this.lo[i] = lo;
        this.hi[i] = hi;
        this.count++;
        return true;
      }
      if (this.lo[i] === lo && this.hi[i] === hi) return false;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const { lo, hi } = this;
    this.lo = new Int32Array(lo.length * 2).fill(-1);
    this.hi = new Int32Array(lo.length * 2);
    this.count = 0;
    for (let i = 0; i < lo.length; i++) if (lo[i] !== -1) this.add(lo[i], hi[i]);
  }
}
