// Every text parser of the public API, on any text: it returns, or throws a GridbitsError that names the
// problem in one line. Never a TypeError, a RangeError or a hang from a malformed board, piece, fleet,
// mask, layout, shot record, tour, King's Valley position, move or record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as gridbits from '../../src/index.js';

const { Board, isGridbitsError } = gridbits;

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
  const problem = gridbits.fleetProblem({ width: 6, height: 6, fleet: 'hasbro' });
  const start = gridbits.valleyStart();
  const engine = gridbits.createValleyEngine(start);
  const parsers: Array<[string, (t: string) => unknown]> = [
    ['parseBoardSize', (t) => gridbits.parseBoardSize(t)],
    ['Board.parse', (t) => board.parse(t)],
    ['parseDiagram', (t) => gridbits.parseDiagram(t)],
    ['parseFileName', (t) => gridbits.parseFileName(t)],
    ['parsePiece', (t) => gridbits.parsePiece(t)],
    ['parseFleetBoard', (t) => gridbits.parseFleetBoard(t)],
    ['parseFleetForbidList', (t) => gridbits.parseFleetForbidList(board, t.split(','))],
    ['parseFleetLayoutGrid', (t) => gridbits.parseFleetLayoutGrid(t)],
    ['parseFleetLayoutGrid 6x6', (t) => gridbits.parseFleetLayoutGrid(t, 6, 6)],
    ['parseFleetMask', (t) => gridbits.parseFleetMask(t)],
    ['parseShape', (t) => gridbits.parseShape(t)],
    ['parseFleet', (t) => gridbits.parseFleet(t)],
    ['parseTouch', (t) => gridbits.parseTouch(t)],
    ['parseShots', (t) => gridbits.parseShots(problem, t)],
    ['parseTour', (t) => gridbits.parseTour(t)],
    ['parseTour 8x8', (t) => gridbits.parseTour(t, board)],
    ['parseValleyPosition', (t) => gridbits.parseValleyPosition(t)],
    ['parseValleyMove', (t) => gridbits.parseValleyMove(start, t)],
    ['parseValleyEngineMove', (t) => gridbits.parseValleyEngineMove(engine, t)],
    ['parseValleyPlayer', (t) => gridbits.parseValleyPlayer(t)],
    ['parseValleyRecord', (t) => gridbits.parseValleyRecord(t)],
    ['parseValleyVariantPosition', (t) => gridbits.parseValleyVariantPosition('labyrinth', t)],
    ['ValleyGame.fromRecord', (t) => gridbits.ValleyGame.fromRecord(t)],
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
