// Junk for every export of gridbits/fleet: each argument of each call refused with a GridbitsError naming it, at once.
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import * as fleet from '../../src/fleet/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';

const spec = { width: 6, height: 6, fleet: '3,2,2' };
const problem = (): fleet.FleetProblem => fleet.fleetProblem(spec);
const b6 = Board.of(6, 6);
const plain = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length === 0;
const whole = (v: unknown, min: number, max: number): boolean =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const fns = fleet as unknown as Record<string, (...a: unknown[]) => unknown>;
const layout = (): fleet.FleetLayout => ({
  ships: [
    { kind: 0, cells: [0, 1, 2] },
    { kind: 1, cells: [24, 25] },
    { kind: 1, cells: [28, 29] },
  ],
});
const source = (): (() => fleet.FleetLayout) => () => layout();
const sharded = (): fleet.ShardedLayoutCount => fleet.shardLayoutCount(fleet.layoutCountQuestion(problem()), 4);

/**
 * The job, sync and async forms of a long call. The job takes `params` (its last one its options when `options`);
 * the run forms take run options last too (where the job has none, one more argument), with a budget of one node
 * so that they stay short.
 */
function forms(name: string, args: () => unknown[], params: string[], options = true): Call[] {
  const last = params.length - 1;
  const job: Call = {
    name: `${name}Job`,
    call: (...a) => fns[`${name}Job`](...a),
    args,
    params,
    optional: options ? [last] : [],
    accepts: (i, v) => options && i === last && plain(v),
  };
  const runParams = options ? params : [...params, 'options'];
  const runLast = runParams.length - 1;
  return [
    job,
    ...[name, `${name}Sync`].map((f): Call => ({
      name: f,
      call: (...a) => fns[f](...a),
      args: () => {
        const a = args();
        if (!options) a.push({});
        a[runLast] = { ...(a[runLast] as object), maxNodes: 1 };
        return a;
      },
      params: runParams,
      optional: [runLast],
      accepts: (i, v) => i === runLast && plain(v),
    })),
  ];
}

/** A call with good arguments `args` and the names of its parameters. */
function call(name: string, args: () => unknown[], params: string[], more: Partial<Call> = {}): Call {
  return { name, call: (...a) => fns[name](...a), args, params, ...more };
}

const CALLS: Call[] = [
  call('fleetProblem', () => [spec], ['spec'], {
    extra: {
      0: [
        ["touch 'nope'", { ...spec, touch: 'nope' }],
        ['width 0', { ...spec, width: 0 }],
        ['mirror 1', { ...spec, mirror: 1 }],
        ['ships of numbers', { ...spec, ships: [3] }],
        ['a forbidden mask of 2s', { ...spec, forbidden: new Uint8Array(36).fill(2) }],
      ],
    },
  }),
  ...forms('placeFleet', () => [problem(), { method: 'search' }], ['problem', 'options']).map((c) => ({
    ...c,
    extra: { 1: [["method 'magic'", { method: 'magic' }] as const] },
  })),
  ...forms('countLayouts', () => [problem(), {}], ['problem', 'options']),
  ...forms('cellCounts', () => [problem()], ['problem'], false),
  ...forms('uniformSampler', () => [problem()], ['problem'], false),
  ...forms('uniformLayoutSource', () => [problem()], ['problem'], false),
  ...forms('uniformLayouts', () => [problem(), createRng(1), 2, {}], ['problem', 'rng', 'count', 'options']).map(
    (c) => ({
      ...c,
      // Any whole number of layouts up to ten million is a good count.
      accepts: (i: number, v: unknown) => (i === 2 ? whole(v, 0, 1e7) : c.accepts!(i, v)),
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
  ...forms('simulate', () => [problem(), { games: 2, seed: 1, layouts: source() }], ['problem', 'options']).map(
    (c) => ({ ...c, optional: [], accepts: () => false }),
  ),
  ...forms('countLayoutShard', () => [sharded(), 1], ['sharded', 'index'], false).map((c) => ({
    ...c,
    accepts: (i: number, v: unknown) => (i === 1 ? whole(v, 0, 3) : c.accepts?.(i, v) === true),
  })),
  call('layoutCountQuestion', () => [problem()], ['problem']),
  call('shardLayoutCount', () => [fleet.layoutCountQuestion(problem()), 4], ['question', 'shards'], {
    optional: [1],
    accepts: (i, v) => i === 1 && whole(v, 1, Number.MAX_SAFE_INTEGER),
  }),
  call('checkFleetLayout', () => [problem(), layout()], ['problem', 'layout']),
  call('checkFleetCells', () => [problem(), new Uint8Array(36)], ['problem', 'ships']),
  call('parseLayoutGrid', () => ['###\n...\n##.', 3, 3], ['layout', 'width', 'height'], {
    optional: [1, 2],
    // Any board size is a good size (a layout of another size is then refused for what it is).
    accepts: (i, v) => i > 0 && whole(v, 1, fleet.FLEET_MAX_SIDE),
  }),
  call('parseShots', () => [problem(), 'a1 miss\nb2 hit'], ['problem', 'shots']),
  call('emptyKnowledge', () => [problem()], ['problem']),
  call('recordShot', () => [fleet.emptyKnowledge(problem()), { square: 3, reply: 'miss' }], ['knowledge', 'result']),
  call('checkKnowledge', () => [problem(), fleet.emptyKnowledge(problem())], ['problem', 'knowledge']),
  call('conditionedProblem', () => [problem(), fleet.emptyKnowledge(problem())], ['problem', 'knowledge']),
  call('placementDensity', () => [problem(), fleet.emptyKnowledge(problem())], ['problem', 'knowledge']),
  call('haloOf', () => [[7, 8], 6, 6, 'none'], ['cells', 'width', 'height', 'touch'], {
    // No cells at all is a ship of none: no halo.
    accepts: (i, v) => ((i === 1 || i === 2) && whole(v, 9, 400)) || (i === 0 && Array.isArray(v) && v.length === 0),
  }),
  call('createHunter', () => [problem(), { strategy: 'density' }], ['problem', 'options'], {
    optional: [1],
    accepts: (i, v) => i === 1 && plain(v),
  }),
  {
    name: 'new FleetGame',
    call: (p, l) => new fleet.FleetGame(p as fleet.FleetProblem, l as fleet.FleetLayout),
    args: () => [problem(), layout()],
    params: ['problem', 'layout'],
  },
  {
    name: 'FleetGame#canShoot',
    call: (sq) => new fleet.FleetGame(problem(), layout()).canShoot(sq as number),
    args: () => [5],
    params: ['square'],
    // Any whole number is a fair question (off the board: it may not be shot).
    accepts: (_, v) => Number.isSafeInteger(v),
  },
  {
    name: 'FleetGame#shoot',
    call: (sq) => new fleet.FleetGame(problem(), layout()).shoot(sq as number),
    args: () => [5],
    params: ['square'],
    accepts: (_, v) => whole(v, 0, 35),
  },
  call('gameSeeds', () => [1, 3], ['seed', 'games'], {
    accepts: (i, v) => (i === 0 ? whole(v, -(2 ** 53) + 1, 2 ** 53 - 1) : whole(v, 0, 1e7)),
  }),
  call('shotStats', () => [[20, 30]], ['shots'], { accepts: (_, v) => Array.isArray(v) && v.length === 0 }),
  call('fleetPlacements', () => [problem()], ['problem']),
  ...['placementCells', 'placementBitboard', 'placementHalo'].map((name) =>
    call(name, () => [fleet.fleetPlacements(problem()), 3], ['placements', 'index'], {
      accepts: (i: number, v: unknown) => i === 1 && whole(v, 0, fleet.fleetPlacements(problem()).count - 1),
    }),
  ),
  call('parseTouch', () => ['corner'], ['touch']),
  call('parseFleet', () => ['4,3,2'], ['fleet']),
  call('fleetKinds', () => [[fleet.straightShape(3), fleet.straightShape(2)], false], ['shapes', 'mirror'], {
    accepts: (i, v) => i === 1 && typeof v === 'boolean',
  }),
  call('shipCount', () => [problem()], ['problem']),
  call('checkFleetBoardSize', () => [6, 6], ['width', 'height'], {
    accepts: (_, v) => whole(v, 1, fleet.FLEET_MAX_SIDE),
  }),
  call('parseFleetBoard', () => ['6x6'], ['board']),
  call('parseForbidList', () => [b6, ['a1', 'c3']], ['board', 'squares'], {
    accepts: (i, v) => (i === 0 && v instanceof Board) || (i === 1 && Array.isArray(v) && v.length === 0),
  }),
  call('parseMask', () => ['#.\n..', Board.of(2, 2)], ['mask', 'board'], { optional: [1] }),
  call('mergeForbidden', () => [b6, new Uint8Array(36), new Uint8Array(36)], ['board', 'a', 'b']),
  call('parseShape', () => ['##/#.'], ['shape']),
  ...['normaliseShape', 'shapeId', 'isConnected', 'isStraight', 'shapeText'].map((name) =>
    call(
      name,
      () => [
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      ],
      ['shape'],
    ),
  ),
  ...['shapeOrientations', 'shapeClassId'].map((name) =>
    call(
      name,
      () => [
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
        true,
      ],
      ['shape', 'mirror'],
      { accepts: (i: number, v: unknown) => i === 1 && typeof v === 'boolean' },
    ),
  ),
  call('straightShape', () => [3], ['length'], { accepts: (_, v) => whole(v, 1, fleet.MAX_SHIP_CELLS) }),
  call('shipKindName', () => [problem().kinds[0]], ['kind']),
  call('shipKindNames', () => [problem().kinds], ['kinds'], { accepts: (_, v) => Array.isArray(v) && v.length === 0 }),
  call('shipsInWords', () => ['3', 2], ['name', 'count'], {
    // Any name of a kind (a length, a drawing, a name of one's own) is good.
    accepts: (i, v) => (i === 1 ? whole(v, 0, 2 ** 53) : typeof v === 'string' && v.trim() !== ''),
  }),
];

/** Exports that take no argument or accept anything, with the reason. */
const WITHOUT: Record<string, string> = {
  isTooLarge: 'tells whether any value is a TooLarge answer: every value is a good question',
};

describe('gridbits/fleet refuses junk, naming the argument', () => {
  it('covers every export', () => {
    expectCovered(fleet as unknown as Record<string, unknown>, CALLS, WITHOUT);
  });
  for (const c of CALLS) it(c.name, async () => checkJunk(c, 20), 60_000);
});
