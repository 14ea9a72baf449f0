// Game-tree search over any ValleyEngine: negamax alpha-beta with PVS, iterative deepening, a transposition
// table in typed arrays, move ordering (TT move, winning King moves, killers, history), repetition draws.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { runLimits } from '../core/run.js';
import type { ValleyEngine } from './engine.js';
import { EVAL_MAX, kingReachesValley, valleyEvaluate } from './eval.js';
import type { ValleyResult, ValleySide } from './state.js';

/**
 * Score scale (points, from the side to move's view): static evaluations within ±EVAL_MAX (10,000); a won
 * game scores WIN − p and a lost one −(WIN − p), p being the plies from the root to the game's end; 0 is a draw.
 */
export const WIN = 30000;
/** Deepest line the search follows, in plies from the root; scores beyond ±(WIN − MAX_PLY) are exact results. */
export const MAX_PLY = 64;
const WON = WIN - MAX_PLY;
const MOVES_PER_PLY = 64;
/** Moves from this index on (in search order) may be reduced. */
const LMR_FROM = 3;

export interface ValleySearchInfo {
  /** Depth of the iteration just finished, in plies. */
  depth: number;
  score: number;
  nodes: number;
  /** Principal variation, engine move codes. */
  pv: number[];
  timeMs: number;
}

export interface ValleySearchOptions {
  /** Deepest iteration in plies (default MAX_PLY − 4 = 60: a time or node limit then ends the search). */
  depth?: number;
  /** Wall-clock budget in milliseconds. */
  timeMs?: number;
  /** Node budget; the answer comes from the last finished iteration. */
  maxNodes?: number;
  /**
   * Checked every 1,024 nodes like the clock. The search is synchronous, so only an abort fired before the call
   * or from onIteration can reach it (timers wait for it to end): the answer is then the best move so far.
   */
  signal?: AbortSignal;
  /**
   * Zobrist keys [keyLo, keyHi] of the game's positions so far, oldest first (the root itself may come last).
   * With the draw rule, a line that comes back to a position earlier on the line (the root included) scores as a
   * draw, and so does one that reaches a position the game has already seen twice (its third occurrence).
   */
  history?: ReadonlyArray<readonly [number, number]>;
  /** The draw rule (default true): repeated positions are draws. false: no repetition draws. */
  drawRule?: boolean;
  onIteration?: (info: ValleySearchInfo) => void;
  /** Points a draw is worth less than 0 to the side to move at the root (default 0): players that should win avoid repetitions. */
  contempt?: number;
  /** Evaluation of live positions for the side to move (default valleyEvaluate), within ±EVAL_MAX. */
  evaluate?: (e: ValleyEngine) => number;
}

export interface ValleySearchResult {
  /** The best move (engine code), null when the position is already over. */
  move: number | null;
  /** From the side to move's view; see WIN. */
  score: number;
  /** Depth of the last finished iteration, in plies (0 when the position is over). */
  depth: number;
  nodes: number;
  pv: number[];
  timeMs: number;
  /** Set when the score is an exact result: who wins, and in how many plies from now (both sides' moves counted). */
  winner?: 'white' | 'black';
  winInPlies?: number;
  /** The same distance in the winner's own moves, the winning move included: ceil(winInPlies / 2). */
  winIn?: number;
  /** The result when the root position is already over (a King on the valley, the mover's King boxed in, or no legal move). */
  result?: ValleyResult;
  /** What ended the search: the depth, an exact result, the clock, the node budget, or the signal. */
  stopped: 'depth' | 'proven' | 'time' | 'nodes' | 'signal' | 'over';
}

const sideName = (s: ValleySide): 'white' | 'black' => (s === 0 ? 'white' : 'black');

/** A transposition table: one entry per slot (index = keyLo & mask), both key halves checked. */
export class ValleyTable {
  readonly size: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly depth: Int8Array;
  /** 1 exact, 2 lower bound, 3 upper bound, 0 empty. */
  readonly bound: Uint8Array;
  readonly score: Int16Array;
  readonly move: Int16Array;
  readonly gen: Uint8Array;

  /** size: number of entries, rounded down to a power of two (at least 1024); 15 bytes each. */
  constructor(size = 1 << 18) {
    if (!Number.isFinite(size) || size < 1) throw new GridbitsError('BAD_ARGUMENT', `table size must be a positive number of entries, got ${size}`);
    const n = Math.max(1024, 2 ** Math.floor(Math.log2(Math.min(size, 1 << 26))));
    this.size = n;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.depth = new Int8Array(n);
    this.bound = new Uint8Array(n);
    this.score = new Int16Array(n);
    this.move = new Int16Array(n);
    this.gen = new Uint8Array(n);
  }

  clear(): void {
    this.bound.fill(0);
  }
}

const EXACT = 1, LOWER = 2, UPPER = 3;

/**
 * A searcher keeps its table, killers and history between searches (a player in a game reuses one); each
 * search leaves the engine exactly as it found it.
 */
export class ValleySearcher {
  readonly table: ValleyTable;
  private gen = 0;
  private readonly moves = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  private readonly order = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly historyScore = new Int32Array(2 * 4096);
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);
  // Keys of the game history and of the line being searched, plus a small counting filter over them.
  private repLo = new Int32Array(1024);
  private repHi = new Int32Array(1024);
  private repCount = 0;
  private readonly repFilter = new Uint16Array(4096);

  private e!: ValleyEngine;
  private evaluate: (e: ValleyEngine) => number = valleyEvaluate;
  private drawRule = true;
  private contempt = 0;
  private rootSide: ValleySide = 0;
  // The best root move of the current iteration so far (0: none yet) and its score.
  private iterBest = 0;
  private iterScore = 0;
  private nodes = 0;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private signal: AbortSignal | undefined;
  private stop: ValleySearchResult['stopped'] | null = null;

  constructor(tableSize?: number) {
    this.table = new ValleyTable(tableSize);
  }

  search(e: ValleyEngine, options: ValleySearchOptions = {}): ValleySearchResult {
    const start = performance.now();
    const maxDepth = options.depth ?? MAX_PLY - 4;
    if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > MAX_PLY - 4) {
      throw new GridbitsError('BAD_ARGUMENT', `search depth must be a whole number from 1 to ${MAX_PLY - 4}, got ${maxDepth}`);
    }
    if (options.timeMs !== undefined && !(options.timeMs > 0)) throw new GridbitsError('BAD_ARGUMENT', `search timeMs must be positive, got ${options.timeMs}`);
    runLimits({ maxNodes: options.maxNodes });
    const elapsed = (): number => Math.round((performance.now() - start) * 10) / 10;
    // No legal move (only a custom position at ply 0 whose soldiers are all stuck) loses, like a boxed-in King.
    const result = e.winner() ?? (e.generate(this.moves, 0) === 0 ? sideName((e.side ^ 1) as ValleySide) : null);
    if (result !== null) return { move: null, score: result === sideName(e.side) ? WIN : -WIN, depth: 0, nodes: 0, pv: [], timeMs: elapsed(), result, stopped: 'over' };

    this.e = e;
    this.evaluate = options.evaluate ?? valleyEvaluate;
    this.drawRule = options.drawRule ?? true;
    this.contempt = Math.max(-EVAL_MAX, Math.min(EVAL_MAX, Math.round(options.contempt ?? 0)));
    this.rootSide = e.side;
    this.nodes = 0;
    this.maxNodes = options.maxNodes ?? Infinity;
    this.deadline = options.timeMs !== undefined ? start + options.timeMs : Infinity;
    this.signal = options.signal;
    this.stop = null;
    this.gen = (this.gen + 1) & 255;
    this.killers.fill(0);
    for (let i = 0; i < this.historyScore.length; i++) this.historyScore[i] >>= 3;
    this.loadHistory(options.history ?? []);

    let best: ValleySearchResult | null = null;
    for (let depth = 1; depth <= maxDepth; depth++) {
      // Iteration 1 always finishes (at most one node per root move and its leaf), so there is always a move.
      this.iterBest = 0;
      const score = this.negamax(depth, -WIN, WIN, 0, depth > 1);
      if (this.stop !== null && depth > 1) {
        // The root moves an interrupted iteration finished were searched deeper: a new best among them is kept.
        if (best !== null && this.iterBest !== 0 && this.iterBest !== best.move) {
          const pv = this.completePv(Array.from(this.pvTable.subarray(0, this.pvLength[0])), depth);
          best = { ...best, move: this.iterBest, score: this.iterScore | 0, pv };
        }
        break;
      }
      const pv = this.completePv(Array.from(this.pvTable.subarray(0, this.pvLength[0])), Math.abs(score) >= WON ? WIN - Math.abs(score) : depth);
      best = { move: pv.length > 0 ? pv[0] : null, score: score | 0, depth, nodes: this.nodes, pv, timeMs: elapsed(), stopped: 'depth' };
      options.onIteration?.({ depth, score, nodes: this.nodes, pv, timeMs: best.timeMs });
      if (Math.abs(score) >= WON && WIN - Math.abs(score) <= depth) {
        best.stopped = 'proven';
        break;
      }
      if (pv.length === 0) break;
      // Another iteration is started even when the clock will cut it short: the root moves it finishes count.
      if (this.stop !== null) break;
      this.checkLimits();
      if (this.stop !== null) break;
    }
    this.repCount = 0;
    this.repFilter.fill(0);
    const out = best!;
    out.nodes = this.nodes;
    out.timeMs = elapsed();
    if (this.stop !== null && out.stopped !== 'proven') out.stopped = this.stop;
    if (Math.abs(out.score) >= WON) {
      const plies = WIN - Math.abs(out.score);
      out.winner = sideName((out.score > 0 ? e.side : e.side ^ 1) as ValleySide);
      out.winInPlies = plies;
      out.winIn = Math.ceil(plies / 2);
    }
    return out;
  }

  /**
   * The line as the PV table holds it, continued from the transposition table where a table hit cut it short,
   * up to `length` plies (the depth, or the plies to a proven end); the King's last slide home is found there too.
   */
  private completePv(pv: number[], length: number): number[] {
    const e = this.e, t = this.table, buf = new Int32Array(MOVES_PER_PLY);
    const seen = new Set<string>();
    for (const m of pv) {
      seen.add(`${e.keyLo}:${e.keyHi}`);
      e.make(m);
    }
    while (pv.length < length && e.winner() === null && !seen.has(`${e.keyLo}:${e.keyHi}`)) {
      seen.add(`${e.keyLo}:${e.keyHi}`);
      const slot = e.keyLo & (t.size - 1);
      let next = -1;
      if (t.bound[slot] !== 0 && t.lo[slot] === e.keyLo && t.hi[slot] === e.keyHi) {
        const n = e.generate(buf, 0);
        for (let i = 0; i < n; i++) if (buf[i] === t.move[slot]) next = buf[i];
      }
      if (next < 0 && e.ply > 0 && kingReachesValley(e, e.side)) next = e.king(e.side) | (e.valley << 6);
      if (next < 0) break;
      pv.push(next);
      e.make(next);
    }
    for (let i = pv.length - 1; i >= 0; i--) e.unmake(pv[i]);
    return pv;
  }

  private loadHistory(history: ReadonlyArray<readonly [number, number]>): void {
    this.repCount = 0;
    this.repFilter.fill(0);
    if (history.length + MAX_PLY > this.repLo.length) {
      this.repLo = new Int32Array(history.length + MAX_PLY);
      this.repHi = new Int32Array(history.length + MAX_PLY);
    }
    // Only positions seen twice are draws on a return: a single earlier occurrence plus one more is not yet
    // the third, and treating it as a draw lets the opponent 'force' draws in the search that the rule never gives.
    const seen = new Map<string, number>();
    for (const [lo, hi] of history) {
      const k = `${lo | 0}:${hi | 0}`, n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      if (n === 2) this.pushKey(lo | 0, hi | 0);
    }
  }

  private pushKey(lo: number, hi: number): void {
    this.repLo[this.repCount] = lo;
    this.repHi[this.repCount++] = hi;
    this.repFilter[lo & 4095]++;
  }

  private popKey(): void {
    this.repFilter[this.repLo[--this.repCount] & 4095]--;
  }

  private repeated(lo: number, hi: number): boolean {
    if (this.repFilter[lo & 4095] === 0) return false;
    for (let i = this.repCount - 1; i >= 0; i--) if (this.repLo[i] === lo && this.repHi[i] === hi) return true;
    return false;
  }

  private checkLimits(): void {
    if (this.nodes >= this.maxNodes) this.stop = 'nodes';
    else if (this.signal?.aborted) this.stop = 'signal';
    else if (performance.now() >= this.deadline) this.stop = 'time';
  }

  /** Negamax score of the engine's position for the side to move, searched `depth` plies, at `ply` from the root. */
  private negamax(depth: number, alpha: number, beta: number, ply: number, limited: boolean): number {
    const e = this.e;
    this.pvLength[ply] = ply;
    if (this.stop !== null && limited) return 0;
    this.nodes++;
    if (limited && (this.nodes >= this.maxNodes || (this.nodes & 1023) === 0)) this.checkLimits();
    if (this.stop !== null && limited) return 0;

    const w = e.winner();
    if (w !== null) return w === sideName(e.side) ? WIN - ply : ply - WIN;
    const lo = e.keyLo, hi = e.keyHi;
    if (ply > 0 && this.drawRule && this.repeated(lo, hi)) return e.side === this.rootSide ? -this.contempt : this.contempt;
    const side = e.side;
    // A King one slide from the valley wins now (the search would find it one ply later; this saves the ply).
    if (e.ply > 0 && kingReachesValley(e, side)) {
      if (ply > 0) return WIN - ply - 1;
    }
    if (ply >= MAX_PLY - 1) return this.evaluate(e);
    if (depth <= 0) {
      // The opponent threatens to win next move: look one ply further rather than trust the static score.
      if (ply >= MAX_PLY - 2 || !kingReachesValley(e, (side ^ 1) as ValleySide)) return this.evaluate(e);
      depth = 1;
    }

    // Exact results can be no better than winning with this move, nor worse than losing after the reply.
    if (alpha < ply - WIN) alpha = ply - WIN;
    if (beta > WIN - ply - 1) beta = WIN - ply - 1;
    if (alpha >= beta) return alpha;

    const t = this.table, slot = lo & (t.size - 1);
    let ttMove = 0;
    if (t.bound[slot] !== 0 && t.lo[slot] === lo && t.hi[slot] === hi) {
      ttMove = t.move[slot];
      if (ply > 0 && t.depth[slot] >= depth) {
        let s = t.score[slot];
        if (s >= WON) s -= ply;
        else if (s <= -WON) s += ply;
        const b = t.bound[slot];
        if (b === EXACT || (b === LOWER && s >= beta) || (b === UPPER && s <= alpha)) return s;
      }
    }

    const base = ply * MOVES_PER_PLY;
    const n = e.generate(this.moves, base);
    if (n === 0) return ply - WIN;
    this.scoreMoves(base, n, ttMove, ply, side);
    // When the opponent's King is one slide from the valley, every move is forced or losing: no reductions.
    const threatened = kingReachesValley(e, (side ^ 1) as ValleySide);

    // The line's repetition keys leave out the first-move flag (only the game's first position has it), so a
    // line back to the start board counts as a return to it.
    if (e.ply === 0) this.pushKey(...e.boardKey());
    else this.pushKey(lo, hi);
    const alpha0 = alpha;
    let bestScore = -WIN, bestMove = 0;
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(base, i, n);
      e.make(m);
      let s: number;
      if (i === 0) {
        s = -this.negamax(depth - 1, -beta, -alpha, ply + 1, limited);
      } else {
        // Late moves that history and killers rank low are first searched a ply shallower; one that still
        // beats alpha is searched again at full depth (so a reduction never hides a result, only delays it).
        const r = depth >= 3 && i >= LMR_FROM && !threatened && this.order[base + i] < 1 << 28 ? 1 : 0;
        s = -this.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, limited);
        if (r > 0 && s > alpha) s = -this.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, limited);
        if (s > alpha && s < beta) s = -this.negamax(depth - 1, -beta, -alpha, ply + 1, limited);
      }
      e.unmake(m);
      if (this.stop !== null && limited) {
        this.popKey();
        return 0;
      }
      if (s > bestScore) {
        bestScore = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          if (ply === 0) {
            this.iterBest = m;
            this.iterScore = s;
          }
          const row = ply * MAX_PLY, next = (ply + 1) * MAX_PLY;
          this.pvTable[row + ply] = m;
          for (let j = ply + 1; j < this.pvLength[ply + 1]; j++) this.pvTable[row + j] = this.pvTable[next + j];
          this.pvLength[ply] = Math.max(this.pvLength[ply + 1], ply + 1);
          if (s >= beta) {
            this.noteCutoff(m, ply, side, depth);
            break;
          }
        }
      }
    }
    this.popKey();

    // Results are stored relative to this node, so a transposition at another ply reads them right.
    const stored = bestScore >= WON ? bestScore + ply : bestScore <= -WON ? bestScore - ply : bestScore;
    if (t.gen[slot] !== this.gen || t.depth[slot] <= depth || t.lo[slot] !== lo || t.hi[slot] !== hi || t.bound[slot] === 0) {
      t.lo[slot] = lo;
      t.hi[slot] = hi;
      t.depth[slot] = depth;
      t.bound[slot] = bestScore >= beta ? LOWER : bestScore > alpha0 ? EXACT : UPPER;
      t.score[slot] = stored;
      t.move[slot] = bestMove;
      t.gen[slot] = this.gen;
    }
    return bestScore;
  }

  /** Order keys: the table's move, then moves onto the valley (a King's win), killers, then history. */
  private scoreMoves(base: number, n: number, ttMove: number, ply: number, side: number): void {
    const valley = this.e.valley, k0 = this.killers[ply * 2], k1 = this.killers[ply * 2 + 1];
    for (let i = base; i < base + n; i++) {
      const m = this.moves[i];
      let s: number;
      if (m === ttMove) s = 1 << 30;
      else if (m >>> 6 === valley) s = 1 << 29;
      else if (m === k0) s = 1 << 28;
      else if (m === k1) s = (1 << 28) - 1;
      else s = this.historyScore[side * 4096 + (m & 4095)];
      this.order[i] = s;
    }
  }

  /** Selection sort one step at a time: most nodes cut off after a move or two. */
  private pickNext(base: number, i: number, n: number): number {
    const at = base + i;
    let best = at;
    for (let j = at + 1; j < base + n; j++) if (this.order[j] > this.order[best]) best = j;
    if (best !== at) {
      const m = this.moves[best], o = this.order[best];
      this.moves[best] = this.moves[at];
      this.order[best] = this.order[at];
      this.moves[at] = m;
      this.order[at] = o;
    }
    return this.moves[at];
  }

  private noteCutoff(m: number, ply: number, side: number, depth: number): void {
    if (m >>> 6 === this.e.valley) return;
    if (this.killers[ply * 2] !== m) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2];
      this.killers[ply * 2] = m;
    }
    const h = side * 4096 + (m & 4095);
    this.historyScore[h] = Math.min(this.historyScore[h] + depth * depth, 1 << 26);
  }
}

/** One search with a fresh table (tableSize entries, default 2^18). */
export function valleySearch(e: ValleyEngine, options: ValleySearchOptions & { tableSize?: number } = {}): ValleySearchResult {
  return new ValleySearcher(options.tableSize).search(e, options);
}

const boards = new Map<number, Board>();
function boardOf(size: number): Board {
  let b = boards.get(size);
  if (b === undefined) boards.set(size, (b = Board.of(size, size)));
  return b;
}

/** An engine move code in notation, from and to squares: "b1e4" (on 7×7, files a-g). */
export function formatEngineMove(e: ValleyEngine, m: number): string {
  const b = boardOf(e.size);
  return b.name(m & 63) + b.name(m >>> 6);
}

/** The legal move named by text in the engine's position; throws BAD_INPUT when malformed or illegal. */
export function parseEngineMove(e: ValleyEngine, text: string): number {
  const buf = new Int32Array(MOVES_PER_PLY);
  const n = e.generate(buf, 0);
  for (let i = 0; i < n; i++) if (formatEngineMove(e, buf[i]) === text.trim().toLowerCase()) return buf[i];
  if (!/^\s*[a-z][0-9][a-z][0-9]\s*$/i.test(text)) throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${e.toString()}`);
}
