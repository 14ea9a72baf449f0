// Junk for every export of gridbits/core (and of the package root, which gives the core's names): each argument
// of each call refused with a GridbitsError naming it, at once.
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as core from '../../src/core/index.js';
import { Bitboard, Board, GridbitsError, createRng, job, type JobControl } from '../../src/core/index.js';
import { MAX_SIDE } from '../../src/core/board.js';
import { serveJobs } from '../../src/core/worker.js';
import { JOBS } from '../../src/jobs.js';
import { STALL_CASES } from '../../bench/stall.js';
import { JUNK, checkJunk, expectCovered, type Call } from './junk.js';

const b8 = Board.of(8, 8);
const set = (): Bitboard => Bitboard.fromSquares(b8, [0, 27]);
const whole = (v: unknown, min: number, max: number): boolean =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const word = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= -(2 ** 31) && (v as number) < 2 ** 32;
const of8 = (v: unknown): boolean => v instanceof Bitboard && v.board.equals(b8);
const char = (v: unknown): boolean => typeof v === 'string' && v.length === 1 && !/\s/.test(v);

/** Whether a text is a diagram: rows of one-character squares, all as long as the first (a plain reading of it). */
function isDiagram(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const rows = v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => (/\s/.test(l) ? l.split(/\s+/) : [...l]));
  return (
    rows.length > 0 &&
    rows.length <= MAX_SIDE &&
    rows[0].length <= MAX_SIDE &&
    rows.every((r) => r.length === rows[0].length && r.every((t) => t.length === 1))
  );
}

/** The combining methods of a bitboard: one other bitboard of the same board. */
const COMBINE = ['union', 'intersect', 'diff', 'xor', 'intersects', 'isSubsetOf', 'equals'] as const;

/** A count in two shards of 3 and 4, as an engine would split it. */
const sharded = (): core.ShardedCount => ({ kind: 'demo', question: null, method: 'whole', shards: 2, key: 'demo:2' });
const shardCounts = (): Map<number, { count: bigint }> =>
  new Map([
    [0, { count: 3n }],
    [1, { count: 4n }],
  ]);

/** A job of three nodes, and a control to run parts of jobs within. */
const three = (): core.Job<number, number> =>
  job(
    function* (ctl: JobControl<number>) {
      for (let i = 0; i < 3; i++) if (ctl.spend()) yield;
      return 3;
    },
    { unit: 'moves' },
  );
const control = (): JobControl<unknown> => new core.JobControl('moves');
/** Options (and settings, reports) without fields of their own are good: other fields are not read. */
const without =
  (...keys: string[]) =>
  (v: unknown): boolean =>
    plain(v) && !keys.some((k) => k in v);
const runOptions = without('signal', 'onProgress', 'onPartial', 'maxNodes', 'timeoutMs');

/** An in-process worker: a message channel whose far side serves every registered job. */
const channel = new MessageChannel();
const stopServing = serveJobs(JOBS, channel.port2 as unknown as core.Endpoint);
afterAll(() => {
  stopServing();
  channel.port1.close();
  channel.port2.close();
});

const CALLS: Call[] = [
  {
    name: 'Board.of',
    call: (w, h) => Board.of(w as number, h as number),
    args: () => [8, 8],
    params: ['width', 'height'],
    accepts: (_, v) => whole(v, 1, 16384),
  },
  {
    name: 'Board.from',
    call: (s) => Board.from(s as core.BoardSize),
    args: () => ['8x8'],
    params: ['size'],
  },
  {
    name: 'Board#name',
    call: (i) => b8.name(i as number),
    args: () => [63],
    params: ['index'],
    accepts: (_, v) => whole(v, 0, 63),
  },
  { name: 'Board#parse', call: (n) => b8.parse(n as string), args: () => ['e4'], params: ['square'] },
  {
    name: 'Board#parseList',
    call: (t) => b8.parseList(t as string),
    args: () => ['a1, h8'],
    // The error names the list (squares must be a string) or the square in it that is wrong (square 'z9' is …).
    params: ['square'],
    // A list of no squares is empty.
    accepts: (_, v) => typeof v === 'string' && /^[\s,]*$/.test(v),
  },
  {
    name: 'Board#checkIndex',
    call: (i, w) => b8.checkIndex(i as number, w as string),
    args: () => [5, 'square'],
    // The index is named by `what` (here 'square'), the caller's name for it.
    params: ['square', 'what'],
    optional: [1],
    accepts: (i, v) => (i === 0 ? whole(v, 0, 63) : typeof v === 'string'),
  },
  {
    name: 'Board#index',
    call: (f, r) => b8.index(f as number, r as number),
    args: () => [3, 4],
    params: ['file', 'rank'],
    accepts: (_, v) => whole(v, 0, 7),
  },
  ...(['file', 'rank'] as const).map((m): Call => ({
    name: `Board#${m}`,
    call: (i) => b8[m](i as number),
    args: () => [27],
    params: ['index'],
    accepts: (_, v) => whole(v, 0, 63),
  })),
  {
    name: 'Board#contains',
    call: (f, r) => b8.contains(f as number, r as number),
    args: () => [3, 9],
    params: ['file', 'rank'],
    // Any whole number is a file or a rank: those off the board answer false.
    accepts: (_, v) => Number.isInteger(v),
  },
  {
    name: 'Board#equals',
    call: (o) => b8.equals(o as Board),
    args: () => [Board.of(8, 8)],
    params: ['other'],
    // Any board: another size answers false.
    accepts: (_, v) => v instanceof Board,
  },
  { name: 'parseBoardSize', call: (t) => core.parseBoardSize(t as string), args: () => ['8x8'], params: ['size'] },
  {
    name: 'fileName',
    call: (f) => core.fileName(f as number),
    args: () => [27],
    params: ['file'],
    accepts: (_, v) => whole(v, 0, 100_000),
  },
  { name: 'parseFileName', call: (l) => core.parseFileName(l as string), args: () => ['ab'], params: ['letters'] },
  {
    name: 'createRng',
    call: (s) => createRng(s as number),
    args: () => [7],
    params: ['seed'],
    accepts: (_, v) => Number.isSafeInteger(v),
  },
  {
    // Not an export of its own: the method of what createRng gives.
    name: 'Rng#below',
    call: (n) => createRng(1).below(n as number),
    args: () => [10],
    params: ['n'],
    accepts: (_, v) => whole(v, 1, 2 ** 32),
  },
  {
    name: 'uniformBelow',
    call: (r, n) => core.uniformBelow(r as core.Rng, n as number),
    args: () => [createRng(1), 10],
    params: ['rng', 'n'],
    accepts: (i, v) => i === 1 && whole(v, 1, Number.MAX_SAFE_INTEGER),
  },
  {
    name: 'uniformBelowBig',
    call: (r, n) => core.uniformBelowBig(r as core.Rng, n as bigint),
    args: () => [createRng(1), 10n],
    params: ['rng', 'n'],
    accepts: (i, v) => i === 1 && typeof v === 'bigint' && v >= 1n,
  },
  {
    name: 'wilson',
    call: (s, t, z) => core.wilson(s as number, t as number, z as number),
    args: () => [3, 10, 1.96],
    params: ['survived', 'trials', 'z'],
    optional: [2],
    accepts: (i, v) =>
      i === 0
        ? whole(v, 0, 10)
        : i === 1
          ? whole(v, 3, Number.MAX_SAFE_INTEGER)
          : typeof v === 'number' && v > 0 && v < 100,
  },
  ...(['empty', 'full'] as const).map((m): Call => ({
    name: `Bitboard.${m}`,
    call: (b) => Bitboard[m](b as Board),
    args: () => [b8],
    params: ['board'],
    accepts: (_, v) => v instanceof Board,
  })),
  {
    name: 'Bitboard.fromSquares',
    call: (b, s) => Bitboard.fromSquares(b as Board, s as number[]),
    args: () => [b8, [0, 63]],
    params: ['board', 'squares'],
    // Any board takes these squares; an empty list is the empty set, a typed array of squares is a list too.
    accepts: (i, v) =>
      i === 0
        ? v instanceof Board
        : (Array.isArray(v) && v.length === 0) || (v instanceof Uint8Array && [...v].every((s) => s < 64)),
  },
  {
    name: 'Bitboard.fromWords',
    call: (b, w) => Bitboard.fromWords(b as Board, w as number[]),
    args: () => [b8, [5, 0xffffffff]],
    params: ['board', 'words'],
    // Any board takes two words; a list of at most two 32-bit words (none: the empty set) is good here.
    accepts: (i, v) => (i === 0 ? v instanceof Board : Array.isArray(v) && v.length <= 2 && v.every(word)),
    extra: {
      1: [
        ['three words', [1, 2, 3]],
        ['[1.5]', [1.5]],
        ["['1']", ['1']],
        ['[2^32]', [2 ** 32]],
      ],
    },
  },
  {
    name: 'Bitboard.fromPair',
    call: (b, lo, hi) => Bitboard.fromPair(b as Board, lo as number, hi as number),
    args: () => [b8, 5, -1],
    params: ['board', 'lo', 'hi'],
    accepts: (i, v) => (i === 0 ? v instanceof Board : word(v)),
  },
  ...(['with', 'without', 'has'] as const).map((m): Call => ({
    name: `Bitboard#${m}`,
    call: (s) => set()[m](s as number),
    args: () => [5],
    params: ['square'],
    accepts: (_, v) => whole(v, 0, 63),
  })),
  ...COMBINE.map((m): Call => ({
    name: `Bitboard#${m}`,
    call: (o) => (set()[m] as (o: Bitboard) => unknown)(o as Bitboard),
    args: () => [Bitboard.fromSquares(b8, [27, 28])],
    params: ['other'],
    // Sets of two boards are never equal: equals answers false where the others refuse.
    accepts: (_, v) => m === 'equals' && v instanceof Bitboard,
  })),
  {
    name: 'Bitboard#forEach',
    call: (f) => set().forEach(f as (s: number) => void),
    args: () => [() => {}],
    params: ['callback'],
    accepts: (_, v) => typeof v === 'function',
  },
  {
    name: 'Bitboard#shift',
    call: (dx, dy) => set().shift(dx as number, dy as number),
    args: () => [1, -2],
    params: ['dx', 'dy'],
    // Any whole number of files and ranks: a shift past the edge leaves the empty set.
    accepts: (_, v) => Number.isSafeInteger(v),
  },
  ...(['dilate', 'components'] as const).map((m): Call => ({
    name: m,
    call: (s, c) => core[m](s as Bitboard, c as core.Connectivity),
    args: () => [set(), 8],
    params: ['set', 'connectivity'],
    optional: [1],
    accepts: (i, v) => (i === 0 ? v instanceof Bitboard : v === 4 || v === 8),
  })),
  {
    name: 'floodFill',
    call: (s, w, c) => core.floodFill(s as Bitboard, w as Bitboard, c as core.Connectivity),
    args: () => [set(), Bitboard.full(b8), 4],
    params: ['seeds', 'within', 'connectivity'],
    optional: [2],
    accepts: (i, v) => (i < 2 ? of8(v) : v === 4 || v === 8),
  },
  {
    name: 'renderDiagram',
    call: (b, l, e) => core.renderDiagram(b as Board, l as core.Layer[], e as string),
    args: () => [b8, [{ set: set(), char: 'x' }], '.'],
    params: ['board', 'layers', 'empty'],
    optional: [2],
    // No layers draws an empty board.
    accepts: (i, v) => (i === 0 ? v === b8 : i === 1 ? Array.isArray(v) && v.length === 0 : char(v)),
    extra: {
      1: [
        ['[null]', [null]],
        ["a layer whose char is 'xy'", [{ set: Bitboard.empty(b8), char: 'xy' }]],
        ['a layer of the 10×10 board', [{ set: Bitboard.empty(Board.of(10, 10)), char: 'x' }]],
        ['a layer without a set', [{ char: 'x' }]],
      ],
    },
  },
  {
    name: 'parseDiagram',
    call: (t, e) => core.parseDiagram(t as string, e as string),
    args: () => ['. x\n@ .', '.'],
    params: ['diagram', 'empty'],
    optional: [1],
    // Any string of characters may be taken as empty squares.
    accepts: (i, v) => (i === 0 ? isDiagram(v) : typeof v === 'string'),
    extra: { 0: [['rows of 1 and 2 squares', 'x\nxx']] },
  },
  {
    name: 'new GridbitsError',
    call: (c, m) => new GridbitsError(c as core.ErrorCode, m as string),
    args: () => ['BAD_INPUT', 'bad input'],
    params: ['code', 'message'],
    accepts: (i, v) => i === 1 && typeof v === 'string',
    extra: { 0: [["'NOPE'", 'NOPE']] },
  },
  {
    name: 'shardsTotal',
    call: (s, c) => core.shardsTotal(s as core.ShardedCount, c as Map<number, { count: bigint }>),
    args: () => [sharded(), shardCounts()],
    params: ['sc', 'counts'],
    extra: {
      0: [
        ['a count in 3 shards', { ...sharded(), shards: 3 }],
        ['a divisor of 2 (the counts add up to 7)', { ...sharded(), divisor: 2 }],
        ['no key', { ...sharded(), key: undefined }],
      ],
      1: [
        ['a Map without shard 2', new Map([[0, { count: 3n }]])],
        ['a count of 4, not 4n', new Map<number, unknown>([...shardCounts(), [1, { count: 4 }]])],
      ],
    },
  },
  // The job contract: jobs, their controls, their runs.
  {
    name: 'new Job',
    call: (b, s) => new core.Job(b as core.JobBody<number, number>, s as core.JobSettings<number>),
    args: () => [function* () {}, { unit: 'moves' }],
    params: ['body', 'settings'],
    optional: [1],
    // Any function may be a body (one that gives a generator, like a generator function).
    accepts: (i, v) => (i === 0 ? typeof v === 'function' : without('unit', 'partial')(v)),
    extra: { 1: [["{ unit: 'furlongs' }", { unit: 'furlongs' }]] },
  },
  {
    name: 'job',
    call: (b, s) => job(b as core.JobBody<number, number>, s as core.JobSettings<number>),
    args: () => [function* () {}, { unit: 'moves' }],
    params: ['body', 'settings'],
    optional: [1],
    // Any function may be a body (one that gives a generator, like a generator function).
    accepts: (i, v) => (i === 0 ? typeof v === 'function' : without('unit', 'partial')(v)),
    extra: { 1: [['{ partial: 3 }', { partial: 3 }]] },
  },
  ...(['run', 'runSync'] as const).flatMap((m): Call[] => {
    const c: Call = {
      name: `Job#${m}`,
      call: (o) => three()[m](o as core.RunOptions<number>),
      args: () => [{ maxNodes: 2 }],
      params: ['options'],
      optional: [0],
      accepts: (_, v) => runOptions(v),
    };
    // Limits of the wrong kind are refused, but the error names the limit without the options it is in.
    const limits = {
      0: [['{ maxNodes: -1 }', { maxNodes: -1 }] as const, ["{ timeoutMs: '5' }", { timeoutMs: '5' }] as const],
    };
    return [c, { ...c, name: `Job#${m}: its limits`, extra: limits }];
  }),
  {
    // A generator: it is refused where it starts, at its first step.
    name: 'Job#runWithin',
    call: (c, o) =>
      three()
        .runWithin(c as JobControl<unknown>, o as core.InnerOptions)
        .next(),
    args: () => [control(), { maxNodes: 2 }],
    params: ['outer', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && runOptions(v),
  },
  {
    name: 'Job#within',
    call: (c, r) => three().within(c as JobControl<unknown>, r as (p: core.Progress) => void),
    args: () => [control(), () => {}],
    params: ['control', 'report'],
    optional: [1],
    accepts: (i, v) => i === 1 && typeof v === 'function',
  },
  {
    name: 'new JobControl',
    call: (u) => new core.JobControl(u as core.ProgressUnit),
    args: () => ['moves'],
    params: ['unit'],
    optional: [0],
    accepts: (_, v) => (core.PROGRESS_UNITS as readonly unknown[]).includes(v),
  },
  {
    name: 'JobControl#spend',
    call: (n) => control().spend(n as number),
    args: () => [3],
    params: ['n'],
    optional: [0],
    accepts: (_, v) => typeof v === 'number' && v >= 0 && v <= Number.MAX_SAFE_INTEGER,
  },
  {
    name: 'JobControl#report',
    call: (p) => control().report(p as core.ProgressReport),
    args: () => [{ share: 0.5, done: 3, unit: 'moves' }],
    params: ['progress'],
    accepts: (_, v) => without('share', 'done', 'unit')(v),
    extra: {
      0: [
        ['{ share: NaN }', { share: NaN }],
        ["{ unit: 'furlongs' }", { unit: 'furlongs' }],
        ['{ done: NaN }', { done: NaN }],
      ],
    },
  },
  {
    name: 'finishedValue',
    call: (o, w) => core.finishedValue(o as core.Outcome<number>, w as string),
    args: () => [{ finished: true, value: 3, nodes: 3, ms: 0 }, 'the sum'],
    params: ['outcome', 'what'],
    optional: [1],
    accepts: (i, v) => i === 1 && typeof v === 'string',
  },
  {
    name: 'shareOf',
    call: (d, t) => core.shareOf(d as number, t as number),
    args: () => [3, 10],
    params: ['done', 'total'],
    // Any finite number: the share is kept within 0 … 1.
    accepts: (_, v) => typeof v === 'number' && Number.isFinite(v),
  },
  {
    name: 'runInWorker',
    call: (e, n, a, o) =>
      core.runInWorker(e as core.Endpoint, n as 'walk.exactSurvival', a as never, o as core.RunOptions),
    args: () => [
      channel.port1 as unknown as core.Endpoint,
      'walk.exactSurvival',
      [{ board: '8x8', from: 'a1', steps: 2 }],
      { maxNodes: 100 },
    ],
    params: ['endpoint', 'name', 'args', 'options'],
    optional: [3],
    // Any list of arguments goes to the job, whose maker names what is wrong in them.
    accepts: (i, v) => (i === 2 ? Array.isArray(v) : i === 3 && runOptions(v)),
    extra: {
      1: [["'walk.nope'", 'walk.nope']],
    },
  },
];

/** What takes no argument, or any value, and needs no junk check. */
const WITHOUT: Record<string, string> = {
  ...Object.fromEntries(
    [
      'Board#toString',
      'Bitboard#complement',
      'Bitboard#count',
      'Bitboard#first',
      'Bitboard#isEmpty',
      'Bitboard#last',
      'Bitboard#names',
      'Bitboard#squares',
      'Bitboard#toString',
      'Bitboard#toWords',
    ].map((n) => [n, 'takes no argument']),
  ),
  isGridbitsError: 'takes any value: it answers whether a caught value is a GridbitsError',
  finishedJob: 'takes any value: the answer of a job that is done at once',
  'Job#start': 'private to the class (TypeScript), not part of the API',
};

/** Classes whose constructor is private (TypeScript): made only by their statics. */
const NO_NEW = ['Board', 'Bitboard'];

describe('gridbits/core answers junk with a GridbitsError naming the argument', () => {
  it('covers every export', () => {
    expectCovered(core, CALLS, WITHOUT, NO_NEW);
  });

  for (const c of CALLS) {
    it(c.name, async () => checkJunk(c), 60_000);
  }

  it('the cases of the issue: a square name of -1 or 1.5, null to the parsers, a draw below 0, a NaN seed', () => {
    expect(() => b8.name(-1)).toThrow(GridbitsError);
    expect(() => b8.name(1.5)).toThrow(/index/);
    expect(() => b8.parse(null as unknown as string)).toThrow(/square name must be a string/);
    expect(() => core.uniformBelow(createRng(1), 0)).toThrow(/n must be a whole number/);
    expect(() => createRng(1).below(0)).toThrow(/n must be a whole number/);
    expect(() => createRng(NaN)).toThrow(/seed/);
    expect(b8.name(63)).toBe('h8');
    for (const [label, v] of JUNK) expect(() => b8.name(v as number), label).toThrow(/index/);
  });
});

describe('the package root', () => {
  it("gives the core's names, the same values, and each engine as a namespace: nothing else", () => {
    const namespaces = ['core', 'pieces', 'render', 'tour', 'walk', 'valley', 'fleet'];
    const own = Object.keys(root).filter((n) => !namespaces.includes(n));
    expect(own.sort()).toEqual(Object.keys(core).sort());
    for (const n of own) expect((root as Record<string, unknown>)[n], n).toBe((core as Record<string, unknown>)[n]);
    for (const n of namespaces) expect(typeof (root as Record<string, unknown>)[n], n).toBe('object');
  });

  it("answers junk as the core does: its callables are the core's, covered above", () => {
    expectCovered(root as unknown as Record<string, unknown>, CALLS, WITHOUT, NO_NEW);
  });
});

describe('gridbits/worker', () => {
  it('exports the registry of jobs and nothing else to call', async () => {
    const worker = (await import('../../src/worker.js')) as Record<string, unknown>;
    expect(Object.keys(worker)).toEqual(['JOBS']);
    expect(worker.JOBS).toBe(JOBS);
    expect(Object.values(JOBS).every((make) => typeof make === 'function')).toBe(true);
  });

  // The pieces' and walks' jobs: a task that is not a task object is refused by name, at once.
  const task = (name: keyof typeof JOBS, good: unknown): Call => ({
    name,
    call: (t) => (JOBS[name] as (t: unknown) => unknown)(t),
    args: () => [good],
    params: ['task'],
  });
  const TASKS: Call[] = [
    task('pieces.mobility', { board: '8x8', piece: 'queen', occupied: ['d5'] }),
    task('pieces.attacks', { board: '8x8', piece: 'queen', from: ['d4', 0], occupied: ['d5'] }),
    ...(['walk.survivalMap', 'walk.exactCounts', 'walk.exactSurvivalMap', 'walk.survivalMapAtHorizon'] as const).map(
      (n) => task(n, { board: '8x8', steps: 3 }),
    ),
    ...(
      ['walk.survival', 'walk.exactSurvival', 'walk.survivalAtHorizon', 'walk.distribution', 'walk.decayRate'] as const
    ).map((n) => task(n, { board: '8x8', piece: 'camel', from: 'a1', steps: 3 })),
    task('walk.simulate', { board: '8x8', from: 0, steps: 3, trials: 10 }),
  ];
  it('covers every pieces and walk job', () => {
    const names = Object.keys(JOBS).filter((n) => /^(pieces|walk)\./.test(n));
    expect(TASKS.map((c) => c.name).sort()).toEqual(names.sort());
  });
  for (const c of TASKS) it(`${c.name} refuses a task that is not one`, async () => checkJunk(c, 10), 60_000);

  // Every job's maker, null in each argument of its sample run: a GridbitsError at once, not a TypeError or a job.
  for (const c of STALL_CASES) {
    const check = (): void => {
      const make = JOBS[c.name] as (...a: unknown[]) => unknown;
      c.args().forEach((_, i) => {
        const args = c.args() as unknown[];
        args[i] = null;
        expect(() => make(...args), `${c.name}: null as argument ${i + 1}`).toThrow(GridbitsError);
      });
    };
    it(`${c.name} refuses null arguments`, check);
  }
});
