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
export { VALLEY_SOLVE_MAX_PLY, valleySolve, type ValleySolveOptions, type ValleySolveResult, type ValleySolveStatus, type ValleySolveValue } from './solve.js';
export { Valley5Engine, createValleyEngine } from './engine5.js';
export { zobristKeys as valleyZobristKeys } from './zobrist.js';
export { ValleyGame, type ValleyColour, type ValleyGameOptions, type ValleyGameResult } from './game.js';
export {
  VALLEY_VARIANTS,
  VALLEY_VARIANT_NAMES,
  createVariantEngine as createValleyVariantEngine,
  engineDivideAsync as valleyEngineDivideAsync,
  engineMoves as valleyEngineMoves,
  enginePerft as valleyEnginePerft,
  formatVariantPosition as formatValleyVariantPosition,
  parseVariantPosition as parseValleyVariantPosition,
  valleyVariant,
  valleyVariantStart,
  type ValleyVariant,
  type ValleyVariantName,
} from './variant.js';
export { LABYRINTH_GRID as VALLEY_LABYRINTH_GRID, LABYRINTH_START as VALLEY_LABYRINTH_START, createLabyrinthEngine as createValleyLabyrinthEngine } from './labyrinth.js';
export { VALLEY_PILLAR, formatValleySetup, parseValleySetup, type ValleyGridSpec, type ValleySetup } from './notation.js';
export { formatValleyGameRecord, readValleyRecordLines, type ValleyRecordLines } from './record.js';
export type { ValleyEngine } from './engine.js';
export {
  MAX_PLY as VALLEY_SEARCH_MAX_PLY,
  WIN as VALLEY_WIN,
  ValleySearcher,
  ValleyTable,
  formatEngineMove as formatValleyEngineMove,
  parseEngineMove as parseValleyEngineMove,
  valleySearch,
  type ValleySearchInfo,
  type ValleySearchOptions,
  type ValleySearchResult,
} from './search.js';
export { EVAL_MAX as VALLEY_EVAL_MAX, valleyEvaluate, valleyKingDistance, valleySimpleEvaluate } from './eval.js';
export {
  VALLEY_AI_LEVELS,
  VALLEY_DEFAULT_LEVEL,
  createValleyPlayer,
  formatValleyPlayer,
  greedyValleyPlayer,
  AI_CONTEMPT as VALLEY_AI_CONTEMPT,
  parseValleyPlayer,
  playValleyGame,
  randomValleyPlayer,
  valleyLevelBudget,
  valleyMatch,
  type ValleyGameRecord,
  type ValleyLevel,
  type ValleyMatchOptions,
  type ValleyMatchTally,
  type ValleyPlayOptions,
  type ValleyPlayer,
  type ValleyPlayerKind,
  type ValleyPlayerSpec,
  type ValleyTurn,
} from './ai.js';
