// The King's Valley names the package root exported in 0.1, kept for this release as deprecated thin wrappers over 'gridbits/valley'.
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import type { Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { solve01, type SolveResult01, type SolveValue01 } from './solve01.js';
import {
  AI_CONTEMPT,
  AI_LEVELS,
  BLACK,
  BOARD,
  DEFAULT_LEVEL,
  EVAL_MAX,
  Engine5,
  Game,
  LABYRINTH_GRID,
  LABYRINTH_START,
  MAX_MOVES,
  PILLAR,
  SEARCH_MAX_PLY,
  SOLVE_MAX_PLY,
  START,
  SearchTable,
  Searcher,
  VARIANTS,
  VARIANT_NAMES,
  WHITE,
  WIN,
  copyPosition,
  countMoves,
  createEngine,
  createLabyrinthEngine,
  createPlayer,
  createVariantEngine,
  divideSync,
  divide,
  engineMoves,
  evaluate,
  findVariant,
  formatEngineMove,
  formatGameRecord,
  formatMove,
  formatPlayer,
  formatPosition,
  formatRecord,
  formatSetup,
  formatVariantPosition,
  generateInto,
  greedyPlayer,
  isOver,
  kingDistance,
  legalMoves,
  levelBudget,
  makeMove,
  matchJob,
  parseEngineMove,
  parseLegalMove,
  parsePlayer,
  parsePosition,
  parseRecord,
  parseSetup,
  parseVariantPosition,
  perftSync,
  play,
  playGameJob,
  randomPlayer,
  readRecordLines,
  samePosition,
  simpleEvaluate,
  slideEnd,
  startPosition,
  variantStart,
  winnerOf,
  zobristKeys,
  type Colour,
  type DivideRows,
  type Engine,
  type GameOptions,
  type GameResult,
  type GridSpec,
  type Level,
  type MatchGame,
  type MatchOptions,
  type MatchTally,
  type Move,
  type PlayedGame,
  type Player,
  type PlayerKind,
  type PlayerSpec,
  type Position,
  type PositionRecord,
  type RecordLines,
  type SearchInfo,
  type SearchOptions,
  type SearchResult,
  type Setup,
  type Side,
  type SolveOptions,
  type SolveStatus,
  type Variant,
  type VariantName,
  type Winner,
} from './index.js';

// 0.1's position-object move codes were `from | to << 5`; the engines' were (and every Move now is) `from | to << 6`.
const toMove = (m: number): Move => makeMove(m & 31, m >>> 5);
const fromMove = (m: Move): number => (m & 63) | ((m >>> 6) << 5);

/** @deprecated Use `VALLEY` from 'gridbits/valley'. c3, the King's Valley. */
export { VALLEY } from './geometry.js';
/** @deprecated Use `BOARD` from 'gridbits/valley'. */
export const VALLEY_BOARD = BOARD;
/** @deprecated Use `slideEnd` from 'gridbits/valley'. */
export const valleySlideEnd = slideEnd;
/** @deprecated Use `BLACK` from 'gridbits/valley'. */
export const VALLEY_BLACK = BLACK;
/** @deprecated Use `WHITE` from 'gridbits/valley'. */
export const VALLEY_WHITE = WHITE;
/** @deprecated Use `copyPosition` from 'gridbits/valley'. */
export const copyValleyPosition = copyPosition;
/** @deprecated Use `samePosition` from 'gridbits/valley'. */
export const sameValleyPosition = samePosition;
/** @deprecated Use `startPosition` from 'gridbits/valley'. */
export const valleyStart = startPosition;
/** @deprecated Use `winnerOf` from 'gridbits/valley'. */
export const valleyWinner = winnerOf;
/** @deprecated Use `Position` from 'gridbits/valley'. */
export type ValleyPosition = Position;
/** @deprecated Use `Winner` from 'gridbits/valley'. */
export type ValleyResult = Winner;
/** @deprecated Use `Side` from 'gridbits/valley'. */
export type ValleySide = Side;

/** @deprecated Use `MAX_MOVES` from 'gridbits/valley'. */
export const VALLEY_MAX_MOVES = MAX_MOVES;
/** @deprecated Use `countMoves` from 'gridbits/valley'. */
export const countValleyMoves = countMoves;
/** @deprecated Use `isOver` from 'gridbits/valley'. */
export const valleyIsOver = isOver;
/** @deprecated Use `generateInto` from 'gridbits/valley' (it writes Move codes, `from | to << 6`). Writes 0.1's `from | to << 5` codes. */
export function generateValleyMoves(
  own: number,
  opp: number,
  ownKing: number,
  firstPly: boolean,
  out: Int32Array,
  at: number,
): number {
  const n = generateInto(own, opp, ownKing, firstPly, out, at);
  for (let i = at; i < at + n; i++) out[i] = fromMove(out[i] as Move);
  return n;
}
/** @deprecated Use `play` from 'gridbits/valley'. Plays a 0.1 move code (`from | to << 5`) on p in place. */
export function makeValleyMove(p: Position, m: number): void {
  const s = p.side,
    from = m & 31,
    to = m >>> 5;
  p.men[s] ^= (1 << from) | (1 << to);
  if (p.kings[s] === from) p.kings[s] = to;
  p.side = (s ^ 1) as Side;
  p.ply++;
}
/** @deprecated Positions are values in 'gridbits/valley' (`play` returns the next one). Takes back a 0.1 move code. */
export function unmakeValleyMove(p: Position, m: number): void {
  const s = (p.side ^ 1) as Side,
    from = m & 31,
    to = m >>> 5;
  p.men[s] ^= (1 << from) | (1 << to);
  if (p.kings[s] === to) p.kings[s] = from;
  p.side = s;
  p.ply--;
}
/** @deprecated Use `moveFrom` from 'gridbits/valley'. The from square of a 0.1 move code. */
export function valleyMoveFrom(m: number): number {
  return m & 31;
}
/** @deprecated Use `moveTo` from 'gridbits/valley'. The to square of a 0.1 move code. */
export function valleyMoveTo(m: number): number {
  return m >>> 5;
}
/** @deprecated Use `legalMoves` from 'gridbits/valley'. The legal moves of p as 0.1 codes. */
export function valleyMoveCodes(p: Position): number[] {
  return legalMoves(p).map(fromMove);
}
/** @deprecated Use `START` from 'gridbits/valley'. */
export const VALLEY_START = START;
/** @deprecated Use `formatMove` from 'gridbits/valley'. A 0.1 move code in notation. */
export function formatValleyMove(m: number): string {
  return formatMove(toMove(m));
}
/** @deprecated Use `formatPosition` from 'gridbits/valley'. */
export const formatValleyPosition = formatPosition;
/** @deprecated Use `parseLegalMove` from 'gridbits/valley'. The legal move named by text, as a 0.1 code. */
export function parseValleyMove(p: Position, text: string): number {
  return fromMove(parseLegalMove(p, text));
}
/** @deprecated Use `parsePosition` from 'gridbits/valley'. */
export const parseValleyPosition = parsePosition;
/** @deprecated Use `play` from 'gridbits/valley'. */
export function playValleyMove(p: Position, text: string): Position {
  return play(p, text);
}
/** @deprecated Use `legalMoves` and `formatMove` from 'gridbits/valley'. */
export function valleyMoves(p: Position): string[] {
  return legalMoves(p).map((m) => formatMove(m));
}
/** @deprecated Use `formatRecord` from 'gridbits/valley'. */
export const formatValleyRecord = formatRecord;
/** @deprecated Use `parseRecord` from 'gridbits/valley'. */
export const parseValleyRecord = parseRecord;
/** @deprecated Use `PositionRecord` from 'gridbits/valley'. */
export type ValleyRecord = PositionRecord;

/** @deprecated Use `PERFT_MAX_DEPTH` from 'gridbits/valley'. */
export { PERFT_MAX_DEPTH } from './perft.js';
/** The value of an outcome that has no limits but the signal: ABORTED when the signal stopped it (0.1's behaviour). */
function whole<T>(outcome: Outcome<T, unknown>): T {
  if (outcome.finished) return outcome.value;
  throw new GridbitsError('ABORTED', 'stopped before finishing');
}
/** @deprecated Use `perftSync` (or `perft`) from 'gridbits/valley', on an engine. */
export function valleyPerft(p: Position, depth: number): number {
  return whole(perftSync(createEngine(p), depth));
}
/** @deprecated Use `divideSync` (or `divide`) from 'gridbits/valley', on an engine. */
export function valleyDivide(p: Position, depth: number): DivideRows {
  return whole(divideSync(createEngine(p), depth));
}
/** @deprecated Use `divide` from 'gridbits/valley': an outcome, unfinished with its partial when stopped. Rejects ABORTED on the signal. */
export async function valleyDivideAsync(p: Position, depth: number, options: RunOptions = {}): Promise<DivideRows> {
  return whole(await divide(createEngine(p), depth, { signal: options.signal, onProgress: options.onProgress }));
}

/** @deprecated Use `SOLVE_MAX_PLY` from 'gridbits/valley'. */
export const VALLEY_SOLVE_MAX_PLY = SOLVE_MAX_PLY;
/** @deprecated Use `SolveValue` from 'gridbits/valley' ('unknown' is now an unfinished outcome). */
export type ValleySolveValue = SolveValue01;
/** @deprecated Use `SolveOptions` and the run options from 'gridbits/valley'. */
export type ValleySolveOptions = SolveOptions & RunOptions;
/** @deprecated Use `SolveStatus` from 'gridbits/valley'. */
export type ValleySolveStatus = SolveStatus;
export type { SolveResult01, SolveValue01 } from './solve01.js';
/** @deprecated Use `SolveResult` from 'gridbits/valley'. 0.1's result: 'unknown' and `exhausted` when the budget ran out. */
export type ValleySolveResult = SolveResult01;
/** @deprecated Use `solve` from 'gridbits/valley': an outcome, unfinished with what is proved so far when stopped. */
export const valleySolve = solve01;

/** @deprecated Use `Engine5` from 'gridbits/valley'. */
export const Valley5Engine = Engine5;
/** @deprecated Use `Engine5` from 'gridbits/valley'. */
export type Valley5Engine = Engine5;
/** @deprecated Use `createEngine` from 'gridbits/valley'. */
export const createValleyEngine: (pos: Position) => ValleyEngine = createEngine;
/** @deprecated Use `zobristKeys` from 'gridbits/valley'. */
export const valleyZobristKeys = zobristKeys;
/** @deprecated Use `Game` from 'gridbits/valley'. */
export const ValleyGame = Game;
/** @deprecated Use `Game` from 'gridbits/valley'. */
export type ValleyGame = Game;
/** @deprecated Use `Colour` from 'gridbits/valley'. */
export type ValleyColour = Colour;
/** @deprecated Use `GameOptions` from 'gridbits/valley'. */
export type ValleyGameOptions = GameOptions;
/** @deprecated Use `GameResult` from 'gridbits/valley'. */
export type ValleyGameResult = GameResult;

/** @deprecated Use `VARIANTS` from 'gridbits/valley'. */
export const VALLEY_VARIANTS = VARIANTS;
/** @deprecated Use `VARIANT_NAMES` from 'gridbits/valley'. */
export const VALLEY_VARIANT_NAMES = VARIANT_NAMES;
/** @deprecated Use `createVariantEngine` from 'gridbits/valley'. */
export const createValleyVariantEngine: (variant: Variant | VariantName, position?: string | Setup) => ValleyEngine =
  createVariantEngine;
/** @deprecated Use `divide` from 'gridbits/valley' (one perft for every variant). Rejects ABORTED on the signal. */
export async function valleyEngineDivideAsync(
  engine: ValleyEngine,
  depth: number,
  options: RunOptions = {},
): Promise<DivideRows> {
  return whole(await divide(engineOf(engine), depth, { signal: options.signal, onProgress: options.onProgress }));
}
/** @deprecated Use `engineMoves` from 'gridbits/valley'. */
export const valleyEngineMoves: (engine: ValleyEngine) => number[] = engineMoves as (engine: ValleyEngine) => number[];
/** @deprecated Use `perftSync` from 'gridbits/valley' (one perft for every variant). */
export function valleyEnginePerft(engine: ValleyEngine, depth: number): number {
  return whole(perftSync(engineOf(engine), depth));
}
/** @deprecated Use `formatVariantPosition` from 'gridbits/valley'. */
export const formatValleyVariantPosition = formatVariantPosition;
/** @deprecated Use `parseVariantPosition` from 'gridbits/valley'. */
export const parseValleyVariantPosition = parseVariantPosition;
/** @deprecated Use `findVariant` from 'gridbits/valley'. */
export const valleyVariant = findVariant;
/** @deprecated Use `variantStart` from 'gridbits/valley'. */
export const valleyVariantStart = variantStart;
/** @deprecated Use `Variant` from 'gridbits/valley'. */
export type ValleyVariant = Variant;
/** @deprecated Use `VariantName` from 'gridbits/valley'. */
export type ValleyVariantName = VariantName;
/** @deprecated Use `LABYRINTH_GRID` from 'gridbits/valley'. */
export const VALLEY_LABYRINTH_GRID = LABYRINTH_GRID;
/** @deprecated Use `LABYRINTH_START` from 'gridbits/valley'. */
export const VALLEY_LABYRINTH_START = LABYRINTH_START;
/** @deprecated Use `createLabyrinthEngine` from 'gridbits/valley'. */
export const createValleyLabyrinthEngine: (position?: string | Setup) => ValleyEngine = createLabyrinthEngine;
/** @deprecated Use `PILLAR` from 'gridbits/valley'. */
export const VALLEY_PILLAR = PILLAR;
/** @deprecated Use `formatSetup` from 'gridbits/valley'. */
export const formatValleySetup = formatSetup;
/** @deprecated Use `parseSetup` from 'gridbits/valley'. */
export const parseValleySetup = parseSetup;
/** @deprecated Use `GridSpec` from 'gridbits/valley'. */
export type ValleyGridSpec = GridSpec;
/** @deprecated Use `Setup` from 'gridbits/valley'. */
export type ValleySetup = Setup;
/** @deprecated Use `formatGameRecord` from 'gridbits/valley'. */
export const formatValleyGameRecord = formatGameRecord;
/** @deprecated Use `readRecordLines` from 'gridbits/valley'. */
export const readValleyRecordLines = readRecordLines;
/** @deprecated Use `RecordLines` from 'gridbits/valley'. */
export type ValleyRecordLines = RecordLines;
/**
 * @deprecated Use `Engine` from 'gridbits/valley' (moves are typed `Move`s; engines have `clone`). 0.1's engine
 * interface: make/unmake take plain numbers.
 */
export interface ValleyEngine extends Omit<Engine, 'make' | 'unmake' | 'clone'> {
  /** Plays m, a move generate wrote. */
  make(m: number): void;
  /** Takes back m, the last move made. */
  unmake(m: number): void;
  /** A new engine at the same position (0.1 engines may lack it). */
  clone?(): Engine;
}
/** An Engine over a 0.1 engine: one without clone searches itself (a stopped search then leaves it mid-line). */
function engineOf(e: ValleyEngine): Engine {
  if (e.clone !== undefined) return e as Engine;
  const self = e as unknown as Engine;
  return Object.assign(Object.create(e) as Engine, { clone: () => self });
}

/** @deprecated Use `SEARCH_MAX_PLY` from 'gridbits/valley'. */
export const VALLEY_SEARCH_MAX_PLY = SEARCH_MAX_PLY;
/** @deprecated Use `WIN` from 'gridbits/valley'. */
export const VALLEY_WIN = WIN;
/** @deprecated Use `SearchTable` from 'gridbits/valley'. */
export const ValleyTable = SearchTable;
/** @deprecated Use `SearchTable` from 'gridbits/valley'. */
export type ValleyTable = SearchTable;
/** @deprecated Use `formatEngineMove` from 'gridbits/valley'. */
export const formatValleyEngineMove = (e: ValleyEngine, m: number): string => formatEngineMove(e as Engine, m as Move);
/** @deprecated Use `parseEngineMove` from 'gridbits/valley'. */
export const parseValleyEngineMove = (e: ValleyEngine, text: string): number => parseEngineMove(e as Engine, text);
/** @deprecated Use `SearchInfo` from 'gridbits/valley'. */
export type ValleySearchInfo = SearchInfo;
/** @deprecated Use `SearchOptions` and the run options (`timeoutMs` for `timeMs`) from 'gridbits/valley'. */
export interface ValleySearchOptions extends SearchOptions {
  /** Wall-clock budget in milliseconds. */
  timeMs?: number;
  /** Node budget; the answer comes from the last finished iteration. */
  maxNodes?: number;
  /** Stops the search; the answer is then the best move so far. */
  signal?: AbortSignal;
}
/** @deprecated Use `SearchResult` from 'gridbits/valley' (what ended it is the outcome's). */
export interface ValleySearchResult extends Omit<SearchResult, 'ended'> {
  /** What ended the search: the depth, an exact result, the clock, the node budget, or the signal. */
  stopped: 'depth' | 'proven' | 'time' | 'nodes' | 'signal' | 'over';
}
/** @deprecated Use `Searcher` from 'gridbits/valley' (its search is a job with an outcome). */
export class ValleySearcher {
  private readonly searcher: Searcher;
  /** The transposition table, kept between searches. */
  readonly table: SearchTable;
  /** tableSize: transposition table entries (default 2^18). */
  constructor(tableSize?: number) {
    this.searcher = new Searcher(tableSize);
    this.table = this.searcher.table;
  }
  /** 0.1's synchronous search: the answer of the deepest iteration the limits allowed, with what stopped it. */
  search(engine: ValleyEngine, options: ValleySearchOptions = {}): ValleySearchResult {
    const e = engineOf(engine);
    const { timeMs, maxNodes, signal, ...rest } = options;
    if (timeMs !== undefined && !(timeMs > 0))
      throw new GridbitsError('BAD_ARGUMENT', `search timeMs must be positive, got ${timeMs}`);
    const outcome = this.searcher.searchSync(e, { ...rest, timeoutMs: timeMs, maxNodes, signal });
    if (outcome.finished) {
      const { ended, ...r } = outcome.value;
      return { ...r, stopped: ended };
    }
    // 0.1 always finished the first iteration, even when stopped before it began.
    const { ended: _ended, ...plain } = outcome.partial ?? searchDepthOne(this.searcher, e, rest);
    return { ...plain, stopped: outcome.stopped };
  }
}
function searchDepthOne(searcher: Searcher, e: Engine, options: SearchOptions): SearchResult {
  const o = searcher.searchSync(e, { ...options, depth: 1 });
  return (o.finished ? o.value : o.partial) as SearchResult;
}
/** @deprecated Use `searchSync` (or `search`) from 'gridbits/valley'. */
export function valleySearch(
  e: ValleyEngine,
  options: ValleySearchOptions & { tableSize?: number } = {},
): ValleySearchResult {
  return new ValleySearcher(options.tableSize).search(e, options);
}
/** @deprecated Use `EVAL_MAX` from 'gridbits/valley'. */
export const VALLEY_EVAL_MAX = EVAL_MAX;
/** @deprecated Use `evaluate` from 'gridbits/valley'. */
export const valleyEvaluate = evaluate;
/** @deprecated Use `kingDistance` from 'gridbits/valley'. */
export const valleyKingDistance = kingDistance;
/** @deprecated Use `simpleEvaluate` from 'gridbits/valley'. */
export const valleySimpleEvaluate = simpleEvaluate;

/** @deprecated Use `Level` from 'gridbits/valley' (`timeoutMs` for `timeMs`). */
export interface ValleyLevel extends Omit<Level, 'timeoutMs'> {
  /** Milliseconds a move, for the timed levels. */
  timeMs?: number;
}
/** @deprecated Use `AI_LEVELS` from 'gridbits/valley'. */
export const VALLEY_AI_LEVELS: readonly ValleyLevel[] = AI_LEVELS.map(({ timeoutMs, ...l }) =>
  timeoutMs === undefined ? l : { ...l, timeMs: timeoutMs },
);
/** @deprecated Use `DEFAULT_LEVEL` from 'gridbits/valley'. */
export const VALLEY_DEFAULT_LEVEL = DEFAULT_LEVEL;
/** @deprecated Use `AI_CONTEMPT` from 'gridbits/valley'. */
export const VALLEY_AI_CONTEMPT = AI_CONTEMPT;
/** @deprecated Use `PlayerKind` from 'gridbits/valley'. */
export type ValleyPlayerKind = PlayerKind;
/** @deprecated Use `PlayerSpec` from 'gridbits/valley' (`timeoutMs` for `timeMs`). */
export interface ValleyPlayerSpec extends Omit<PlayerSpec, 'timeoutMs'> {
  /** For ai: a per-move time that replaces the level's budget. */
  timeMs?: number;
}
const toSpec = ({ timeMs, ...s }: ValleyPlayerSpec): PlayerSpec =>
  timeMs === undefined ? s : { ...s, timeoutMs: timeMs };
/** @deprecated Use `Turn` from 'gridbits/valley'. */
export interface ValleyTurn {
  /** The engine at the position to move in. */
  engine: ValleyEngine;
  /** The game's position keys so far, the current one last. */
  history: ReadonlyArray<readonly [number, number]>;
  /** Whether the third occurrence of a position draws. */
  drawRule: boolean;
  /** Unused since 0.2 (a match checks its signal between moves). */
  signal?: AbortSignal;
}
/** @deprecated Use `Player` from 'gridbits/valley'. */
export interface ValleyPlayer {
  /** Its name in reports. */
  readonly name: string;
  /** A legal move (engine code) for the side to move; the engine is left as it was. */
  choose(turn: ValleyTurn): number;
}
/** @deprecated Use `createPlayer` from 'gridbits/valley'. */
export function createValleyPlayer(spec: ValleyPlayerSpec, seed = 1): ValleyPlayer {
  return asValleyPlayer(createPlayer(toSpec(spec), seed));
}
/** @deprecated Use `formatPlayer` from 'gridbits/valley'. */
export function formatValleyPlayer(spec: ValleyPlayerSpec): string {
  return formatPlayer(toSpec(spec));
}
/** @deprecated Use `greedyPlayer` from 'gridbits/valley'. */
export const greedyValleyPlayer = (seed?: number): ValleyPlayer => asValleyPlayer(greedyPlayer(seed));
/** @deprecated Use `randomPlayer` from 'gridbits/valley'. */
export const randomValleyPlayer = (seed: number): ValleyPlayer => asValleyPlayer(randomPlayer(seed));
/** @deprecated Use `parsePlayer` from 'gridbits/valley'. */
export const parseValleyPlayer: (text: string) => ValleyPlayerSpec = parsePlayer;
/** @deprecated Use `levelBudget` from 'gridbits/valley' (`timeoutMs` for `timeMs`). */
export function valleyLevelBudget(spec: ValleyPlayerSpec): {
  /** Search depth in plies, for the fixed-depth levels. */
  depth?: number;
  /** Milliseconds a move, for the timed levels and a spec's own time. */
  timeMs?: number;
} {
  const { depth, timeoutMs } = levelBudget(toSpec(spec));
  return depth !== undefined ? { depth } : { timeMs: timeoutMs };
}
/** @deprecated Use `MatchGame` from 'gridbits/valley'. */
export type ValleyGameRecord = MatchGame;
/** @deprecated Use `MatchTally` from 'gridbits/valley'. */
export type ValleyMatchTally = MatchTally;
/** @deprecated Use `MatchOptions` and the run options from 'gridbits/valley'. */
export interface ValleyMatchOptions extends Omit<MatchOptions, 'a' | 'b'> {
  /** Player A. */
  a: ValleyPlayerSpec;
  /** Player B. */
  b: ValleyPlayerSpec;
  /** Stops the match (ABORTED). */
  signal?: AbortSignal;
}
/** @deprecated Use `PlayOptions` from 'gridbits/valley'. */
export type ValleyPlayOptions = Pick<ValleyMatchOptions, 'openingPlies' | 'plyCap' | 'signal'>;
const asPlayer = (p: ValleyPlayer): Player => ({ name: p.name, choose: (turn) => p.choose(turn) as Move });
const asValleyPlayer = (p: Player): ValleyPlayer => ({
  name: p.name,
  choose: (turn) => p.choose({ ...turn, engine: engineOf(turn.engine) }),
});
/** @deprecated Use `playGameJob` from 'gridbits/valley'. Rejects ABORTED on the signal. */
export async function playValleyGame(
  game: Game,
  white: ValleyPlayer,
  black: ValleyPlayer,
  rng: Rng,
  opts: ValleyPlayOptions = {},
): Promise<PlayedGame> {
  return whole(await playGameJob(game, asPlayer(white), asPlayer(black), rng, opts).run({ signal: opts.signal }));
}
/** @deprecated Use `match` from 'gridbits/valley': an outcome, unfinished with the games so far when stopped. Rejects ABORTED on the signal. */
export async function valleyMatch(opts: ValleyMatchOptions): Promise<MatchTally> {
  const { signal, a, b, ...rest } = opts;
  return whole(await matchJob({ ...rest, a: toSpec(a), b: toSpec(b) }).run({ signal }));
}
