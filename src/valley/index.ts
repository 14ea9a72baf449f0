// King's Valley, the public face (`gridbits/valley`): moves, positions and notation, engines for every variant,
// games and records, and the long calls as jobs — perft and divide, search, solve, match.
/**
 * King's Valley, the 5×5 game (standard and Retrieve the King) and the 7×7 Labyrinth: positions and moves with
 * their notation ({@link parsePosition}, {@link legalMoves}, {@link play}), engines for every variant
 * ({@link createVariantEngine}), games and records ({@link Game}), and the long calls as jobs: {@link perft},
 * {@link search}, {@link solve} and AI matches ({@link match}).
 * @module valley
 */
export { BOARD } from './geometry.js';
export { formatMove, isSlide, makeMove, moveFrom, moveTo, parseMove, type Move } from './move.js';
export { samePosition, startPosition, winnerOf, type Position, type Side, type Winner } from './state.js';
export { START, formatPosition, moveText, parsePosition, type GridSpec, type Setup } from './notation.js';
export { legalMoves, parseLegalMove, play } from './position.js';
export {
  formatRecord,
  isJsonRecord,
  parseRecord,
  readAbstractPlayRecord,
  type AbstractPlayMove,
  type AbstractPlayRecord,
  type PositionRecord,
} from './record.js';
export type { Engine } from './engine.js';
export { createEngine } from './engine5.js';
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
export { Game, type GameOptions, type GameResult } from './game.js';
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
  Searcher,
  WIN,
  parseEngineMove,
  search,
  searchAnswer,
  searchJob,
  searchSync,
  type SearchInfo,
  type SearchOptions,
  type SearchResult,
} from './search.js';
export { EVAL_MAX, evaluate } from './eval.js';
export {
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
export { AI_LEVELS, DEFAULT_LEVEL, type Level } from './levels.js';
export type { WorkerSearchOptions } from './jobs.js';
