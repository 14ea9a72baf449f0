// Junk for every export of gridbits/walk: each argument of each call refused with a GridbitsError naming it, at once.
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import * as walk from '../../src/walk/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';

const b8 = Board.of(8, 8);
const g = (): walk.Graph => walk.graph(b8, 'knight');
const OPTIONS_GOOD = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && !('method' in v);
const whole = (v: unknown, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

/**
 * Good values by argument name (fast-check's random values include some): a square of the 8×8 board, steps
 * within the call's limit, any plain object without fields of its own as options.
 */
function goodFor(stepsMax: (steps: number) => boolean): Record<string, (v: unknown) => boolean> {
  return {
    from: (v) => whole(v, 63),
    steps: (v) => whole(v, Number.MAX_SAFE_INTEGER) && stepsMax(v),
    trials: (v) => whole(v, 1e6) && (v as number) >= 1,
    options: OPTIONS_GOOD,
  };
}

/** The three forms of a long call: the job, the sync run and the async run (which take options last). */
function forms(name: string, args: () => unknown[], params: string[], stepsOk: (s: number) => boolean): Call[] {
  const fns = walk as unknown as Record<string, (...a: unknown[]) => unknown>;
  const n = params.length;
  const good = goodFor(stepsOk);
  const withOptions = [...params, 'options'];
  return [
    {
      name: `${name}Job`,
      call: (...a) => fns[`${name}Job`](...a),
      args,
      params,
      accepts: (i, v) => good[params[i]]?.(v) ?? false,
    },
    ...[name, `${name}Sync`].map((f): Call => ({
      name: f,
      call: (...a) => fns[f](...a),
      // Good arguments start the work: a budget of one node keeps it short.
      args: () => [...args(), { maxNodes: 1 }],
      params: withOptions,
      optional: [n],
      accepts: (i, v) => good[withOptions[i]]?.(v) ?? false,
    })),
  ];
}

const g8 = walk.graph(b8, 'knight');
const floatOk = (s: number): boolean => s <= walk.FLOAT_MAX_STEPS && s * 64 <= walk.FLOAT_MAX_WORK;
const exactOk = (s: number): boolean => walk.exactWork(g8, s) <= walk.EXACT_MAX_WORK;
const farOk = (s: number): boolean => s <= walk.HORIZON_MAX_STEPS;
const mapOk = (s: number): boolean => farOk(s) && walk.mapWithin(g8, s);

const CALLS: Call[] = [
  {
    name: 'graph',
    call: (b, p) => walk.graph(b as Board, p as string),
    args: () => [b8, 'knight'],
    params: ['board', 'piece'],
    // Any board up to 100×100 is good; the piece is a spec (a string its parser reads or refuses naming the spec).
    accepts: (i, v) => i === 0 && v instanceof Board,
  },
  { name: 'squareOrbits', call: (x) => walk.squareOrbits(x as walk.Graph), args: () => [g()], params: ['graph'] },
  {
    name: 'mapWithin',
    call: (x, s) => walk.mapWithin(x as walk.Graph, s as number),
    args: () => [g(), 10],
    params: ['graph', 'steps'],
    accepts: (i, v) => i === 1 && whole(v, walk.HORIZON_MAX_STEPS),
  },
  {
    name: 'exactWork',
    call: (x, s) => walk.exactWork(x as walk.Graph, s as number),
    args: () => [g(), 10],
    params: ['graph', 'steps'],
    accepts: (i, v) => i === 1 && whole(v, Number.MAX_SAFE_INTEGER),
  },
  {
    name: 'fractionText',
    call: (f) => walk.fractionText(f as walk.Fraction),
    args: () => [{ numerator: 1n, denominator: 16n }],
    params: ['fraction'],
  },
  {
    name: 'reduceFraction',
    call: (a, b) => walk.reduceFraction(a as bigint, b as bigint),
    args: () => [2n, 32n],
    params: ['numerator', 'denominator'],
    accepts: (_, v) => typeof v === 'bigint' && v !== 0n,
  },
  ...forms('survival', () => [g(), 0, 10], ['graph', 'from', 'steps'], floatOk),
  ...forms('survivalMap', () => [g(), 10], ['graph', 'steps'], floatOk),
  ...forms('distribution', () => [g(), 0, 10], ['graph', 'from', 'steps'], floatOk),
  ...forms('exactCounts', () => [g(), 10], ['graph', 'steps'], exactOk),
  ...forms('exactSurvival', () => [g(), 0, 10], ['graph', 'from', 'steps'], exactOk),
  ...forms('exactSurvivalMap', () => [g(), 10], ['graph', 'steps'], exactOk),
  ...forms('decayRate', () => [g(), 0], ['graph', 'from'], farOk),
  ...forms('survivalMapAtHorizon', () => [g(), 1000], ['graph', 'steps'], mapOk),
  ...forms(
    'simulateWalks',
    () => [g(), 0, 10, 100, createRng(1)],
    ['graph', 'from', 'steps', 'trials', 'rng'],
    (s) => s * 100 <= walk.SIMULATE_MAX_WORK,
  ),
  {
    name: 'randomWalk',
    call: (...a) => walk.randomWalk(...(a as Parameters<typeof walk.randomWalk>)),
    args: () => [g(), 0, 10, createRng(1)],
    params: ['graph', 'from', 'steps', 'rng'],
    accepts: (i, v) => goodFor(() => true)[['graph', 'from', 'steps', 'rng'][i]]?.(v) ?? false,
  },
  {
    name: 'survivalAtHorizonJob',
    call: (...a) => walk.survivalAtHorizonJob(...(a as Parameters<typeof walk.survivalAtHorizonJob>)),
    args: () => [g(), 0, 1000, {}],
    params: ['graph', 'from', 'steps', 'options'],
    optional: [3],
    accepts: (i, v) => goodFor(farOk)[['graph', 'from', 'steps', 'options'][i]]?.(v) ?? false,
    extra: { 3: [["{ method: 'fast' }", { method: 'fast' }]] },
  },
  ...['survivalAtHorizon', 'survivalAtHorizonSync'].map((f): Call => ({
    name: f,
    call: (...a) => (walk as unknown as Record<string, (...x: unknown[]) => unknown>)[f](...a),
    args: () => [g(), 0, 1000, { maxNodes: 1 }],
    params: ['graph', 'from', 'steps', 'options'],
    optional: [3],
    accepts: (i, v) => goodFor(farOk)[['graph', 'from', 'steps', 'options'][i]]?.(v) ?? false,
    extra: { 3: [["{ method: 'fast' }", { method: 'fast' }]] },
  })),
];

describe('gridbits/walk answers junk with a GridbitsError naming the argument', () => {
  it('covers every export', () => {
    expectCovered(walk, CALLS, {});
  });
  for (const c of CALLS) it(c.name, async () => checkJunk(c), 60_000);
});
