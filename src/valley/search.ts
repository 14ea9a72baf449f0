// Game-tree search over any Engine, as a job: negamax alpha-beta with PVS, iterative deepening, a
// transposition table in typed arrays, move ordering (TT move, winning King moves, killers, history), repetition draws.
import { checkInt, checkOptions, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { countArg, flagArg, listenerArg, textArg } from './args.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import type { Engine } from './engine.js';
import { EVAL_MAX, kingOneSlideAway, staticScore } from './eval.js';
import { makeMove, parseMove, type Move } from './move.js';
import { SIDES, otherSide, sideIndex, type Winner } from './state.js';
import { engineArg } from './variant.js';

/**
 * Score scale (points, from the side to move's view): static evaluations within ±EVAL_MAX (10,000); a won
 * game scores WIN − p and a lost one −(WIN − p), p being the plies from the root to the game's end; 0 is a draw.
 */
export const WIN = 30000;
/** Deepest line the search follows, in plies from the root; scores beyond ±(WIN − SEARCH_MAX_PLY) are exact results. */
export const SEARCH_MAX_PLY = 64;
const WON = WIN - SEARCH_MAX_PLY;
/** The largest transposition table, in entries (15 bytes each: 1 GB). */
const MAX_TABLE_SIZE = 1 << 26;
const MOVES_PER_PLY = 64;
/** Moves from this index on (in search order) may be reduced. */
const LMR_FROM = 3;
/**
 * Nodes searched this many plies or more from their leaves are steps of the job (it may pause after each of
 * their children); shallower subtrees — about a millisecond of work — run straight through.
 */
const STEP_DEPTH = 4;
/** What enter() returns for a node whose moves are to be searched. */
const OPEN = 0x40000000;

/** What the search reports after each finished iteration. */
export interface SearchInfo {
  /** Depth of the iteration just finished, in plies. */
  depth: number;
  /** Its score (see WIN). */
  score: number;
  /** Nodes searched so far. */
  nodes: number;
  /** Principal variation. */
  pv: Move[];
  /** Milliseconds since the search began. */
  timeMs: number;
}

/** What a search looks for; its limits (nodes, time, signal) are the job's run options. */
export interface SearchOptions {
  /** Deepest iteration in plies (default SEARCH_MAX_PLY − 4 = 60: a time or node limit then ends the search). */
  depth?: number;
  /**
   * Zobrist keys [keyLo, keyHi] of the game's positions so far, oldest first (the root itself may come last).
   * With the draw rule, a line that comes back to a position earlier on the line (the root included) scores as a
   * draw, and so does one that reaches a position the game has already seen twice (its third occurrence).
   */
  history?: ReadonlyArray<readonly [number, number]>;
  /** The draw rule (default true): repeated positions are draws. false: no repetition draws. */
  drawRule?: boolean;
  /** Called after each finished iteration. */
  onIteration?: (info: SearchInfo) => void;
  /**
   * Points a draw is worth less than 0 to the side to move at the root (default 0): players that should win avoid
   * repetitions.
   */
  contempt?: number;
  /** Evaluation of live positions for the side to move (default evaluate), within ±EVAL_MAX. */
  evaluate?: (e: Engine) => number;
}

/** A search's answer: finished, the deepest iteration asked for (or an exact result); unfinished, its partial. */
export interface SearchResult {
  /** The best move, null when the position is already over. */
  move: Move | null;
  /** From the side to move's view; see WIN. */
  score: number;
  /** Depth of the last finished iteration, in plies (0 when the position is over). */
  depth: number;
  /** Nodes searched. */
  nodes: number;
  /** Principal variation, the best move first. */
  pv: Move[];
  /** Milliseconds since the search began. */
  timeMs: number;
  /** Set when the score is an exact result: who wins. */
  winner?: 'white' | 'black';
  /** With winner: in how many plies from now (both sides' moves counted). */
  winInPlies?: number;
  /** The same distance in the winner's own moves, the winning move included: ceil(winInPlies / 2). */
  winIn?: number;
  /**
   * The result when the root position is already over (a King on the valley, the mover's King boxed in, or no legal
   * move).
   */
  result?: Winner;
  /** Why the search ended: it reached its depth, proved an exact result, or the position was over. */
  ended: 'depth' | 'proven' | 'over';
}

/** A transposition table: one entry per slot (index = keyLo & mask), both key halves checked. */
export class SearchTable {
  /** Entries (a power of two). */
  readonly size: number;
  /** Each entry's key, low half. */
  readonly lo: Int32Array;
  /** Each entry's key, high half. */
  readonly hi: Int32Array;
  /** The depth each entry was searched to. */
  readonly depth: Int8Array;
  /** 1 exact, 2 lower bound, 3 upper bound, 0 empty. */
  readonly bound: Uint8Array;
  /** Each entry's score (exact results relative to the entry's node). */
  readonly score: Int16Array;
  /** Each entry's best move. */
  readonly move: Int16Array;
  /** The search generation that wrote each entry. */
  readonly gen: Uint8Array;

  /** size: number of entries (1 to 2^26), rounded down to a power of two (at least 1024); 15 bytes each. */
  constructor(size = 1 << 18) {
    checkInt(size, 'tableSize', 1, MAX_TABLE_SIZE);
    const n = Math.max(1024, 2 ** Math.floor(Math.log2(size)));
    this.size = n;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.depth = new Int8Array(n);
    this.bound = new Uint8Array(n);
    this.score = new Int16Array(n);
    this.move = new Int16Array(n);
    this.gen = new Uint8Array(n);
  }

  /** Empties the table. */
  clear(): void {
    this.bound.fill(0);
  }
}

/**
 * What a search's options hold, checked before it starts: each field of SearchOptions (and the table size of a
 * search with a fresh table), of the right kind; else BAD_ARGUMENT naming it.
 */
function checkSearchOptions(options: unknown): SearchOptions & { tableSize?: number } {
  checkOptions(options);
  const o = (options ?? {}) as Record<string, unknown>;
  countArg(o.depth, 'options.depth', 1, SEARCH_MAX_PLY - 4);
  const history = o.history;
  if (
    history !== undefined &&
    (!Array.isArray(history) ||
      !history.every((k) => Array.isArray(k) && k.length === 2 && k.every((h) => Number.isInteger(h))))
  )
    refuse('options.history', 'a list of position keys [keyLo, keyHi] (Game#historyKeys)', history);
  flagArg(o.drawRule, 'options.drawRule');
  listenerArg(o.onIteration, 'options.onIteration');
  listenerArg(o.evaluate, 'options.evaluate');
  if (o.contempt !== undefined && !Number.isFinite(o.contempt))
    refuse('options.contempt', 'a number of points', o.contempt);
  countArg(o.tableSize, 'options.tableSize', 1, MAX_TABLE_SIZE);
  return o as SearchOptions & { tableSize?: number };
}

const EXACT = 1,
  LOWER = 2,
  UPPER = 3;

/**
 * A searcher keeps its table, killers and history between searches (a player in a game reuses one). Each
 * search runs on a copy of the engine, so the engine passed in is never changed, even by a stopped search.
 */
export class Searcher {
  /** The transposition table, kept between searches. */
  private readonly table: SearchTable;
  private gen = 0;
  private readonly moves = new Int32Array(SEARCH_MAX_PLY * MOVES_PER_PLY);
  private readonly order = new Int32Array(SEARCH_MAX_PLY * MOVES_PER_PLY);
  private readonly killers = new Int32Array(SEARCH_MAX_PLY * 2);
  private readonly historyScore = new Int32Array(2 * 4096);
  private readonly pvTable = new Int32Array(SEARCH_MAX_PLY * SEARCH_MAX_PLY);
  private readonly pvLength = new Int32Array(SEARCH_MAX_PLY + 1);
  // Each open node's state by ply (enter() sets it, the move loop and leave() read it).
  private readonly nDepth = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nAlpha = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nBeta = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nAlpha0 = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nCount = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nBest = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nBestMove = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nLo = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nHi = new Int32Array(SEARCH_MAX_PLY + 1);
  private readonly nThreat = new Uint8Array(SEARCH_MAX_PLY + 1);
  // Keys of the game history and of the line being searched, plus a small counting filter over them.
  private repLo = new Int32Array(1024);
  private repHi = new Int32Array(1024);
  private repCount = 0;
  private readonly repFilter = new Uint16Array(4096);

  private e!: Engine;
  private evaluate: (e: Engine) => number = staticScore;
  private drawRule = true;
  private contempt = 0;
  private rootTurn = 0;
  // The best root move of the current iteration so far (0: none yet) and its score.
  private iterBest = 0;
  private iterScore = 0;
  private nodes = 0;
  // Nodes already handed to the job's control.
  private spent = 0;
  // The control of the job now searching: a new search takes the searcher over, and a job it superseded refuses to go
  // on.
  private owner: JobControl<SearchResult> | null = null;

  /** tableSize: transposition table entries (default 2^18, 15 bytes each). */
  constructor(tableSize?: number) {
    this.table = new SearchTable(tableSize);
  }

  /**
   * The search of the engine's position as a job: iterative deepening to `options.depth`, pausing between
   * the children of deep nodes. Finished, the answer of the last iteration (or an exact result); stopped by
   * its limits, the partial is the best move and score of the deepest finished iteration (a root move the
   * interrupted iteration proved better replaces its move). Starting another search on this searcher abandons
   * a stopped one (running it again then throws BAD_ARGUMENT).
   */
  searchJob(engine: Engine, options: SearchOptions = {}): Job<SearchResult, SearchResult> {
    const e = engineArg(engine).clone();
    checkSearchOptions(options);
    const maxDepth = options.depth ?? SEARCH_MAX_PLY - 4;
    return new Job<SearchResult, SearchResult>((ctl) => this.iterate(ctl, e, maxDepth, options));
  }

  /** {@link searchJob} run to its end or its limits, giving the event loop a turn about every 20 ms. */
  search(engine: Engine, options: SearchOptions & RunOptions = {}): Promise<Outcome<SearchResult, SearchResult>> {
    return this.searchJob(engine, options).run(options);
  }

  /** {@link searchJob} run synchronously. */
  searchSync(engine: Engine, options: SearchOptions & RunOptions = {}): Outcome<SearchResult, SearchResult> {
    return this.searchJob(engine, options).runSync(options);
  }

  private *iterate(
    ctl: JobControl<SearchResult>,
    e: Engine,
    maxDepth: number,
    options: SearchOptions,
  ): Generator<void, SearchResult, void> {
    const start = performance.now();
    const elapsed = (): number => Math.round((performance.now() - start) * 10) / 10;
    // No legal move (only a custom position at ply 0 whose soldiers are all stuck) loses, like a boxed-in King.
    const result = e.winner() ?? (e.generate(this.moves, 0) === 0 ? otherSide(e.side) : null);
    if (result !== null)
      return {
        move: null,
        score: result === e.side ? WIN : -WIN,
        depth: 0,
        nodes: 0,
        pv: [],
        timeMs: elapsed(),
        result,
        ended: 'over',
      };

    this.owner = ctl;
    this.e = e;
    this.evaluate = options.evaluate ?? staticScore;
    this.drawRule = options.drawRule ?? true;
    this.contempt = Math.max(-EVAL_MAX, Math.min(EVAL_MAX, Math.round(options.contempt ?? 0)));
    this.rootTurn = sideIndex(e.side);
    this.nodes = 0;
    this.spent = 0;
    this.gen = (this.gen + 1) & 255;
    this.killers.fill(0);
    for (let i = 0; i < this.historyScore.length; i++) this.historyScore[i] >>= 3;
    this.loadHistory(options.history ?? []);

    let best: SearchResult | null = null;
    const finish = (r: SearchResult): SearchResult => {
      const out = { ...r, nodes: this.nodes, timeMs: elapsed() };
      if (Math.abs(out.score) >= WON) {
        const plies = WIN - Math.abs(out.score);
        out.winner = out.score > 0 ? e.side : otherSide(e.side);
        out.winInPlies = plies;
        out.winIn = Math.ceil(plies / 2);
      }
      return out;
    };
    ctl.partial = () => {
      if (best === null) return undefined as unknown as SearchResult;
      // The root moves an interrupted iteration finished were searched deeper: a new best among them is kept.
      if (this.iterBest !== 0 && this.iterBest !== best.move) {
        return finish({
          ...best,
          move: this.iterBest as Move,
          score: this.iterScore | 0,
          pv: Array.from(this.pvTable.subarray(0, this.pvLength[0])) as Move[],
        });
      }
      return finish(best);
    };
    try {
      for (let depth = 1; depth <= maxDepth; depth++) {
        this.iterBest = 0;
        const score =
          depth >= STEP_DEPTH ? yield* this.step(ctl, depth, -WIN, WIN, 0) : this.negamax(depth, -WIN, WIN, 0);
        const pv = this.completePv(
          Array.from(this.pvTable.subarray(0, this.pvLength[0])) as Move[],
          Math.abs(score) >= WON ? WIN - Math.abs(score) : depth,
        );
        this.iterBest = 0;
        best = {
          move: pv.length > 0 ? pv[0] : null,
          score: score | 0,
          depth,
          nodes: this.nodes,
          pv,
          timeMs: elapsed(),
          ended: 'depth',
        };
        ctl.report({ share: depth / maxDepth, done: depth, unit: 'plies' });
        options.onIteration?.({ depth, score, nodes: this.nodes, pv, timeMs: best.timeMs });
        if (Math.abs(score) >= WON && WIN - Math.abs(score) <= depth) {
          best.ended = 'proven';
          break;
        }
        if (pv.length === 0) break;
        ctl.spend(this.nodes - this.spent);
        this.spent = this.nodes;
        yield;
        this.checkOwner(ctl);
      }
    } finally {
      if (this.owner === ctl) {
        this.repCount = 0;
        this.repFilter.fill(0);
      }
    }
    ctl.spend(this.nodes - this.spent);
    return finish(best!);
  }

  /**
   * The line as the PV table holds it, continued from the transposition table where a table hit cut it short,
   * up to `length` plies (the depth, or the plies to a proven end); the King's last slide home is found there too.
   */
  private completePv(pv: Move[], length: number): Move[] {
    const e = this.e,
      t = this.table,
      buf = new Int32Array(MOVES_PER_PLY);
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
      if (next < 0 && e.ply > 0 && kingOneSlideAway(e, sideIndex(e.side))) next = makeMove(e.king(e.side), e.valley);
      if (next < 0) break;
      pv.push(next as Move);
      e.make(next as Move);
    }
    for (let i = pv.length - 1; i >= 0; i--) e.unmake(pv[i]);
    return pv;
  }

  private checkOwner(ctl: JobControl<SearchResult>): void {
    if (this.owner !== ctl)
      throw new GridbitsError('BAD_ARGUMENT', 'this search was abandoned: its searcher has started another one');
  }

  private loadHistory(history: ReadonlyArray<readonly [number, number]>): void {
    this.repCount = 0;
    this.repFilter.fill(0);
    if (history.length + SEARCH_MAX_PLY > this.repLo.length) {
      this.repLo = new Int32Array(history.length + SEARCH_MAX_PLY);
      this.repHi = new Int32Array(history.length + SEARCH_MAX_PLY);
    }
    // Only positions seen twice are draws on a return: a single earlier occurrence plus one more is not yet
    // the third, and treating it as a draw lets the opponent 'force' draws in the search that the rule never gives.
    const seen = new Map<string, number>();
    for (const [lo, hi] of history) {
      const k = `${lo | 0}:${hi | 0}`,
        n = (seen.get(k) ?? 0) + 1;
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

  /**
   * A node's work before its move loop: a finished game, a repetition, a King one slide home, the leaf
   * evaluation, a table cutoff. Returns the node's score, or OPEN with its moves generated and ordered and its
   * state in the n* arrays at ply (then the move loop and leave() follow).
   */
  private enter(depth: number, alpha: number, beta: number, ply: number): number {
    const e = this.e;
    this.pvLength[ply] = ply;
    this.nodes++;
    const w = e.winner();
    // The side to move here: the root's, or the other one at odd plies.
    const side = this.rootTurn ^ (ply & 1);
    if (w !== null) return w === SIDES[side] ? WIN - ply : ply - WIN;
    const lo = e.keyLo,
      hi = e.keyHi;
    if (ply > 0 && this.drawRule && this.repeated(lo, hi)) return (ply & 1) === 0 ? -this.contempt : this.contempt;
    // A King one slide from the valley wins now (the search would find it one ply later; this saves the ply).
    if (ply > 0 && e.ply > 0 && kingOneSlideAway(e, side)) return WIN - ply - 1;
    if (ply >= SEARCH_MAX_PLY - 1) return this.evaluate(e);
    if (depth <= 0) {
      // The opponent threatens to win next move: look one ply further rather than trust the static score.
      if (ply >= SEARCH_MAX_PLY - 2 || !kingOneSlideAway(e, side ^ 1)) return this.evaluate(e);
      depth = 1;
    }

    // Exact results can be no better than winning with this move, nor worse than losing after the reply.
    if (alpha < ply - WIN) alpha = ply - WIN;
    if (beta > WIN - ply - 1) beta = WIN - ply - 1;
    if (alpha >= beta) return alpha;

    const t = this.table,
      slot = lo & (t.size - 1);
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
    this.nThreat[ply] = kingOneSlideAway(e, side ^ 1) ? 1 : 0;
    // The line's repetition keys leave out the first-move flag (only the game's first position has it), so a
    // line back to the start board counts as a return to it.
    if (e.ply === 0) this.pushKey(...e.boardKey());
    else this.pushKey(lo, hi);
    this.nDepth[ply] = depth;
    this.nAlpha[ply] = alpha;
    this.nAlpha0[ply] = alpha;
    this.nBeta[ply] = beta;
    this.nCount[ply] = n;
    this.nBest[ply] = -WIN;
    this.nBestMove[ply] = 0;
    this.nLo[ply] = lo;
    this.nHi[ply] = hi;
    return OPEN;
  }

  /**
   * Late moves that history and killers rank low are first searched a ply shallower (1, else 0); one that still
   * beats alpha is searched again at full depth (so a reduction never hides a result, only delays it).
   */
  private reduction(ply: number, i: number): number {
    return this.nDepth[ply] >= 3 &&
      i >= LMR_FROM &&
      this.nThreat[ply] === 0 &&
      this.order[ply * MOVES_PER_PLY + i] < 1 << 28
      ? 1
      : 0;
  }

  /** After the child m of the open node at ply scored s (its move taken back): best, alpha, PV; true on a cutoff. */
  private after(ply: number, m: number, s: number): boolean {
    if (s <= this.nBest[ply]) return false;
    this.nBest[ply] = s;
    this.nBestMove[ply] = m;
    if (s <= this.nAlpha[ply]) return false;
    this.nAlpha[ply] = s;
    if (ply === 0) {
      this.iterBest = m;
      this.iterScore = s;
    }
    const row = ply * SEARCH_MAX_PLY,
      next = (ply + 1) * SEARCH_MAX_PLY;
    this.pvTable[row + ply] = m;
    for (let j = ply + 1; j < this.pvLength[ply + 1]; j++) this.pvTable[row + j] = this.pvTable[next + j];
    this.pvLength[ply] = Math.max(this.pvLength[ply + 1], ply + 1);
    if (s < this.nBeta[ply]) return false;
    this.noteCutoff(m, ply, this.rootTurn ^ (ply & 1), this.nDepth[ply]);
    return true;
  }

  /**
   * The open node's end: its score into the table (results relative to this node, so a transposition at another ply
   * reads them right).
   */
  private leave(ply: number): number {
    this.popKey();
    const bestScore = this.nBest[ply],
      depth = this.nDepth[ply],
      lo = this.nLo[ply],
      hi = this.nHi[ply];
    const t = this.table,
      slot = lo & (t.size - 1);
    const stored = bestScore >= WON ? bestScore + ply : bestScore <= -WON ? bestScore - ply : bestScore;
    if (
      t.gen[slot] !== this.gen ||
      t.depth[slot] <= depth ||
      t.lo[slot] !== lo ||
      t.hi[slot] !== hi ||
      t.bound[slot] === 0
    ) {
      t.lo[slot] = lo;
      t.hi[slot] = hi;
      t.depth[slot] = depth;
      t.bound[slot] = bestScore >= this.nBeta[ply] ? LOWER : bestScore > this.nAlpha0[ply] ? EXACT : UPPER;
      t.score[slot] = stored;
      t.move[slot] = this.nBestMove[ply];
      t.gen[slot] = this.gen;
    }
    return bestScore;
  }

  /** Negamax score of the engine's position for the side to move, searched `depth` plies, at `ply` from the root. */
  private negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const r = this.enter(depth, alpha, beta, ply);
    if (r !== OPEN) return r;
    const e = this.e,
      base = ply * MOVES_PER_PLY,
      n = this.nCount[ply],
      d = this.nDepth[ply] - 1;
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(base, i, n) as Move,
        a = this.nAlpha[ply],
        b = this.nBeta[ply];
      e.make(m);
      let s: number;
      if (i === 0) s = -this.negamax(d, -b, -a, ply + 1);
      else {
        const red = this.reduction(ply, i);
        s = -this.negamax(d - red, -a - 1, -a, ply + 1);
        if (red > 0 && s > a) s = -this.negamax(d, -a - 1, -a, ply + 1);
        if (s > a && s < b) s = -this.negamax(d, -b, -a, ply + 1);
      }
      e.unmake(m);
      if (this.after(ply, m, s)) break;
    }
    return this.leave(ply);
  }

  /**
   * negamax as steps of the job, for nodes STEP_DEPTH plies or more from their leaves: it may pause after each child.
   */
  private *step(
    ctl: JobControl<SearchResult>,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): Generator<void, number, void> {
    const r = this.enter(depth, alpha, beta, ply);
    if (r !== OPEN) return r;
    const e = this.e,
      base = ply * MOVES_PER_PLY,
      n = this.nCount[ply],
      d = this.nDepth[ply] - 1;
    const child = (dd: number, a: number, b: number): Generator<void, number, void> | number =>
      dd >= STEP_DEPTH ? this.step(ctl, dd, a, b, ply + 1) : this.negamax(dd, a, b, ply + 1);
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(base, i, n) as Move,
        a = this.nAlpha[ply],
        b = this.nBeta[ply];
      e.make(m);
      let s: number;
      if (i === 0) s = -(yield* score(child(d, -b, -a)));
      else {
        const red = this.reduction(ply, i);
        s = -(yield* score(child(d - red, -a - 1, -a)));
        if (red > 0 && s > a) s = -(yield* score(child(d, -a - 1, -a)));
        if (s > a && s < b) s = -(yield* score(child(d, -b, -a)));
      }
      e.unmake(m);
      if (this.after(ply, m, s)) break;
      if (ctl.spend(this.nodes - this.spent)) {
        this.spent = this.nodes;
        yield;
        this.checkOwner(ctl);
      }
      this.spent = this.nodes;
    }
    return this.leave(ply);
  }

  /** Order keys: the table's move, then moves onto the valley (a King's win), killers, then history. */
  private scoreMoves(base: number, n: number, ttMove: number, ply: number, side: number): void {
    const valley = this.e.valley,
      k0 = this.killers[ply * 2],
      k1 = this.killers[ply * 2 + 1];
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
      const m = this.moves[best],
        o = this.order[best];
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

/** A child's score: a generator's (its steps run inside the caller's) or a plain number. */
function* score(x: Generator<void, number, void> | number): Generator<void, number, void> {
  return typeof x === 'number' ? x : yield* x;
}

/** One search with a fresh table (`tableSize` entries, default 2^18), as a job: see {@link Searcher.searchJob}. */
export function searchJob(
  engine: Engine,
  options: SearchOptions & { tableSize?: number } = {},
): Job<SearchResult, SearchResult> {
  engineArg(engine);
  return new Searcher(checkSearchOptions(options).tableSize).searchJob(engine, options);
}

/**
 * One search with a fresh table, run to its end or its limits (`timeoutMs`, `maxNodes`, `signal`), giving the
 * event loop a turn about every 20 ms.
 *
 * @example
 * ```ts
 * import { START, createEngine, formatMove, parsePosition, search } from 'gridbits/valley';
 * const engine = createEngine(parsePosition(START));
 * const outcome = await search(engine, { timeoutMs: 200 });
 * const r = outcome.finished ? outcome.value : outcome.partial;
 * if (r?.move != null) console.log(formatMove(r.move, engine.board), r.score, r.depth);
 * ```
 */
export function search(
  engine: Engine,
  options: SearchOptions & RunOptions & { tableSize?: number } = {},
): Promise<Outcome<SearchResult, SearchResult>> {
  return searchJob(engine, options).run(options);
}

/** {@link search} run synchronously. */
export function searchSync(
  engine: Engine,
  options: SearchOptions & RunOptions & { tableSize?: number } = {},
): Outcome<SearchResult, SearchResult> {
  return searchJob(engine, options).runSync(options);
}

/** A search outcome's best move and its facts: the value when finished, else the partial (undefined if none yet). */
export function searchAnswer(outcome: Outcome<SearchResult, SearchResult>): SearchResult | undefined {
  const o = outcome as unknown as Record<string, unknown> | null;
  if (typeof o !== 'object' || o === null || typeof o.finished !== 'boolean')
    refuse('outcome', 'the outcome of a search (search, searchSync)', outcome);
  return outcome.finished ? outcome.value : outcome.partial;
}

/** The legal move named by text in the engine's position; throws BAD_INPUT when malformed or illegal. */
export function parseEngineMove(engine: Engine, text: string): Move {
  const e = engineArg(engine);
  textArg(text, 'move');
  // Two square names off this board are an illegal move here, not a malformed one.
  if (!/^\s*[a-z][0-9][a-z][0-9]\s*$/i.test(text))
    throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  let m: Move;
  try {
    m = parseMove(text, e.board);
  } catch {
    throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${e.toString()}`);
  }
  const buf = new Int32Array(MOVES_PER_PLY);
  const n = e.generate(buf, 0);
  for (let i = 0; i < n; i++) if (buf[i] === m) return m;
  throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${e.toString()}`);
}
