// Junk for every export of the tour engine (gridbits/tour): each answers nonsense in any argument with a
// GridbitsError naming that argument, before any work; `expectCovered` makes a new export without a call fail.
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { JobControl } from '../../src/core/job.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import * as tour from '../../src/tour/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';
import { joinParts } from '../tour/checkpoint-bytes.js';

const b5 = Board.of(5, 5);
/** An open tour of 5×5 from a1 (found once, checked by the engine). */
const path = (): Int32Array => {
  const out = tour.findTourSync({ board: b5, piece: KNIGHT, closed: false, from: 0 });
  if (!out.finished || !out.value.path) throw new Error('no 5×5 tour');
  return out.value.path;
};
const query = () => ({ board: Board.of(3, 4), piece: KNIGHT, closed: false, from: 0 });
/** Another board is a board: the answer is about that board (no tour of it), not a refusal. */
const board0 = (i: number, v: unknown): boolean => i === 0 && v instanceof Board;
/** A whole number from `min`: a good value wherever a count or a size is asked for. */
const whole = (v: unknown, min: number): boolean => Number.isSafeInteger(v) && (v as number) >= min;
const isOptions = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
/** A small count's checkpoint, stopped early, and its first bytes as a file holds them. */
const stoppedCount = () => {
  const j = tour.countToursJob(Board.of(6, 6), { closed: true });
  j.runSync({ maxNodes: 2000 });
  return j;
};
const checkpointFile = (): Uint8Array => joinParts(tour.countCheckpoint(stoppedCount()) as Uint8Array[]);
const shardedCount = () => tour.shardTourCount({ width: 6, height: 6, piece: 'knight', closed: true }, 4);

/** Options of a count: what it counts and how, each checked and named at once (with the run's limits). */
const COUNT_OPTION_JUNK: ReadonlyArray<readonly [string, unknown]> = [
  ['closed: "no"', { closed: 'no' }],
  ['piece: "knight"', { piece: 'knight' }],
  ['from: 99', { from: 99 }],
  ['to: -1', { from: 0, to: -1 }],
  ['method: "magic"', { method: 'magic' }],
  ['pastLimit: 1', { pastLimit: 1 }],
  ['resume: "file"', { resume: 'file' }],
  ['resume: {}', { resume: {} }],
  ['checkpoint: {}', { checkpoint: {} }],
  ['checkpoint.everyMs: -1', { checkpoint: { everyMs: -1, save: () => undefined } }],
  ['checkpoint.save: 1', { checkpoint: { everyMs: 1000, save: 1 } }],
];

/** The calls of a count (board, options). */
const countCalls = (name: string, f: (b: unknown, o: unknown) => unknown, eachOnly = false): Call => ({
  name,
  call: f,
  args: () => [Board.of(3, 4), {}],
  params: ['board', 'options'],
  optional: [1],
  // Options it does not know are left alone, as everywhere in gridbits.
  accepts: (i, v) => i === 1 && isOptions(v),
  extra: {
    1: eachOnly
      ? [
          ['piece: "knight"', { piece: 'knight' }],
          ['method: "magic"', { method: 'magic' }],
          ['pastLimit: "yes"', { pastLimit: 'yes' }],
        ]
      : COUNT_OPTION_JUNK,
  },
});

/** Calls on (board, piece, options) for the table and the open-tour starts. */
const tableCalls = (name: string, f: (b: unknown, p: unknown, o: unknown) => unknown): Call => ({
  name,
  call: f,
  args: () => [Board.of(3, 4), KNIGHT, {}],
  params: ['board', 'piece', 'options'],
  optional: [2],
  accepts: (i, v) => board0(i, v) || (i === 2 && isOptions(v)),
  extra: { 2: [['maxSquareNodes: -1', { maxSquareNodes: -1 }]] },
});

/** Calls on (board, piece, square, options) for one cell of the table. */
const cellCalls = (name: string, f: (b: unknown, p: unknown, s: unknown, o: unknown) => unknown): Call => ({
  name,
  call: f,
  args: () => [Board.of(3, 4), KNIGHT, 0, {}],
  params: ['board', 'piece', 'square', 'options'],
  optional: [3],
  accepts: (i, v) => board0(i, v) || (i === 3 && isOptions(v)),
  extra: { 2: [['a square off the board', 12]], 3: [['maxSquareNodes: 0.5', { maxSquareNodes: 0.5 }]] },
});

const CALLS: Call[] = [
  {
    name: 'findTourSync',
    call: (q, o) => tour.findTourSync(q as never, o as never),
    args: () => [query(), {}],
    params: ['query', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && isOptions(v),
  },
  {
    name: 'findTour',
    call: (q, o) => tour.findTour(q as never, o as never),
    args: () => [query(), {}],
    params: ['query', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && isOptions(v),
  },
  { name: 'findTourJob', call: (q) => tour.findTourJob(q as never), args: () => [query()], params: ['query'] },
  ...(['searchTour', 'searchTourSync', 'searchTourJob'] as const).map((name): Call => ({
    name,
    call: (q, o) => tour[name](q as never, o as never),
    args: () => [query(), {}],
    params: ['query', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && isOptions(v),
    extra: {
      1: [
        ['switches: 1', { switches: 1 }],
        ['switches.warnsdorff: "yes"', { switches: { warnsdorff: 'yes' } }],
      ],
    },
  })),
  {
    name: 'traceTour',
    call: (q, o) => tour.traceTour(q as never, o as never),
    args: () => [query(), { maxEvents: 5 }],
    params: ['query', 'options'],
    optional: [1],
    accepts: (i, v) => i === 1 && isOptions(v),
    extra: { 1: [['maxEvents: -1', { maxEvents: -1 }]] },
  },
  {
    name: 'formatTrace',
    call: (b, e) => tour.formatTrace(b as never, e as never),
    args: () => [Board.of(3, 4), [...tour.traceTour(query(), { maxEvents: 5 })]],
    params: ['board', 'events'],
    accepts: (i, v) => board0(i, v) || (i === 1 && Array.isArray(v) && v.length === 0),
    extra: { 1: [['an event of no kind', [{ kind: 'jump', square: 0, depth: 0, backtracks: 0 }]]] },
  },
  {
    name: 'new SearchMachine',
    call: (q, s) => new tour.SearchMachine(q as never, s as never),
    args: () => [query(), {}],
    params: ['query', 'switches'],
    optional: [1],
    accepts: (i, v) => i === 1 && isOptions(v),
  },
  {
    name: 'SearchMachine#steps',
    call: (c, n, p) => new tour.SearchMachine(query()).steps(c as never, n as never, p as never).next(),
    args: () => [new JobControl(), 100, () => undefined],
    params: ['control', 'maxNodes', 'onPause'],
    optional: [1, 2],
    accepts: (i, v) => (i === 1 && (v === Infinity || whole(v, 0))) || (i === 2 && typeof v === 'function'),
  },
  { name: 'existence', call: (q) => tour.existence(q as never), args: () => [query()], params: ['query'] },
  ...(['knightOpenExists', 'knightClosedExists'] as const).map((name): Call => ({
    name,
    call: (w, h) => tour[name](w as never, h as never),
    args: () => [5, 6],
    params: ['width', 'height'],
    accepts: (_, v) => whole(v, 1),
  })),
  tableCalls('table', (b, p, o) => tour.table(b as never, p as never, o as never)),
  tableCalls('tableSync', (b, p, o) => tour.tableSync(b as never, p as never, o as never)),
  tableCalls('tableJob', (b, p, o) => tour.tableJob(b as never, p as never, o as never)),
  tableCalls('openTourStarts', (b, p, o) => tour.openTourStarts(b as never, p as never, o as never)),
  tableCalls('openTourStartsSync', (b, p, o) => tour.openTourStartsSync(b as never, p as never, o as never)),
  tableCalls('openTourStartsJob', (b, p, o) => tour.openTourStartsJob(b as never, p as never, o as never)),
  cellCalls('tableCell', (b, p, s, o) => tour.tableCell(b as never, p as never, s as never, o as never)),
  cellCalls('tableCellSync', (b, p, s, o) => tour.tableCellSync(b as never, p as never, s as never, o as never)),
  cellCalls('tableCellJob', (b, p, s, o) => tour.tableCellJob(b as never, p as never, s as never, o as never)),
  {
    name: 'tableCellText',
    call: (c) => tour.tableCellText(c as never),
    args: () => [{ exists: true, backtracks: 3, tryIndex: 1 }],
    params: ['cell'],
    extra: { 0: [['exists: "yes"', { exists: 'yes', backtracks: 0 }]] },
  },
  countCalls('countTours', (b, o) => tour.countTours(b as never, o as never)),
  countCalls('countToursSync', (b, o) => tour.countToursSync(b as never, o as never)),
  countCalls('countToursJob', (b, o) => tour.countToursJob(b as never, o as never)),
  countCalls('countToursFromEach', (b, o) => tour.countToursFromEach(b as never, o as never), true),
  countCalls('countToursFromEachSync', (b, o) => tour.countToursFromEachSync(b as never, o as never), true),
  countCalls('countToursFromEachJob', (b, o) => tour.countToursFromEachJob(b as never, o as never), true),
  {
    name: 'countLimit',
    call: (b, p, c, f) => tour.countLimit(b as never, p as never, c as never, f as never),
    args: () => [Board.of(6, 6), KNIGHT, false, 0],
    params: ['board', 'piece', 'closed', 'from'],
    optional: [1, 2, 3],
    accepts: (i, v) =>
      board0(i, v) || (i === 2 && typeof v === 'boolean') || (i === 3 && whole(v, 0) && (v as number) < 36),
  },
  {
    name: 'countCheckpoint',
    call: (j) => tour.countCheckpoint(j as never),
    args: () => [stoppedCount()],
    params: ['job'],
  },
  {
    name: 'readCheckpointHead',
    call: (b) => tour.readCheckpointHead(b as never),
    args: () => [checkpointFile()],
    params: ['bytes'],
  },
  {
    name: 'checkpointBytes',
    call: (h, t) => tour.checkpointBytes(h as never, t as never),
    args: () => {
      const { head, tablesAt } = tour.readCheckpointHead(checkpointFile());
      return [head, tablesAt];
    },
    params: ['head', 'tablesAt'],
    accepts: (i, v) => i === 1 && whole(v, 0),
  },
  {
    name: 'shardTourCount',
    call: (q, n) => tour.shardTourCount(q as never, n as never),
    args: () => [{ width: 6, height: 6, piece: 'knight', closed: true }, 4],
    params: ['question', 'shards'],
    optional: [1],
    accepts: (i, v) => i === 1 && whole(v, 1),
    extra: { 0: [['piece: "rook"', { width: 6, height: 6, piece: 'rook', closed: true }]] },
  },
  {
    name: 'countTourShardJob',
    call: (sc, i) => tour.countTourShardJob(sc as never, i as never),
    args: () => [shardedCount(), 1],
    params: ['sharded', 'index'],
    extra: { 0: [['another kind', { ...shardedCount(), kind: 'fleet' }]], 1: [['past the last shard', 4]] },
  },
  {
    name: 'symmetricSquares',
    call: (b, s) => tour.symmetricSquares(b as never, s as never),
    args: () => [Board.of(3, 4), 0],
    params: ['board', 'square'],
    accepts: board0,
  },
  {
    name: 'parseTour',
    call: (t, b) => tour.parseTour(t as never, b as never),
    args: () => ['a1 c2 e1', undefined],
    params: ['text', 'board'],
    optional: [1],
    accepts: (i, v) => i === 1 && v instanceof Board,
  },
  {
    name: 'checkTourTextJob',
    call: (t, o) => tour.checkTourTextJob(t as never, o as never),
    args: () => ['a1 c2 e1', { board: '5x5', piece: 'knight', close: true }],
    params: ['text', 'options'],
    optional: [1],
    // Any string is taken at once: what it says is read when the job runs (a text that is no tour fails then).
    accepts: (i, v) => (i === 0 && typeof v === 'string') || (i === 1 && isOptions(v)),
    extra: {
      1: [
        ['board: "0x5"', { board: '0x5' }],
        ['piece: "wazirr"', { piece: 'wazirr' }],
        ['close: "yes"', { close: 'yes' }],
      ],
    },
  },
  {
    name: 'analyzeTour',
    call: (b, p, o) => tour.analyzeTour(b as never, p as never, o as never),
    args: () => [b5, path(), {}],
    params: ['board', 'path', 'options'],
    optional: [2],
    accepts: (i, v) =>
      board0(i, v) ||
      (i === 2 && isOptions(v)) ||
      (i === 1 &&
        (Array.isArray(v) || v instanceof Uint8Array) &&
        Array.from(v as ArrayLike<unknown>).every(Number.isInteger)),
  },
  {
    name: 'fault',
    call: (b, p, o) => tour.fault(b as never, p as never, o as never),
    args: () => [b5, path(), {}],
    params: ['board', 'path', 'options'],
    optional: [2],
    accepts: (i, v) =>
      board0(i, v) || (i === 2 && isOptions(v)) || (i === 1 && typeof v === 'object' && v !== null && 'length' in v),
  },
  {
    name: 'isLeap',
    call: (b, p, f, t) => tour.isLeap(b as never, p as never, f as never, t as never),
    args: () => [b5, KNIGHT, 0, 7],
    params: ['board', 'piece', 'from', 'to'],
    // On another board the squares 0 and 7 are squares too; a piece may be given by name.
    accepts: (i, v) => board0(i, v) || (i === 1 && v === 'knight'),
  },
  {
    name: 'closeByEuler',
    call: (b, p, piece) => tour.closeByEuler(b as never, p as never, piece as never),
    args: () => [b5, Array.from(path()), parsePiece('knight')],
    params: ['board', 'path', 'piece'],
    optional: [2],
    accepts: (i, v) =>
      board0(i, v) ||
      (i === 1 &&
        (Array.isArray(v) || v instanceof Uint8Array) &&
        Array.from(v as ArrayLike<unknown>).every(Number.isInteger)),
  },
  {
    name: 'galleryTour',
    call: (n) => tour.galleryTour(n as never),
    args: () => [tour.galleryNames()[0]],
    params: ['name'],
  },
  {
    name: 'methodWords',
    call: (m) => tour.methodWords(m as never),
    args: () => ['construction'],
    params: ['method'],
    // Any method's name is words: those it does not know are given back as they are.
    accepts: (_, v) => typeof v === 'string',
  },
];

describe('gridbits/tour answers junk with a GridbitsError naming the argument, at once', () => {
  it('covers every export', () => {
    const machine = 'private to the class (TypeScript), not part of the API';
    expectCovered(tour, CALLS, {
      forgetShardTables: 'takes no argument',
      galleryNames: 'takes no argument',
      'SearchMachine#currentPath': 'takes no argument',
      'SearchMachine#step': 'takes no argument',
      ...Object.fromEntries(
        [
          'acceptable',
          'advance',
          'advanceUntilPause',
          'atGoal',
          'begin',
          'buildAdjacency',
          'chooseOrder',
          'connected',
          'enter',
          'expand',
          'leave',
          'run',
          'startAllowed',
          'startExhausted',
          'tryNext',
        ].map((m) => [`SearchMachine#${m}`, machine]),
      ),
    });
  });
  for (const c of CALLS) it(c.name, async () => checkJunk(c), 60_000);
});
