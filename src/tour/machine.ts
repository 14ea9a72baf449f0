// The backtracking tour search as a resumable state machine (the ITMO paper's automaton form): explicit
// states, one event per step, typed arrays only, with the paper's optimisations each switchable.
import { GridbitsError } from '../core/error.js';
import { createRng } from '../core/prng.js';
import type { JobControl } from '../core/job.js';
import { checkFunction, checkQueryShape, checkSwitches, checkWhole } from './check.js';
import type { Query } from './types.js';

/** The optimisations of the search; every one defaults to on. */
export interface SearchSwitches {
  /** (1) Colour parity: on odd boards only majority-colour squares end an open tour; closed tours need even boards. */
  parity?: boolean;
  /**
   * (2) Dead cells: refuse a move after which an unvisited cell can no longer be both entered and left, unless
   * it can be the last cell (this also catches the paper's cut-off pairs, and an unreachable end or closure).
   */
  deadCells?: boolean;
  /** (3) Warnsdorff: try the candidates with the fewest onward moves first (ties by the move array). */
  warnsdorff?: boolean;
  /** (4) Move-order restarts: several move arrays, each try but the last limited (`goodRet`, `growth`). */
  restarts?: boolean;
  /** (5) Refuse a move that splits the unvisited cells into parts (a flood fill per move; off by default). */
  connectivity?: boolean;
  /**
   * Warnsdorff ties: 'edge' prefers the candidate farthest from the centre (Roth's rule) in the first try on
   * boards with both sides ≥ 5, then the move array; 'order' uses the move array alone (default 'edge').
   */
  tieBreak?: 'edge' | 'order';
  /**
   * Number of move arrays with restarts (default 100: the paper used 5, but on 3×n and 4×n strips many short
   * tries find tours where a few long ones do not; measured in bench/tour-search.bench.ts).
   */
  tries?: number;
  /** Backtracks allowed per try before the next move array (GOOD_RET; default 50). */
  goodRet?: number;
  /**
   * Try t may make GOOD_RET × growth^t backtracks, at most 40 × GOOD_RET (default growth 1.1), so a small proof
   * of none is not cut short a hundred times over, nor a large one delayed much; the last try is unlimited,
   * which keeps the search complete.
   */
  growth?: number;
}

/**
 * What a step of the search did: a move, a backtrack, the tour found, the search exhausted, a restart with the next
 * move array.
 */
export type SearchEventKind = 'move' | 'backtrack' | 'found' | 'exhausted' | 'restart';

/** One step of the search. `depth` is the square's place in the path (0 = the start). */
export interface SearchEvent {
  /** What happened. */
  kind: SearchEventKind;
  /** The square moved to or backed out of (the start for 'restart' and 'exhausted'). */
  square: number;
  /** The square's place in the path (0 = the start). */
  depth: number;
  /** Backtracks made so far in this search, over all tries. */
  backtracks: number;
}

const KINDS: readonly SearchEventKind[] = ['move', 'backtrack', 'found', 'exhausted', 'restart'];
const EV_MOVE = 0,
  EV_BACK = 1,
  EV_FOUND = 2,
  EV_NONE = 3,
  EV_RESTART = 4,
  EV_BUDGET = 5; // BUDGET: steps() only
/** What advanceUntilPause answers when the job's control wants a pause. */
const PAUSE = -1;
// The automaton's states.
const ST_INIT = 0,
  ST_NODE = 1,
  ST_TRY = 2,
  ST_RESTART = 3,
  ST_FOUND = 4,
  ST_NONE = 5;

/**
 * Resumable backtracking search for an open or closed tour of a leaper: one event at a time (`step`) or as job steps
 * (`steps`).
 */
export class SearchMachine {
  /** What is searched. */
  readonly query: Query;
  /** Squares of the board. */
  readonly cells: number;
  /** The optimisations in force, defaults filled in. */
  readonly switches: Required<SearchSwitches>;
  /** True when every leap changes the square colour, so colour parity applies. */
  readonly colourSwitching: boolean;
  /** Backtracks made so far, over all tries. */
  backtracks = 0;
  /** Search nodes (moves) made so far. */
  nodes = 0;

  private readonly k: number;
  private readonly vecs: Int32Array; // leaps as (dx, dy) pairs
  private readonly adj: Int32Array; // neighbours of each cell in the current try's move order
  private readonly adjN: Uint8Array;
  private readonly live: Uint8Array; // 1 = not yet on the path (the closing start stays live)
  private readonly deg: Int32Array; // live neighbours of each cell
  private readonly thr: Uint8Array; // a live cell is short of exits when deg ≤ thr (0 for the fixed end, else 1)
  private readonly path: Int32Array;
  private readonly cand: Int32Array; // ordered candidates per depth
  private readonly candN: Uint8Array;
  private readonly candI: Uint8Array;
  private readonly keys: Float64Array;
  private readonly order: Int32Array; // the current move array (indices into vecs)
  private readonly stamp: Int32Array;
  private readonly queue: Int32Array;
  private stampNo = 0;
  private f0 = 0; // live cells with no live neighbour
  private f1 = 0; // live cells short of exits
  private rem = 0; // cells still to enter (with the closing start)
  private d = 0;
  private state = ST_INIT;
  private start = 0;
  private end = -1; // the fixed end cell (`to`, or the start of a closed tour), or -1
  private tryNo = 0;
  private tryBacks = 0;
  private nextStart = 0; // when no start is given, every square is tried in turn
  private readonly rng;
  private readonly event: SearchEvent = { kind: 'move', square: 0, depth: 0, backtracks: 0 };
  private evSquare = 0;
  private evDepth = 0;
  private found: Int32Array | null = null;
  private nodeLimit = Infinity;

  constructor(query: Query, switches: SearchSwitches = {}) {
    checkQueryShape(query, 'query');
    checkSwitches(switches, 'switches');
    const { board, piece, closed, from, to } = query;
    if (piece.rides.length > 0 || piece.slides.length > 0 || piece.leaps.length === 0) {
      throw new GridbitsError('BAD_PIECE', `tours are searched for leapers only; '${piece.name}' is not one`);
    }
    const n = board.cells;
    for (const [name, sq] of [
      ['from', from],
      ['to', to],
    ] as const)
      if (sq !== undefined) board.checkIndex(sq, `${name} square`);
    if (to !== undefined && closed)
      throw new GridbitsError(
        'BAD_ARGUMENT',
        'a closed tour has no separate end square: give `to` or `closed`, not both',
      );
    if (to !== undefined && to === from)
      throw new GridbitsError('BAD_ARGUMENT', 'the end square must differ from the start square');
    this.query = query;
    this.cells = n;
    this.switches = {
      parity: switches.parity ?? true,
      deadCells: switches.deadCells ?? true,
      warnsdorff: switches.warnsdorff ?? true,
      restarts: switches.restarts ?? true,
      connectivity: switches.connectivity ?? false,
      tieBreak: switches.tieBreak ?? 'edge',
      tries: Math.max(1, switches.tries ?? 100),
      goodRet: Math.max(1, switches.goodRet ?? 50),
      growth: Math.max(1, switches.growth ?? 1.1),
    };
    const fits = piece.leaps.filter(([dx, dy]) => Math.abs(dx) < board.width && Math.abs(dy) < board.height);
    const k = Math.max(1, fits.length);
    this.k = k;
    this.vecs = new Int32Array(2 * fits.length);
    fits.forEach(([dx, dy], i) => {
      this.vecs[2 * i] = dx;
      this.vecs[2 * i + 1] = dy;
    });
    this.colourSwitching = piece.leaps.every(([dx, dy]) => ((dx + dy) & 1) === 1);
    this.adj = new Int32Array(n * k);
    this.adjN = new Uint8Array(n);
    this.live = new Uint8Array(n);
    this.deg = new Int32Array(n);
    this.thr = new Uint8Array(n);
    this.path = new Int32Array(n);
    this.cand = new Int32Array(n * k);
    this.candN = new Uint8Array(n);
    this.candI = new Uint8Array(n);
    this.keys = new Float64Array(k);
    this.order = new Int32Array(fits.length);
    this.stamp = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.rng = createRng(query.seed ?? 0);
    if (from === undefined && to === 0) this.nextStart = 1;
  }

  /** The number of the current try (move array), from 0. */
  get tryIndex(): number {
    return this.tryNo;
  }

  /** True once the machine has answered (found or exhausted). */
  get done(): boolean {
    return this.state === ST_FOUND || this.state === ST_NONE;
  }

  /** The tour once found, else null. */
  get tour(): Int32Array | null {
    return this.found;
  }

  /** The current partial path (a view, valid until the next step). */
  currentPath(): Int32Array {
    return this.path.subarray(0, this.state === ST_INIT || this.state === ST_RESTART ? 0 : this.d + 1);
  }

  /**
   * Advances by one event and returns it. The returned object is reused by the next call (no allocation per
   * step): copy it to keep it.
   */
  step(): SearchEvent {
    const code = this.advance();
    const ev = this.event;
    ev.kind = KINDS[code];
    ev.square = this.evSquare;
    ev.depth = this.evDepth;
    ev.backtracks = this.backtracks;
    return ev;
  }

  /**
   * The search as steps of a job: runs under `control` (spending one work unit per move, yielding when the
   * driver asks) until it answers 'found' (see `tour`) or 'none' (proved: no tour from this start with this end
   * or closure), or has made `maxNodes` nodes in all when it must backtrack ('limit'; running the steps again
   * goes on). `onPause` is called before each yield, to report progress. Compose it into a job body with `yield*`.
   */
  steps(
    control: JobControl<unknown>,
    maxNodes = Infinity,
    onPause?: () => void,
  ): Generator<void, 'found' | 'none' | 'limit', void> {
    const c = control as Partial<JobControl<unknown>> | null;
    if (c === null || typeof c !== 'object' || typeof c.spend !== 'function' || typeof c.nodes !== 'number')
      throw new GridbitsError('BAD_ARGUMENT', `control must be a job's control (a job body's argument)`);
    checkWhole(maxNodes, 'maxNodes', 0, true);
    checkFunction(onPause, 'onPause', true);
    return this.run(control, maxNodes, onPause);
  }

  private *run(
    control: JobControl<unknown>,
    maxNodes: number,
    onPause: (() => void) | undefined,
  ): Generator<void, 'found' | 'none' | 'limit', void> {
    // The limit is checked before a backtrack is made, so a tour needing none is found whatever the limit.
    this.nodeLimit = maxNodes;
    try {
      for (;;) {
        const code = this.advanceUntilPause(control);
        if (code === EV_FOUND) return 'found';
        if (code === EV_NONE) return 'none';
        if (code === EV_BUDGET) return 'limit';
        onPause?.();
        yield;
      }
    } finally {
      this.nodeLimit = Infinity;
    }
  }

  /**
   * Advances until an answer (found, none, the backtrack limit) or until the control wants a pause (PAUSE). A
   * plain loop outside the generator: V8 optimises a hot loop in a plain method, not in a generator's body.
   */
  private advanceUntilPause(control: JobControl<unknown>): number {
    let seen = this.nodes;
    for (;;) {
      const code = this.advance();
      if (code === EV_FOUND || code === EV_NONE || code === EV_BUDGET) return code;
      const spent = this.nodes - seen;
      seen = this.nodes;
      if (control.spend(spent)) return PAUSE;
    }
  }

  private advance(): number {
    for (;;) {
      switch (this.state) {
        case ST_INIT:
          return this.begin();
        case ST_RESTART:
          this.tryNo++;
          this.tryBacks = 0;
          this.state = ST_INIT;
          this.evSquare = this.start;
          this.evDepth = 0;
          return EV_RESTART;
        case ST_NODE:
          if (this.atGoal()) {
            this.state = ST_FOUND;
            this.found = this.path.slice();
            break;
          }
          this.expand();
          this.state = ST_TRY;
          break;
        case ST_TRY:
          return this.tryNext();
        case ST_FOUND:
          this.evSquare = this.path[this.cells - 1];
          this.evDepth = this.cells - 1;
          return EV_FOUND;
        default:
          this.evSquare = this.start;
          this.evDepth = 0;
          return EV_NONE;
      }
    }
  }

  /** Sets up a try from the start square: the move array, the degrees, the start on the path. */
  private begin(): number {
    const { closed, from, to } = this.query;
    const n = this.cells;
    if (this.tryNo === 0) this.start = from ?? this.nextStart;
    const s = this.start;
    if (s >= n) {
      // No start left (a 1×1 board whose only square is the end).
      this.start = 0;
      this.state = ST_NONE;
      return EV_NONE;
    }
    this.evSquare = s;
    this.evDepth = 0;
    this.d = 0;
    this.path[0] = s;
    if (!this.startAllowed(s)) return this.startExhausted();
    this.chooseOrder();
    this.buildAdjacency();
    this.end = closed ? s : (to ?? -1);
    this.live.fill(1);
    this.thr.fill(1);
    if (this.end >= 0) this.thr[this.end] = 0;
    const deg = this.deg;
    for (let c = 0; c < n; c++) deg[c] = this.adjN[c];
    this.f0 = 0;
    this.f1 = 0;
    for (let c = 0; c < n; c++) {
      if (deg[c] === 0) this.f0++;
      if (deg[c] <= this.thr[c]) this.f1++;
    }
    this.rem = n;
    if (closed) {
      // The start stays live as the end the tour returns to; one cell less to enter besides it.
      if (n === 1) return this.startExhausted();
    } else {
      this.enter(s);
    }
    this.nodes++;
    // begin() rebuilds every array, so a refused start needs no undo.
    if (!this.acceptable(s)) return this.startExhausted();
    this.state = ST_NODE;
    return EV_MOVE;
  }

  /** The parity rule: may an open/closed tour start (and end) here at all? */
  private startAllowed(s: number): boolean {
    const { board, closed, to } = this.query;
    if (!this.switches.parity || !this.colourSwitching) return true;
    const n = this.cells;
    const colour = (c: number): number => (board.file(c) + board.rank(c)) & 1;
    if (closed) return (n & 1) === 0 || n === 1;
    if ((n & 1) === 1) {
      // Odd board: a1's colour (colour 0) has the extra cell; both ends must be on it.
      if (colour(s) !== 0) return false;
      if (to !== undefined && colour(to) !== 0) return false;
    } else if (to !== undefined && colour(to) === colour(s)) {
      return false;
    }
    return true;
  }

  /** This start is done without a tour: try the next start when none was given, else answer 'none'. */
  private startExhausted(): number {
    const { from, closed } = this.query;
    this.evSquare = this.start;
    this.evDepth = 0;
    if (from === undefined && !closed && this.nextStart + 1 < this.cells) {
      this.nextStart++;
      if (this.nextStart === this.query.to) this.nextStart++;
      if (this.nextStart < this.cells) {
        this.tryNo = -1; // RESTART increments to 0
        this.start = this.nextStart;
        this.state = ST_RESTART;
        return this.advance();
      }
    }
    this.state = ST_NONE;
    return EV_NONE;
  }

  private chooseOrder(): void {
    const order = this.order;
    const m = order.length;
    for (let i = 0; i < m; i++) order[i] = i;
    if (this.tryNo > 0 || this.query.seed !== undefined) {
      for (let i = m - 1; i > 0; i--) {
        const j = this.rng.below(i + 1);
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
  }

  private buildAdjacency(): void {
    const { board } = this.query;
    const w = board.width,
      h = board.height,
      k = this.k;
    const { adj, adjN, order, vecs } = this;
    for (let c = 0; c < this.cells; c++) {
      const x = c % w,
        y = (c - x) / w;
      let m = 0;
      for (let i = 0; i < order.length; i++) {
        const o = order[i];
        const nx = x + vecs[2 * o],
          ny = y + vecs[2 * o + 1];
        if (nx >= 0 && ny >= 0 && nx < w && ny < h) adj[c * k + m++] = ny * w + nx;
      }
      adjN[c] = m;
    }
  }

  /** Takes cell c off the live set, updating its neighbours' degrees and the short-of-exits counts. */
  private enter(c: number): void {
    const { adj, deg, live, thr } = this;
    if (deg[c] === 0) this.f0--;
    if (deg[c] <= thr[c]) this.f1--;
    live[c] = 0;
    this.rem--;
    for (let i = c * this.k, e = i + this.adjN[c]; i < e; i++) {
      const v = adj[i];
      const nd = --deg[v];
      if (live[v] === 1) {
        if (nd === thr[v]) this.f1++;
        if (nd === 0) this.f0++;
      }
    }
  }

  private leave(c: number): void {
    const { adj, deg, live, thr } = this;
    for (let i = c * this.k, e = i + this.adjN[c]; i < e; i++) {
      const v = adj[i];
      const od = deg[v]++;
      if (live[v] === 1) {
        if (od === thr[v]) this.f1--;
        if (od === 0) this.f0--;
      }
    }
    live[c] = 1;
    this.rem++;
    if (deg[c] === 0) this.f0++;
    if (deg[c] <= thr[c]) this.f1++;
  }

  /**
   * With the knight standing on p (already entered): can the live cells still be covered by a path from p?
   * A live cell short of exits must be entered next (from p) or be the end; there is one of each.
   */
  private acceptable(p: number): boolean {
    const rem = this.rem;
    if (rem === 0) return true;
    if (this.switches.deadCells) {
      const { adj, deg, live, thr } = this;
      let a0 = 0,
        a1 = 0;
      for (let i = p * this.k, e = i + this.adjN[p]; i < e; i++) {
        const v = adj[i];
        if (live[v] === 1) {
          const dv = deg[v];
          if (dv === 0) a0++;
          if (dv <= thr[v]) a1++;
        }
      }
      if (this.f0 !== a0) return false; // a live cell nobody can reach
      if (a0 > 0 && rem > 1) return false; // a neighbour that would have to be next and last
      const far = this.f1 - a1;
      if (this.end >= 0 ? far !== 0 || a1 > 1 : far > 1 || far + a1 > 2) return false;
    }
    return !this.switches.connectivity || this.connected(p);
  }

  /** Do the live cells form one piece reachable from p? */
  private connected(p: number): boolean {
    const { adj, adjN, live, stamp, queue, k } = this;
    const mark = ++this.stampNo;
    let head = 0,
      tail = 0;
    for (let i = p * k, e = i + adjN[p]; i < e; i++) {
      const v = adj[i];
      if (live[v] === 1 && stamp[v] !== mark) {
        stamp[v] = mark;
        queue[tail++] = v;
      }
    }
    while (head < tail) {
      const c = queue[head++];
      for (let i = c * k, e = i + adjN[c]; i < e; i++) {
        const v = adj[i];
        if (live[v] === 1 && stamp[v] !== mark) {
          stamp[v] = mark;
          queue[tail++] = v;
        }
      }
    }
    return tail === this.rem;
  }

  private atGoal(): boolean {
    if (this.rem === 0) return true;
    if (!this.query.closed || this.rem !== 1) return false;
    const p = this.path[this.d],
      s = this.start;
    for (let i = p * this.k, e = i + this.adjN[p]; i < e; i++) if (this.adj[i] === s) return true;
    return false;
  }

  /** Orders the candidate moves of the current node once: Warnsdorff's degree first, then the move array. */
  private expand(): void {
    const { adj, deg, live, cand, keys, k } = this;
    const p = this.path[this.d];
    const base = this.d * k;
    const end = this.end;
    const endOk = this.rem === 1 && !this.query.closed; // the closing start is never entered
    const wd = this.switches.warnsdorff;
    // Roth's rule leaves few ties, so later move arrays would change little: it guides the first try only, and
    // only where both sides are 5 or more (on 3×n and 4×n strips it leads Warnsdorff astray; measured).
    const w = this.query.board.width,
      h = this.query.board.height;
    const edge = this.switches.tieBreak === 'edge' && this.tryNo === 0 && w >= 5 && h >= 5;
    const far = (w - 1) * (w - 1) + (h - 1) * (h - 1);
    let m = 0;
    for (let i = p * k, e = i + this.adjN[p], r = 0; i < e; i++, r++) {
      const v = adj[i];
      if (live[v] === 0 || (v === end && !endOk)) continue;
      let key = r;
      if (wd) {
        key += deg[v] * 2 ** 40;
        if (edge) {
          // Doubled coordinates about the centre: integers, and the key stays exact below 2^53.
          const x = 2 * (v % w) - (w - 1),
            y = 2 * ((v / w) | 0) - (h - 1);
          key += (far - x * x - y * y) * 16;
        }
      }
      let j = m++;
      while (j > 0 && keys[j - 1] > key) {
        keys[j] = keys[j - 1];
        cand[base + j] = cand[base + j - 1];
        j--;
      }
      keys[j] = key;
      cand[base + j] = v;
    }
    this.candN[this.d] = m;
    this.candI[this.d] = 0;
  }

  /** The next acceptable candidate of the current node becomes a move; none left means a backtrack. */
  private tryNext(): number {
    const d = this.d;
    const base = d * this.k;
    const cnt = this.candN[d];
    while (this.candI[d] < cnt) {
      const v = this.cand[base + this.candI[d]++];
      this.enter(v);
      if (this.acceptable(v)) {
        this.d = d + 1;
        this.path[d + 1] = v;
        this.nodes++;
        this.state = ST_NODE;
        this.evSquare = v;
        this.evDepth = d + 1;
        return EV_MOVE;
      }
      this.leave(v);
    }
    if (d === 0) {
      // Every move from the start has been tried: this try (any try — the order never cuts the search) proves none.
      return this.startExhausted();
    }
    if (this.nodes >= this.nodeLimit) return EV_BUDGET; // the state stays: resuming makes this backtrack
    const c = this.path[d];
    this.leave(c);
    this.d = d - 1;
    this.backtracks++;
    this.tryBacks++;
    this.evSquare = c;
    this.evDepth = d;
    const limited = this.switches.restarts && this.tryNo < this.switches.tries - 1;
    // The next try starts afresh: begin() rebuilds the arrays, so the path needs no unwinding.
    // The first try (Roth's tie-break) gets more room on large boards, where a few thousand backtracks near the
    // end usually close a tour that restarting from scratch would not.
    const { goodRet, growth } = this.switches;
    const limit =
      this.tryNo === 0 ? Math.max(goodRet, this.cells >> 3) : Math.min(goodRet * growth ** this.tryNo, 40 * goodRet);
    if (limited && this.tryBacks >= limit) this.state = ST_RESTART;
    return EV_BACK;
  }
}
