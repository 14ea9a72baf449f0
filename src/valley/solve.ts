// Solving King's Valley positions: does the side to move force a win, does the other side, or neither (a draw)?
import { checkAborted, runLimits, yieldToEventLoop, type RunOptions } from '../core/run.js';
import { MAX_MOVES, generateInto, isOver } from './movegen.js';
import { formatValleyMove, formatValleyPosition } from './notation.js';
import { CUT, Dfpn, SOLVE_MAX_PLY } from './solve-dfpn.js';
import { ShortestWin } from './solve-short.js';
import { ENTRY_BYTES, INF, KeySet, SolveTable } from './solve-table.js';
import { valleyWinner, type ValleyPosition, type ValleySide } from './state.js';

export type ValleySolveValue = 'win' | 'loss' | 'draw' | 'unknown';

export interface ValleySolveOptions extends RunOptions {
  /** Transposition table size in MB (default 256); entries are 24 bytes, rounded down to a power of two. */
  tableMegabytes?: number;
  /** Share one entry among the 8 symmetric images of a position (default true). */
  symmetry?: boolean;
  /** Settle every first move too: 'win', 'loss' or 'draw' for the side to move ('unknown' when the budget ran out). */
  allMoves?: boolean;
  /**
   * Also return the proof as a strategy: for every position of the proof where the winner moves, its move
   * (positions written as position strings whose ply is 0 on the first move, else 1; no symmetry folding).
   */
  strategy?: boolean;
  /** After a win or loss is proved, also find how many plies the quickest forced win takes (bounded search). */
  shortest?: boolean;
  /** Also called between slices of work with the state of the search. */
  onStatus?: (s: ValleySolveStatus) => void;
}

export interface ValleySolveStatus {
  /** Which question is being searched: can the side to move force a win, or can the other side. */
  question: 'mover-wins' | 'opponent-wins' | 'first-moves' | 'proof' | 'shortest';
  nodes: number;
  ms: number;
  /** Proof and disproof numbers of the root of the current question. */
  pn: number;
  dn: number;
  tableUsed: number;
  tableEntries: number;
  maxPly: number;
}

export interface ValleySolveResult {
  position: string;
  /** From the side to move's point of view; 'unknown' when the budget ran out (or a line reached the ply cap). */
  value: ValleySolveValue;
  winner: 'white' | 'black' | null;
  /** First moves proved to win for the side to move (all of them with allMoves; else those the proof found). */
  moves: string[];
  /** With allMoves: every first move's value for the side to move. */
  moveValues?: Record<string, 'win' | 'loss' | 'draw' | 'unknown'>;
  /** Distinct positions in the proof (the winner's chosen move at its turns, every reply at the loser's), or null. */
  proofNodes: number | null;
  /** With the strategy option: the winner's move in each position of the proof where it is to move. */
  strategy?: Record<string, string>;
  /** Plies to the win when the winner follows the proof (a bound, not necessarily the shortest win). */
  proofDepth: number | null;
  /**
   * With the shortest option: plies of the quickest forced win against the best defence (the winner's last move
   * counted), or null when the budget ran out first.
   */
  shortest?: number | null;
  /** Search nodes expanded (the shortest-win search's included). */
  nodes: number;
  /** True when the budget (nodes or time) ran out: before the answer if value is 'unknown', else while settling first moves. */
  exhausted: boolean;
  ms: number;
  maxPly: number;
  tableEntries: number;
  tableUsed: number;
}

type Answer = 'proved' | 'disproved' | 'unknown';

// Work between turns of the event loop, in nodes (not time, so the same budget gives the same search every run).
const SLICE_NODES = 5000;
/** The quickest-win search's slice: a pause re-walks the line from the root, so it takes longer slices. */
const SHORTEST_SLICE_NODES = 100_000;

/** The search of one position: the table, the df-pn state and the budget, shared by the questions asked. */
class Solver {
  readonly tt: SolveTable;
  readonly dfpn: Dfpn;
  readonly t0 = performance.now();
  private readonly deadline: number;
  private readonly maxNodes: number;
  exhausted = false;

  constructor(readonly options: ValleySolveOptions) {
    this.tt = new SolveTable(options.tableMegabytes ?? 256, options.symmetry ?? true);
    this.dfpn = new Dfpn(this.tt);
    ({ deadline: this.deadline, maxNodes: this.maxNodes } = runLimits(options, this.t0));
  }

  /**
   * Runs df-pn on one node until it is solved or the budget ends, in slices that give the event loop a turn
   * (Ctrl-C, the signal, progress).
   */
  async search(own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number, question: ValleySolveStatus['question']): Promise<{ answer: Answer; dist: number }> {
    const { dfpn, tt } = this;
    tt.key(own, opp, ownKing, oppKing, first, or);
    const lo = tt.lo, hi = tt.hi;
    for (;;) {
      checkAborted(this.options.signal);
      if (dfpn.nodes >= this.maxNodes || performance.now() >= this.deadline) {
        this.exhausted = true;
        return { answer: 'unknown', dist: 0 };
      }
      dfpn.stop = false;
      dfpn.nodeLimit = Math.min(this.maxNodes, dfpn.nodes + SLICE_NODES);
      dfpn.deadline = this.deadline;
      dfpn.mid(own, opp, ownKing, oppKing, first, or, 0, INF, INF, lo, hi);
      const { rPn, rDn } = dfpn;
      this.options.onProgress?.({ done: dfpn.nodes, unit: 'nodes' });
      this.options.onStatus?.({
        question,
        nodes: dfpn.nodes,
        ms: performance.now() - this.t0,
        pn: rPn,
        dn: rDn,
        tableUsed: tt.stored,
        tableEntries: tt.size,
        maxPly: dfpn.maxPly,
      });
      if (rPn === 0) return { answer: 'proved', dist: dfpn.rDist };
      // A disproof resting on the ply cap says nothing; stop rather than search the same way again.
      if (rDn === 0) return { answer: dfpn.rDep === CUT ? 'unknown' : 'disproved', dist: 0 };
      if (this.options.signal !== undefined || this.options.onStatus !== undefined || this.options.onProgress !== undefined) {
        await yieldToEventLoop();
      }
    }
  }

  /**
   * Plies of the quickest forced win (moverWins: for the side to move, else for the other side), up to bound.
   * Searched in slices of SHORTEST_SLICE_NODES that give the event loop a turn (Ctrl-C, the signal, progress).
   */
  async shortest(own: number, opp: number, ownKing: number, oppKing: number, first: number, moverWins: boolean, bound: number): Promise<number | null> {
    const tt = new SolveTable(Math.min(this.options.tableMegabytes ?? 256, 256), this.options.symmetry ?? true);
    const sw = new ShortestWin(tt, bound);
    sw.nodeLimit = this.maxNodes - this.dfpn.nodes;
    sw.deadline = this.deadline;
    let found: number | null = null;
    for (let r = moverWins ? 1 : 2; r <= bound && found === null && !sw.stopped; r += 2) {
      for (;;) {
        checkAborted(this.options.signal);
        sw.paused = false;
        sw.pauseAt = sw.nodes + SHORTEST_SLICE_NODES;
        const yes = moverWins ? sw.wins(own, opp, ownKing, oppKing, first, r) : sw.loses(own, opp, ownKing, oppKing, r, 0, first);
        if (!sw.paused) {
          if (yes && !sw.stopped) found = r;
          break;
        }
        const nodes = this.dfpn.nodes + sw.nodes;
        this.options.onProgress?.({ done: nodes, unit: 'nodes' });
        this.options.onStatus?.({ question: 'shortest', nodes, ms: performance.now() - this.t0, pn: INF, dn: INF, tableUsed: tt.stored, tableEntries: tt.size, maxPly: r });
        await yieldToEventLoop();
      }
    }
    this.dfpn.nodes += sw.nodes;
    return sw.stopped ? null : found;
  }

  /** What the table knows of a node without searching: proved (dist), disproved, or open. */
  probe(own: number, opp: number, ownKing: number, oppKing: number, or: number): { pn: number; dn: number; dist: number } {
    this.dfpn.probe(own, opp, ownKing, oppKing, or);
    return { pn: this.dfpn.rPn, dn: this.dfpn.rDn, dist: this.dfpn.rDist };
  }

  /**
   * Counts the distinct positions of the proof below a proved node: at the prover's turn the proved move with the
   * fewest plies to the win, at the defender's every move. Nodes the table has lost are searched again.
   * Null when that fails (budget) or the proof read from the table is not well founded.
   */
  async proofSize(own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number, bound: number, side: ValleySide, strategy?: Record<string, string>): Promise<number | null> {
    const seen = new KeySet();
    let depth = 0;
    const walk = async (own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number, bound: number): Promise<boolean> => {
      // A strategy needs every orientation met; the count folds symmetric positions together.
      if (strategy === undefined) this.tt.key(own, opp, ownKing, oppKing, first, or);
      const lo = strategy === undefined ? this.tt.lo : own | (ownKing << 25) | (first << 30);
      const hi = strategy === undefined ? this.tt.hi : opp | (oppKing << 25) | (or << 30);
      if (!seen.add(lo, hi)) return true;
      // A finished game (the prover has just won) is a leaf of the proof.
      if (isOver(own, opp, ownKing, oppKing)) return true;
      if (bound <= 0) return false;
      const moves = new Int32Array(MAX_MOVES);
      const n = generateInto(own, opp, ownKing, first === 1, moves, 0);
      const children: Array<[number, number, number, number, number]> = [];
      for (let i = 0; i < n; i++) {
        const m = moves[i], from = m & 31, to = m >>> 5;
        children.push([opp, own ^ ((1 << from) | (1 << to)), oppKing, from === ownKing ? to : ownKing, INF]);
      }
      // Each child's plies to the win: from the table, else searched again (every reply, or until one move wins).
      let chosen = -1;
      for (const pass of [false, true]) {
        for (const c of children) {
          if (or && pass && chosen >= 0) break;
          if (c[4] < INF) continue;
          const known = this.probe(c[0], c[1], c[2], c[3], or ^ 1);
          if (known.pn === 0) c[4] = known.dist;
          else if (pass) {
            const r = await this.search(c[0], c[1], c[2], c[3], 0, or ^ 1, 'proof');
            if (r.answer === 'proved') c[4] = r.dist;
          }
          if (or && c[4] < bound && (chosen < 0 || c[4] < children[chosen][4])) chosen = children.indexOf(c);
          if (!or && pass && c[4] >= bound) return false;
        }
        if (or ? chosen >= 0 : children.every((c) => c[4] < bound)) break;
      }
      if (or && chosen < 0) return false;
      if (strategy !== undefined && or) {
        // The side to move here is the prover; its colour flips with every ply from the root's.
        const mover = ((side + depth) & 1) as ValleySide;
        const men: [number, number] = mover === 0 ? [own, opp] : [opp, own];
        const kings: [number, number] = mover === 0 ? [ownKing, oppKing] : [oppKing, ownKing];
        strategy[formatValleyPosition({ men, kings, side: mover, ply: first ? 0 : 1 })] = formatValleyMove(moves[chosen]);
      }
      depth++;
      for (const [a, b, c, d, dist] of or ? [children[chosen]] : children) {
        if (!(await walk(a, b, c, d, 0, or ^ 1, dist))) return false;
      }
      depth--;
      return true;
    };
    const ok = await walk(own, opp, ownKing, oppKing, first, or, bound);
    return ok ? seen.count : null;
  }
}

async function strategyOf(solver: Solver, own: number, opp: number, ownKing: number, oppKing: number, first: number, or: number, dist: number, side: ValleySide): Promise<Record<string, string> | undefined> {
  const strategy: Record<string, string> = {};
  const n = await solver.proofSize(own, opp, ownKing, oppKing, first, or, dist, side, strategy);
  return n === null ? undefined : strategy;
}

/**
 * The game-theoretic value of p for the side to move, under the standard rules (a third occurrence draws;
 * that rule and no repetition rule give the same wins, see solve-dfpn.ts). First asks whether the side to move
 * can force a win; if it cannot, whether the other side can; if neither, the game is a draw.
 */
export async function valleySolve(p: ValleyPosition, options: ValleySolveOptions = {}): Promise<ValleySolveResult> {
  const s = p.side, own = p.men[s], opp = p.men[s ^ 1], ownKing = p.kings[s], oppKing = p.kings[s ^ 1];
  const first = p.ply === 0 ? 1 : 0;
  const solver = new Solver(options);
  const colour = (side: number): 'white' | 'black' => (side === 0 ? 'white' : 'black');
  const result = (value: ValleySolveValue, extra: Partial<ValleySolveResult> = {}): ValleySolveResult => ({
    position: formatValleyPosition(p),
    value,
    winner: value === 'win' ? colour(s) : value === 'loss' ? colour(s ^ 1) : null,
    moves: [],
    proofNodes: null,
    proofDepth: null,
    nodes: solver.dfpn.nodes,
    exhausted: solver.exhausted,
    ms: Math.round(performance.now() - solver.t0),
    maxPly: solver.dfpn.maxPly,
    tableEntries: solver.tt.size,
    tableUsed: solver.tt.stored,
    ...extra,
  });

  const over = valleyWinner(p);
  if (over !== null) return result(over === colour(s) ? 'win' : 'loss', { proofNodes: 1, proofDepth: 0 });

  const mine = await solver.search(own, opp, ownKing, oppKing, first, 1, 'mover-wins');
  if (mine.answer === 'unknown') return result('unknown');
  // Every first move settled last: on a hard position that may take the rest of the budget.
  const settle = async (): Promise<{ moveValues?: Record<string, MoveValue> }> =>
    options.allMoves ? { moveValues: await settleMoves(solver, own, opp, ownKing, oppKing, first) } : {};
  if (mine.answer === 'proved') {
    const proofNodes = await solver.proofSize(own, opp, ownKing, oppKing, first, 1, mine.dist, s);
    const strategy = options.strategy ? await strategyOf(solver, own, opp, ownKing, oppKing, first, 1, mine.dist, s) : undefined;
    const shortest = options.shortest ? { shortest: await solver.shortest(own, opp, ownKing, oppKing, first, true, mine.dist) } : {};
    const quick = quickMoves(solver, own, opp, ownKing, oppKing, first);
    const extra = await settle();
    const values = extra.moveValues ?? quick;
    const moves = Object.keys(values).filter((m) => values[m] === 'win' || quick[m] === 'win').sort();
    return result('win', { moves, proofNodes, proofDepth: mine.dist, ...shortest, ...extra, ...(strategy ? { strategy } : {}) });
  }
  const theirs = await solver.search(own, opp, ownKing, oppKing, first, 0, 'opponent-wins');
  if (theirs.answer === 'proved') {
    const proofNodes = await solver.proofSize(own, opp, ownKing, oppKing, first, 0, theirs.dist, s);
    const strategy = options.strategy ? await strategyOf(solver, own, opp, ownKing, oppKing, first, 0, theirs.dist, s) : undefined;
    const shortest = options.shortest ? { shortest: await solver.shortest(own, opp, ownKing, oppKing, first, false, theirs.dist) } : {};
    return result('loss', { proofNodes, proofDepth: theirs.dist, ...shortest, ...(await settle()), ...(strategy ? { strategy } : {}) });
  }
  return result(theirs.answer === 'disproved' ? 'draw' : 'unknown', await settle());
}

type MoveValue = 'win' | 'loss' | 'draw' | 'unknown';

/** The positions after each legal move, as [move, own, opp, ownKing, oppKing] seen from the side then to move. */
function afterEachMove(own: number, opp: number, ownKing: number, oppKing: number, first: number): Array<[number, number, number, number, number]> {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateInto(own, opp, ownKing, first === 1, buf, 0);
  return Array.from(buf.subarray(0, n), (m) => [m, opp, own ^ ((1 << (m & 31)) | (1 << (m >>> 5))), oppKing, (m & 31) === ownKing ? m >>> 5 : ownKing]);
}

/** The first moves the table already shows winning (those the proof went through), without searching. */
function quickMoves(solver: Solver, own: number, opp: number, ownKing: number, oppKing: number, first: number): Record<string, MoveValue> {
  const out: Record<string, MoveValue> = {};
  for (const [m, a, b, c, d] of afterEachMove(own, opp, ownKing, oppKing, first)) out[formatValleyMove(m)] = solver.probe(a, b, c, d, 0).pn === 0 ? 'win' : 'unknown';
  return out;
}

/** Every first move's value for the side to move: does it win; if not, does the other side then win; else a draw. */
async function settleMoves(solver: Solver, own: number, opp: number, ownKing: number, oppKing: number, first: number): Promise<Record<string, MoveValue>> {
  const out: Record<string, MoveValue> = {};
  for (const [m, a, b, c, d] of afterEachMove(own, opp, ownKing, oppKing, first)) {
    const mine = await solver.search(a, b, c, d, 0, 0, 'first-moves');
    let v: MoveValue = mine.answer === 'proved' ? 'win' : 'unknown';
    if (mine.answer === 'disproved') {
      const theirs = await solver.search(a, b, c, d, 0, 1, 'first-moves');
      v = theirs.answer === 'proved' ? 'loss' : theirs.answer === 'disproved' ? 'draw' : 'unknown';
    }
    out[formatValleyMove(m)] = v;
  }
  return out;
}

/** Lines longer than this are cut (and a disproof resting on the cut is no answer). */
export const VALLEY_SOLVE_MAX_PLY = SOLVE_MAX_PLY;
/** Bytes per table entry, for sizing --table. */
export const VALLEY_SOLVE_ENTRY_BYTES = ENTRY_BYTES;
