// Every text parser of the public API, on any text: it returns, or throws a GridbitsError that names the
// problem in one line. Never a TypeError, a RangeError or a hang from a malformed board, piece, fleet,
// mask, layout, shot record, tour, King's Valley position, move or record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, isGridbitsError, parseBoardSize, parseDiagram, parseFileName } from '../../src/core/index.js';
import * as fleet from '../../src/fleet/index.js';
import { parsePiece } from '../../src/pieces/index.js';
import { parseTour } from '../../src/tour/index.js';
import * as valley from '../../src/valley/index.js';

/** Text near what the parsers read (their alphabets, separators, digits, newlines), and anything at all. */
const ALPHABET = [
  '.',
  '#',
  'x',
  'o',
  '1',
  '0',
  '2',
  '5',
  '9',
  'a',
  'e',
  'k',
  'K',
  's',
  'S',
  'w',
  'b',
  '/',
  ',',
  '+',
  '*',
  ' ',
  '\n',
  '-',
  'x',
  'h',
  'i',
  't',
  'm',
  's',
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((cs) => cs.join('')),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    'constructor',
    '__proto__',
    '1e9',
    '-0',
    '99999999999999999999x2',
    '5x5',
    'a1 b3 c5',
    'e5 miss\ne6 hit\ne7 sunk e5 e6',
    'sskss/5/5/5/SSKSS w 0',
    'variant labyrinth\na1f6\n',
  ),
);

function answersOrNames(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!isGridbitsError(e)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.message).not.toContain('\n');
  }
}

describe('the text parsers on any text', () => {
  const board = Board.of(8, 8);
  const problem = fleet.fleetProblem({ width: 6, height: 6, fleet: 'hasbro' });
  const start = valley.startPosition();
  const engine = valley.createEngine(start);
  const parsers: Array<[string, (t: string) => unknown]> = [
    ['parseBoardSize', (t) => parseBoardSize(t)],
    ['Board.parse', (t) => board.parse(t)],
    ['parseDiagram', (t) => parseDiagram(t)],
    ['parseFileName', (t) => parseFileName(t)],
    ['parsePiece', (t) => parsePiece(t)],
    ['fleet.parseFleetBoard', (t) => fleet.parseFleetBoard(t)],
    ['fleet.parseForbidList', (t) => fleet.parseForbidList(board, t.split(','))],
    ['fleet.parseLayoutGrid', (t) => fleet.parseLayoutGrid(t)],
    ['fleet.parseLayoutGrid 6x6', (t) => fleet.parseLayoutGrid(t, 6, 6)],
    ['fleet.parseMask', (t) => fleet.parseMask(t)],
    ['fleet.parseShape', (t) => fleet.parseShape(t)],
    ['fleet.parseFleet', (t) => fleet.parseFleet(t)],
    ['fleet.parseTouch', (t) => fleet.parseTouch(t)],
    ['fleet.parseShots', (t) => fleet.parseShots(problem, t)],
    ['tour.parseTour', (t) => parseTour(t)],
    ['tour.parseTour 8x8', (t) => parseTour(t, board)],
    ['valley.parsePosition', (t) => valley.parsePosition(t)],
    ['valley.parseLegalMove', (t) => valley.parseLegalMove(start, t)],
    ['valley.parseEngineMove', (t) => valley.parseEngineMove(engine, t)],
    ['valley.parsePlayer', (t) => valley.parsePlayer(t)],
    ['valley.parseRecord', (t) => valley.parseRecord(t)],
    ['valley.parseVariantPosition', (t) => valley.parseVariantPosition('labyrinth', t)],
    ['valley.Game.fromRecord', (t) => valley.Game.fromRecord(t)],
  ];
  for (const [name, parse] of parsers) {
    it(name, () => {
      fc.assert(
        fc.property(text, (t) => answersOrNames(() => parse(t))),
        { numRuns: 400, seed: 2026 },
      );
    });
  }
});
