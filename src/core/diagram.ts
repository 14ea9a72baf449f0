// ASCII diagrams of bitboards in the style "@ x .": rendering layers of sets, and parsing a diagram back.
import { Bitboard } from './bitboard.js';
import { Board } from './board.js';
import { checkInstance, checkString, refuse } from './check.js';
import { GridbitsError } from './error.js';

/** One character drawn on a set of squares. */
export interface Layer {
  /** The squares to draw. */
  set: Bitboard;
  /** The character drawn on them. */
  char: string;
}

/**
 * Draws the board from rank H (top) down to rank 1, one character per square separated by spaces.
 * Earlier layers win where sets overlap; squares in no layer show `empty`.
 */
export function renderDiagram(board: Board, layers: readonly Layer[], empty = '.'): string {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  if (!Array.isArray(layers)) refuse('layers', 'a list of { set, char } layers', layers);
  layers.forEach((l: unknown, i) => {
    const { set, char } = (l ?? {}) as Partial<Layer>;
    if (typeof l !== 'object' || l === null) refuse(`layers[${i}]`, 'a layer { set, char }', l);
    const squares = checkInstance(set, Bitboard, `layers[${i}].set`, 'a Bitboard');
    if (!squares.board.equals(board)) {
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `layers[${i}].set must be a bitboard of the ${board} board, got one of ${squares.board}`,
      );
    }
    checkChar(char, `layers[${i}].char`);
  });
  checkChar(empty, 'empty');
  const rows: string[] = [];
  for (let r = board.height - 1; r >= 0; r--) {
    const row: string[] = [];
    for (let f = 0; f < board.width; f++) {
      const s = board.index(f, r);
      const layer = layers.find((l) => l.set.has(s));
      row.push(layer === undefined ? empty : layer.char);
    }
    rows.push(row.join(' '));
  }
  return rows.join('\n');
}

/** A diagram read back: its board and the squares of each character. */
export interface ParsedDiagram {
  /** The board the diagram's rows and columns make. */
  board: Board;
  /** For each character other than the empty ones, the squares that show it. */
  layers: Map<string, Bitboard>;
}

/**
 * Reads a diagram written top rank first: squares either separated by spaces or written together. Each
 * character of `empty` (`.` by default) is an empty square. Rows of different lengths are an error naming the row.
 */
export function parseDiagram(diagram: string, empty = '.'): ParsedDiagram {
  checkString(diagram, 'diagram');
  checkString(empty, 'empty');
  const lines = diagram
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (lines.length === 0)
    throw new GridbitsError('BAD_DIAGRAM', 'empty diagram: expected rows of squares like ". x @"');
  const rows = lines.map((l) => (/\s/.test(l) ? l.split(/\s+/) : [...l]));
  const width = rows[0].length;
  rows.forEach((row, i) => {
    if (row.length !== width) {
      throw new GridbitsError(
        'BAD_DIAGRAM',
        `diagram row ${i + 1} has ${row.length} squares, the first row has ${width}`,
      );
    }
    const long = row.find((t) => t.length !== 1);
    if (long !== undefined)
      throw new GridbitsError('BAD_DIAGRAM', `diagram row ${i + 1}: '${long}' is not a single character`);
  });
  const board = Board.of(width, rows.length);
  const squares = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const rank = rows.length - 1 - i;
    row.forEach((ch, file) => {
      if (empty.includes(ch)) return;
      let list = squares.get(ch);
      if (list === undefined) squares.set(ch, (list = []));
      list.push(board.index(file, rank));
    });
  });
  const layers = new Map<string, Bitboard>();
  for (const [ch, list] of squares) layers.set(ch, Bitboard.fromSquares(board, list));
  return { board, layers };
}

/** One character drawn on a square: a string of one character that is not a space. */
function checkChar(value: unknown, name: string): void {
  if (typeof value !== 'string' || value.length !== 1 || /\s/.test(value)) {
    refuse(name, 'one character other than a space', value);
  }
}
