// Solving King's Valley positions, as a job: does the side to move force a win, does the other side, or neither (a
// draw)?
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { MAX_MOVES, generateInto, isOver } from './kernel.js';
import { checkOptions, refuse } from '../core/check.js';
import { countArg, flagArg, listenerArg } from './args.js';
import type { Engine } from './engine.js';
import { Engine5 } from './engine5.js';
import { BOARD } from './geometry.js';
import { formatMove, type Move } from './move.js';
import { formatPosition } from './notation.js';
import { CUT, Dfpn, SOLVE_MAX_PLY as DFPN_MAX_PLY } from './solve-dfpn.js';
import { ShortestWin } from './solve-short.js';
import { INF, KeySet, SolveTable } from './solve-table.js';
import { SIDES, WHITE, sideIndex, winnerOf, type Position } from './state.js';
import { engineArg } from './variant.js';

/** A position's value for the side to move. */
export type SolveValue = 'win' | 'loss' | 'draw';

/**
 * What to solve for. maxNodes, when given here too, makes the last slice of work end exactly on the budget
 * (so the same budget gives the same search every run); the limits themselves are the job's run options.
 */
export interface SolveOptions extends Pick<RunOptions, 'maxNodes'> {
  /** Transposition table size in MB (default 256); entries are 24 bytes, rounded down to a power of two. */
  tableMegabytes?: number;
  /** Share one entry among the 8 symmetric images of a position (default true). */
  symmetry?: boolean;
  /** Settle every first move too: 'win', 'loss' or 'draw' for the side to move. */
  allMoves?: boolean;
  /**
   * Also return the proof as a strategy: for every position of the proof where the winner moves, its move
   * (positions written as position strings whose ply is 0 on the first move, else 1; no symmetry folding).
   */
  strategy?: boolean;
  /** After a win or loss is proved, also find how many plies the quickest forced win takes (bounded search). */
  shortest?: boolean;
  /**
   * Count the proof's distinct positions (`proofNodes`) once a win or loss is proved; default true. False skips
   * that walk, which on a large proof takes longer than the proof itself (`proofNodes` is then null).
   */
  proofSize?: boolean;
  /** Also called between slices of work with the state of the search. */
  onStatus?: (s: SolveStatus) => void;
}

/** The state of a solve between slices of its work (for a status line). */
export interface SolveStatus {
  /** Which question is being searched: can the side to move force a win, or can the other side. */
  question: 'mover-wins' | 'opponent-wins' | 'first-moves' | 'proof' | 'shortest';
  /** Nodes searched so far. */
  nodes: number;
  /** Milliseconds since the solve began. */
  ms: number;
  /** Proof number of the root of the current question. */
  pn: number;
  /** Disproof number of the root of the current question. */
  dn: number;
  /** Table entries in use. */
  tableUsed: number;
  /** Table entries in all. */
  tableEntries: number;
  /** The deepest ply reached. */
  maxPly: number;
}

/**
 * A solve's answer. Unfinished (stopped by its limits), the partial has the same fields, holding what is
 * proved so far: value once the root is settled, the first moves proved winning or settled so far.
 */
export interface SolveResult {
  /** The position solved, as a position string. */
  position: string;
  /** From the side to move's point of view (absent from a partial until proved). */
  value?: SolveValue;
  /** Who wins with best play, null for a draw (or while not yet known). */
  winner: 'white' | 'black' | null;
  /** First moves proved to win for the side to move (all of them with allMoves; else those the proof found). */
  moves: string[];
  /** With allMoves: every first move's value for the side to move (in a partial, those settled so far). */
  moveValues?: Record<string, SolveValue>;
  /** Distinct positions in the proof (the winner's chosen move at its turns, every reply at the loser's), or null. */
  proofNodes: number | null;
  /** With the strategy option: the winner's move in each position of the proof where it is to move. */
  strategy?: Record<string, string>;
  /** Plies to the win when the winner follows the proof (a bound, not necessarily the shortest win). */
  proofDepth: number | null;
  /**
   * With the shortest option: plies of the quickest forced win against the best defence (the winner's last move
   * counted).
   */
  shortest?: number;
  /** Search nodes expanded (the shortest-win search's included). */
  nodes: number;
  /** Milliseconds of the solve. */
  ms: number;
  /** The deepest ply reached. */
  maxPly: number;
  /** Table entries in all. */
  tableEntries: number;
  /** Table entries in use. */
  tableUsed: number;
  /**
   * In a partial (a solve its limits stopped): the question it was asking then (see SolveStatus). While it asks
   * whether the other side can force a win, it has proved that the side to move cannot.
   */
  question?: SolveStatus['question'];
  /**
   * Present when an answer rests on lines longer than SOLVE_MAX_PLY plies, the solver's ply cap: the value
   * (absent then), or the first moves missing from `moveValues`, could not be settled.
   */
  beyondPlyCap?: true;
}

type Answer = 'proved' | 'disproved' | 'cut';
type Question = SolveStatus['question'];
type Steps<T> = Generator<void, T, void>;

// Work between turns of the event loop, in nodes (not time, so the same budget gives the same search every run).
// Each slice restarts from the root: 1000-node slices would cost about 40% more nodes on the start position.
const SLICE_NODES = 5000;
/** The quickest-win search's slice: a pause re-walks the line from the root, so it takes longer slices. */
const SHORTEST_SLICE_NODES = 100_000;

/** The search of one position: the table, the df-pn state and the budget, shared by the questions asked. */
class Solver {
  readonly tt: SolveTable;
  readonly dfpn: Dfpn;
  readonly t0 = performance.now();
  private readonly maxNodes: number;
  /** Nodes of the shortest-win searches, beside df-pn's. */
  private shortNodes = 0;
  /** The question being searched, once a search has begun. */
  asking: Question | undefined = undefined;

  constructor(
    readonly options: SolveOptions,
    private readonly ctl: JobControl<SolveResult>,
  ) {
    this.tt = new SolveTable(options.tableMegabytes ?? 256, options.symmetry ?? true);
    this.dfpn = new Dfpn(this.tt);
    this.maxNodes = Number.isSafeInteger(options.maxNodes) ? (options.maxNodes as number) : Infinity;
  }

  /** Nodes searched so far. */
  get nodes(): number {
    return this.dfpn.nodes + this.shortNodes;
  }

  /**
   * The next slice's size: SLICE nodes, or what the budget leaves if less (a run again after a stop takes whole
   * slices).
   */
  private slice(size: number): number {
    const left = this.maxNodes - this.nodes;
    return left > 0 && left < size ? left : size;
  }

  /**
   * Hands the nodes since the last call to the job, with the progress and the status line; then a pause point,
   * and the table's growth where it is due (in steps with pauses of their own).
   */
  private *pause(question: Question, pn: number, dn: number, tt: SolveTable, maxPly: number): Steps<void> {
    const { ctl } = this;
    ctl.spend(this.nodes - ctl.nodes);
    if (this.maxNodes !== Infinity) ctl.report({ share: this.nodes / this.maxNodes });
    this.options.onStatus?.({
      question,
      nodes: this.nodes,
      ms: performance.now() - this.t0,
      pn,
      dn,
      tableUsed: tt.stored,
      tableEntries: tt.size,
      maxPly,
    });
    yield;
    yield* tt.makeRoom();
  }

  /** Runs df-pn on one node until it is solved, in slices of SLICE_NODES with a pause point after each. */
  *search(
    own: number,
    opp: number,
    ownKing: number,
    oppKing: number,
    first: number,
    or: number,
    question: Question,
  ): Steps<{ answer: Answer; dist: number }> {
    const { dfpn, tt, ctl } = this;
    this.asking = question;
    tt.key(own, opp, ownKing, oppKing, first, or);
    const lo = tt.lo,
      hi = tt.hi;
    for (;;) {
      dfpn.stop = false;
      dfpn.nodeLimit = dfpn.nodes + this.slice(SLICE_NODES);
      dfpn.begin(own, opp, ownKing, oppKing, first, or, lo, hi);
      // Within a slice, a pause wherever the job wants one: the search stands still there (nothing else
      // touches the table meanwhile), so the slices, and so the search, are the same whatever the pauses.
      for (;;) {
        ctl.spend(this.nodes - ctl.nodes);
        dfpn.pauseAt = dfpn.nodes + Math.max(1, ctl.checkAt - ctl.nodes);
        if (dfpn.run()) break;
        ctl.spend(this.nodes - ctl.nodes);
        yield;
      }
      const { rPn, rDn } = dfpn;
      yield* this.pause(question, rPn, rDn, tt, dfpn.maxPly);
      if (rPn === 0) return { answer: 'proved', dist: dfpn.rDist };
      // A disproof resting on the ply cap says nothing; stop rather than search the same way again.
      if (rDn === 0) return { answer: dfpn.rDep === CUT ? 'cut' : 'disproved', dist: 0 };
    }
  }

  /**
   * Plies of the quickest forced win (moverWins: for the side to move, else for the other side), up to bound,
   * searched in slices of SHORTEST_SLICE_NODES with a pause point after each.
   */
  *shortest(
    own: number,
    opp: number,
    ownKing: number,
    oppKing: number,
    first: number,
    moverWins: boolean,
    bound: number,
  ): Steps<number | null> {
    const tt = new SolveTable(Math.min(this.options.tableMegabytes ?? 256, 256), this.options.symmetry ?? true);
    const sw = new ShortestWin(tt, bound);
    const base = this.shortNodes;
    this.asking = 'shortest';
    let found: number | null = null;
    for (let r = moverWins ? 1 : 2; r <= bound && found === null; r += 2) {
      for (;;) {
        sw.paused = false;
        sw.pauseAt = sw.nodes + this.slice(SHORTEST_SLICE_NODES);
        const yes = moverWins
          ? sw.wins(own, opp, ownKing, oppKing, first, r)
          : sw.loses(own, opp, ownKing, oppKing, r, 0, first);
        this.shortNodes = base + sw.nodes;
        if (!sw.paused) {
          if (yes) found = r;
          break;
        }
        yield* this.pause('shortest', INF, INF, tt, r);
      }
    }
    return found;
  }

  /** What the table knows of a node without searching: proved (dist), disproved, or open. */
  probe(
    own: number,
    opp: number,
    ownKing: number,
    oppKing: number,
    or: number,
  ): { pn: number; dn: number; dist: number } {
    this.dfpn.probe(own, opp, ownKing, oppKing, or);
    return { pn: this.dfpn.rPn, dn: this.dfpn.rDn, dist: this.dfpn.rDist };
  }

  /**
   * Counts the distinct positions of the proof below a proved node: at the prover's turn the proved move with the
   * fewest plies to the win, at the defender's every move. Nodes the table has lost are searched again.
   * Null when that fails (budget) or the proof read from the table is not well founded.
   */
  *proofSize(
    own: number,
    opp: number,
    ownKing: number,
    oppKing: number,
    first: number,
    or: number,
    bound: number,
    side: number,
    strategy?: Record<string, string>,
  ): Steps<number | null> {
    const seen = new KeySet();
    let depth = 0;
    const tt = this.tt,
      probe = this.probe.bind(this),
      search = this.search.bind(this);
    const walk = function* (
      own: number,
      opp: number,
      ownKing: number,
      oppKing: number,
      first: number,
      or: number,
      bound: number,
    ): Steps<boolean> {
      // A strategy needs every orientation met; the count folds symmetric positions together.
      if (strategy === undefined) tt.key(own, opp, ownKing, oppKing, first, or);
      const lo = strategy === undefined ? tt.lo : own | (ownKing << 25) | (first << 30);
      const hi = strategy === undefined ? tt.hi : opp | (oppKing << 25) | (or << 30);
      if (!seen.add(lo, hi)) return true;
      // A large proof takes a while to walk: a pause point every few hundred positions.
      if ((seen.count & 255) === 0) yield;
      // A finished game (the prover has just won) is a leaf of the proof.
      if (isOver(own, opp, ownKing, oppKing)) return true;
      if (bound <= 0) return false;
      const moves = new Int32Array(MAX_MOVES);
      const n = generateInto(own, opp, ownKing, first === 1, moves, 0);
      const children: Array<[number, number, number, number, number]> = [];
      for (let i = 0; i < n; i++) {
        const m = moves[i],
          from = m & 63,
          to = m >>> 6;
        children.push([opp, own ^ ((1 << from) | (1 << to)), oppKing, from === ownKing ? to : ownKing, INF]);
      }
      // Each child's plies to the win: from the table, else searched again (every reply, or until one move wins).
      let chosen = -1;
      for (const pass of [false, true]) {
        for (const c of children) {
          if (or && pass && chosen >= 0) break;
          if (c[4] < INF) continue;
          const known = probe(c[0], c[1], c[2], c[3], or ^ 1);
          if (known.pn === 0) c[4] = known.dist;
          else if (pass) {
            const r = yield* search(c[0], c[1], c[2], c[3], 0, or ^ 1, 'proof');
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
        const mover = (side + depth) & 1;
        const men: [number, number] = mover === WHITE ? [own, opp] : [opp, own];
        const kings: [number, number] = mover === WHITE ? [ownKing, oppKing] : [oppKing, ownKing];
        const position = formatPosition({ men, kings, side: SIDES[mover], ply: first ? 0 : 1 });
        strategy[position] = formatMove(moves[chosen] as Move, BOARD);
      }
      depth++;
      for (const [a, b, c, d, dist] of or ? [children[chosen]] : children) {
        if (!(yield* walk(a, b, c, d, 0, or ^ 1, dist))) return false;
      }
      depth--;
      return true;
    };
    const ok = yield* walk(own, opp, ownKing, oppKing, first, or, bound);
    return ok ? seen.count : null;
  }
}

function* strategyOf(
  solver: Solver,
  own: number,
  opp: number,
  ownKing: number,
  oppKing: number,
  first: number,
  or: number,
  dist: number,
  side: number,
): Steps<Record<string, string> | undefined> {
  const strategy: Record<string, string> = {};
  const n = yield* solver.proofSize(own, opp, ownKing, oppKing, first, or, dist, side, strategy);
  return n === null ? undefined : strategy;
}

/**
 * The game-theoretic value of the engine's position for the side to move, as a job, under the standard rules
 * (a third occurrence draws; that rule and no repetition rule give the same wins, see solve-dfpn.ts). First asks
 * whether the side to move can force a win; if it cannot, whether the other side can; if neither, the game is a
 * draw. Stopped by its limits, the partial holds what is proved so far. An answer that would rest on a line
 * longer than SOLVE_MAX_PLY plies is left unknown, and the result says so (`beyondPlyCap`). The solver plays the
 * 5×5 games (the standard game and Retrieve the King): an engine of another board is refused.
 */
export function solveJob(engine: Engine, options: SolveOptions = {}): Job<SolveResult, SolveResult> {
  const e = engineArg(engine);
  if (!(e instanceof Engine5))
    refuse('engine', "a 5×5 engine (the standard game or Retrieve the King: the solver's games)", engine);
  checkSolveOptions(options);
  const pos = e.position();
  return new Job<SolveResult, SolveResult>((ctl) => solveSteps(ctl, pos, options));
}

/**
 * {@link solveJob} run to its end or its limits (`maxNodes`, `timeoutMs`, `signal`), giving the event loop a turn
 * about every 20 ms.
 *
 * @example
 * ```ts
 * import { createEngine, parsePosition, solve } from 'gridbits/valley';
 * const outcome = await solve(createEngine(parsePosition('k4/3s1/5/5/K3S w 4')), { tableMegabytes: 16 });
 * if (outcome.finished) console.log(outcome.value.value, outcome.value.moves); // win [ 'a1c3' ]
 * ```
 */
export function solve(
  engine: Engine,
  options: SolveOptions & RunOptions = {},
): Promise<Outcome<SolveResult, SolveResult>> {
  return solveJob(engine, options).run(options);
}

/** {@link solveJob} run synchronously. */
export function solveSync(engine: Engine, options: SolveOptions & RunOptions = {}): Outcome<SolveResult, SolveResult> {
  return solveJob(engine, options).runSync(options);
}

function* solveSteps(ctl: JobControl<SolveResult>, p: Position, options: SolveOptions): Steps<SolveResult> {
  const s = sideIndex(p.side),
    own = p.men[s],
    opp = p.men[s ^ 1],
    ownKing = p.kings[s],
    oppKing = p.kings[s ^ 1];
  const first = p.ply === 0 ? 1 : 0;
  const solver = new Solver(options, ctl);
  // What is proved so far: the partial of a stopped run, the answer of a finished one.
  let known: Partial<SolveResult> = {};
  const moveValues: Record<string, SolveValue> = {};
  const result = (): SolveResult => ({
    position: formatPosition(p),
    winner: known.value === 'win' ? SIDES[s] : known.value === 'loss' ? SIDES[s ^ 1] : null,
    moves: [],
    proofNodes: null,
    proofDepth: null,
    nodes: solver.nodes,
    ms: Math.round(performance.now() - solver.t0),
    maxPly: solver.dfpn.maxPly,
    tableEntries: solver.tt.size,
    tableUsed: solver.tt.stored,
    ...known,
    ...(options.allMoves && known.moveValues === undefined && Object.keys(moveValues).length > 0
      ? { moveValues: { ...moveValues } }
      : {}),
  });
  ctl.partial = () => (solver.asking === undefined ? result() : { ...result(), question: solver.asking });
  // An answer resting on the ply cap is no answer: the result says so (value unknown).
  const cut = (): SolveResult => {
    known = { beyondPlyCap: true };
    return result();
  };

  const over = winnerOf(p);
  if (over !== null) {
    known = { value: over === p.side ? 'win' : 'loss', proofNodes: 1, proofDepth: 0 };
    return result();
  }
  // Every first move settled last: on a hard position that may take the rest of the budget.
  const settle = function* (): Steps<void> {
    if (!options.allMoves) return;
    const settled = yield* settleMoves(solver, own, opp, ownKing, oppKing, first, moveValues);
    known = { ...known, moveValues: { ...moveValues }, ...(settled ? {} : { beyondPlyCap: true as const }) };
  };
  // The proof's size, the strategy and the quickest win of a proved root (or = 1: the side to move wins).
  const details = function* (or: number, dist: number): Steps<void> {
    if (options.proofSize ?? true)
      known.proofNodes = yield* solver.proofSize(own, opp, ownKing, oppKing, first, or, dist, s);
    if (options.strategy) {
      const strategy = yield* strategyOf(solver, own, opp, ownKing, oppKing, first, or, dist, s);
      if (strategy) known.strategy = strategy;
    }
    if (options.shortest) {
      const n = yield* solver.shortest(own, opp, ownKing, oppKing, first, or === 1, dist);
      if (n !== null) known.shortest = n;
    }
    yield* settle();
  };
  const mine = yield* solver.search(own, opp, ownKing, oppKing, first, 1, 'mover-wins');
  if (mine.answer === 'cut') return cut();
  if (mine.answer === 'proved') {
    const quick = quickMoves(solver, own, opp, ownKing, oppKing, first);
    known = {
      value: 'win',
      proofDepth: mine.dist,
      moves: Object.keys(quick)
        .filter((m) => quick[m])
        .sort(),
    };
    yield* details(1, mine.dist);
    if (Object.keys(moveValues).length > 0)
      known.moves = Object.keys(quick)
        .filter((m) => moveValues[m] === 'win' || quick[m])
        .sort();
    return result();
  }
  const theirs = yield* solver.search(own, opp, ownKing, oppKing, first, 0, 'opponent-wins');
  if (theirs.answer === 'cut') return cut();
  if (theirs.answer === 'proved') {
    known = { value: 'loss', proofDepth: theirs.dist };
    yield* details(0, theirs.dist);
    return result();
  }
  known = { value: 'draw' };
  yield* settle();
  return result();
}

/** The positions after each legal move, as [move, own, opp, ownKing, oppKing] seen from the side then to move. */
function afterEachMove(
  own: number,
  opp: number,
  ownKing: number,
  oppKing: number,
  first: number,
): Array<[Move, number, number, number, number]> {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateInto(own, opp, ownKing, first === 1, buf, 0);
  return Array.from(buf.subarray(0, n), (m) => [
    m as Move,
    opp,
    own ^ ((1 << (m & 63)) | (1 << (m >>> 6))),
    oppKing,
    (m & 63) === ownKing ? m >>> 6 : ownKing,
  ]);
}

/** The first moves the table already shows winning (those the proof went through), without searching: move → proved. */
function quickMoves(
  solver: Solver,
  own: number,
  opp: number,
  ownKing: number,
  oppKing: number,
  first: number,
): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [m, a, b, c, d] of afterEachMove(own, opp, ownKing, oppKing, first))
    out[formatMove(m, BOARD)] = solver.probe(a, b, c, d, 0).pn === 0;
  return out;
}

/**
 * Every first move's value for the side to move, into out as each is settled: does it win; if not, does the
 * other side then win; else a draw. A move whose value rests on the ply cap is left out: false when one was.
 */
function* settleMoves(
  solver: Solver,
  own: number,
  opp: number,
  ownKing: number,
  oppKing: number,
  first: number,
  out: Record<string, SolveValue>,
): Steps<boolean> {
  let all = true;
  for (const [m, a, b, c, d] of afterEachMove(own, opp, ownKing, oppKing, first)) {
    const name = formatMove(m, BOARD);
    if (out[name] !== undefined) continue;
    const mine = yield* solver.search(a, b, c, d, 0, 0, 'first-moves');
    let v: SolveValue | undefined = mine.answer === 'proved' ? 'win' : undefined;
    if (mine.answer === 'disproved') {
      const theirs = yield* solver.search(a, b, c, d, 0, 1, 'first-moves');
      v = theirs.answer === 'proved' ? 'loss' : theirs.answer === 'disproved' ? 'draw' : undefined;
    }
    if (v === undefined) all = false;
    else out[name] = v;
  }
  return all;
}

/** What a solve's options hold, checked before it starts: each field of the right kind, else BAD_ARGUMENT naming it. */
function checkSolveOptions(options: unknown): void {
  checkOptions(options);
  const o = (options ?? {}) as Record<string, unknown>;
  countArg(o.tableMegabytes, 'options.tableMegabytes', 1, 16384);
  for (const f of ['symmetry', 'allMoves', 'strategy', 'shortest', 'proofSize']) flagArg(o[f], `options.${f}`);
  listenerArg(o.onStatus, 'options.onStatus');
  if (o.maxNodes !== undefined && o.maxNodes !== Infinity) countArg(o.maxNodes, 'options.maxNodes', 1);
}

/** Lines longer than this are cut (and an answer resting on the cut is left unknown). */
export const SOLVE_MAX_PLY = DFPN_MAX_PLY;
