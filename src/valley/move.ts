// King's Valley moves: one encoding on every board (from | to << 6), its squares, its text and its checks.
import type { Board } from '../core/board.js';
import { checkInt, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { boardArg, moveCodeArg, textArg } from './args.js';

/**
 * A move: its from and to squares (index = rank * size + file) in one int, `from | to << 6`, so boards up to
 * 8×8 fit (the 5×5 games and the 7×7 Labyrinth). Branded so a plain number is not taken for one by mistake:
 * make one with {@link makeMove}, read it with {@link moveFrom} and {@link moveTo}.
 */
export type Move = number & {
  /** The brand: exists only for the type checker, never at run time. */
  readonly __valleyMove: true;
};

/**
 * The move from square `from` to square `to` (whole numbers from 0 to 63: any board up to 8×8; whether it is a
 * slide on a board is {@link isSlide}'s question, whether it is legal the position's).
 */
export function makeMove(from: number, to: number): Move {
  checkInt(from, 'from', 0, 63);
  checkInt(to, 'to', 0, 63);
  return (from | (to << 6)) as Move;
}

/** The square a move starts on. */
export function moveFrom(move: Move): number {
  return moveCodeArg(move) & 63;
}

/** The square a move ends on. */
export function moveTo(move: Move): number {
  return moveCodeArg(move) >>> 6;
}

/** True when m encodes a slide on a board of `size` (unchecked): two squares of it on one line. */
export function slideOn(m: number, size: number): boolean {
  if (!Number.isInteger(m) || m < 0 || m >= 1 << 12) return false;
  const from = m & 63,
    to = m >>> 6;
  if (from >= size * size || to >= size * size || from === to) return false;
  const df = (to % size) - (from % size),
    dr = Math.floor(to / size) - Math.floor(from / size);
  return df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr);
}

/**
 * True when `move` (any value) encodes a slide on the board: two different squares of it on one rank, file or
 * diagonal. Legality in a position is another question (the position's move list answers it).
 */
export function isSlide(move: unknown, board: Board): move is Move {
  return slideOn(move as number, boardArg(board).width);
}

/**
 * A move in notation on its board (the 5×5 {@link BOARD}, or a variant's or an engine's `board`), its from and
 * to squares: "b1e4", "a1g7". A number that is no slide on that board is refused (BAD_ARGUMENT).
 */
export function formatMove(move: Move, board: Board): string {
  const b = boardArg(board);
  if (!slideOn(moveCodeArg(move), b.width))
    refuse('move', `a King's Valley move on a ${b.width}×${b.height} board`, move);
  return b.name(move & 63) + b.name(move >>> 6);
}

/**
 * The move a text names ("b1e4", "a1g7"): two square names of the board; throws BAD_INPUT otherwise. Whether
 * it is a slide, and a legal one, is the position's question (parseLegalMove, parseEngineMove).
 */
export function parseMove(text: string, board: Board): Move {
  textArg(text, 'move');
  const b = boardArg(board);
  const size = b.width;
  const last = String.fromCharCode(96 + size);
  const re = new RegExp(`^\\s*([a-${last}][1-${size}])([a-${last}][1-${size}])\\s*$`, 'i');
  const r = re.exec(text);
  if (r === null) throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  return (b.parse(r[1].toLowerCase()) | (b.parse(r[2].toLowerCase()) << 6)) as Move;
}
