// "Your turn" on the Tours page: a tour the person builds square by square. The path (read from and written to the
// link), the squares a move away with their onward moves, Warnsdorff's hint with its ties, and the verdict; kept
// free of the DOM so tests can run it in Node.
import type { Board } from '../../../../src/core/board.js';
import type { Piece } from '../../../../src/pieces/piece.js';

/** The person's path may be built on boards up to this many squares (the button board's 32×32). */
export const PLAY_MAX_CELLS = 32 * 32;

/** The squares one leap of the piece from `s` (in the piece's vector order). */
function leapsFrom(board: Board, piece: Piece, s: number): number[] {
  const f = board.file(s),
    r = board.rank(s);
  const out: number[] = [];
  for (const [dx, dy] of piece.leaps) {
    const x = f + dx,
      y = r + dy;
    if (x >= 0 && x < board.width && y >= 0 && y < board.height) out.push(board.index(x, y));
  }
  return out;
}

/** The path as the link writes it: square names joined by '-' ("a1-b3-c5"). */
export function writePath(board: Board, path: readonly number[]): string {
  return path.map((s) => board.name(s)).join('-');
}

/**
 * The path a link gives, read as far as it is a path: names on the board, each a leap from the one before and
 * none twice; the first name that breaks this ends it (a link typed by hand never crashes the page).
 */
export function readPath(board: Board, piece: Piece, text: string): number[] {
  const path: number[] = [];
  const seen = new Set<number>();
  for (const name of text.split(/[-,\s]+/)) {
    if (name === '' || path.length >= board.cells) continue;
    let s: number;
    try {
      s = board.parse(name.toLowerCase());
    } catch {
      break;
    }
    if (seen.has(s)) break;
    if (path.length > 0 && !leapsFrom(board, piece, path[path.length - 1]).includes(s)) break;
    path.push(s);
    seen.add(s);
  }
  return path;
}

/** Where the path can go next: each unvisited square a leap from its end, with its onward moves. */
export interface Next {
  square: number;
  /** Unvisited squares a leap from it once it is visited (Warnsdorff's count). */
  onward: number;
}

/** The squares the path can go to next (any square when it is empty), each with its onward moves. */
export function nextSquares(board: Board, piece: Piece, path: readonly number[]): Next[] {
  const seen = new Set(path);
  const free = (s: number): boolean => !seen.has(s);
  const last = path.length > 0 ? path[path.length - 1] : -1;
  const candidates = last < 0 ? Array.from({ length: board.cells }, (_, s) => s) : leapsFrom(board, piece, last);
  return candidates.filter(free).map((square) => ({
    square,
    onward: leapsFrom(board, piece, square).filter((t) => free(t) && t !== square).length,
  }));
}

/** Warnsdorff's hint: the squares with the fewest onward moves (several when tied), and that fewest number. */
export interface Hint {
  squares: number[];
  onward: number;
}

export function warnsdorffHint(next: readonly Next[]): Hint | null {
  if (next.length === 0) return null;
  const onward = Math.min(...next.map((n) => n.onward));
  const squares = next.filter((n) => n.onward === onward).map((n) => n.square);
  return { squares: squares.sort((a, b) => a - b), onward };
}

/** "1 onward move", "3 onward moves". */
export function onwardWords(n: number): string {
  return `${n} onward move${n === 1 ? '' : 's'}`;
}

/** "a1", "a1 and b3", "a1, b3 and c5". */
function listNames(board: Board, squares: readonly number[]): string {
  const names = squares.map((s) => board.name(s));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The hint in words: where Warnsdorff's rule goes, and what a tie means. */
export function hintWords(board: Board, hint: Hint, started: boolean): string {
  const where = started ? 'From here, ' : 'To start, ';
  const one = hint.squares.length === 1;
  const fewest = onwardWords(hint.onward);
  if (one)
    return `${where}Warnsdorff's rule goes to ${listNames(board, hint.squares)}: it has the fewest onward moves (${fewest}), so it is visited before it can be cut off.`;
  return `${where}Warnsdorff's rule allows any of ${listNames(board, hint.squares)}: they tie with the fewest onward moves (${hint.onward} each). The rule does not choose between them; any one may do, and a tie is where a wrong choice can get stuck later.`;
}

/** What the page asks of a tour (its Open or Closed choice and its End square): the verdict says whether it is met. */
export interface Goal {
  closed: boolean;
  /** The End square of an open tour, or null for any. */
  end: number | null;
}

/** Any tour will do: open or closed, ending anywhere. */
const ANY_TOUR: Goal = { closed: false, end: null };

/**
 * Where the person's path stands: still going, stuck, or a whole tour: open (ending on the End square when one is
 * set), closed, or a whole tour that misses the goal (not closed when Closed was chosen, or ending off the End square).
 */
export type Verdict =
  | { kind: 'empty' }
  | { kind: 'going'; visited: number; total: number; moves: number }
  | { kind: 'stuck'; visited: number; total: number }
  | { kind: 'open'; total: number }
  | { kind: 'closed'; total: number }
  | { kind: 'not-closed'; total: number }
  | { kind: 'off-end'; total: number; last: number; end: number };

export function verdictOf(board: Board, piece: Piece, path: readonly number[], goal: Goal = ANY_TOUR): Verdict {
  const total = board.cells;
  if (path.length === 0) return { kind: 'empty' };
  if (path.length === total) {
    const last = path[total - 1];
    const closed = total > 2 && leapsFrom(board, piece, last).includes(path[0]);
    if (goal.closed) return closed ? { kind: 'closed', total } : { kind: 'not-closed', total };
    if (goal.end !== null && last !== goal.end) return { kind: 'off-end', total, last, end: goal.end };
    return closed ? { kind: 'closed', total } : { kind: 'open', total };
  }
  const moves = nextSquares(board, piece, path).length;
  if (moves === 0) return { kind: 'stuck', visited: path.length, total };
  return { kind: 'going', visited: path.length, total, moves };
}

/** A whole tour, whether or not it meets the goal. */
export function isWhole(v: Verdict): boolean {
  return v.kind === 'open' || v.kind === 'closed' || v.kind === 'not-closed' || v.kind === 'off-end';
}

/**
 * The verdict in words (the piece's name for the moves it makes), for a path from `start` towards `goal`: what is
 * left to aim for while it goes, and whether a whole tour meets the goal.
 */
export function verdictWords(
  board: Board,
  verdict: Verdict,
  pieceName: string,
  point: string,
  start = 0,
  goal: Goal = ANY_TOUR,
): string {
  const at = (n: number): string => `${n} of ${board.cells} squares`;
  const from = board.name(start);
  const aim = goal.closed
    ? `; a closed tour ends a move from ${from}`
    : goal.end !== null
      ? `; the tour is to end on ${board.name(goal.end)}`
      : '';
  const elsewhere = `, or ${point} another square to start there instead`;
  switch (verdict.kind) {
    case 'empty':
      return `${point[0].toUpperCase()}${point.slice(1)} any square to start your ${pieceName}'s tour there.`;
    case 'going':
      if (verdict.visited === 1)
        return `Your ${pieceName} starts on ${from}, the Start square: ${point} a marked square to move on (${verdict.moves} to choose from)${elsewhere}${aim}.`;
      return `${at(verdict.visited)} visited; ${point} a marked square to move on (${verdict.moves} to choose from)${aim}.`;
    case 'stuck':
      if (verdict.visited === 1)
        return `No square is a ${pieceName}'s move from ${from}: ${point} another square to start there instead.`;
      return `Stuck after ${at(verdict.visited)}: no unvisited square is a ${pieceName}'s move away. Undo to try another way.`;
    case 'open':
      return goal.end !== null
        ? `A full tour: all ${verdict.total} squares, ending on ${board.name(goal.end)}, the End square.`
        : `A full tour: all ${verdict.total} squares, open (the last square is not a move from the first).`;
    case 'closed':
      return goal.end !== null
        ? `A closed tour: all ${verdict.total} squares, ending on ${board.name(goal.end)}, the End square, one move from the first.`
        : `A closed tour: all ${verdict.total} squares, and the last is one move from the first.`;
    case 'not-closed':
      return `A tour, but not closed: all ${verdict.total} squares, but the last is not one move from the first, ${from}.`;
    case 'off-end':
      return `A tour, but not to the End square: all ${verdict.total} squares, ending on ${board.name(verdict.last)}, not ${board.name(verdict.end)}.`;
  }
}

/** Euler's method on the person's open tour: the closed tour and how it was turned, or why it cannot be closed. */
export type EulerOutcome = { path: number[]; how: string } | { why: string };

export function closeWords(closing: { path: number[]; how: string } | null): EulerOutcome {
  if (closing === null)
    return {
      why: "Euler's method cannot close this tour: it needs a square on the path that is a move from the last square while the square after it is a move from the first, and there is none. Undo some moves and end elsewhere.",
    };
  return { path: closing.path, how: `Closed by Euler's method: ${closing.how}.` };
}
