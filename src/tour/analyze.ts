// Checking a given tour: valid or not and why, open or closed, line sums, semi-magic and magic, half-turn symmetry.
import type { Board } from '../core/board.js';
import { KNIGHT, type Piece } from '../pieces/piece.js';
import { GridbitsError } from '../core/error.js';
import { checkBoard, checkOptions, checkPath, checkSquare, leaperOf } from './check.js';
import { leapsOf } from './count-graph.js';
import { listShort } from './parse.js';

/** The sums of the step numbers along each line of the board. */
export interface Sums {
  /** Sum of the step numbers on each rank, rank 1 first. */
  rows: number[];
  /** Sum on each file, file a first. */
  columns: number[];
  /** Square boards: [a1 → top right, top left → bottom right]; other boards: []. */
  diagonals: number[];
}

/** What `analyzeTour` finds in a path: validity, closure, the faults, the sums and the magic properties. */
export interface Analysis {
  /** Every square exactly once and every step a move of the piece. */
  valid: boolean;
  /** A valid tour whose last square is one move from the first. */
  closed: boolean;
  /** Squares in the tour as given. */
  length: number;
  /** Why the tour is not valid, naming squares and step numbers; empty when valid. */
  errors: string[];
  /** Squares visited more than once. */
  repeated: number[];
  /** Squares never visited. */
  missing: number[];
  /** Steps between consecutive numbers that are not moves of the piece: step = number of the first square. */
  badSteps: {
    /** The step number the bad step leaves. */
    step: number;
    /** The square it leaves. */
    from: number;
    /** The square it reaches. */
    to: number;
  }[];
  /** The path is one path: numbers run 1, 2, 3, … with no repeated square and every step a move. */
  isPath: boolean;
  /** The step numbers summed along each rank, file and long diagonal. */
  sums: Sums;
  /** Valid, and every rank sums to the same number and every file to the same number. */
  semiMagic: boolean;
  /** Semi-magic on a square board with both long diagonals summing to the same magic constant too. */
  magic: boolean;
  /** Valid, and turning the board 180° maps step k onto step k + N/2 (as in Janisch's and Euler's tours). */
  halfTurnSymmetric: boolean;
}

/**
 * True when the piece (a leaper) goes from square `from` to square `to` of the board in one leap.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT } from 'gridbits/pieces';
 * import { isLeap } from 'gridbits/tour';
 * console.log(isLeap(Board.of(8, 8), KNIGHT, 0, 17)); // a1 to b3: true
 * ```
 */
export function isLeap(board: Board, piece: Piece, from: number, to: number): boolean {
  checkBoard(board, 'board');
  const leaps = leaperOf(piece, 'piece').leaps;
  return leapsTo(board, leaps, checkSquare(board, from, 'from'), checkSquare(board, to, 'to'));
}

/** True when one of the leaps goes from a to b on the board (unchecked: for loops over a checked path; internal). */
export function leapsTo(board: Board, leaps: ReadonlyArray<readonly [number, number]>, a: number, b: number): boolean {
  const dx = board.file(b) - board.file(a);
  const dy = board.rank(b) - board.rank(a);
  for (const [x, y] of leaps) if (x === dx && y === dy) return true;
  return false;
}

/** Options of `analyzeTour`. */
export interface AnalyzeOptions {
  /** The leaper whose moves the steps must be (default the knight). */
  piece?: Piece;
  /** Step number of each path square (default 1, 2, 3, …); steps are checked between consecutive numbers. */
  numbers?: readonly number[];
  /** Problems already known from reading the tour (repeated or missing numbers). */
  problems?: readonly string[];
}

/** Analyses a path of square indices as a tour of the whole board. */
export function analyzeTour(board: Board, squares: ArrayLike<number>, options: AnalyzeOptions = {}): Analysis {
  checkBoard(board, 'board');
  const path = checkPath(board, squares, 'path');
  checkOptions(options, 'options');
  const piece = options.piece === undefined ? KNIGHT : leaperOf(options.piece, 'options.piece');
  const leaps = leapsOf(piece);
  if (options.numbers !== undefined && !(Array.isArray(options.numbers) && options.numbers.length === path.length))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      'options.numbers must be a list of step numbers, one per square of the path',
    );
  const numbers = options.numbers ?? path.map((_, i) => i + 1);
  const errors = [...(options.problems ?? [])];
  const name = (s: number): string => board.name(s);

  // First step number on each square (0: not visited); repeats collected apart, as they are rare.
  const first = new Float64Array(board.cells);
  const again = new Map<number, number[]>();
  path.forEach((s, i) => {
    if (first[s] === 0) first[s] = numbers[i];
    else again.set(s, [...(again.get(s) ?? [first[s]]), numbers[i]]);
  });
  const repeated = [...again];
  for (const [s, ns] of repeated.slice(0, 10))
    errors.push(`${name(s)} is visited ${ns.length} times (steps ${ns.join(', ')})`);
  if (repeated.length > 10) errors.push(`and ${repeated.length - 10} more squares are visited more than once`);
  const missing: number[] = [];
  for (let s = 0; s < board.cells; s++) if (first[s] === 0) missing.push(s);
  if (missing.length > 0)
    errors.push(
      `${missing.length} square${missing.length > 1 ? 's are' : ' is'} never visited: ${listShort(missing.map(name))}`,
    );
  const badSteps: Analysis['badSteps'] = [];
  let consecutive = numbers.length === 0 || numbers[0] === 1;
  for (let i = 1; i < path.length; i++) {
    if (numbers[i] !== numbers[i - 1] + 1) {
      consecutive = false;
      continue;
    }
    if (!leapsTo(board, leaps, path[i - 1], path[i]))
      badSteps.push({ step: numbers[i - 1], from: path[i - 1], to: path[i] });
  }
  const bad = badSteps.map((b) => `step ${b.step}→${b.step + 1} from ${name(b.from)} to ${name(b.to)}`);
  if (bad.length > 0)
    errors.push(`${bad.length} step${bad.length > 1 ? 's are' : ' is'} not a ${piece.name} move: ${listShort(bad, 5)}`);

  const valid = errors.length === 0 && path.length === board.cells;
  const closed = valid && path.length > 1 && leapsTo(board, leaps, path[path.length - 1], path[0]);
  const sums = lineSums(board, path, numbers);
  const same = (xs: number[]): boolean => xs.every((x) => x === xs[0]);
  const semiMagic = valid && same(sums.rows) && same(sums.columns);
  const magic = semiMagic && board.width === board.height && sums.diagonals.every((d) => d === sums.rows[0]);
  return {
    valid,
    closed,
    length: path.length,
    errors,
    repeated: repeated.map(([s]) => s),
    missing,
    badSteps,
    isPath: consecutive && repeated.length === 0 && badSteps.length === 0,
    sums,
    semiMagic,
    magic,
    halfTurnSymmetric: valid && halfTurn(board, path),
  };
}

function lineSums(board: Board, path: readonly number[], numbers: readonly number[]): Sums {
  const rows = new Array<number>(board.height).fill(0);
  const columns = new Array<number>(board.width).fill(0);
  const diagonals = board.width === board.height ? [0, 0] : [];
  const w = board.width;
  path.forEach((s, i) => {
    const f = board.file(s),
      r = board.rank(s);
    rows[r] += numbers[i];
    columns[f] += numbers[i];
    if (diagonals.length > 0) {
      if (f === r) diagonals[0] += numbers[i];
      if (f + r === w - 1) diagonals[1] += numbers[i];
    }
  });
  return { rows, columns, diagonals };
}

/** Step k and step k + N/2 sit on squares that a half-turn of the board swaps. */
function halfTurn(board: Board, path: readonly number[]): boolean {
  const n = path.length;
  if (n % 2 !== 0) return false;
  for (let k = 0; k < n / 2; k++) if (path[k + n / 2] !== board.cells - 1 - path[k]) return false;
  return true;
}
