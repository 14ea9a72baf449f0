// The pieces engine's names as the package root exported them before 0.2; only mobility changed (now an outcome).
import type { Bitboard } from '../core/bitboard.js';
import type { Board } from '../core/board.js';
import { finishedValue } from '../core/job.js';
import { mobilitySync, type Mobility as Counted } from './mobility.js';
import type { Piece } from './piece.js';

export { AttackGen, attackGen, attacks } from './attacks.js';
export {
  KING,
  KNIGHT,
  LEAPERS,
  PIECE_NAMES,
  VALLEY_SLIDER,
  leaperVectors,
  makePiece,
  parsePiece,
  type Piece,
  type Vector,
} from './piece.js';

/** @deprecated Use `Mobility` from 'gridbits/pieces' (the answer of `mobility`, without the board). */
export type Mobility = Counted & {
  /** The board counted on. */
  board: Board;
};

/** @deprecated Use `mobilitySync` from 'gridbits/pieces' (an outcome, progress by rows, stoppable). */
export function mobility(board: Board, piece: Piece, occupied?: Bitboard): Mobility {
  return { board, ...finishedValue(mobilitySync(board, piece, occupied)) };
}
