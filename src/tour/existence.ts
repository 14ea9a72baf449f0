// Whether a tour exists, with the reason: the theorems for the knight, colour parity per start square, and
// the proofs of impossibility that hold for any leaper (a colour-bound or lattice-bound leaper).
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { checkQueryShape, checkWhole } from './check.js';
import type { Query } from './types.js';

/** Throws OFF_BOARD unless the query's start and end squares (when given) are squares of its board. */
export function checkTourSquares(q: Query): void {
  if (q.from !== undefined) q.board.checkIndex(q.from, 'the start square');
  if (q.to !== undefined) q.board.checkIndex(q.to, 'the end square');
}

/** A decision: true/false with the proof, or null when only a search can tell. */
export interface Existence {
  /** true: a tour exists; false: none does; null: no theorem decides it (a search must). */
  exists: boolean | null;
  /** The theorem's words, or why none applies. */
  reason: string;
}

const SCHWENK = "Schwenk's theorem (1991)";

/** A board's size as people write it: 8×8. */
function size(w: number, h: number): string {
  return `${w}\u00d7${h}`;
}

/**
 * Which boards have an open knight's tour (Conrad et al., 1994), said of this one: every board with both sides at
 * least 5; 4 wide from 4×5 on; 3 wide on 3×4 and from 3×7 on; and the single square.
 */
function openRule(w: number, h: number): string {
  const a = Math.min(w, h),
    b = Math.max(w, h),
    here = size(w, h);
  if (a === 1)
    return b === 1
      ? 'a single square is a tour by itself'
      : `a knight on a board 1 square wide has no move at all, so ${here} has no open knight's tour`;
  if (a === 2)
    return `on a board 2 squares wide a knight's moves split the squares into separate chains that no one path joins, so ${here} has no open knight's tour`;
  if (a === 3)
    return b === 4 || b >= 7
      ? `a board 3 squares wide has an open knight's tour when its other side is 4 or at least 7, as on ${here}`
      : `a board 3 squares wide has an open knight's tour only when its other side is 4 or at least 7, so ${here} has none`;
  if (a === 4)
    return b >= 5
      ? `a board 4 squares wide has an open knight's tour once its other side is at least 5, as on ${here}`
      : `a board 4 squares wide has an open knight's tour only once its other side is at least 5, so ${here} has none`;
  return `every board with both sides at least 5 has an open knight's tour, ${here} among them`;
}

/** The leaper (m, n) a piece is, m <= n, or null for anything that is not one plain leaper. */
function leaperOf(piece: Piece): [number, number] | null {
  if (piece.rides.length > 0 || piece.slides.length > 0 || piece.leaps.length === 0) return null;
  const leaps = piece.leaps;
  const dx = Math.abs(leaps[0][0]),
    dy = Math.abs(leaps[0][1]);
  const m = Math.min(dx, dy),
    n = Math.max(dx, dy);
  const want = m === 0 || m === n ? 4 : 8;
  if (leaps.length !== want) return null;
  for (let i = 1; i < want; i++) {
    const x = Math.abs(leaps[i][0]),
      y = Math.abs(leaps[i][1]);
    if (Math.min(x, y) !== m || Math.max(x, y) !== n) return null;
  }
  return [m, n];
}

export function isKnight(piece: Piece): boolean {
  const l = leaperOf(piece);
  return l !== null && l[0] === 1 && l[1] === 2;
}

/** Does an open knight's tour exist on a w×h board (from some square)? */
export function knightOpenExists(w: number, h: number): boolean {
  checkWhole(w, 'width', 1);
  checkWhole(h, 'height', 1);
  return openExists(w, h);
}

function openExists(w: number, h: number): boolean {
  const a = Math.min(w, h),
    b = Math.max(w, h);
  if (a === 1) return b === 1;
  if (a === 2) return false;
  if (a === 3) return b === 4 || b >= 7;
  if (a === 4) return b >= 5;
  return true;
}

/** Does a closed knight's tour exist on a w×h board? (Schwenk 1991.) */
export function knightClosedExists(w: number, h: number): boolean {
  checkWhole(w, 'width', 1);
  checkWhole(h, 'height', 1);
  return closedExists(w, h);
}

/** As `knightClosedExists`, for sizes already checked (the engine's own calls). */
export function closedExists(w: number, h: number): boolean {
  const a = Math.min(w, h),
    b = Math.max(w, h);
  if (a % 2 === 1 && b % 2 === 1) return false;
  if (a === 1 || a === 2 || a === 4) return false;
  if (a === 3 && (b === 4 || b === 6 || b === 8)) return false;
  return true;
}

function closedReason(w: number, h: number): string {
  const a = Math.min(w, h),
    b = Math.max(w, h);
  if (closedExists(w, h))
    return `${SCHWENK}: every board has a closed knight's tour unless both sides are odd, the shorter side is 1, 2 or 4, or it is ${size(3, 4)}, ${size(3, 6)} or ${size(3, 8)}; ${size(w, h)} is none of these, so it has one`;
  if (a % 2 === 1 && b % 2 === 1) {
    return `${SCHWENK}: no closed knight's tour when both sides are odd (${size(w, h)} has an odd number of squares, and a closed tour alternates colours, so it needs as many of each)`;
  }
  if (a === 1 || a === 2 || a === 4)
    return `${SCHWENK}: no closed knight's tour when the shorter side is 1, 2 or 4 (here ${a})`;
  return `${SCHWENK}: no closed knight's tour on ${size(3, 4)}, ${size(3, 6)} or ${size(3, 8)} (here ${size(w, h)})`;
}

/** The colour of a square: (file + rank) mod 2. */
function colour(board: Board, s: number): number {
  return (board.file(s) + board.rank(s)) & 1;
}

/** The colour with more squares on an odd-cell board (a1's colour, 0). */
const MAJORITY = 0;

/** Parity of a leaper's move: moves of odd m+n change colour. */
function changesColour(m: number, n: number): boolean {
  return ((m + n) & 1) === 1;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Impossibility proofs that hold for any leaper (m, n): null when none applies. */
function leaperObstruction(board: Board, m: number, n: number, closed: boolean): string | null {
  const { width: w, height: h, cells } = board;
  const who = `the (${m},${n}) leaper`;
  if (cells === 1) return closed ? 'a single square has no closed tour (no move returns to it)' : null;
  const g = gcd(m, n);
  if (g > 1 || (m === 0 && n > 1)) {
    return `${who} only moves by multiples of ${g || n} squares, so it never reaches a square next to its start`;
  }
  if (!changesColour(m, n))
    return `${who} never changes colour (${m} + ${n} is even), so it cannot visit the squares of both colours`;
  if (!((w > m && h > n) || (w > n && h > m))) return `${who} has no move on ${size(w, h)}`;
  if (closed && cells % 2 === 1)
    return `a closed tour alternates colours, so it needs an even number of squares (${size(w, h)} has ${cells})`;
  return null;
}

/**
 * What theory says about a query: for the knight the whole-board question is always decided (by the
 * theorems); for a given start square colour parity decides some, and the rest of a strip's squares need a
 * search. For other leapers only the general obstructions are known; null means "search".
 */
export function existence(q: Query): Existence {
  checkQueryShape(q, 'query');
  return decide(q);
}

/** As `existence`, for a query already checked (the engine's own calls). */
export function decide(q: Query): Existence {
  checkTourSquares(q);
  const { board, closed } = q;
  const { width: w, height: h } = board;
  const lp = leaperOf(q.piece);
  if (lp === null)
    return { exists: null, reason: `no theorem decides tours of the ${q.piece.name}: only a search can tell` };
  const [m, n] = lp;
  const knight = m === 1 && n === 2;
  if (q.to !== undefined && q.from !== undefined && q.to === q.from && board.cells > 1) {
    return { exists: false, reason: 'an open tour cannot end where it starts' };
  }
  if (knight) {
    if (closed && !closedExists(w, h)) return { exists: false, reason: closedReason(w, h) };
    if (!closed && !openExists(w, h)) return { exists: false, reason: openRule(w, h) };
  } else {
    const why = leaperObstruction(board, m, n, closed);
    if (why !== null) return { exists: false, reason: why };
  }
  const parity = parityProblem(board, q.from, q.to, closed, changesColour(m, n));
  if (parity !== null) return { exists: false, reason: parity };
  if (!knight)
    return { exists: null, reason: `no theorem decides tours of the (${m},${n}) leaper: only a search can tell` };
  const inner = !closed ? innerLineEnd(board, q.from, q.to) : null;
  if (inner !== null) return { exists: false, reason: inner };
  if (closed) return { exists: true, reason: closedReason(w, h) };
  if (q.to !== undefined || (Math.min(w, h) <= 4 && q.from !== undefined)) {
    return {
      exists: null,
      reason: `${openRule(w, h)}; whether one ${q.to !== undefined ? 'joins these two squares' : 'starts on this square'} only a search can tell`,
    };
  }
  return {
    exists: true,
    reason: `${openRule(w, h)}${q.from !== undefined && board.cells % 2 === 1 ? '; the start is on the colour with more squares, where a tour of an odd number of squares starts' : ''}`,
  };
}

/** Colour parity: on an odd-cell board both ends are on the majority colour; on an even one they differ. */
function parityProblem(
  board: Board,
  from: number | undefined,
  to: number | undefined,
  closed: boolean,
  alternates: boolean,
): string | null {
  if (!alternates || closed || board.cells === 1) return null;
  const odd = board.cells % 2 === 1;
  if (odd) {
    for (const [s, what] of [
      [from, 'start'],
      [to, 'end'],
    ] as const) {
      if (s !== undefined && colour(board, s) !== MAJORITY) {
        return `colour parity: a tour of an odd number of squares (${board.cells}) alternates colours, so it starts and ends on the colour with more squares (that of a1); ${board.name(s)} is the other colour and cannot be the ${what}`;
      }
    }
  } else if (from !== undefined && to !== undefined && colour(board, from) === colour(board, to)) {
    return `colour parity: a tour of an even number of squares (${board.cells}) starts and ends on different colours; ${board.name(from)} and ${board.name(to)} are the same colour`;
  }
  return null;
}

/**
 * On a board 4 squares wide an open tour starts and ends on the two outer lines: outer squares only leap to
 * inner ones, so with as many of each the path alternates outer/inner but for one inner-inner step, and a
 * path starting or ending inside would need one more inner square than there are. (Were it to alternate all
 * the way, every outer square on it would have the same colour.)
 */
function innerLineEnd(board: Board, from: number | undefined, to: number | undefined): string | null {
  const { width: w, height: h } = board;
  if (Math.min(w, h) !== 4) return null;
  for (const [s, what] of [
    [from, 'start'],
    [to, 'end'],
  ] as const) {
    if (s === undefined) continue;
    const c = w === 4 ? board.file(s) : board.rank(s);
    if (c === 1 || c === 2) {
      return `on a ${size(w, h)} board an open tour starts and ends on the outer lines (outer squares leap only to inner ones, as many of each, so the path alternates but for one inner-inner step); ${board.name(s)} is on an inner line and cannot be the ${what}`;
    }
  }
  return null;
}
