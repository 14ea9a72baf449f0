// The window program's vectors in pieces of about a MiB: a layer's vectors as one array took tens of MB, and a new
// array that large is zeroed at once where the process reuses memory it freed (10–40 ms in one stretch), while a piece
// costs about a millisecond and the pieces come one at a time, with pauses between them.
import type { JobControl } from '../core/job.js';
import { aside } from '../core/pace.js';
import { checkBytes } from './memory.js';

/** Doubles in a piece (1 MiB), unless one window's vector is longer. */
const PIECE_DOUBLES = 1 << 17;

/**
 * The vectors of a layer's windows, W doubles each, in pieces of 2^shift windows: window e's vector starts at
 * (e & mask) * W in pieces[e >> shift]. Pieces given back (`release`) go to the pool the vectors were made with, from
 * which other vectors of the same W take theirs before making new ones.
 */
export class Vectors {
  readonly shift: number;
  readonly mask: number;
  readonly pieces: Float64Array[] = [];

  constructor(
    readonly W: number,
    private readonly pool: Float64Array[] = [],
  ) {
    this.shift = Math.max(0, Math.floor(Math.log2(PIECE_DOUBLES / W)));
    this.mask = (1 << this.shift) - 1;
  }

  /** Entry i of window e's vector. */
  at(e: number, i: number): number {
    return this.pieces[e >> this.shift][(e & this.mask) * this.W + i];
  }

  /**
   * Room for `windows` windows, those from `cleared` on zeroed (the ones before keep what they hold), a piece at a time
   * under the job's pacing: a piece held is cleared, a missing one taken from the pool (and cleared) or made.
   */
  *room<P>(ctl: JobControl<P>, cleared: number, windows: number): Generator<void, void, void> {
    checkBytes(windows * this.W, 8);
    let at = cleared;
    if (at < windows) yield* aside(ctl, () => (at = this.clear(at, windows)) === windows);
  }

  /** Zeroes windows from `at` to the end of its piece or `end` (the piece taken or made when missing); the next one. */
  private clear(at: number, end: number): number {
    const k = at >> this.shift,
      to = Math.min(end, (k + 1) << this.shift);
    if (k < this.pieces.length) this.pieces[k].fill(0, (at & this.mask) * this.W, (to - (k << this.shift)) * this.W);
    else this.pieces.push(this.piece(true));
    return to;
  }

  /** A piece from the pool (zeroed when asked) or a new one. */
  private piece(zeroed: boolean): Float64Array {
    const p = this.pool.pop();
    if (p === undefined) return new Float64Array((this.mask + 1) * this.W);
    if (zeroed) p.fill(0);
    return p;
  }

  /** Copies the vectors of windows from..to of `src` (of the same W) to the same windows here. */
  copy(src: Vectors, from: number, to: number): void {
    const W = this.W;
    for (let e = from, end: number; e < to; e = end) {
      const k = e >> this.shift;
      end = Math.min(to, (k + 1) << this.shift);
      while (this.pieces.length <= k) this.pieces.push(this.piece(false));
      const a = (e & this.mask) * W;
      this.pieces[k].set(src.pieces[k].subarray(a, a + (end - e) * W), a);
    }
  }

  /** Gives every piece back to the pool: the vectors then hold nothing. */
  release(): void {
    while (this.pieces.length > 0) this.pool.push(this.pieces.pop()!);
  }
}
