// The 5×5 position-object functions (Position in, plain values out): thin adapters over the engine.
import { refuse, shown } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { textArg } from './args.js';
import { Engine5 } from './engine5.js';
import { MAX_MOVES } from './kernel.js';
import { BOARD } from './geometry.js';
import { formatMove, parseMove, slideOn, type Move } from './move.js';
import { formatPosition } from './notation.js';
import { positionArg, type Position } from './state.js';

const BUF = new Int32Array(MAX_MOVES);

/** The legal moves of the position in generation order (none when the game is over). */
export function legalMoves(position: Position): Move[] {
  const e = new Engine5(positionArg(position));
  return Array.from(BUF.subarray(0, e.generate(BUF, 0))) as Move[];
}

/** The legal move named by text ("b1e4") in the position; throws BAD_INPUT when it is malformed or not legal there. */
export function parseLegalMove(position: Position, text: string): Move {
  const p = positionArg(position);
  const m = parseMove(textArg(text, 'move'), BOARD);
  if (!legalMoves(p).includes(m))
    throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${formatPosition(p)}`);
  return m;
}

/**
 * The position after a move, given as text ("b1e4") or as a Move; the position given is left unchanged. A move
 * that is not legal there (or a number that is no move) is refused with BAD_INPUT.
 */
export function play(position: Position, move: string | Move): Position {
  const p = positionArg(position);
  if (typeof move !== 'string' && typeof move !== 'number') refuse('move', 'a move (text like b1e4, or a Move)', move);
  const m = typeof move === 'string' ? parseLegalMove(p, move) : move;
  if (typeof move !== 'string' && !legalMoves(p).includes(m)) {
    throw new GridbitsError(
      'BAD_INPUT',
      `illegal move ${slideOn(m, 5) ? `'${formatMove(m, BOARD)}'` : shown(m)} in ${formatPosition(p)}`,
    );
  }
  const e = new Engine5(p);
  e.make(m);
  return e.position();
}
