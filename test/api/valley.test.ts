// Junk for every export of gridbits/valley: each argument of each call refused with a GridbitsError naming it, at
// once (before any work).
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import * as valley from '../../src/valley/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';

const whole = (v: unknown, min: number, max: number): boolean =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
/** Options without fields of their own are good: other fields are not read. */
const without =
  (...keys: string[]) =>
  (v: unknown): boolean =>
    plain(v) && !keys.some((k) => k in v);
const RUN = ['signal', 'onProgress', 'onPartial', 'maxNodes', 'timeoutMs'];
const SEARCH = ['depth', 'history', 'drawRule', 'onIteration', 'contempt', 'evaluate', 'tableSize', ...RUN];
const SOLVE = ['tableMegabytes', 'symmetry', 'allMoves', 'strategy', 'shortest', 'proofSize', 'onStatus', ...RUN];
const GAME = ['variant', 'position', 'first', 'drawRule'];

const start = (): valley.Position => valley.startPosition();
const engine = (): valley.Engine => valley.createEngine(valley.startPosition());
/** A position White wins in one move: a solve of it is quick. */
const winInOne = (): valley.Engine => valley.createEngine(valley.parsePosition('k4/3s1/5/5/K3S w 4'));
const labyrinth = (): valley.Engine => valley.createVariantEngine('labyrinth');
const b1e4 = valley.makeMove(1, 19);
/** Junk a call on an engine is given beside the junk of junk.ts: another board's engine, a thing like one. */
const otherEngines: Record<number, ReadonlyArray<readonly [string, unknown]>> = {
  0: [
    ['a position, not an engine', valley.startPosition()],
    ['an engine without its methods', { size: 5, board: valley.BOARD, side: 'white' }],
  ],
};
const isSlide5 = (v: unknown): boolean => typeof v === 'number' && valley.isSlide(v, valley.BOARD);
/** A text that names two squares of the 5×5 board (parseMove reads it). */
const twoSquares = (v: unknown): boolean => typeof v === 'string' && /^\s*[a-e][1-5][a-e][1-5]\s*$/i.test(v);
const blank = (v: unknown): boolean => typeof v === 'string' && v.trim() === '';

/** The three forms of a long call (the job, then the async and sync runs with run options last). */
function forms(
  name: string,
  args: () => unknown[],
  params: string[],
  accepts: (i: number, v: unknown) => boolean,
  options: { optional?: number[]; extra?: Call['extra'] } = {},
): Call[] {
  const fns = valley as unknown as Record<string, (...a: unknown[]) => unknown>;
  const n = params.length;
  return [
    { name: `${name}Job`, call: (...a) => fns[`${name}Job`](...a), args, params, accepts, ...options },
    ...[name, `${name}Sync`].map((f): Call => ({
      name: f,
      call: (...a) => fns[f](...a),
      args: () => [...args(), {}],
      params: [...params, 'options'],
      optional: [...(options.optional ?? []), n],
      accepts: (i, v) => (i === n ? without(...RUN)(v) : accepts(i, v)),
      extra: options.extra,
    })),
  ];
}

/** A search's three forms on a searcher (its methods) and with a fresh table (the module's functions). */
const searchForms = (make: (f: string) => (...a: unknown[]) => unknown, prefix: string): Call[] =>
  ['searchJob', 'search', 'searchSync'].map((f): Call => ({
    name: `${prefix}${f}`,
    call: (...a) => make(f)(...a),
    args: () => [engine(), { depth: 1 }],
    params: ['engine', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && without(...SEARCH)(v),
    extra: {
      ...otherEngines,
      1: [
        ['depth: 0', { depth: 0 }],
        ['history: "x"', { history: 'x' }],
        ['contempt: NaN', { contempt: NaN }],
      ],
    },
  }));

const game = (): valley.Game => new valley.Game();

const CALLS: Call[] = [
  // Moves.
  {
    name: 'formatMove',
    call: (m, b) => valley.formatMove(m as valley.Move, b as Board),
    args: () => [b1e4, valley.BOARD],
    params: ['move', 'board'],
    accepts: (i, v) => i === 0 && isSlide5(v),
    extra: { 0: [['a1a1, no slide', valley.makeMove(0, 0)]], 1: [['a 6×6 board', Board.of(6, 6)]] },
  },
  {
    name: 'isSlide',
    call: (m, b) => valley.isSlide(m, b as Board),
    args: () => [b1e4, valley.BOARD],
    params: ['move', 'board'],
    // Any value is or is not a slide: the answer is the check.
    accepts: (i) => i === 0,
  },
  {
    name: 'makeMove',
    call: (f, t) => valley.makeMove(f as number, t as number),
    args: () => [1, 19],
    params: ['from', 'to'],
    accepts: (_, v) => whole(v, 0, 63),
  },
  ...(['moveFrom', 'moveTo'] as const).map((f): Call => ({
    name: f,
    call: (m) => valley[f](m as valley.Move),
    args: () => [b1e4],
    params: ['move'],
    accepts: (_, v) => whole(v, 0, 4095),
  })),
  {
    name: 'parseMove',
    call: (t, b) => valley.parseMove(t as string, b as Board),
    args: () => ['b1e4', valley.BOARD],
    params: ['move', 'board'],
    accepts: (i, v) => i === 0 && twoSquares(v),
  },
  {
    name: 'moveText',
    call: (t) => valley.moveText(t as string),
    args: () => ['b1-e4'],
    params: ['move'],
    accepts: (_, v) => typeof v === 'string',
  },
  // Positions.
  {
    name: 'startPosition',
    call: (s) => valley.startPosition(s as valley.Side),
    args: () => ['black'],
    params: ['side'],
    optional: [0],
    accepts: (_, v) => v === 'white' || v === 'black',
  },
  {
    name: 'samePosition',
    call: (a, b) => valley.samePosition(a as valley.Position, b as valley.Position),
    args: () => [start(), start()],
    params: ['position', 'other'],
    extra: {
      0: [
        ['side: 0', { ...start(), side: 0 }],
        ['men apart no more', { ...start(), men: [3, 3] }],
        ['a King off its side', { ...start(), kings: [22, 2] }],
      ],
    },
  },
  ...(['winnerOf', 'formatPosition', 'legalMoves', 'createEngine'] as const).map((f): Call => ({
    name: f,
    call: (p) => valley[f](p as valley.Position),
    args: () => [start()],
    params: ['position'],
    extra: { 0: [['five soldiers', { ...start(), men: [0b11111 | (1 << 7), 0b11111 << 20] }]] },
  })),
  {
    name: 'parsePosition',
    call: (t) => valley.parsePosition(t as string),
    args: () => [valley.START],
    params: ['position'],
  },
  {
    name: 'parseLegalMove',
    call: (p, t) => valley.parseLegalMove(p as valley.Position, t as string),
    args: () => [start(), 'b1b4'],
    params: ['position', 'move'],
  },
  {
    name: 'play',
    call: (p, m) => valley.play(p as valley.Position, m as string),
    args: () => [start(), 'b1b4'],
    params: ['position', 'move'],
    extra: { 1: [['c1c3, the King first', 'c1c3']] },
  },
  // Records.
  {
    name: 'formatRecord',
    call: (s, m) => valley.formatRecord(s as valley.Position, m as string[]),
    args: () => [start(), ['b1b4']],
    params: ['start', 'moves'],
    accepts: (i, v) => i === 1 && Array.isArray(v) && v.every((m) => typeof m === 'string'),
  },
  {
    name: 'isJsonRecord',
    call: (t) => valley.isJsonRecord(t as string),
    args: () => ['{}'],
    params: ['record'],
    accepts: (_, v) => typeof v === 'string',
  },
  {
    name: 'parseRecord',
    call: (t) => valley.parseRecord(t as string),
    args: () => ['b1b4\nd5d2\n'],
    params: ['record'],
    // A record of no moves is the start.
    accepts: (_, v) => blank(v),
  },
  {
    name: 'readAbstractPlayRecord',
    call: (t) => valley.readAbstractPlayRecord(t as string),
    args: () => [JSON.stringify({ header: { game: { name: "King's Valley" } }, moves: [['a1-d4']] })],
    params: ['record'],
  },
  // Variants and engines.
  { name: 'findVariant', call: (t) => valley.findVariant(t as string), args: () => ['labyrinth'], params: ['variant'] },
  {
    name: 'variantStart',
    call: (v, f) => valley.variantStart(v as valley.VariantName, f as valley.Side),
    args: () => ['labyrinth', 'black'],
    params: ['variant', 'first'],
    optional: [1],
    accepts: (i, v) => i === 1 && (v === 'white' || v === 'black'),
  },
  {
    name: 'parseVariantPosition',
    call: (v, t) => valley.parseVariantPosition(v as valley.VariantName, t as string),
    args: () => ['labyrinth', valley.VARIANTS.labyrinth.start],
    params: ['variant', 'position'],
  },
  {
    name: 'formatVariantPosition',
    call: (v, s) => valley.formatVariantPosition(v as valley.VariantName, s as valley.Setup),
    args: () => ['labyrinth', valley.parseVariantPosition('labyrinth', valley.VARIANTS.labyrinth.start)],
    params: ['variant', 'setup'],
    extra: {
      1: [
        ['a 5×5 setup', valley.parseVariantPosition('standard', valley.START)],
        [
          'a soldier on a pillar',
          { ...valley.parseVariantPosition('labyrinth', valley.VARIANTS.labyrinth.start), men: [[15, 3], [45]] },
        ],
      ],
    },
  },
  {
    name: 'createVariantEngine',
    call: (v, p) => valley.createVariantEngine(v as valley.VariantName, p as string),
    args: () => ['labyrinth', valley.VARIANTS.labyrinth.start],
    params: ['variant', 'position'],
    optional: [1],
    extra: { 1: [['a 5×5 setup', valley.parseVariantPosition('standard', valley.START)]] },
  },
  {
    name: 'engineMoves',
    call: (e) => valley.engineMoves(e as valley.Engine),
    args: () => [labyrinth()],
    params: ['engine'],
    extra: otherEngines,
  },
  {
    name: 'evaluate',
    call: (e) => valley.evaluate(e as valley.Engine),
    args: () => [engine()],
    params: ['engine'],
    extra: otherEngines,
  },
  {
    name: 'parseEngineMove',
    call: (e, t) => valley.parseEngineMove(e as valley.Engine, t as string),
    args: () => [labyrinth(), 'a1a6'],
    params: ['engine', 'move'],
    extra: otherEngines,
  },
  // Games.
  {
    name: 'new Game',
    call: (o) => new valley.Game(o as valley.GameOptions),
    args: () => [{ variant: 'retrieve', first: 'black' }],
    params: ['options'],
    optional: [0],
    accepts: (_, v) => without(...GAME)(v),
    extra: {
      0: [
        ['first: "red"', { first: 'red' }],
        ['drawRule: "yes"', { drawRule: 'yes' }],
        ['position: 5', { position: 5 }],
      ],
    },
  },
  {
    name: 'Game.fromRecord',
    call: (t, o) => valley.Game.fromRecord(t as string, o as { drawRule?: boolean }),
    args: () => ['variant labyrinth\na1a6\n', { drawRule: false }],
    params: ['record', 'options'],
    optional: [1],
    accepts: (i, v) => (i === 0 ? blank(v) : without('drawRule')(v)),
    extra: { 1: [['drawRule: 1', { drawRule: 1 }]] },
  },
  {
    name: 'Game.fromAnyRecord',
    call: (t, o) => valley.Game.fromAnyRecord(t as string, o as { drawRule?: boolean }),
    args: () => ['{"moves": [["a1-a4"]]}', { drawRule: false }],
    params: ['record', 'options'],
    optional: [1],
    accepts: (i, v) => (i === 0 ? blank(v) : without('drawRule')(v)),
    extra: { 1: [['drawRule: 1', { drawRule: 1 }]] },
  },
  { name: 'Game#play', call: (m) => game().play(m as string), args: () => ['b1b4'], params: ['move'] },
  {
    name: 'Game#targets',
    call: (s) => game().targets(s as string),
    args: () => ['b1'],
    params: ['square'],
    accepts: (_, v) => typeof v === 'string' && /^\s*[a-e][1-5]\s*$/i.test(v),
  },
  // Long calls: perft, divide, search, solve.
  // Any depth to PERFT_MAX_DEPTH is good (not tried: the deep ones take hours).
  ...forms(
    'perft',
    () => [engine(), 2],
    ['engine', 'depth'],
    (i, v) => i === 1 && whole(v, 0, 12),
    {
      extra: otherEngines,
    },
  ),
  ...forms(
    'divide',
    () => [labyrinth(), 2],
    ['engine', 'depth'],
    (i, v) => i === 1 && whole(v, 0, 12),
    {
      extra: otherEngines,
    },
  ),
  // solve takes its options and the run's in one object.
  ...['solveJob', 'solve', 'solveSync'].map((f): Call => ({
    name: f,
    call: (...a) => (valley as unknown as Record<string, (...x: unknown[]) => unknown>)[f](...a),
    args: () => [winInOne(), { tableMegabytes: 1 }],
    params: ['engine', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && without(...SOLVE)(v),
    extra: {
      0: [...otherEngines[0], ["Labyrinth's engine", labyrinth()]],
      1: [
        ['tableMegabytes: 0', { tableMegabytes: 0 }],
        ['allMoves: "yes"', { allMoves: 'yes' }],
        ['maxNodes: -5', { maxNodes: -5 }],
      ],
    },
  })),
  {
    name: 'new Searcher',
    call: (n) => new valley.Searcher(n as number),
    args: () => [1024],
    params: ['tableSize'],
    optional: [0],
    accepts: (_, v) => whole(v, 1, 2 ** 26),
  },
  ...searchForms((f) => {
    const s = new valley.Searcher(1024) as unknown as Record<string, (...a: unknown[]) => unknown>;
    return (...a) => s[f](...a);
  }, 'Searcher#'),
  ...searchForms((f) => (valley as unknown as Record<string, (...a: unknown[]) => unknown>)[f], ''),
  {
    name: 'searchAnswer',
    call: (o) => valley.searchAnswer(o as never),
    args: () => [valley.searchSync(engine(), { depth: 1 })],
    params: ['outcome'],
  },
  // Players and matches.
  { name: 'parsePlayer', call: (t) => valley.parsePlayer(t as string), args: () => ['ai:3'], params: ['player'] },
  ...(['formatPlayer', 'levelBudget'] as const).map((f): Call => ({
    name: f,
    call: (s) => valley[f](s as valley.PlayerSpec),
    args: () => [{ kind: 'ai', level: 3 }],
    params: ['spec'],
    extra: {
      0: [
        ['level: 7', { kind: 'ai', level: 7 }],
        ['kind: "chess"', { kind: 'chess' }],
      ],
    },
  })),
  {
    name: 'createPlayer',
    call: (s, seed) => valley.createPlayer(s as valley.PlayerSpec, seed as number),
    args: () => [{ kind: 'greedy' }, 5],
    params: ['spec', 'seed'],
    optional: [1],
    accepts: (i, v) => i === 1 && Number.isSafeInteger(v),
  },
  ...(['randomPlayer', 'greedyPlayer'] as const).map((f): Call => ({
    name: f,
    call: (seed) => valley[f](seed as number),
    args: () => [5],
    params: ['seed'],
    optional: f === 'greedyPlayer' ? [0] : [],
    accepts: (_, v) => Number.isSafeInteger(v),
  })),
  ...forms(
    'match',
    () => [{ games: 1, a: { kind: 'random' }, b: { kind: 'greedy' } }],
    ['match'],
    () => false,
    {
      extra: {
        0: [
          ['games: 0', { games: 0, a: { kind: 'random' }, b: { kind: 'random' } }],
          ['b: "ai"', { games: 1, a: { kind: 'random' }, b: 'ai' }],
          ['a bad start', { games: 1, a: { kind: 'random' }, b: { kind: 'random' }, position: 'zz' }],
        ],
      },
    },
  ),
  ...forms(
    'playGame',
    () => [game(), valley.randomPlayer(1), valley.greedyPlayer(2), createRng(3), { plyCap: 20 }],
    ['game', 'white', 'black', 'rng', 'play'],
    (i, v) => i === 4 && without('openingPlies', 'plyCap')(v),
    { optional: [4], extra: { 1: [['a spec, not a player', { kind: 'random' }]], 4: [['plyCap: 0', { plyCap: 0 }]] } },
  ),
];

const PRIVATE = 'private to the class (TypeScript), not part of the API';
const NO_ARGUMENT = 'takes no argument';

/** Callables of the index with no call above, and why. */
const WITHOUT: Record<string, string> = {
  'Game#historyKeys': NO_ARGUMENT,
  'Game#legalMoves': NO_ARGUMENT,
  'Game#occurrences': NO_ARGUMENT,
  'Game#record': NO_ARGUMENT,
  'Game#result': NO_ARGUMENT,
  'Game#setup': NO_ARGUMENT,
  'Game#undo': NO_ARGUMENT,
  'Game#remember': PRIVATE,
  ...Object.fromEntries(
    [
      'after',
      'checkOwner',
      'completePv',
      'enter',
      'iterate',
      'leave',
      'loadHistory',
      'negamax',
      'noteCutoff',
      'pickNext',
      'popKey',
      'pushKey',
      'reduction',
      'repeated',
      'scoreMoves',
      'step',
    ].map((m) => [`Searcher#${m}`, PRIVATE]),
  ),
};

describe('gridbits/valley answers junk with a GridbitsError naming the argument, at once', () => {
  it('covers every export', () => {
    expectCovered(valley, CALLS, WITHOUT);
  });
  for (const c of CALLS) it(c.name, () => checkJunk(c), 60_000);
});
