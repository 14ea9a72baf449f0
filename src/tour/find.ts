// findTour: one verified tour (or the proof there is none) for any query, by the fastest method that fits: a block
// construction rotated to the start (Euler), a construction round a hole for odd boards, strip ladders, Warnsdorff,
// and the backtracking search (with its budget) for small boards, fixed ends and other leapers.
import { GridbitsError } from '../core/error.js';
import { createRng, type Rng } from '../core/prng.js';
import { job, type Job, type JobControl, type Outcome } from '../core/job.js';
import { asideSteps } from '../core/pace.js';
import type { RunOptions } from '../core/run.js';
import { buildCycleSteps, walkCycleSteps, KDX, KDY } from './construct.js';
import { buildEndsSteps } from './construct-ends.js';
import { stripTour } from './construct-strip.js';
import { checkTourSquares, closedExists, decide, isKnight } from './existence.js';
import { checkOptions, checkQueryShape } from './check.js';
import { SearchMachine } from './machine.js';
import { SEARCH_BUDGET } from './search.js';
import type { Answer, Query } from './types.js';
import { pathFaultSteps } from './verify.js';
import { eulerReversalAt } from './euler.js';
import { warnsdorffPathSteps } from './warnsdorff.js';

/** Boards up to this many squares are searched by backtracking when no construction answers. */
const SEARCH_CELLS = 400;
/** Warnsdorff is tried up to this many squares (it fails more often on larger boards). */
const WARNSDORFF_CELLS = 4_000_000;

/** What a stopped `findTour` has: the backtracks of its search, and the theorem's words when one says a tour exists. */
export interface FindPartial {
  /** Backtracks the search made before the stop. */
  backtracks: number;
  /** When a theorem says a tour exists (the search had not found one yet): its words. */
  theorem?: string;
}

/** Options of `findTour` and `findTourSync`: the run options; `maxNodes` has a default there. */
export interface FindOptions extends RunOptions {
  /**
   * Largest number of search nodes (moves of the backtracking search; constructions spend none). Default
   * {@link SEARCH_BUDGET}, 10,000,000 (enough to prove that the zebra has no open tour of 8×8 from any square,
   * about 5,000,000); `Infinity` for none.
   */
  maxNodes?: number;
}

/**
 * Finding a tour for the query as a job: a theorem when it says none exists, else a construction or
 * Warnsdorff's rule where they apply, else the backtracking search (the only step that spends work units and
 * can be stopped: its partial result says how far it got). Every tour is verified before it is returned.
 */
export function findTourJob(query: Query): Job<Answer, FindPartial> {
  const q = checkQuery(query);
  return job((ctl) => findSteps(q, ctl));
}

/**
 * Finds a tour for the query, or proves none exists (see `findTourJob`), giving the event loop a turn about
 * every 20 ms.
 *
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT } from 'gridbits/pieces';
 * import { findTour } from 'gridbits/tour';
 * const out = await findTour({ board: Board.of(8, 8), piece: KNIGHT, closed: true });
 * if (out.finished && out.value.exists) console.log(out.value.method, out.value.path);
 * ```
 */
export function findTour(query: Query, options: FindOptions = {}): Promise<Outcome<Answer, FindPartial>> {
  return findTourJob(query).run(withBudget(options));
}

/** As `findTour`, run to its end or a limit without giving the event loop a turn. */
export function findTourSync(query: Query, options: FindOptions = {}): Outcome<Answer, FindPartial> {
  return findTourJob(query).runSync(withBudget(options));
}

function withBudget(options: FindOptions): RunOptions {
  checkOptions(options, 'options');
  return { ...options, maxNodes: options.maxNodes ?? SEARCH_BUDGET };
}

function* findSteps(q: Query, ctl: JobControl<FindPartial>): Generator<void, Answer, void> {
  // Only the end fixed: a tour from that square, read backwards (the theorems speak of the end).
  const backwards = q.from === undefined && q.to !== undefined;
  const fq = backwards ? { ...q, from: q.to, to: undefined } : q;
  // Everything but the search: constructions, Warnsdorff and the checks of what they built, which take seconds on a
  // huge board, in parts of about a millisecond between pauses (their hot loops are plain functions: V8 optimises
  // a generator's body poorly), so the job still hears its signal and its time limit.
  const quick = yield* asideSteps(ctl, quickAnswer(q, fq, ctl));
  const a = quick.answer ?? (yield* searchSteps(fq, quick.theorem, ctl));
  if (backwards && a.path !== undefined) a.path.reverse();
  return a;
}

interface Quick {
  /** The answer, when a theorem, construction or Warnsdorff gave one; else the search must. */
  answer: Answer | null;
  /** The theorem's words when one says a tour exists. */
  theorem: string | null;
}

/** The theorem, the constructions and Warnsdorff for `fq` (`q` itself, or `q` from its end when only that is fixed). */
function* quickAnswer(q: Query, fq: Query, ctl: JobControl<FindPartial>): Generator<void, Quick, void> {
  if (fq !== q) {
    const e = decide(q);
    if (e.exists === false)
      return { answer: { exists: false, reason: e.reason, closed: false, method: 'theorem' }, theorem: null };
  }
  const ex = decide(fq);
  if (ex.exists === false)
    return { answer: { exists: false, reason: ex.reason, closed: fq.closed, method: 'theorem' }, theorem: null };
  const theorem = ex.exists === true ? ex.reason : null;
  const rng = fq.seed === undefined ? null : createRng(fq.seed);
  // The theorem's words when it decided the question; otherwise the method that found the tour says it all.
  const why = (how: string): string => (theorem !== null ? `${theorem}; ${how}` : how);
  const knight = isKnight(fq.piece);
  const big = fq.board.cells > SEARCH_CELLS;
  if (knight && fq.to === undefined) {
    const built = yield* construct(fq, rng, ctl);
    if (built !== null) return { answer: yield* accept(fq, built.path, why(built.how), built.method), theorem };
  }
  if (fq.to !== undefined && knight && big) {
    const path = yield* fixedEnds(fq, rng);
    if (path !== null) {
      const how = why('built from blocks: paths along the way from start to end, cycles merged into it');
      return { answer: yield* accept(fq, path, how, 'construction'), theorem };
    }
  }
  if (fq.to !== undefined && knight && big && fq.board.cells <= WARNSDORFF_CELLS) {
    const w = yield* warnsdorffTo(fq, rng ?? createRng(0));
    if (w !== null) {
      const how = why(`found by Warnsdorff's rule keeping ${fq.board.name(fq.to)} for last`);
      return { answer: yield* accept(fq, w, how, 'warnsdorff'), theorem };
    }
  }
  if (fq.board.cells <= WARNSDORFF_CELLS && fq.to === undefined) {
    const w = yield* warnsdorffRestarts(fq, rng ?? createRng(0), 40);
    if (w !== null) return { answer: yield* accept(fq, w, why("found by Warnsdorff's rule"), 'warnsdorff'), theorem };
  }
  return { answer: null, theorem };
}

/** The backtracking search, the one step that spends work units and can be stopped (and resumed). */
function* searchSteps(q: Query, theorem: string | null, ctl: JobControl<FindPartial>): Generator<void, Answer, void> {
  const m = new SearchMachine(q);
  ctl.partial = () => ({ backtracks: m.backtracks, ...(theorem !== null ? { theorem } : {}) });
  const status = yield* m.steps(ctl, Infinity, () => ctl.report({ done: m.backtracks, unit: 'backtracks' }));
  const why = (how: string): string => (theorem !== null ? `${theorem}; ${how}` : how);
  if (status === 'found') {
    const found = yield* accept(q, m.tour!, why('found by backtracking search'), 'backtracking');
    return { ...found, backtracks: m.backtracks };
  }
  return {
    exists: false,
    closed: q.closed,
    method: 'backtracking',
    backtracks: m.backtracks,
    reason: `proved by exhaustive search (${m.backtracks} backtracks)`,
  };
}

function checkQuery(q: Query): Query {
  checkQueryShape(q, 'query');
  checkTourSquares(q);
  if (q.to !== undefined && q.closed)
    throw new GridbitsError('BAD_ARGUMENT', 'a closed tour has no end square: give `to` or `closed`, not both');
  if (q.to !== undefined && q.to === q.from)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      'the end square `to` equals the start square `from`: an open tour ends elsewhere',
    );
  return q;
}

/** Returns the answer after the in-engine check; a failed check is a bug, never a wrong answer. */
function* accept(q: Query, path: Int32Array, reason: string, method: string): Generator<void, Answer, void> {
  const wrong = yield* pathFaultSteps(q.board, q.piece.leaps, path, q.closed);
  const ends = (q.from === undefined || path[0] === q.from) && (q.to === undefined || path[path.length - 1] === q.to);
  if (wrong !== null || !ends)
    throw new Error(`internal: ${method} produced a wrong tour on ${q.board}: ${wrong ?? 'wrong end squares'}`);
  return { exists: true, reason, closed: q.closed, path, method };
}

interface Built {
  path: Int32Array;
  how: string;
  method: string;
}

/** The constructions for the knight: null when none applies to this board and start. */
function* construct(q: Query, rng: Rng | null, ctl: JobControl<FindPartial>): Generator<void, Built | null, void> {
  const { width: W, height: H, cells } = q.board;
  if (cells === 1) return { path: new Int32Array(1), how: 'a single square', method: 'construction' };
  const variant = q.seed === undefined ? 0 : (q.seed >>> 0) % 4;
  const start = q.from ?? 0;
  const reverse = rng !== null && rng.below(2) === 1;
  if (Math.min(W, H) >= 5 && closedExists(W, H)) {
    let path: Int32Array;
    if (cells > KEEP_CELLS) {
      // Huge boards: one pass from the start, no copy kept (memory is the limit there).
      const map = yield* buildCycleSteps(W, H, -1, q.seed === undefined ? null : createRng(q.seed), variant);
      ctl.report({ share: 1 / 3 });
      if (map === null) return null;
      path = yield* walkCycleSteps(map, start, reverse);
    } else {
      const order = yield* closedOrder(W, H, q.seed, variant);
      ctl.report({ share: 1 / 3 });
      if (order === null) return null;
      path = rotateTo(order.cycle, order.pos[start], reverse);
    }
    ctl.report({ share: 2 / 3 });
    return {
      path,
      how: `a closed tour built from blocks joined at their corners${q.closed ? '' : ', opened at the start square'}`,
      method: 'construction',
    };
  }
  if (Math.min(W, H) >= 5 && !q.closed && cells % 2 === 1) {
    const path = yield* aroundHole(W, H, start, rng, variant);
    ctl.report({ share: 2 / 3 });
    if (path !== null)
      return {
        path,
        how: 'the start square, then a closed tour of the rest of the board built from blocks',
        method: 'construction',
      };
    return null;
  }
  if (Math.min(W, H) <= 4) {
    const path = stripTour(W, H, q.closed, q.from, rng);
    if (path !== null) return { path, how: 'a strip built from blocks', method: 'construction' };
  }
  return null;
}

interface CycleOrder {
  width: number;
  height: number;
  seed: number | undefined;
  cycle: Int32Array;
  pos: Int32Array;
}
let lastOrder: CycleOrder | null = null;
/** Boards up to this many squares keep their last closed tour, so tours from every square are rotations. */
const KEEP_CELLS = 4_000_000;

/**
 * The closed tour of W×H for a seed (built once and kept for boards that are not huge) and each square's place on it.
 */
function* closedOrder(
  W: number,
  H: number,
  seed: number | undefined,
  variant: number,
): Generator<void, CycleOrder | null, void> {
  const last = lastOrder;
  if (last !== null && last.width === W && last.height === H && last.seed === seed) return last;
  const map = yield* buildCycleSteps(W, H, -1, seed === undefined ? null : createRng(seed), variant);
  if (map === null) return null;
  const cycle = yield* walkCycleSteps(map, 0, false);
  lastOrder = { width: W, height: H, seed, cycle, pos: placesOn(cycle) };
  return lastOrder;
}

/** Each square's place on the cycle (a plain function: V8 optimises a generator's loops poorly). */
function placesOn(cycle: Int32Array): Int32Array {
  const pos = new Int32Array(cycle.length);
  for (let i = 0; i < cycle.length; i++) pos[cycle[i]] = i;
  return pos;
}

/** Below this many squares a rotation copies in a loop (the views `set` needs cost more than the copy). */
const LOOP_COPY = 1024;

/** Euler's rotation: the closed tour read from place `at`, forwards or backwards. */
function rotateTo(cycle: Int32Array, at: number, reverse: boolean): Int32Array {
  const n = cycle.length;
  const out = new Int32Array(n);
  if (reverse) {
    // out[i] = cycle[at - i], wrapping once past place 0.
    let j = 0;
    for (let i = at; i >= 0; i--) out[j++] = cycle[i];
    for (let i = n - 1; i > at; i--) out[j++] = cycle[i];
  } else if (n < LOOP_COPY) {
    let j = 0;
    for (let i = at; i < n; i++) out[j++] = cycle[i];
    for (let i = 0; i < at; i++) out[j++] = cycle[i];
  } else {
    out.set(cycle.subarray(at));
    out.set(cycle.subarray(0, at), n - at);
  }
  return out;
}

/** An open tour from `from` (a1 when absent) to `to` on an even board: four mirror images tried. */
function* fixedEnds(q: Query, rng: Rng | null): Generator<void, Int32Array | null, void> {
  const { width: W, height: H } = q.board;
  const variant = q.seed === undefined ? 0 : (q.seed >>> 0) % 4;
  const flip = (c: number, fx: number, fy: number): number => {
    const x = c % W,
      y = (c - x) / W;
    return (fy ? H - 1 - y : y) * W + (fx ? W - 1 - x : x);
  };
  const t = q.to!;
  const odd = q.board.cells % 2 === 1;
  // No start given: a1 if it fits the end's colour, else b1 (or c1 when the end is a1 on an odd board).
  const colourOf = (c: number): number => ((c % W) + Math.floor(c / W)) & 1;
  const s = q.from ?? (odd ? (t === 0 ? 2 : 0) : colourOf(t) === 0 ? 1 : 0);
  for (const [fx, fy] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ]) {
    const fs = flip(s, fx, fy),
      ft = flip(t, fx, fy);
    // On an odd board: the start, then a path from one of its neighbours over the board without it.
    const firsts = odd ? neighbours(W, H, fs).filter((u) => u !== ft) : [fs];
    for (const u of firsts) {
      const map = yield* buildEndsSteps(W, H, u, ft, rng, variant, odd ? fs : -1);
      if (map === null) continue;
      const path = yield* walkCycleSteps(map, u, false, odd ? fs : -1);
      if (fx || fy) yield* mirrorPath(path, W, H, fx, fy);
      return path;
    }
  }
  return null;
}

/** Squares mirrored between two pauses of `mirrorPath`. */
const MIRROR_PART = 1 << 16;

/** Mirrors every square of the path across the board's middle file (fx) and middle rank (fy), in parts. */
function* mirrorPath(path: Int32Array, W: number, H: number, fx: number, fy: number): Generator<void, void, void> {
  for (let from = 0; from < path.length; from += MIRROR_PART) {
    mirrorPart(path, from, Math.min(path.length, from + MIRROR_PART), W, H, fx, fy);
    yield;
  }
}

function mirrorPart(path: Int32Array, from: number, to: number, W: number, H: number, fx: number, fy: number): void {
  for (let i = from; i < to; i++) {
    const c = path[i],
      cx = c % W,
      cy = (c - cx) / W;
    path[i] = (fy ? H - 1 - cy : cy) * W + (fx ? W - 1 - cx : cx);
  }
}

function neighbours(W: number, H: number, s: number): number[] {
  const x = s % W,
    y = (s - x) / W;
  const out: number[] = [];
  for (let d = 0; d < 8; d++) {
    const nx = x + KDX[d],
      ny = y + KDY[d];
    if (nx >= 0 && ny >= 0 && nx < W && ny < H) out.push(ny * W + nx);
  }
  return out;
}

/**
 * An open tour of an odd×odd board from `s`: s, then a closed tour of the board without s (four mirror images tried).
 */
function* aroundHole(
  W: number,
  H: number,
  s: number,
  rng: Rng | null,
  variant: number,
): Generator<void, Int32Array | null, void> {
  const sx = s % W,
    sy = (s - sx) / W;
  for (const [fx, fy] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ]) {
    const x = fx ? W - 1 - sx : sx,
      y = fy ? H - 1 - sy : sy;
    const map = yield* buildCycleSteps(W, H, y * W + x, rng, variant);
    if (map === null) continue;
    const entries = neighbours(W, H, y * W + x);
    const entry = rng === null ? entries[0] : entries[rng.below(entries.length)];
    const path = yield* walkCycleSteps(map, entry, rng !== null && rng.below(2) === 1, y * W + x);
    if (fx || fy) yield* mirrorPath(path, W, H, fx, fy);
    return path;
  }
  return null;
}

/** Warnsdorff from the start (Roth's tie-break first, then seeded ties); closed tours closed by Euler's reversal. */
function* warnsdorffRestarts(q: Query, rng: Rng, tries: number): Generator<void, Int32Array | null, void> {
  const start = q.from ?? 0;
  for (let t = 0; t < tries; t++) {
    const p = yield* warnsdorffPathSteps(q.board, q.piece.leaps, start, t === 0 ? 'roth' : 'random', rng);
    if (p === null) continue;
    if (!q.closed) return p;
    const at = eulerReversalAt(q.board, q.piece.leaps, p);
    if (at >= 0) {
      const c = p.slice();
      c.subarray(at + 1).reverse();
      return c;
    }
  }
  return null;
}

function* warnsdorffTo(q: Query, rng: Rng): Generator<void, Int32Array | null, void> {
  const start = q.from ?? 0;
  for (let t = 0; t < 40; t++) {
    const p = yield* warnsdorffPathSteps(q.board, q.piece.leaps, start, t === 0 ? 'roth' : 'random', rng, q.to);
    if (p !== null && p[p.length - 1] === q.to) return p;
  }
  return null;
}
