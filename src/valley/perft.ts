// perft for every King's Valley variant, as a job: leaf counts by depth and per first move (divide).
import { checkInt } from '../core/check.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import type { Engine } from './engine.js';
import { Engine5 } from './engine5.js';
import { LabyrinthEngine } from './labyrinth.js';
import { perftFrom } from './kernel.js';
import { formatMove, type Move } from './move.js';
import { engineArg } from './variant.js';

/**
 * Deepest perft accepted: counts stay below 2^53 (each ply multiplies by about 15). Measured here: depth 9
 * from the start (1.5e10 leaves) takes about 30 s, depth 10 about 8 minutes; deeper runs answer as a job
 * stopped by its limits, with the leaves counted so far.
 */
export const PERFT_MAX_DEPTH = 12;

/** The most moves any variant's position has (7 pieces × 8 directions), rounded up: a buffer size per ply. */
const ENGINE_MAX_MOVES = 64;

/** perft split by first move: [move in notation, leaves below it], in generation order. */
export type DivideRows = Array<[string, number]>;

/** The engine and the depth of a perft, checked before it starts; a copy of the engine to count on. */
function perftArgs(engine: Engine, depth: number): Engine {
  const e = engineArg(engine).clone();
  checkInt(depth, 'depth', 0, PERFT_MAX_DEPTH);
  return e;
}

// Leaves below the engine's position over its make/unmake (Labyrinth, another Engine), `depth` ≥ 1; the last ply
// is counted without sliding (bulk counting: the side to move's mobility is the number of moves generate would
// write).
function enginePerft(e: Engine, depth: number, buf: Int32Array, at: number): number {
  if (depth === 1) return e instanceof LabyrinthEngine ? e.countMoves(e.turn) : e.mobility(e.side);
  const n = e.generate(buf, at);
  let nodes = 0;
  for (let i = at; i < at + n; i++) {
    const m = buf[i] as Move;
    e.make(m);
    nodes += enginePerft(e, depth - 1, buf, at + ENGINE_MAX_MOVES);
    e.unmake(m);
  }
  return nodes;
}

/**
 * The one perft: leaves `depth` ≥ 0 plies below the engine's position — the 5×5 kernel on 5×5 engines, else
 * the engine's own moves. `buf` holds ENGINE_MAX_MOVES moves per ply below `at`.
 */
function leaves(e: Engine, depth: number, buf: Int32Array, at: number): number {
  if (depth === 0) return 1;
  if (!(e instanceof Engine5)) return enginePerft(e, depth, buf, at);
  const s = e.turn,
    men = e.men,
    k = e.kings;
  return perftFrom(men[s], men[s ^ 1], k[s], k[s ^ 1], e.ply === 0, depth, buf, at);
}

/** How many plies the job's lines are (a pause may come after each line), so a line is a small part of the work. */
const splitPlies = (depth: number): number =>
  depth >= 10 ? Math.min(depth - 6, 5) : depth >= 9 ? 3 : depth >= 6 ? 2 : 1;

/**
 * The plies below which a count runs straight through (no pause inside): perft 5 on 5×5 (318,496 leaves from
 * the start, under a millisecond), perft 4 on Labyrinth's 7×7 (120,870). A line with more plies below it is
 * walked a ply at a time down to these, with a pause possible after each part.
 */
const wholePlies = (e: Engine): number => (e.size === 5 ? 5 : 4);

/**
 * The plies below each line that forecast its leaves: two short of the rest (the forecast costs about 1/200 of
 * the count), at most 3 — so the forecast is at most the perft 6 of the position (4.5 M leaves from the 5×5
 * start, about 10 ms; 55 M from Labyrinth's, under a second, less than one of its lines then takes).
 */
const forecastPlies = (rest: number): number => Math.max(0, Math.min(3, rest - 2));

/**
 * The lines a perft steps over (every sequence of its first `split` plies, in generation order) and what each
 * is forecast to weigh: its perft `k` plies below, times the growth per ply to the power of the plies left —
 * so the weights split the count as the work will, and add up to about the count. Made line by line, with a
 * pause possible after each, before the job's first line is counted.
 */
interface Plan {
  /** The first moves, in generation order (a divide row each). */
  readonly firsts: Move[];
  /** Each line's moves, `split` per line, line after line. */
  readonly moves: Move[];
  /** The first move (index into firsts) each line starts with. */
  readonly row: number[];
  /** Each line's forecast: its perft k plies below until scaled, in whole leaves after. */
  readonly weight: number[];
  /** The line being walked. */
  readonly path: Move[];
  /** For the growth per ply when k ≥ 2: the leaves k - 1 plies below every line, added up. */
  below: number;
}

/** A job's scratch moves, ENGINE_MAX_MOVES per ply (its own: another job's count may run between its pauses). */
const scratchMoves = (): Int32Array => new Int32Array((PERFT_MAX_DEPTH + 2) * ENGINE_MAX_MOVES);

/**
 * Walks the lines below ply `ply` (the moves so far in p.path), recording each with its forecast; the leaves
 * the forecast counts are the job's work.
 */
function* planLines(
  ctl: JobControl<unknown>,
  e: Engine,
  p: Plan,
  split: number,
  k: number,
  grows: boolean,
  ply: number,
  buf: Int32Array,
  at: number,
  first: number,
): Generator<void, void, void> {
  if (ply === split) {
    for (let j = 0; j < split; j++) p.moves.push(p.path[j]);
    p.row.push(first);
    const w = leaves(e, k, buf, at);
    p.weight.push(w);
    let cost = k > 0 ? w : 0;
    if (grows && k >= 2) {
      const below = leaves(e, k - 1, buf, at);
      p.below += below;
      cost += below;
    }
    if (ctl.spend(cost)) yield;
    return;
  }
  const n = e.generate(buf, at);
  for (let i = at; i < at + n; i++) {
    const m = buf[i] as Move;
    p.path[ply] = m;
    e.make(m);
    yield* planLines(ctl, e, p, split, k, grows, ply + 1, buf, at + ENGINE_MAX_MOVES, ply === 0 ? i - at : first);
    e.unmake(m);
  }
}

function* plan(
  ctl: JobControl<unknown>,
  e: Engine,
  depth: number,
  split: number,
  buf: Int32Array,
): Generator<void, Plan, void> {
  const n = e.generate(buf, 0);
  const firsts: Move[] = [];
  for (let i = 0; i < n; i++) firsts.push(buf[i] as Move);
  const p: Plan = { firsts, moves: [], row: [], weight: [], path: [], below: 0 };
  const k = forecastPlies(depth - split),
    left = depth - split - k;
  yield* planLines(ctl, e, p, split, k, left > 0, 0, buf, 0, 0);
  if (left > 0) {
    // The growth per ply: from the forecast's last ply (k ≥ 1), else from the lines' own plies.
    const lines = p.weight.length;
    let forecast = 0;
    for (const w of p.weight) forecast += w;
    const growth =
      k >= 2 ? (p.below === 0 ? 0 : forecast / p.below) : k === 1 ? forecast / lines : lines ** (1 / split);
    const scale = growth ** left;
    for (let i = 0; i < lines; i++) p.weight[i] = Math.round(p.weight[i] * scale);
  }
  return p;
}

/**
 * The leaves `rest` plies below the engine's position, into counted.leaves as they are counted: at once when
 * that is a short count (wholePlies), else move by move; after each part, `report` says how far the job is and
 * a pause may follow.
 */
function* countBelow(
  ctl: JobControl<unknown>,
  e: Engine,
  rest: number,
  buf: Int32Array,
  at: number,
  counted: { leaves: number },
  report: () => void,
): Generator<void, void, void> {
  if (rest <= wholePlies(e)) {
    const n = leaves(e, rest, buf, at);
    counted.leaves += n;
    report();
    if (ctl.spend(n)) yield;
    return;
  }
  const n = e.generate(buf, at);
  for (let i = at; i < at + n; i++) {
    const m = buf[i] as Move;
    e.make(m);
    yield* countBelow(ctl, e, rest - 1, buf, at + ENGINE_MAX_MOVES, counted, report);
    e.unmake(m);
  }
}

/**
 * The steps behind perft and divide: counts below every line of the first `split` plies of e (changed during
 * the run, restored at its end), one line at a time, the leaves below a line counted by the one perft in parts
 * of about a millisecond — so a pause is never far, the plan of the lines included. Progress as for
 * {@link perftJob}; rows, when given, gets each first move's count as it is done, and `counted.leaves` every
 * leaf counted so far.
 */
function* divideSteps(
  ctl: JobControl<unknown>,
  e: Engine,
  depth: number,
  rows: DivideRows | null,
  counted: { leaves: number },
): Generator<void, void, void> {
  const split = Math.min(splitPlies(depth), depth);
  const buf = scratchMoves();
  ctl.report({ share: 0, done: counted.leaves, unit: 'leaves' });
  const p = yield* plan(ctl, e, depth, split, buf);
  let total = 0;
  for (const w of p.weight) total += w;
  const rest = depth - split,
    count = p.row.length;
  let done = 0,
    row = 0,
    rowLeaves = 0;
  for (let i = 0; i < count; i++) {
    for (; row < p.row[i]; row++, rowLeaves = 0) rows?.push([formatMove(p.firsts[row], e.board), rowLeaves]);
    const before = counted.leaves,
      weight = p.weight[i];
    // Within a line, the share follows its leaves counted so far, up to its forecast.
    const report = (): void =>
      ctl.report({ share: (done + Math.min(weight, counted.leaves - before)) / total, done: counted.leaves });
    for (let j = 0; j < split; j++) e.make(p.moves[i * split + j]);
    yield* countBelow(ctl, e, rest, buf, split * ENGINE_MAX_MOVES, counted, report);
    for (let j = split - 1; j >= 0; j--) e.unmake(p.moves[i * split + j]);
    rowLeaves += counted.leaves - before;
    ctl.report({ share: (done += weight) / total, done: counted.leaves });
  }
  for (; row < p.firsts.length; row++, rowLeaves = 0) rows?.push([formatMove(p.firsts[row], e.board), rowLeaves]);
}

/**
 * perft split by first move, as a job: [move, leaves below it] in generation order for every first move of
 * the engine's position (the engine itself is not touched). Unfinished, its partial is the first moves counted
 * so far. Progress as for {@link perftJob}.
 */
export function divideJob(engine: Engine, depth: number): Job<DivideRows, DivideRows> {
  const e = perftArgs(engine, depth);
  const rows: DivideRows = [];
  return new Job<DivideRows, DivideRows>(
    function* (ctl) {
      if (depth > 0) yield* divideSteps(ctl, e, depth, rows, { leaves: 0 });
      return rows;
    },
    { unit: 'leaves', partial: () => rows.map(([m, n]): [string, number] => [m, n]) },
  );
}

/** {@link divideJob} run to its end or its limits, giving the event loop a turn about every 20 ms. */
export function divide(
  engine: Engine,
  depth: number,
  options: RunOptions = {},
): Promise<Outcome<DivideRows, DivideRows>> {
  return divideJob(engine, depth).run(options);
}

/** {@link divideJob} run synchronously. */
export function divideSync(engine: Engine, depth: number, options: RunOptions = {}): Outcome<DivideRows, DivideRows> {
  return divideJob(engine, depth).runSync(options);
}

/**
 * The number of move sequences of exactly `depth` plies from the engine's position (a game that ends early
 * ends its line: no leaf), as a job. Unfinished, its partial is the leaves counted so far (a lower bound).
 *
 * Its nodes are leaves counted (those of the forecast included), and its progress counts them too. Its share
 * done follows a forecast: before counting, each line of the first one to three plies is weighed by the perft
 * a few plies below it, scaled to the full depth, so the share follows the work (the lines differ a lot in
 * size) and ends exactly at 1.
 *
 * @example
 * ```ts
 * import { START, createEngine, parsePosition, perftSync } from 'gridbits/valley';
 * const outcome = perftSync(createEngine(parsePosition(START)), 5);
 * if (outcome.finished) console.log(outcome.value); // 318496
 * ```
 */
export function perftJob(engine: Engine, depth: number): Job<number, number> {
  const e = perftArgs(engine, depth);
  const counted = { leaves: 0 };
  return new Job<number, number>(
    function* (ctl) {
      if (depth === 0) return 1;
      yield* divideSteps(ctl, e, depth, null, counted);
      return counted.leaves;
    },
    { unit: 'leaves', partial: () => counted.leaves },
  );
}

/** {@link perftJob} run to its end or its limits, giving the event loop a turn about every 20 ms. */
export function perft(engine: Engine, depth: number, options: RunOptions = {}): Promise<Outcome<number, number>> {
  return perftJob(engine, depth).run(options);
}

/** {@link perftJob} run synchronously. */
export function perftSync(engine: Engine, depth: number, options: RunOptions = {}): Outcome<number, number> {
  return perftJob(engine, depth).runSync(options);
}
