// The solver's transposition table: exact keys of King's Valley positions up to the board's 8 symmetries, in typed arrays.
import { GridbitsError } from '../core/error.js';

/** Proof and disproof numbers at or above this are infinite (solved). */
export const INF = 0x3fffffff;

/** The bytes one entry takes (key halves, pn, dn, distance, work). */
export const ENTRY_BYTES = 24;

// The 8 symmetries of the square (the rules use all 8 directions and the valley is the centre, so all 8 keep
// them): PERM[t * 25 + sq] is where sq goes; CHUNK[(t * 5 + rank) * 32 + bits] maps one rank's 5 bits at once.
const PERM = new Int32Array(8 * 25);
const CHUNK = new Int32Array(8 * 5 * 32);
for (let t = 0; t < 8; t++) {
  for (let sq = 0; sq < 25; sq++) {
    let f = sq % 5, r = (sq - f) / 5;
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
  return CHUNK[c + (m & 31)] | CHUNK[c + 32 + ((m >>> 5) & 31)] | CHUNK[c + 64 + ((m >>> 10) & 31)] | CHUNK[c + 96 + ((m >>> 15) & 31)] | CHUNK[c + 128 + (m >>> 20)];
}

/**
 * A table of solver nodes. A key is exact (no collisions): lo = mover's pieces | mover's King << 25 | first-ply
 * flag << 30, hi = the other side's pieces | their King << 25 | OR-node flag << 30 (whether the side to move
 * is the one trying to prove a win). With symmetry on, the key is the least of the 8 images.
 * Buckets of 4 entries; a new entry replaces the one with the least work below it.
 */
export class SolveTable {
  readonly size: number;
  private readonly klo: Int32Array;
  private readonly khi: Int32Array;
  readonly pn: Int32Array;
  readonly dn: Int32Array;
  /** For a proved entry: plies to the win under the proof found. */
  readonly dist: Int32Array;
  readonly work: Float64Array;
  private readonly bucketMask: number;
  private readonly symmetry: boolean;
  /** The key computed by the last call of key(). */
  lo = 0;
  hi = 0;
  stored = 0;

  constructor(megabytes: number, symmetry = true) {
    if (!Number.isFinite(megabytes) || megabytes < 1 || megabytes > 16384) {
      throw new GridbitsError('BAD_ARGUMENT', `table size must be from 1 to 16384 MB, got ${megabytes}`);
    }
    let size = 4;
    while (size * 2 * ENTRY_BYTES <= megabytes * 2 ** 20) size *= 2;
    this.size = size;
    this.klo = new Int32Array(size).fill(-1);
    this.khi = new Int32Array(size);
    this.pn = new Int32Array(size);
    this.dn = new Int32Array(size);
    this.dist = new Int32Array(size);
    this.work = new Float64Array(size);
    this.bucketMask = size / 4 - 1;
    this.symmetry = symmetry;
  }

  /** Sets lo/hi to the key of this position. */
  key(own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number): void {
    let lo = own | (ownKing << 25) | (first << 30), hi = opp | (oppKing << 25) | (or << 30);
    if (this.symmetry) {
      for (let t = 1; t < 8; t++) {
        const l = mapMask(t, own) | (PERM[t * 25 + ownKing] << 25) | (first << 30);
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

  private bucket(lo: number, hi: number): number {
    let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi ^ (hi >>> 15), 0x85ebca77);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae3d);
    h ^= h >>> 16;
    return (h & this.bucketMask) << 2;
  }

  /** The entry of key (lo, hi), or -1. */
  find(lo: number, hi: number): number {
    const b = this.bucket(lo, hi);
    for (let i = b; i < b + 4; i++) if (this.klo[i] === lo && this.khi[i] === hi) return i;
    return -1;
  }

  store(lo: number, hi: number, pn: number, dn: number, dist: number, work: number): void {
    const b = this.bucket(lo, hi);
    let slot = b;
    for (let i = b; i < b + 4; i++) {
      if (this.klo[i] === lo && this.khi[i] === hi) {
        slot = i;
        break;
      }
      if (this.klo[i] === -1) {
        if (this.klo[slot] !== -1) slot = i;
      } else if (this.klo[slot] !== -1 && this.work[i] < this.work[slot]) {
        slot = i;
      }
    }
    if (this.klo[slot] === -1) this.stored++;
    this.klo[slot] = lo;
    this.khi[slot] = hi;
    this.pn[slot] = pn;
    this.dn[slot] = dn;
    this.dist[slot] = dist;
    this.work[slot] = work;
  }

  clear(): void {
    this.klo.fill(-1);
    this.stored = 0;
  }
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
