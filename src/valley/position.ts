// The 5×5 position-object functions (Position in, plain values out): thin adapters over the engine.
import { GridbitsError } from '../core/error.js';
import { Engine5 } from './engine5.js';
import { MAX_MOVES } from './kernel.js';
import { BOARD } from './geometry.js';
import { formatMove, parseMove, slideOn, type Move } from './move.js';
import { formatPosition } from './notation.js';
import type { Position } from './state.js';

const BUF = new Int32Array(MAX_MOVES);

/** The legal moves of p in generation order (none when the game is over). */
export function legalMoves(p: Position): Move[] {
  const e = new Engine5(p);
  return Array.from(BUF.subarray(0, e.generate(BUF, 0))) as Move[];
}

/** The legal move named by text ("b1e4") in p; throws BAD_INPUT when it is malformed or not legal there. */
export function parseLegalMove(p: Position, text: string): Move {
  const m = parseMove(text, BOARD);
  if (!legalMoves(p).includes(m))
    throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${formatPosition(p)}`);
  return m;
}

/**
 * The position after a move, given as text ("b1e4") or as a Move; p is left unchanged. A move that is not legal
 * in p (or a number that is no move) is refused with BAD_INPUT.
 */
export function play(p: Position, move: string | Move): Position {
  const m = typeof move === 'string' ? parseLegalMove(p, move) : move;
  const e = new Engine5(p);
  if (typeof move !== 'string' && !legalMoves(p).includes(m)) {
    throw new GridbitsError(
      'BAD_INPUT',
      `illegal move ${slideOn(m, 5) ? `'${formatMove(m, BOARD)}'` : String(m)} in ${formatPosition(p)}`,
    );
  }
  e.make(m);
  return e.position();
}
