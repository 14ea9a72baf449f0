// The pieces' public face (`gridbits/pieces`): piece specs, attack generation (set-wise and per square) and mobility.
/**
 * Fairy-chess pieces as sets of move vectors (leaps, rides and slides), made from specs such as `'knight'` or
 * `'1,3*'` by {@link parsePiece}. Their attacks come set-wise from a bitboard of squares ({@link attacks},
 * {@link attackGen}; on huge boards as a job with limits and progress, {@link attackSet}), and
 * {@link mobility} counts their moves from every square of a board.
 * @module pieces
 */
export { attackSet, attackSetJob, attackSetSync, type AttackSetPartial } from './attack-set.js';
export { AttackGen, attackGen, attacks } from './attacks.js';
export { mobility, mobilityJob, mobilitySync, type Mobility, type MobilityPartial } from './mobility.js';
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
  type PieceParts,
  type Vector,
} from './piece.js';
export type { AttacksTask, AttacksTaskPartial, MobilityTask } from './jobs.js';
