// Junk for the tour engine's checked calls (gridbits/tour): each answers nonsense in any argument with a
// GridbitsError naming that argument, before any work. The rest of the index is not covered yet.
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import * as tour from '../../src/tour/index.js';
import { checkJunk, type Call } from './junk.js';

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
const isOptions = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

const CALLS: Call[] = [
  { name: 'findTourSync', call: (q) => tour.findTourSync(q as never), args: () => [query()], params: ['query'] },
  { name: 'findTour', call: (q) => tour.findTour(q as never), args: () => [query()], params: ['query'] },
  {
    name: 'countToursSync',
    call: (b, o) => tour.countToursSync(b as never, o as never),
    args: () => [Board.of(3, 4), {}],
    params: ['board', 'options'],
    optional: [1],
    // Options it does not know are left alone, as everywhere in gridbits.
    accepts: (i, v) => i === 1 && isOptions(v),
    extra: {
      1: [
        ['closed: "no"', { closed: 'no' }],
        ['piece: "knight"', { piece: 'knight' }],
      ],
    },
  },
  {
    name: 'parseTour',
    call: (t) => tour.parseTour(t as never),
    args: () => ['a1 c2 e1'],
    params: ['text'],
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
];

describe('gridbits/tour refuses junk at once, naming the argument', () => {
  for (const c of CALLS) it(c.name, () => checkJunk(c), 60_000);
});
