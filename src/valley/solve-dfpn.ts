// Depth-first proof-number search (df-pn with the 1+ε threshold trick) over King's Valley positions as 25-bit ints.
import { NEIGHBOURS, VALLEY } from './geometry.js';
import { MAX_MOVES, countMoves, generateOpen, kingReachesValley } from './kernel.js';
import { DIST, DN, INF, PN, type SolveTable } from './solve-table.js';

/** Deepest line searched; a line cut here counts as not won, and no disproof that rests on it is trusted. */
export const SOLVE_MAX_PLY = 400;

/** A disproof that rests on no position of the current path (sound wherever it is met again). */
const SOUND = INF;
/** A disproof that rests on the ply cap: never stored, and a root disproof resting on it is no answer. */
export const CUT = -1;

const SLOTS = SOLVE_MAX_PLY * MAX_MOVES + 1;

// run()'s steps at a ply: enter the node, take the result of the child it searched, search its next child.
const ENTER = 0;
const RETURN = 1;
const ITERATE = 2;

/**
 * The search state. Nodes are positions seen from the side to move: own/opp masks, the two Kings, first (1 on
 * ply 0: soldiers only) and or (1 when the side to move is the prover, the side whose forced win is asked).
 *
 * Repetition: a position met again on the current line counts as "not won" for the prover. That is the answer
 * the rules give too: a forced win never needs to repeat a position (the winner can always play as it did the
 * first time, so a shortest win repeats nothing), and repetition only ever draws. Proofs therefore never rest on
 * a repetition and are stored as they are. A disproof that rests on a repetition of a position above the node
 * (the graph-history problem) holds only on this line: it is passed up but not stored; one whose repetitions
 * all fall inside its own subtree is a real defence (the defender keeps going round) and is stored.
 */
export class Dfpn {
  nodes = 0;
  /** Set when nodes reached nodeLimit: the search unwinds to the root (the table keeps what it learned). */
  stop = false;
  nodeLimit = Infinity;
  /** Node count at which run() pauses (before entering its next node), to be run again. */
  pauseAt = Infinity;
  /** The deepest ply reached (for reports). */
  maxPly = 0;
  // Results of the last mid() call.
  rPn = 0;
  rDn = 0;
  rDep = SOUND;
  rDist = 0;

  private readonly pathLo = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly pathHi = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly pathNext = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly pathSlot = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly head = new Int32Array(1024).fill(-1);
  // The nodes on the line by ply: position, first-move flag, OR flag, thresholds, children, passes, nodes at
  // entry, the child being searched.
  private readonly nOwn = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nOpp = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nOwnKing = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nOppKing = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nFirst = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nOr = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nThpn = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nThdn = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nCount = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nIter = new Int32Array(SOLVE_MAX_PLY + 1);
  private readonly nStart = new Float64Array(SOLVE_MAX_PLY + 1);
  private readonly nBest = new Int32Array(SOLVE_MAX_PLY + 1);
  // Where run() stands between runs: the ply of the node it is about to enter.
  private ply = 0;
  // Children of the node at each ply: move, key, pn, dn, disproof dependency, distance to the win.
  // (One slot more than the plies use: probe()'s.)
  private readonly cMove = new Int32Array(SLOTS);
  private readonly cLo = new Int32Array(SLOTS);
  private readonly cHi = new Int32Array(SLOTS);
  private readonly cPn = new Int32Array(SLOTS);
  private readonly cDn = new Int32Array(SLOTS);
  private readonly cDep = new Int32Array(SLOTS);
  private readonly cDist = new Int32Array(SLOTS);

  constructor(readonly tt: SolveTable) {}

  /** The ply of an earlier occurrence of key (lo, hi) on the current line, or -1. */
  private onPath(lo: number, hi: number): number {
    for (let i = this.head[(lo ^ (hi >>> 3)) & 1023]; i >= 0; i = this.pathNext[i]) {
      if (this.pathLo[i] === lo && this.pathHi[i] === hi) return i;
    }
    return -1;
  }

  /**
   * Fills child slot i with what is known of the position after a move: a finished game, the table's entry,
   * a repetition, an immediate King-to-valley, or first estimates from the mover's move count.
   */
  private initChild(i: number, own: number, opp: number, ownKing: number, oppKing: number, or: number): void {
    const occ = own | opp;
    this.cDep[i] = SOUND;
    this.cDist[i] = 0;
    // The side to move there loses if the other King stands on the valley or its own King is boxed in.
    if (oppKing === VALLEY || (NEIGHBOURS[ownKing] & ~occ) === 0) {
      this.cLo[i] = -1;
      this.cPn[i] = or ? INF : 0;
      this.cDn[i] = or ? 0 : INF;
      return;
    }
    // The side to move slides its King onto the valley: a win whatever the line (checked before the key: cheaper).
    if (kingReachesValley(ownKing, occ)) {
      this.cLo[i] = -1;
      this.cPn[i] = or ? 0 : INF;
      this.cDn[i] = or ? INF : 0;
      this.cDist[i] = 1;
      return;
    }
    const tt = this.tt;
    tt.key(own, opp, ownKing, oppKing, 0, or);
    const lo = tt.lo,
      hi = tt.hi;
    this.cLo[i] = lo;
    this.cHi[i] = hi;
    const e = tt.find(lo, hi),
      td = tt.data;
    if (e >= 0 && (td[e + PN] === 0 || td[e + DN] === 0)) {
      this.cPn[i] = td[e + PN];
      this.cDn[i] = td[e + DN];
      this.cDist[i] = td[e + DIST];
      return;
    }
    const rep = this.onPath(lo, hi);
    if (rep >= 0) {
      this.cPn[i] = INF;
      this.cDn[i] = 0;
      this.cDep[i] = rep;
      return;
    }
    if (e >= 0) {
      this.cPn[i] = td[e + PN];
      this.cDn[i] = td[e + DN];
      return;
    }
    // More moves: harder to refute for the side to move (df-pn+ style initial numbers).
    const n = countMoves(own, opp, ownKing, false);
    this.cPn[i] = or ? 1 : 1 + (n >> 2);
    this.cDn[i] = or ? 1 + (n >> 2) : 1;
  }

  /** What is known of a node without searching it (outside a search: no line to repeat), into rPn/rDn/rDist. */
  probe(own: number, opp: number, ownKing: number, oppKing: number, or: number): void {
    const i = SLOTS - 1;
    this.initChild(i, own, opp, ownKing, oppKing, or);
    this.rPn = this.cPn[i];
    this.rDn = this.cDn[i];
    this.rDist = this.cDist[i];
    this.rDep = this.cDep[i];
  }

  /**
   * Starts the search of a root node (thresholds infinite, key lo/hi): run() then searches it until it is
   * solved or stop is set.
   */
  begin(
    own: number,
    opp: number,
    ownKing: number,
    oppKing: number,
    first: number,
    or: number,
    lo: number,
    hi: number,
  ): void {
    this.nOwn[0] = own;
    this.nOpp[0] = opp;
    this.nOwnKing[0] = ownKing;
    this.nOppKing[0] = oppKing;
    this.nFirst[0] = first;
    this.nOr[0] = or;
    this.nThpn[0] = INF;
    this.nThdn[0] = INF;
    this.pathLo[0] = lo;
    this.pathHi[0] = hi;
    this.ply = 0;
  }

  /**
   * Searches on from where the search stands: each node until its proof number reaches its threshold thpn or
   * its disproof number thdn (or it is solved, or stop is set), depth first, the nodes' state on a stack of
   * plies rather than the call stack. True when the root is done (its result in rPn/rDn/rDep/rDist, every
   * node's in the table); false when it paused, about to enter a node once `nodes` reached pauseAt, and run()
   * goes on from there — a pause changes nothing in the search.
   */
  run(): boolean {
    let ply = this.ply,
      phase = ENTER;
    for (;;) {
      if (phase === ENTER) {
        if (this.nodes >= this.pauseAt) {
          this.ply = ply;
          return false;
        }
        this.nodes++;
        if (this.nodes >= this.nodeLimit) this.stop = true;
        if (ply >= SOLVE_MAX_PLY) {
          this.rPn = INF;
          this.rDn = 0;
          this.rDep = CUT;
          phase = RETURN;
        } else {
          this.expand(ply);
          phase = ITERATE;
        }
      }
      if (phase === RETURN) {
        if (ply === 0) return true;
        ply--;
        const best = this.nBest[ply];
        this.cPn[best] = this.rPn;
        this.cDn[best] = this.rDn;
        this.cDep[best] = this.rDep;
        this.cDist[best] = this.rDist;
      }
      // The node at ply: its next child to search, or its end.
      if (this.iterate(ply)) {
        ply++;
        phase = ENTER;
      } else {
        this.settle(ply);
        phase = RETURN;
      }
    }
  }

  /** A node entered: on the line, its children generated (the kernel's open-direction walk) and estimated. */
  private expand(ply: number): void {
    if (ply > this.maxPly) this.maxPly = ply;
    this.nStart[ply] = this.nodes;
    this.nIter[ply] = 0;
    const lo = this.pathLo[ply],
      hi = this.pathHi[ply],
      slot = (lo ^ (hi >>> 3)) & 1023;
    this.pathSlot[ply] = slot;
    this.pathNext[ply] = this.head[slot];
    this.head[slot] = ply;
    const own = this.nOwn[ply],
      opp = this.nOpp[ply],
      ownKing = this.nOwnKing[ply],
      oppKing = this.nOppKing[ply],
      or = this.nOr[ply];
    const base = ply * MAX_MOVES;
    const n = generateOpen(own, opp, ownKing, this.nFirst[ply] === 1, this.cMove, base);
    this.nCount[ply] = n;
    for (let i = base; i < base + n; i++) {
      const m = this.cMove[i],
        from = m & 63,
        to = m >>> 6;
      this.initChild(i, opp, own ^ ((1 << from) | (1 << to)), oppKing, from === ownKing ? to : ownKing, or ^ 1);
    }
  }

  /**
   * One pass of the node's loop: its proof and disproof numbers from its children's; true with the child to
   * search next set up at ply + 1, false when the node is done (its numbers reached a threshold, it is solved,
   * or stop is set).
   */
  private iterate(ply: number): boolean {
    const base = ply * MAX_MOVES,
      n = this.nCount[ply],
      or = this.nOr[ply],
      thpn = this.nThpn[ply],
      thdn = this.nThdn[ply];
    const tt = this.tt,
      td = tt.data;
    // Transpositions solved or refined elsewhere since the last pass.
    if (this.nIter[ply] > 0) {
      for (let i = base; i < base + n; i++) {
        if (this.cLo[i] < 0 || this.cPn[i] === 0 || this.cDn[i] === 0) continue;
        const e = tt.find(this.cLo[i], this.cHi[i]);
        if (e < 0) continue;
        this.cPn[i] = td[e + PN];
        this.cDn[i] = td[e + DN];
        this.cDist[i] = td[e + DIST];
      }
    }
    let pn: number,
      dn: number,
      best = -1,
      second = INF;
    if (or) {
      pn = INF;
      dn = 0;
      for (let i = base; i < base + n; i++) {
        const p = this.cPn[i];
        if (p < pn) {
          second = pn;
          pn = p;
          best = i;
        } else if (p < second) second = p;
        dn += this.cDn[i];
      }
      // Sums grow without bound round cycles (each pass counts the others again): kept below INF, which means solved.
      if (dn >= INF) dn = n > 0 && pn > 0 ? INF - 1 : INF;
    } else {
      pn = 0;
      dn = INF;
      for (let i = base; i < base + n; i++) {
        const d = this.cDn[i];
        if (d < dn) {
          second = dn;
          dn = d;
          best = i;
        } else if (d < second) second = d;
        pn += this.cPn[i];
      }
      if (pn >= INF) pn = n > 0 && dn > 0 ? INF - 1 : INF;
    }
    // No moves at all (only on ply 0, soldiers blocked): the side to move is stuck and loses.
    if (n === 0) {
      pn = or ? INF : 0;
      dn = or ? 0 : INF;
    }
    this.rPn = pn;
    this.rDn = dn;
    if (pn >= thpn || dn >= thdn || pn === 0 || dn === 0 || this.stop) return false;
    const grow = second >= INF ? INF : Math.min(INF, Math.ceil(second * 1.25));
    const next = ply + 1;
    if (or) {
      this.nThpn[next] = Math.min(thpn, grow);
      this.nThdn[next] = thdn >= INF ? INF : thdn - dn + this.cDn[best];
    } else {
      this.nThdn[next] = Math.min(thdn, grow);
      this.nThpn[next] = thpn >= INF ? INF : thpn - pn + this.cPn[best];
    }
    const m = this.cMove[best],
      from = m & 63,
      to = m >>> 6,
      own = this.nOwn[ply],
      ownKing = this.nOwnKing[ply];
    this.nOwn[next] = this.nOpp[ply];
    this.nOpp[next] = own ^ ((1 << from) | (1 << to));
    this.nOwnKing[next] = this.nOppKing[ply];
    this.nOppKing[next] = from === ownKing ? to : ownKing;
    this.nFirst[next] = 0;
    this.nOr[next] = or ^ 1;
    this.pathLo[next] = this.cLo[best];
    this.pathHi[next] = this.cHi[best];
    this.nBest[ply] = best;
    this.nIter[ply]++;
    return true;
  }

  /** The node's end: its result (rPn/rDn from its last pass) into rDep/rDist and the table; off the line. */
  private settle(ply: number): void {
    const base = ply * MAX_MOVES,
      n = this.nCount[ply],
      or = this.nOr[ply],
      pn = this.rPn,
      dn = this.rDn,
      lo = this.pathLo[ply],
      hi = this.pathHi[ply];
    const tt = this.tt;
    const work = this.nodes - this.nStart[ply] + 1;
    this.rDep = SOUND;
    this.rDist = 0;
    if (pn === 0) {
      // Plies to the win: the quickest proved move here; the slowest defence there.
      let dist = or ? INF : 0;
      for (let i = base; i < base + n; i++) {
        if (this.cPn[i] !== 0) continue;
        dist = or ? Math.min(dist, this.cDist[i]) : Math.max(dist, this.cDist[i]);
      }
      this.rDist = n === 0 ? 0 : dist + 1;
      tt.store(lo, hi, 0, INF, this.rDist, work);
    } else if (dn === 0) {
      // Which line positions this disproof rests on: all refutations at the prover's node, the soundest one at the
      // defender's.
      let dep = or ? SOUND : CUT;
      for (let i = base; i < base + n; i++) {
        if (this.cDn[i] !== 0) continue;
        dep = or ? Math.min(dep, this.cDep[i]) : Math.max(dep, this.cDep[i]);
      }
      if (n === 0) dep = SOUND;
      if (dep >= ply) tt.store(lo, hi, INF, 0, 0, work);
      else this.rDep = dep;
    } else {
      tt.store(lo, hi, pn, dn, 0, work);
    }
    this.head[this.pathSlot[ply]] = this.pathNext[ply];
  }
}
