// The plain reader of tours that parse.ts replaced (before it read large tours in a fraction of the time): the
// reference the fast one is compared with, on any text (parse-fast.test.ts).
import { Board } from '../../src/core/board.js';
import { GridbitsError } from '../../src/core/error.js';
import { checkBoard, shown, TOUR_MAX_SIDE } from '../../src/tour/check.js';

/** A tour as read from text: the board, the path and its step numbers, the format and what was wrong. */
interface ParsedTour {
  /** The board, given or read from the text. */
  board: Board;
  /** Squares in the order visited (grid: ordered by their numbers). */
  path: number[];
  /** The number written on each path square: 1, 2, 3, … for a list; the grid's numbers for a grid. */
  numbers: number[];
  /** How the text gave it: a list of squares or a numbered grid. */
  format: 'squares' | 'grid';
  /** What the text itself says is wrong with the tour (grid: numbers repeated, missing, too large). */
  problems: string[];
}

const SQUARE = /^[a-z]+[0-9]+$/i;
const EMPTY_MARK = /^([.\-_*?]|[a-z])$/i;
const MD_RULE = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;

/**
 * Parses a tour. A text holding square names is a list (separated by spaces, commas, newlines, '-' or '->');
 * otherwise it is a numbered grid: one line per rank, top rank first, cells separated by spaces or '|' (markdown
 * tables work, rule lines are skipped), each a number 1..N (0..N−1 is accepted too) or an empty mark ('.', '-',
 * a letter) for a square the tour leaves out. Lines starting with '#' are comments. A text starting with '{' is
 * read as the JSON that `gridbits tour --json` prints (its board and path).
 * Throws BAD_INPUT (naming the line or token) for text that is not a tour in either format, OFF_BOARD for a
 * square outside `board`.
 */
export function parseTourPlainly(text: string, board?: Board): ParsedTour {
  if (typeof text !== 'string') throw new GridbitsError('BAD_INPUT', `text must be a string, got ${shown(text)}`);
  if (board !== undefined) checkBoard(board, 'board');
  try {
    return readTour(text, board);
  } catch (e) {
    // What is wrong is in the text: the message says so (a square off the given board stays OFF_BOARD).
    if (e instanceof GridbitsError && e.code !== 'OFF_BOARD' && !e.message.startsWith('text'))
      throw new GridbitsError(e.code, `text: ${e.message}`);
    throw e;
  }
}

function readTour(text: string, board: Board | undefined): ParsedTour {
  const lines = text
    .split(/\r?\n/)
    .map((l, i) => ({ text: l.trim(), line: i + 1 }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
  if (lines.length === 0) throw new GridbitsError('BAD_INPUT', 'no tour found: the text is empty');
  if (lines[0].text.startsWith('{')) return parseJson(text, board);
  // → written as \u2192: code that is all ASCII loads faster (scripts/bundle-cli.mjs).
  const tokens = lines.flatMap((l) => l.text.split(/[\s,;|]+|->|\u2192|-(?=[a-z])/i)).filter((t) => t !== '');
  if (tokens.some((t) => SQUARE.test(t))) return parseList(tokens, board);
  return parseGrid(lines, board);
}

function parseList(tokens: string[], board: Board | undefined): ParsedTour {
  const coords: [number, number][] = [];
  for (const t of tokens) {
    const m = /^([a-z]+)([0-9]+)$/i.exec(t);
    if (m === null)
      throw new GridbitsError('BAD_INPUT', `'${t}' is not a square name (expected squares like a1 b3 c5)`);
    let file = 0;
    for (const ch of m[1].toLowerCase()) file = file * 26 + (ch.charCodeAt(0) - 96);
    coords.push([file - 1, Number(m[2]) - 1]);
  }
  if (board === undefined) {
    let w = 1,
      h = 1;
    for (const [f, r] of coords) {
      w = Math.max(w, f + 1);
      h = Math.max(h, r + 1);
    }
    // A square name can name a huge board ('zz99999'): past the engine's limit it is no tour of any board read.
    if (w > TOUR_MAX_SIDE || h > TOUR_MAX_SIDE)
      throw new GridbitsError(
        'BOARD_TOO_LARGE',
        `text names a square of a ${w}x${h} board, past the largest read (${TOUR_MAX_SIDE} a side)`,
      );
    board = Board.of(w, h);
  }
  const b = board;
  const path = tokens.map((t) => b.parse(t));
  return { board: b, path, numbers: path.map((_, i) => i + 1), format: 'squares', problems: [] };
}

/** The JSON that `gridbits tour --json` prints: {"board": {"width", "height"}, "path": ["a1", …]}. */
function parseJson(text: string, board: Board | undefined): ParsedTour {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new GridbitsError(
      'BAD_INPUT',
      `the input starts like JSON but is not: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  const d = doc as { board?: { width?: unknown; height?: unknown }; path?: unknown };
  if (!Array.isArray(d.path) || !d.path.every((x) => typeof x === 'string')) {
    throw new GridbitsError(
      'BAD_INPUT',
      'JSON input needs a "path" array of square names (as gridbits tour --json prints)',
    );
  }
  const w = d.board?.width,
    h = d.board?.height;
  const b = board ?? (typeof w === 'number' && typeof h === 'number' ? Board.of(w, h) : undefined);
  return { ...parseList(d.path as string[], b), format: 'squares' };
}

function parseGrid(lines: { text: string; line: number }[], board: Board | undefined): ParsedTour {
  const rows: { cells: (number | null)[]; line: number }[] = [];
  for (const { text, line } of lines) {
    if (MD_RULE.test(text)) continue;
    const parts = text.includes('|') ? text.replace(/^\|/, '').replace(/\|$/, '').split('|') : text.split(/[\s,;]+/);
    const cells = parts.map((p) => {
      const t = p.trim();
      if (/^[0-9]+$/.test(t)) return Number(t);
      if (EMPTY_MARK.test(t)) return null;
      throw new GridbitsError(
        'BAD_INPUT',
        `line ${line}: '${t}' is neither a square name, a step number nor an empty mark`,
      );
    });
    rows.push({ cells, line });
  }
  if (rows.length === 0) throw new GridbitsError('BAD_INPUT', 'no tour found: no squares or numbered rows');
  const width = rows[0].cells.length;
  for (const r of rows) {
    if (r.cells.length !== width) {
      throw new GridbitsError(
        'BAD_INPUT',
        `line ${r.line}: a row of ${r.cells.length} cells in a grid of rows of ${width}`,
      );
    }
  }
  const b = Board.of(width, rows.length);
  if (board !== undefined && (board.width !== b.width || board.height !== b.height)) {
    throw new GridbitsError('BAD_INPUT', `the grid is ${b}, not the ${board} board given`);
  }
  const numbered: { square: number; number: number }[] = [];
  rows.forEach((r, i) => {
    const rank = rows.length - 1 - i;
    r.cells.forEach((c, file) => {
      if (c !== null) numbered.push({ square: b.index(file, rank), number: c });
    });
  });
  if (numbered.length === 0) throw new GridbitsError('BAD_INPUT', 'no tour found: the grid has no numbers');
  const zeroBased = numbered.some((x) => x.number === 0);
  if (zeroBased) for (const x of numbered) x.number++;
  numbered.sort((x, y) => x.number - y.number || x.square - y.square);
  const problems: string[] = [];
  const bySquare = new Map<number, number[]>();
  for (const x of numbered) bySquare.set(x.number, [...(bySquare.get(x.number) ?? []), x.square]);
  for (const [num, squares] of bySquare) {
    if (squares.length > 1)
      problems.push(
        `number ${num} is written on ${squares.length} squares: ${squares.map((s) => b.name(s)).join(', ')}`,
      );
    if (num > b.cells) problems.push(`number ${num} on ${b.name(squares[0])} is beyond the board's ${b.cells} squares`);
  }
  const missing: number[] = [];
  for (let k = 1; k <= b.cells; k++) if (!bySquare.has(k)) missing.push(k);
  if (missing.length > 0)
    problems.push(
      `step number${missing.length > 1 ? 's' : ''} ${listShort(missing.map(String))} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  return {
    board: b,
    path: numbered.map((x) => x.square),
    numbers: numbered.map((x) => x.number),
    format: 'grid',
    problems,
  };
}

/** At most ten items, then "and N more". */
function listShort(items: string[], max = 10): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
