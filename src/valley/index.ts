// King's Valley, the public face (`gridbits/valley`): moves, positions and notation, engines for every variant,
// games and records, and the long calls as jobs — perft and divide, search, solve, match.
/**
 * King's Valley, the 5×5 game (standard and Retrieve the King) and the 7×7 Labyrinth: positions and moves with
 * their notation ({@link parsePosition}, {@link legalMoves}, {@link play}), engines for every variant
 * ({@link createVariantEngine}), games and records ({@link Game}), and the long calls as jobs: {@link perft},
 * {@link search}, {@link solve} and AI matches ({@link match}).
 * @module valley
 */
export { BOARD, VALLEY, slideEnd } from './geometry.js';
export { formatMove, isMove, makeMove, moveFrom, moveTo, parseMove, type Move } from './move.js';
export {
  BLACK,
  WHITE,
  copyPosition,
  samePosition,
  startPosition,
  winnerOf,
  type Position,
  type Side,
  type Winner,
} from './state.js';
export { MAX_MOVES, countMoves, generateInto, isOver } from './kernel.js';
export {
  PILLAR,
  START,
  formatPosition,
  formatSetup,
  moveText,
  parsePosition,
  parseSetup,
  type GridSpec,
  type Setup,
} from './notation.js';
export { legalMoves, parseLegalMove, play } from './position.js';
export {
  formatGameRecord,
  formatRecord,
  isJsonRecord,
  parseRecord,
  readAbstractPlayRecord,
  readRecordLines,
  type AbstractPlayMove,
  type AbstractPlayRecord,
  type PositionRecord,
  type RecordLine,
  type RecordLines,
} from './record.js';
export type { Engine } from './engine.js';
export { Engine5, createEngine } from './engine5.js';
export { LABYRINTH_GRID, LABYRINTH_START, createLabyrinthEngine } from './labyrinth.js';
export {
  VARIANTS,
  VARIANT_NAMES,
  createVariantEngine,
  engineMoves,
  findVariant,
  formatVariantPosition,
  parseVariantPosition,
  variantStart,
  type Variant,
  type VariantName,
} from './variant.js';
export { zobristKeys } from './zobrist.js';
export { Game, type Colour, type GameOptions, type GameResult } from './game.js';
export {
  PERFT_MAX_DEPTH,
  divide,
  divideJob,
  divideSync,
  perft,
  perftJob,
  perftSync,
  type DivideRows,
} from './perft.js';
export {
  SEARCH_MAX_PLY,
  SearchTable,
  Searcher,
  WIN,
  formatEngineMove,
  parseEngineMove,
  search,
  searchAnswer,
  searchJob,
  searchSync,
  type SearchInfo,
  type SearchOptions,
  type SearchResult,
} from './search.js';
export { EVAL_MAX, evaluate, kingDistance, simpleEvaluate } from './eval.js';
export {
  SOLVE_ENTRY_BYTES,
  SOLVE_MAX_PLY,
  solve,
  solveJob,
  solveSync,
  type SolveOptions,
  type SolveResult,
  type SolveStatus,
  type SolveValue,
} from './solve.js';
export {
  AI_CONTEMPT,
  AI_LEVELS,
  DEFAULT_LEVEL,
  createPlayer,
  formatPlayer,
  greedyPlayer,
  levelBudget,
  match,
  matchJob,
  matchSync,
  parsePlayer,
  playGame,
  playGameJob,
  playGameSync,
  randomPlayer,
  type Level,
  type LevelBudget,
  type MatchGame,
  type MatchOptions,
  type MatchTally,
  type PlayOptions,
  type PlayedGame,
  type Player,
  type PlayerKind,
  type PlayerSpec,
  type Turn,
} from './ai.js';
export type { WorkerSearchOptions } from './jobs.js';
