// The quickest forced win of a King's Valley position: a bounded AND/OR search, deepened two plies at a time.
import { NEIGHBOURS, VALLEY } from './geometry.js';
import { MAX_MOVES, generateInto, isOver } from './kernel.js';
import { DN, INF, PN, type SolveTable } from './solve-table.js';

/**
 * Whether the side to move wins within r plies (its own winning move counted), or loses within r plies against
 * the other side's best play. Bounded by r, no line can go round for ever, so no repetition rule is needed.
 * The table (its own, not df-pn's) keeps per position the fewest plies a win was found in (pn field) and the
 * most plies a win was ruled out for (dn field); a stopped or paused search stores nothing.
 */
export class ShortestWin {
  nodes = 0;
  /** The node budget (nodeLimit) ran out: the answer is unknown. */
  stopped = false;
  nodeLimit = Infinity;
  /**
   * Node count at which the search pauses: it returns (its answer then means nothing) so the caller can give the
   * event loop a turn, and asking the same question again resumes, since everything finished is in the table.
   */
  pauseAt = Infinity;
  paused = false;

  /** Stopped or paused: the current answer means nothing and nothing may be stored. */
  private get halted(): boolean {
    return this.stopped || this.paused;
  }
  private readonly buf: Int32Array;

  constructor(
    private readonly tt: SolveTable,
    readonly maxPlies: number,
  ) {
    this.buf = new Int32Array((maxPlies + 2) * MAX_MOVES);
  }

  /** True when the side to move can force a win within r plies. */
  wins(own: number, opp: number, ownKing: number, oppKing: number, first: number, r: number, ply = 0): boolean {
    if (r <= 0 || isOver(own, opp, ownKing, oppKing)) return false;
    const tt = this.tt,
      td = tt.data;
    tt.key(own, opp, ownKing, oppKing, first, 1);
    const lo = tt.lo,
      hi = tt.hi;
    let e = tt.find(lo, hi);
    if (e >= 0 && td[e + PN] <= r) return true;
    if (e >= 0 && td[e + DN] >= r) return false;
    if (++this.nodes >= this.nodeLimit) this.stopped = true;
    else if (this.nodes >= this.pauseAt) this.paused = true;
    if (this.halted) return false;
    const base = ply * MAX_MOVES,
      buf = this.buf;
    const n = generateInto(own, opp, ownKing, first === 1, buf, base);
    let won = false;
    // A move that ends the game: the King onto the valley, or the other King boxed in for its turn.
    for (let i = base; i < base + n && !won; i++) {
      const m = buf[i],
        from = m & 63,
        to = m >>> 6;
      const after = own ^ ((1 << from) | (1 << to));
      if ((from === ownKing && to === VALLEY) || (NEIGHBOURS[oppKing] & ~(opp | after)) === 0) won = true;
    }
    for (let i = base; i < base + n && !won && r >= 3; i++) {
      const m = buf[i],
        from = m & 63,
        to = m >>> 6;
      if (this.loses(opp, own ^ ((1 << from) | (1 << to)), oppKing, from === ownKing ? to : ownKing, r - 1, ply + 1))
        won = true;
    }
    if (this.halted) return false;
    e = tt.find(lo, hi);
    const provedIn = e >= 0 ? td[e + PN] : INF,
      ruledOut = e >= 0 ? td[e + DN] : 0;
    tt.store(lo, hi, won ? Math.min(provedIn, r) : provedIn, won ? ruledOut : Math.max(ruledOut, r), 0, r);
    return won;
  }

  /** True when the side to move (game not over: then it has lost already) loses within r plies whatever it plays. */
  loses(own: number, opp: number, ownKing: number, oppKing: number, r: number, ply = 0, first = 0): boolean {
    if (isOver(own, opp, ownKing, oppKing)) return true;
    if (r <= 1) return false;
    const base = ply * MAX_MOVES,
      buf = this.buf;
    const n = generateInto(own, opp, ownKing, first === 1, buf, base);
    for (let i = base; i < base + n; i++) {
      const m = buf[i],
        from = m & 63,
        to = m >>> 6;
      if (from === ownKing && to === VALLEY) return false;
      if (!this.wins(opp, own ^ ((1 << from) | (1 << to)), oppKing, from === ownKing ? to : ownKing, 0, r - 1, ply + 1))
        return false;
    }
    return !this.halted;
  }
}
