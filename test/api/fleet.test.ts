// Junk for the calls of gridbits/fleet: each argument refused with a GridbitsError naming it, at once.
import { describe, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import * as fleet from '../../src/fleet/index.js';
import { checkJunk, type Call } from './junk.js';

const spec = { width: 6, height: 6, fleet: '3,2,2' };
const problem = (): fleet.FleetProblem => fleet.fleetProblem(spec);
const plain = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length === 0;
const fns = fleet as unknown as Record<string, (...a: unknown[]) => unknown>;

/** The job, sync and async forms of a long call; the run forms take a budget of one node so they stay short. */
function forms(name: string, args: () => unknown[], params: string[], options = true): Call[] {
  const last = params.length - 1;
  return [`${name}Job`, name, `${name}Sync`].map((f): Call => ({
    name: f,
    call: (...a) => fns[f](...a),
    args: () => {
      const a = args();
      if (f !== `${name}Job` && options) a[last] = { ...(a[last] as object), maxNodes: 1 };
      return a;
    },
    params,
    optional: options ? [last] : [],
    accepts: (i, v) => options && i === last && plain(v),
  }));
}

const CALLS: Call[] = [
  {
    name: 'fleetProblem',
    call: (s) => fleet.fleetProblem(s as fleet.FleetSpec),
    args: () => [spec],
    params: ['spec'],
    extra: {
      0: [
        ["touch 'nope'", { ...spec, touch: 'nope' }],
        ['width 0', { ...spec, width: 0 }],
        ['mirror 1', { ...spec, mirror: 1 }],
        ['ships of numbers', { ...spec, ships: [3] }],
        ['a forbidden mask of 2s', { ...spec, forbidden: new Uint8Array(36).fill(2) }],
      ],
    },
  },
  ...forms('placeFleet', () => [problem(), { method: 'search' }], ['problem', 'options']).map((c) => ({
    ...c,
    extra: { 1: [["method 'magic'", { method: 'magic' }] as const] },
  })),
  ...forms('countLayouts', () => [problem(), {}], ['problem', 'options']),
  ...forms('uniformLayouts', () => [problem(), createRng(1), 2, {}], ['problem', 'rng', 'count', 'options']).map(
    (c) => ({
      ...c,
      // Any whole number of layouts up to ten million is a good count.
      accepts: (i: number, v: unknown) =>
        i === 2 ? Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1e7 : c.accepts!(i, v),
    }),
  ),
  ...forms(
    'heatMap',
    () => {
      const p = problem();
      return [p, fleet.emptyKnowledge(p), {}];
    },
    ['problem', 'knowledge', 'options'],
  ),
  {
    name: 'checkFleetLayout',
    call: (p, l) => fleet.checkFleetLayout(p as fleet.FleetProblem, l as fleet.FleetLayout),
    args: () => [problem(), { ships: [{ kind: 0, cells: [0, 1, 2] }] }],
    params: ['problem', 'layout'],
  },
];

describe('gridbits/fleet refuses junk, naming the argument', () => {
  for (const c of CALLS) it(c.name, async () => checkJunk(c, 20), 60_000);
});
