// Reading a tour from text: a list of squares (a1 b3 c5 …) or a numbered grid (rows top rank first, | allowed).
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { checkBoard, shown, TOUR_MAX_SIDE } from './check.js';

/** A tour as read from text: the board, the path and its step numbers, the format and what was wrong. */
export interface ParsedTour {
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
export function parseTour(text: string, board?: Board): ParsedTour {
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

/** A line that carries the tour: its text trimmed, its number in the input (from 1). */
interface Line {
  text: string;
  line: number;
}

/** What separates the squares of a list. */
const LIST_SEPARATOR = /[\s,;|]+|->|\u2192|-(?=[a-z])/i;
/** A letter followed by a digit: a line without one holds no square name. */
const MAY_NAME_SQUARE = /[a-z][0-9]/i;

function readTour(text: string, board: Board | undefined): ParsedTour {
  const lines: Line[] = [];
  for (let from = 0, line = 1; from <= text.length; line++) {
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    const t = text.slice(from, end).trim();
    if (t !== '' && !t.startsWith('#')) lines.push({ text: t, line });
    from = end + 1;
  }
  if (lines.length === 0) throw new GridbitsError('BAD_INPUT', 'no tour found: the text is empty');
  if (lines[0].text.startsWith('{')) return parseJson(text, board);
  // → written as \u2192: code that is all ASCII loads faster (scripts/bundle-cli.mjs).
  const isList = lines.some(
    (l) => MAY_NAME_SQUARE.test(l.text) && l.text.split(LIST_SEPARATOR).some((t) => SQUARE.test(t)),
  );
  if (!isList) return parseGrid(lines, board);
  const tokens: string[] = [];
  for (const l of lines) for (const t of l.text.split(LIST_SEPARATOR)) if (t !== '') tokens.push(t);
  return parseList(tokens, board);
}

/** The digits of `t` from `from` as a number, or -1 when they are not all digits (or there are none). */
function digitsFrom(t: string, from: number): number {
  if (from >= t.length) return -1;
  // Past 15 digits the sum below may round differently from Number's reading.
  if (t.length - from > 15) return /^[0-9]+$/.test(t.slice(from)) ? Number(t.slice(from)) : -1;
  let n = 0;
  for (let i = from; i < t.length; i++) {
    const d = t.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function parseList(tokens: string[], board: Board | undefined): ParsedTour {
  const n = tokens.length;
  // Files from 0, ranks as written (from 1): a square name read once, its coordinates kept.
  const files = new Float64Array(n),
    ranks = new Float64Array(n);
  let w = 1,
    h = 1;
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    let file = 0,
      j = 0;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j) | 0x20;
      if (c < 97 || c > 122) break;
      file = file * 26 + (c - 96);
    }
    const rank = j === 0 ? -1 : digitsFrom(t, j);
    if (rank < 0) throw new GridbitsError('BAD_INPUT', `'${t}' is not a square name (expected squares like a1 b3 c5)`);
    files[i] = file - 1;
    ranks[i] = rank;
    if (file > w) w = file;
    if (rank > h) h = rank;
  }
  if (board === undefined) {
    // A square name can name a huge board ('zz99999'): past the engine's limit it is no tour of any board read.
    if (w > TOUR_MAX_SIDE || h > TOUR_MAX_SIDE)
      throw new GridbitsError(
        'BOARD_TOO_LARGE',
        `text names a square of a ${w}x${h} board, past the largest read (${TOUR_MAX_SIDE} a side)`,
      );
    board = Board.of(w, h);
  }
  const b = board;
  const path = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const f = files[i],
      r = ranks[i] - 1;
    // Off the board: the board's own reading says so, in its words.
    path[i] = f < b.width && r >= 0 && r < b.height ? b.index(f, r) : b.parse(tokens[i]);
  }
  const numbers = new Array<number>(n);
  for (let i = 0; i < n; i++) numbers[i] = i + 1;
  return { board: b, path, numbers, format: 'squares', problems: [] };
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

/** A cell of a numbered grid: its number, NaN for an empty mark. */
function cellOf(t: string, line: number): number {
  const n = t.length > 0 && t.length <= 15 ? digitsFrom(t, 0) : /^[0-9]+$/.test(t) ? Number(t) : -1;
  if (n >= 0) return n;
  if (EMPTY_MARK.test(t)) return NaN;
  throw new GridbitsError(
    'BAD_INPUT',
    `line ${line}: '${t}' is neither a square name, a step number nor an empty mark`,
  );
}

function parseGrid(lines: Line[], board: Board | undefined): ParsedTour {
  const rows: { cells: Float64Array; line: number }[] = [];
  for (const { text, line } of lines) {
    if (MD_RULE.test(text)) continue;
    const parts = text.includes('|') ? text.replace(/^\|/, '').replace(/\|$/, '').split('|') : text.split(/[\s,;]+/);
    const cells = new Float64Array(parts.length);
    for (let i = 0; i < parts.length; i++) cells[i] = cellOf(parts[i].trim(), line);
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
  // The number on each square (NaN: none), top rank first in the text.
  const n = b.cells;
  const at = new Float64Array(n);
  rows.forEach((r, i) => at.set(r.cells, (rows.length - 1 - i) * width));
  let written = 0,
    zeroBased = false;
  for (let s = 0; s < n; s++)
    if (at[s] === at[s]) {
      written++;
      if (at[s] === 0) zeroBased = true;
    }
  if (written === 0) throw new GridbitsError('BAD_INPUT', 'no tour found: the grid has no numbers');
  if (zeroBased) for (let s = 0; s < n; s++) at[s]++;
  // The squares ordered by their numbers, then by square: numbers 1..n sorted by counting, larger ones apart.
  const first = new Int32Array(n + 2);
  const beyond: number[] = [];
  for (let s = 0; s < n; s++) {
    const v = at[s];
    if (v <= n) first[v + 1]++;
    else if (v === v) beyond.push(s);
  }
  for (let k = 1; k <= n + 1; k++) first[k] += first[k - 1];
  const path = new Array<number>(written);
  const numbers = new Array<number>(written);
  const next = first.slice(0, n + 1);
  for (let s = 0; s < n; s++) {
    const v = at[s];
    if (v <= n) {
      path[next[v]] = s;
      numbers[next[v]++] = v;
    }
  }
  beyond.sort((x, y) => at[x] - at[y] || x - y);
  beyond.forEach((s, i) => ((path[first[n + 1] + i] = s), (numbers[first[n + 1] + i] = at[s])));
  const problems: string[] = [];
  const squaresOf = (from: number, to: number): string =>
    listShort(
      path.slice(from, Math.min(to, from + 10)).map((s) => b.name(s)),
      10,
      to - from,
    );
  for (let i = 0; i < written;) {
    let j = i + 1;
    while (j < written && numbers[j] === numbers[i]) j++;
    if (j - i > 1) problems.push(`number ${numbers[i]} is written on ${j - i} squares: ${squaresOf(i, j)}`);
    if (numbers[i] > n) problems.push(`number ${numbers[i]} on ${b.name(path[i])} is beyond the board's ${n} squares`);
    i = j;
  }
  const missing: number[] = [];
  for (let k = 1; k <= n; k++) if (first[k + 1] === first[k]) missing.push(k);
  if (missing.length > 0)
    problems.push(
      `step number${missing.length > 1 ? 's' : ''} ${listShort(missing.map(String))} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  return { board: b, path, numbers, format: 'grid', problems };
}

/** At most `max` items, then "and N more" (of `count` in all: the items given may be the first few). */
export function listShort(items: string[], max = 10, count = items.length): string {
  return count <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${count - max} more`;
}
