// King's Valley, the public face: rules and position, notation, bitboard move generation, perft.
// Generic internal names get a valley prefix here: the library's exports are one flat namespace.
export { VALLEY, VALLEY_BOARD, slideEnd as valleySlideEnd } from './geometry.js';
export {
  BLACK as VALLEY_BLACK,
  WHITE as VALLEY_WHITE,
  copyPosition as copyValleyPosition,
  samePosition as sameValleyPosition,
  valleyStart,
  valleyWinner,
  type ValleyPosition,
  type ValleyResult,
  type ValleySide,
} from './state.js';
export {
  MAX_MOVES as VALLEY_MAX_MOVES,
  countMoves as countValleyMoves,
  generateInto as generateValleyMoves,
  isOver as valleyIsOver,
  makeMove as makeValleyMove,
  moveFrom as valleyMoveFrom,
  moveTo as valleyMoveTo,
  positionMoves as valleyMoveCodes,
  unmakeMove as unmakeValleyMove,
} from './movegen.js';
export { VALLEY_START, formatValleyMove, formatValleyPosition, parseValleyMove, parseValleyPosition, playValleyMove, valleyMoves } from './notation.js';
export { formatValleyRecord, parseValleyRecord, type ValleyRecord } from './record.js';
export { PERFT_MAX_DEPTH, valleyDivide, valleyDivideAsync, valleyPerft } from './perft.js';
export { Valley5Engine, createValleyEngine } from './engine5.js';
export { zobristKeys as valleyZobristKeys } from './zobrist.js';
