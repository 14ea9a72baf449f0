// Junk for every export of gridbits/pieces: each argument of each call refused with a GridbitsError naming it, at once.
import { describe, it } from 'vitest';
import { Bitboard } from '../../src/core/bitboard.js';
import { Board } from '../../src/core/board.js';
import * as pieces from '../../src/pieces/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';

const b8 = Board.of(8, 8);
const knight = pieces.parsePiece('knight');
const queen = pieces.parsePiece('queen');
const d4 = (): Bitboard => Bitboard.fromSquares(b8, [27]);
const blockers = (): Bitboard => Bitboard.fromSquares(b8, [35, 44]);
const plain = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
/** Good values by argument name: any board, any bitboard of the 8×8 board, options without fields of their own. */
const GOOD: Record<string, (v: unknown) => boolean> = {
  board: (v) => v instanceof Board && v.cells <= 1 << 16,
  occupied: (v) => v instanceof Bitboard && v.board === b8,
  from: (v) => v instanceof Bitboard && v.board === b8,
  options: plain,
  square: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 64,
};
const accepts = (params: string[]) => (i: number, v: unknown) => GOOD[params[i]]?.(v) ?? false;
/** A bitboard of another board, for `from` and `occupied` beside an 8×8 one. */
const OTHER = { from: Bitboard.fromSquares(Board.of(9, 9), [0]) };

function call(
  name: string,
  f: (...a: unknown[]) => unknown,
  args: () => unknown[],
  params: string[],
  optional: number[] = [],
): Call {
  return { name, call: f, args, params, optional, accepts: accepts(params) };
}

/** A long call's three forms; the runs take options last (a budget of one node keeps them short). */
function forms(name: string, args: () => unknown[], params: string[], optional: number[]): Call[] {
  const fns = pieces as unknown as Record<string, (...a: unknown[]) => unknown>;
  const withOptions = [...params, 'options'];
  return [
    call(`${name}Job`, (...a) => fns[`${name}Job`](...a), args, params, optional),
    ...[name, `${name}Sync`].map((f) =>
      call(
        f,
        (...a) => fns[f](...a),
        () => [...args(), { maxNodes: 1 }],
        withOptions,
        [...optional, params.length],
      ),
    ),
  ];
}

const gen = (): pieces.AttackGen => pieces.attackGen(b8, queen);

const CALLS: Call[] = [
  call(
    'parsePiece',
    (s) => pieces.parsePiece(s as string),
    () => ['knight+king'],
    ['spec'],
  ),
  {
    ...call(
      'makePiece',
      (n, p) => pieces.makePiece(n as string, p as pieces.PieceParts),
      () => ['wazir', { leaps: [[0, 1]] }],
      ['name', 'parts'],
    ),
    // Any name is the caller's; its parts are lists of move vectors.
    accepts: (i, v) =>
      i === 0 ? typeof v === 'string' : plain(v) && !['leaps', 'rides', 'slides'].some((k) => k in (v as object)),
    extra: {
      1: [
        ['{ leaps: [[0, 0]] }', { leaps: [[0, 0]] }],
        ['{ rides: [[1.5, 2]] }', { rides: [[1.5, 2]] }],
      ],
    },
  },
  {
    ...call(
      'leaperVectors',
      (m, n) => pieces.leaperVectors(m as number, n as number),
      () => [1, 2],
      ['m', 'n'],
    ),
    accepts: (_, v) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 100_000,
  },
  call(
    'attackGen',
    (b, p) => pieces.attackGen(b as Board, p as pieces.Piece),
    () => [b8, knight],
    ['board', 'piece'],
  ),
  call(
    'new AttackGen',
    (b, p) => new pieces.AttackGen(b as Board, p as pieces.Piece),
    () => [b8, knight],
    ['board', 'piece'],
  ),
  {
    ...call(
      'attacks',
      (p, f, o) => pieces.attacks(p as pieces.Piece, f as Bitboard, o as Bitboard),
      () => [queen, d4(), blockers()],
      ['piece', 'from', 'occupied'],
      [2],
    ),
    // Any board's bitboard is a good `from` here (its board is the one); occupied must then be of that board.
    accepts: (i, v) =>
      i === 1 ? v instanceof Bitboard && v.board === b8 : accepts(['piece', 'from', 'occupied'])(i, v),
  },
  {
    ...call(
      'AttackGen#attacks',
      (f, o) => gen().attacks(f as Bitboard, o as Bitboard),
      () => [d4(), blockers()],
      ['from', 'occupied'],
      [1],
    ),
    extra: { 0: [['a bitboard of 9×9', OTHER.from]] },
  },
  call(
    'AttackGen#attacksFrom',
    (s, o) => gen().attacksFrom(s as number, o as Bitboard),
    () => [27, blockers()],
    ['square', 'occupied'],
    [1],
  ),
  call(
    'AttackGen#targets',
    (s, o) => gen().targets(s as number, o as Bitboard),
    () => [27, blockers()],
    ['square', 'occupied'],
    [1],
  ),
  ...forms('attackSet', () => [queen, d4(), blockers()], ['piece', 'from', 'occupied'], [2]).map((c) => ({
    ...c,
    accepts: (i: number, v: unknown) =>
      c.params[i] === 'from' ? v instanceof Bitboard && v.board === b8 : c.accepts!(i, v),
  })),
  ...forms('mobility', () => [b8, queen, blockers()], ['board', 'piece', 'occupied'], [2]).map((c) => ({
    ...c,
    // Good arguments on another board would need blockers of that board: any board is good without them.
    args: () => c.args().map((a, i) => (i === 2 ? undefined : a)),
    accepts: (i: number, v: unknown) => (c.params[i] === 'occupied' ? false : c.accepts!(i, v)),
  })),
];

describe('gridbits/pieces answers junk with a GridbitsError naming the argument', () => {
  it('covers every export', () => {
    expectCovered(pieces, CALLS, {
      'AttackGen#attackTable': 'takes no argument',
      'AttackGen#attacksWide': 'private to the class (TypeScript), not part of the API',
      'AttackGen#buildTable': 'private to the class (TypeScript), not part of the API',
      'AttackGen#byShifts': 'private to the class (TypeScript), not part of the API',
      'AttackGen#compileShifts': 'private to the class (TypeScript), not part of the API',
      'AttackGen#emptyWords': 'private to the class (TypeScript), not part of the API',
      'AttackGen#leapsSmall': 'private to the class (TypeScript), not part of the API',
      'AttackGen#ride': 'private to the class (TypeScript), not part of the API',
    });
  });
  for (const c of CALLS) it(c.name, async () => checkJunk(c), 60_000);
});
