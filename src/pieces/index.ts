// The pieces' public face (`gridbits/pieces`): piece specs, attack generation (set-wise and per square) and mobility.
export { AttackGen, attackGen, attacks } from './attacks.js';
export { mobility, mobilityJob, mobilitySync, type Mobility, type MobilityPartial } from './mobility.js';
export { KING, KNIGHT, LEAPERS, PIECE_NAMES, VALLEY_SLIDER, leaperVectors, makePiece, parsePiece, type Piece, type PieceParts, type Vector } from './piece.js';
