// King's Valley moves: one encoding on every board (from | to << 6), its squares, its text and its checks.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { moveCodeArg, sizeArg, textArg } from './args.js';

/**
 * A move: its from and to squares (index = rank * size + file) in one int, `from | to << 6`, so boards up to
 * 8×8 fit (the 5×5 games and the 7×7 Labyrinth). Branded so a plain number is not taken for one by mistake:
 * make one with {@link makeMove}, read it with {@link moveFrom} and {@link moveTo}.
 */
export type Move = number & {
  /** The brand: exists only for the type checker, never at run time. */
  readonly __valleyMove: true;
};

/** The move from square `from` to square `to` (no check: see {@link isMove}). */
export function makeMove(from: number, to: number): Move {
  return (from | (to << 6)) as Move;
}

/** The square a move starts on. */
export function moveFrom(m: Move): number {
  return m & 63;
}

/** The square a move ends on. */
export function moveTo(m: Move): number {
  return m >>> 6;
}

/**
 * True when m encodes a slide on a size × size board: two different squares of the board on one rank, file or
 * diagonal. Legality in a position is another question (the position's move list answers it).
 */
export function isMove(m: number, size = 5): m is Move {
  if (!Number.isInteger(m) || m < 0 || m >= 1 << 12) return false;
  const from = m & 63,
    to = m >>> 6;
  if (from >= size * size || to >= size * size || from === to) return false;
  const df = (to % size) - (from % size),
    dr = Math.floor(to / size) - Math.floor(from / size);
  return df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr);
}

const boards = new Map<number, Board>();
function boardOf(size: number): Board {
  let b = boards.get(size);
  if (b === undefined) boards.set(size, (b = Board.of(size, size)));
  return b;
}

/**
 * A move in notation, its from and to squares: "b1e4". A number that is no move on that board is refused
 * (BAD_ARGUMENT).
 */
export function formatMove(m: Move, size = 5): string {
  sizeArg(size);
  if (!isMove(moveCodeArg(m), size))
    throw new GridbitsError('BAD_ARGUMENT', `move ${m} is not a King's Valley move code on a ${size}×${size} board`);
  const b = boardOf(size);
  return b.name(m & 63) + b.name(m >>> 6);
}

/**
 * The move a text names ("b1e4", "a1g7"): two square names of a size × size board on one line; throws BAD_INPUT
 * otherwise. Whether it is legal is the position's question.
 */
export function parseMove(text: string, size = 5): Move {
  textArg(text, 'move');
  sizeArg(size);
  const last = String.fromCharCode(96 + size);
  const re = new RegExp(`^\\s*([a-${last}][1-${size}])([a-${last}][1-${size}])\\s*$`, 'i');
  const r = re.exec(text);
  if (r === null) throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  const b = boardOf(size);
  return makeMove(b.parse(r[1].toLowerCase()), b.parse(r[2].toLowerCase()));
}
