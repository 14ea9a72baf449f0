// perft for every King's Valley variant, as a job: leaf counts by depth and per first move (divide).
import { GridbitsError } from '../core/error.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import type { Engine } from './engine.js';
import { Engine5 } from './engine5.js';
import { perftFrom } from './kernel.js';
import { formatMove, type Move } from './move.js';

/**
 * Deepest perft accepted: counts stay below 2^53 (each ply multiplies by about 15). Measured here: depth 9
 * from the start (1.5e10 leaves) takes about 30 s, depth 10 about 8 minutes; deeper runs answer as a job
 * stopped by its limits, with the leaves counted so far.
 */
export const PERFT_MAX_DEPTH = 12;

/** The most moves any variant's position has (7 pieces × 8 directions), rounded up: a buffer size per ply. */
export const ENGINE_MAX_MOVES = 64;

/** perft split by first move: [move in notation, leaves below it], in generation order. */
export type DivideRows = Array<[string, number]>;

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > PERFT_MAX_DEPTH) {
    throw new GridbitsError('BAD_ARGUMENT', `perft depth must be a whole number from 0 to ${PERFT_MAX_DEPTH}, got ${depth}`);
  }
}

// Leaves below the engine's position over its make/unmake (any variant); the last ply counts what generate writes.
function enginePerft(e: Engine, depth: number, buf: Int32Array, at: number): number {
  const n = e.generate(buf, at);
  if (depth === 1) return n;
  let nodes = 0;
  for (let i = at; i < at + n; i++) {
    const m = buf[i] as Move;
    e.make(m);
    nodes += enginePerft(e, depth - 1, buf, at + ENGINE_MAX_MOVES);
    e.unmake(m);
  }
  return nodes;
}

/** Leaves `depth` ≥ 1 plies below the engine's position: the 5×5 kernel on 5×5 engines, else the engine's own moves. */
function leaves(e: Engine, depth: number, buf: Int32Array): number {
  if (!(e instanceof Engine5)) return enginePerft(e, depth, buf, 0);
  const s = e.side, men = e.men, k = e.kings;
  return perftFrom(men[s], men[s ^ 1], k[s], k[s ^ 1], e.ply === 0, depth, buf, 0);
}

/** How many plies to walk as steps of the job (a pause point after each), so a step is a small part of the work. */
const splitPlies = (depth: number): number => (depth >= 9 ? 3 : depth >= 6 ? 2 : 1);

/**
 * The steps behind perft and divide: counts below every first move of e (changed during the run, restored at
 * its end), stepping over the first `split` plies — one step per line of that length, the leaves below it
 * counted at once — so a pause is never far. Progress is in lines of that length; rows gets each first move's
 * count as it is done, and `counted.leaves` every leaf counted so far.
 */
function* divideSteps(ctl: JobControl<unknown>, e: Engine, depth: number, rows: DivideRows, counted: { leaves: number }): Generator<void, DivideRows, void> {
  const split = Math.min(splitPlies(depth), depth);
  const buf = new Int32Array((depth + 1) * ENGINE_MAX_MOVES);
  const below = new Int32Array(ENGINE_MAX_MOVES * (split + 1));
  const total = split === 1 ? e.generate(buf, 0) : enginePerft(e, split, buf, 0);
  let done = 0;
  ctl.report(0, total, 'lines');
  const firsts = Array.from(buf.subarray(0, e.generate(buf, 0))) as Move[];
  function* lines(ply: number, at: number): Generator<void, number, void> {
    if (ply === split) {
      const n = depth === split ? 1 : leaves(e, depth - split, buf);
      counted.leaves += n;
      ctl.spend(n);
      ctl.report(++done);
      yield;
      return n;
    }
    const count = e.generate(below, at);
    let sum = 0;
    for (let i = at; i < at + count; i++) {
      const m = below[i] as Move;
      e.make(m);
      sum += yield* lines(ply + 1, at + ENGINE_MAX_MOVES);
      e.unmake(m);
    }
    return sum;
  }
  for (const m of firsts) {
    e.make(m);
    const n = yield* lines(1, 0);
    e.unmake(m);
    rows.push([formatMove(m, e.size), n]);
  }
  return rows;
}

/**
 * perft split by first move, as a job: [move, leaves below it] in generation order for every first move of
 * the engine's position (the engine itself is not touched). Unfinished, its partial is the first moves counted so far.
 */
export function divideJob(engine: Engine, depth: number): Job<DivideRows, DivideRows> {
  checkDepth(depth);
  const e = engine.clone();
  return new Job<DivideRows, DivideRows>(function* (ctl) {
    const rows: DivideRows = [];
    ctl.partial = () => rows.map(([m, n]): [string, number] => [m, n]);
    if (depth === 0) return rows;
    return yield* divideSteps(ctl, e, depth, rows, { leaves: 0 });
  });
}

/** {@link divideJob} run to its end or its limits, giving the event loop a turn about every 20 ms. */
export function divide(engine: Engine, depth: number, options: RunOptions = {}): Promise<Outcome<DivideRows, DivideRows>> {
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
 * @example
 * ```ts
 * import { createEngine, perftSync, START } from 'gridbits/valley';
 * const outcome = perftSync(createEngine(START), 5);
 * if (outcome.finished) console.log(outcome.value); // 318496
 * ```
 */
export function perftJob(engine: Engine, depth: number): Job<number, number> {
  checkDepth(depth);
  const e = engine.clone();
  return new Job<number, number>(function* (ctl) {
    const counted = { leaves: 0 };
    ctl.partial = () => counted.leaves;
    if (depth === 0) return 1;
    yield* divideSteps(ctl, e, depth, [], counted);
    return counted.leaves;
  });
}

/** {@link perftJob} run to its end or its limits, giving the event loop a turn about every 20 ms. */
export function perft(engine: Engine, depth: number, options: RunOptions = {}): Promise<Outcome<number, number>> {
  return perftJob(engine, depth).run(options);
}

/** {@link perftJob} run synchronously. */
export function perftSync(engine: Engine, depth: number, options: RunOptions = {}): Outcome<number, number> {
  return perftJob(engine, depth).runSync(options);
}
