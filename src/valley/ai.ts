// King's Valley players (random, greedy depth-2, AI levels) and a match, as a job, that plays them against each other.
import { checkInstance, checkInt, checkOptions, isPlainObject, refuse } from '../core/check.js';
import { countArg, flagArg, listenerArg, textArg } from './args.js';
import { GridbitsError } from '../core/error.js';
import { Job, finishedValue, type JobControl, type Outcome } from '../core/job.js';
import { checkRng, createRng, type Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import type { Engine } from './engine.js';
import { simpleEvaluate } from './eval.js';
import { Game } from './game.js';
import { formatMove, type Move } from './move.js';
import { Searcher, WIN, searchAnswer, type SearchOptions } from './search.js';
import { otherSide, type Winner } from './state.js';
import { findVariant, type VariantName } from './variant.js';
import { AI_LEVELS, DEFAULT_LEVEL } from './levels.js';

/** The kinds of player. */
export type PlayerKind = 'random' | 'greedy' | 'ai';

/** A player as named in text: "random", "greedy", "ai", "ai:L". */
export interface PlayerSpec {
  /** Which kind. */
  kind: PlayerKind;
  /** For ai: the level (1..6). */
  level?: number;
  /** For ai: a per-move time that replaces the level's budget. */
  timeoutMs?: number;
}

/**
 * A player spec (parsePlayer's): a kind, and for an AI a level from 1 to 6 and a time a move; else BAD_ARGUMENT
 * naming it.
 */
function specArg(value: unknown, name = 'spec'): PlayerSpec {
  if (!isPlainObject(value) || !['random', 'greedy', 'ai'].includes(value.kind as string))
    refuse(name, "a player spec ({ kind: 'random' | 'greedy' | 'ai', level?, timeoutMs? }: parsePlayer)", value);
  if (value.kind === 'ai') {
    countArg(value.level, `${name}.level`, 1, AI_LEVELS.length);
    if (
      value.timeoutMs !== undefined &&
      !(typeof value.timeoutMs === 'number' && value.timeoutMs >= 0 && value.timeoutMs < Infinity)
    )
      refuse(`${name}.timeoutMs`, 'a number of milliseconds ≥ 0', value.timeoutMs);
  }
  return value as unknown as PlayerSpec;
}

/** Parses "random", "greedy", "ai" or "ai:L"; throws BAD_ARGUMENT naming the choices. */
export function parsePlayer(text: string): PlayerSpec {
  const t = textArg(text, 'player').trim().toLowerCase();
  if (t === 'random' || t === 'greedy') return { kind: t };
  const m = /^ai(?::([0-9]+))?$/.exec(t);
  if (m !== null) {
    const level = m[1] === undefined ? DEFAULT_LEVEL : Number(m[1]);
    if (level < 1 || level > AI_LEVELS.length)
      throw new GridbitsError('BAD_ARGUMENT', `AI level must be 1 to ${AI_LEVELS.length}, got '${text}'`);
    return m[1] === undefined ? { kind: 'ai' } : { kind: 'ai', level };
  }
  throw new GridbitsError(
    'BAD_ARGUMENT',
    `unknown player '${text}' (random, greedy, ai, ai:1 .. ai:${AI_LEVELS.length})`,
  );
}

/** A spec as text: "random", "greedy", "ai", "ai:3", "ai@40ms". */
export function formatPlayer(spec: PlayerSpec): string {
  specArg(spec);
  if (spec.kind !== 'ai') return spec.kind;
  const base = spec.level === undefined ? 'ai' : `ai:${spec.level}`;
  return spec.timeoutMs === undefined ? base : `${base}@${spec.timeoutMs}ms`;
}

/**
 * What a player sees: the engine at the position to move in, the game's keys so far (the current one last), the draw
 * rule.
 */
export interface Turn {
  /** The engine at the position to move in (leave it as it is). */
  engine: Engine;
  /** The game's position keys so far, the current one last. */
  history: ReadonlyArray<readonly [number, number]>;
  /** Whether the third occurrence of a position draws. */
  drawRule: boolean;
}

/** A player: chooses a move for the side to move. */
export interface Player {
  /** Its name in reports ("random", "ai:3"). */
  readonly name: string;
  /** A legal move for the side to move; the engine is left as it was. */
  choose(turn: Turn): Move;
  /**
   * The same choice as a job, for a player whose move is long work (a search): a match runs its steps inside
   * its own, so the match's limits and its signal are looked at between them. The job keeps the player's own
   * budget for the move; the engine must stay as it is until the job has finished.
   */
  chooseJob?(turn: Turn): Job<Move>;
}

const PICK = new Int32Array(64);

/** Plays a uniformly random legal move, from its own seeded stream. */
export function randomPlayer(seed: number): Player {
  const rng: Rng = createRng(seed);
  return {
    name: 'random',
    choose({ engine }) {
      const n = engine.generate(PICK, 0);
      if (n === 0) throw new GridbitsError('BAD_INPUT', `no move to play in ${engine.toString()}`);
      return PICK[rng.below(n)] as Move;
    },
  };
}

/** A player that searches each move within its budget (a depth, or a time limit: then the best move found in it). */
function searchPlayer(name: string, budget: SearchOptions & Pick<RunOptions, 'timeoutMs'>, searcher: Searcher): Player {
  const { timeoutMs, ...look } = budget;
  const chooseJob = ({ engine, history, drawRule }: Turn): Job<Move> =>
    new Job<Move>(function* (ctl) {
      // The search runs inside the caller's job under its own time limit (its run time: the pauses do not
      // count); its progress is not the caller's (a match counts games).
      const search = searcher.searchJob(engine, { ...look, history, drawRule });
      const r = searchAnswer(yield* search.runWithin(ctl, { timeoutMs, onProgress: ignore }));
      if (r === undefined || r.move === null)
        throw new GridbitsError('BAD_INPUT', `no move to play in ${engine.toString()}`);
      return r.move;
    });
  return { name, chooseJob, choose: (turn) => finishedValue(chooseJob(turn).runSync()) };
}

function ignore(): void {}

const REPLIES = new Int32Array(64);
const GREEDY_WIN = 1 << 20;

/**
 * The greedy player: plain two-ply minimax (its move, every reply) on the Kings' slide distances alone, ties
 * broken at random from its own seeded stream. It takes a win in 1 and avoids a move that allows one; it does
 * not repeat-check and sees nothing deeper.
 */
export function greedyPlayer(seed = 1): Player {
  const rng = createRng(seed);
  const own = new Int32Array(64),
    best = new Int32Array(64);
  return {
    name: 'greedy',
    choose({ engine: e }) {
      const n = e.generate(own, 0);
      if (n === 0) throw new GridbitsError('BAD_INPUT', `no move to play in ${e.toString()}`);
      let top = -Infinity,
        count = 0;
      for (let i = 0; i < n; i++) {
        e.make(own[i] as Move);
        let worst = GREEDY_WIN;
        if (e.winner() === null) {
          const replies = e.generate(REPLIES, 0);
          for (let j = 0; j < replies && worst > -GREEDY_WIN; j++) {
            e.make(REPLIES[j] as Move);
            // After the reply it is our move again: the simple evaluation is from our side.
            const v = e.winner() !== null ? -GREEDY_WIN : simpleEvaluate(e);
            e.unmake(REPLIES[j] as Move);
            if (v < worst) worst = v;
          }
        } else if (e.winner() !== otherSide(e.side)) {
          worst = -GREEDY_WIN;
        }
        e.unmake(own[i] as Move);
        if (worst > top) {
          top = worst;
          count = 0;
        }
        if (worst === top) best[count++] = own[i];
      }
      return best[rng.below(count)] as Move;
    },
  };
}

/** A player's search budget per move: a depth or a time, exactly one of them set. */
export interface LevelBudget {
  /** Search depth in plies, for the fixed-depth levels. */
  depth?: number;
  /** Milliseconds a move, for the timed levels and a spec's own time. */
  timeoutMs?: number;
}

/** The budget of an AI spec: its level's depth or time, or the spec's own time. */
export function levelBudget(spec: PlayerSpec): LevelBudget {
  specArg(spec);
  if (spec.kind !== 'ai') refuse('spec', "an AI player's spec ({ kind: 'ai', … })", spec);
  if (spec.timeoutMs !== undefined) return { timeoutMs: spec.timeoutMs };
  const level = AI_LEVELS[(spec.level ?? DEFAULT_LEVEL) - 1];
  return level.depth !== undefined ? { depth: level.depth } : { timeoutMs: level.timeoutMs };
}

/** The AI plays to win: a repetition counts this many points below an even position for it. */
export const AI_CONTEMPT = 40;

/** A player for a spec; seed feeds the random and greedy players. */
export function createPlayer(spec: PlayerSpec, seed = 1): Player {
  specArg(spec);
  createRng(seed);
  if (spec.kind === 'random') return randomPlayer(seed);
  if (spec.kind === 'greedy') return greedyPlayer(seed);
  return searchPlayer(formatPlayer(spec), { ...levelBudget(spec), contempt: AI_CONTEMPT }, new Searcher(1 << 18));
}

/** A match: how many games, who plays, from where, under which rules. */
export interface MatchOptions {
  /** Games to play (≥ 1). */
  games: number;
  /** Player A; A takes White in game 1 (and every game unless alternate). */
  a: PlayerSpec;
  /** Player B. */
  b: PlayerSpec;
  /** Swap colours after every game (default false: A is White throughout). */
  alternate?: boolean;
  /** The variant (default standard). */
  variant?: VariantName;
  /** The start position in the variant's notation (default the variant's start). */
  position?: string;
  /** Seeds the random opening plies and the random players (default 1). */
  seed?: number;
  /**
   * Random plies at the start of every game (each one not losing by force within 5 plies), so deterministic players do
   * not replay one game (default 1).
   */
  openingPlies?: number;
  /** Third occurrence of a position is a draw (default true). */
  drawRule?: boolean;
  /** A game still going after this many plies counts as a draw (default 300). */
  plyCap?: number;
  /** Called after each game with it and the tally so far. */
  onGame?: (game: MatchGame, tally: MatchTally) => void;
}

/** One game of a match. */
export interface MatchGame {
  /** 1-based. */
  game: number;
  /** Which player had White: 'a' or 'b'. */
  whitePlayer: 'a' | 'b';
  /** Who won, null for a draw. */
  result: Winner;
  /** How it ended: a win, the third occurrence of a position, or the ply cap. */
  end: 'win' | 'repetition' | 'cap';
  /** Plies played. */
  plies: number;
  /** The moves played, from the start position. */
  moves: Move[];
}

/** A match's tally (finished: every game; a partial: the games played so far). */
export interface MatchTally {
  /** Games played. */
  games: number;
  /** Wins of whoever played White. */
  white: number;
  /** Wins of whoever played Black. */
  black: number;
  /** Drawn games. */
  draws: number;
  /** Wins of player A (colours as they fell). */
  aWins: number;
  /** Wins of player B. */
  bWins: number;
  /** Games drawn by the third occurrence of a position. */
  repetitions: number;
  /** Games drawn at the ply cap. */
  capped: number;
  /** Plies of all games. */
  plies: number;
}

const openingSearch = new Searcher(1 << 12);

/**
 * A random move among those after which the opponent has no forced win within 5 plies (any move when all
 * lose): the random opening plies vary the games without handing either side a lost position. It may pause
 * after each move's search (a millisecond or so each).
 */
function* safeRandomMove(e: Engine, rng: Rng): Generator<void, Move, void> {
  const n = e.generate(PICK, 0);
  // Copies, not the shared buffers: another match may run between the pauses.
  const moves = PICK.slice(0, n),
    safeMoves = new Int32Array(n);
  let safe = 0;
  for (let i = 0; i < n; i++) {
    const m = moves[i] as Move;
    e.make(m);
    const lost =
      e.winner() === null &&
      searchAnswer(openingSearch.searchSync(e, { depth: 5, evaluate: () => 0, drawRule: false }))!.score >= WIN - 5;
    e.unmake(m);
    if (!lost) safeMoves[safe++] = m;
    yield;
  }
  return (safe > 0 ? safeMoves[rng.below(safe)] : moves[rng.below(n)]) as Move;
}

/** How a game is played on: random opening plies, the ply cap. */
export type PlayOptions = Pick<MatchOptions, 'openingPlies' | 'plyCap'>;

/** A played game: who won, how it ended, its plies and moves. */
export type PlayedGame = Omit<MatchGame, 'game' | 'whitePlayer'>;

/**
 * The steps of a game played on to its end: a win, the third occurrence of a position when the game has the
 * draw rule, or the ply cap. A ply is its unit of work (a pause point may follow each). Moves go through the game
 * (every one checked); rng draws the random opening plies; `moves` gets each move as it is played.
 */
function* gameSteps(
  ctl: JobControl<unknown>,
  game: Game,
  white: Player,
  black: Player,
  rng: Rng,
  opts: PlayOptions,
  moves: Move[],
): Generator<void, PlayedGame, void> {
  const cap = opts.plyCap ?? 300,
    opening = opts.openingPlies ?? 1,
    e = game.engine;
  for (let plies = 0; ; plies++) {
    const over = game.result();
    if (over !== null) return { result: over.winner, end: over.draw ? 'repetition' : 'win', plies, moves };
    if (plies >= cap) return { result: null, end: 'cap', plies, moves };
    const player = e.side === 'white' ? white : black;
    const turn = (): Turn => ({ engine: e, history: game.historyKeys(), drawRule: game.drawRule });
    // A searching player's move runs as steps of this job, so its limits and signal are looked at within milliseconds.
    const m =
      plies < opening
        ? yield* safeRandomMove(e, rng)
        : player.chooseJob
          ? yield* player.chooseJob(turn()).within(ctl)
          : player.choose(turn());
    game.play(formatMove(m, e.board));
    moves.push(m);
    if (ctl.spend(1)) yield;
  }
}

/** A game played on to its end as a job (see gameSteps); unfinished, its partial is the moves played so far. */
export function playGameJob(
  game: Game,
  white: Player,
  black: Player,
  rng: Rng,
  play: PlayOptions = {},
): Job<PlayedGame, Move[]> {
  checkInstance(game, Game, 'game', 'a game (new Game)');
  playerArg(white, 'white');
  playerArg(black, 'black');
  checkRng(rng);
  const opts = playArg(play);
  return new Job<PlayedGame, Move[]>(function* (ctl) {
    const moves: Move[] = [];
    ctl.partial = () => moves.slice();
    return yield* gameSteps(ctl, game, white, black, rng, opts, moves);
  });
}

/**
 * {@link playGameJob} run to its end or its limits, giving the event loop a turn about every 20 ms: the game,
 * or (stopped) the moves played so far.
 */
export function playGame(
  game: Game,
  white: Player,
  black: Player,
  rng: Rng,
  play: PlayOptions = {},
  options: RunOptions<Move[]> = {},
): Promise<Outcome<PlayedGame, Move[]>> {
  return playGameJob(game, white, black, rng, play).run(options);
}

/** {@link playGameJob} run synchronously. */
export function playGameSync(
  game: Game,
  white: Player,
  black: Player,
  rng: Rng,
  play: PlayOptions = {},
  options: RunOptions<Move[]> = {},
): Outcome<PlayedGame, Move[]> {
  return playGameJob(game, white, black, rng, play).runSync(options);
}

/** A match's options checked before it starts (a bad start position included), else BAD_ARGUMENT naming them. */
function matchArg(value: unknown): MatchOptions {
  if (!isPlainObject(value)) refuse('match', 'the options of a match ({ games, a, b, … })', value);
  checkInt(value.games, 'match.games', 1);
  specArg(value.a, 'match.a');
  specArg(value.b, 'match.b');
  flagArg(value.alternate, 'match.alternate');
  flagArg(value.drawRule, 'match.drawRule');
  if (value.seed !== undefined) createRng(value.seed as number);
  countArg(value.openingPlies, 'match.openingPlies', 0, 1000);
  countArg(value.plyCap, 'match.plyCap', 1);
  listenerArg(value.onGame, 'match.onGame');
  if (value.variant !== undefined) findVariant(textArg(value.variant, 'match.variant'));
  if (value.position !== undefined) textArg(value.position, 'match.position');
  // The start position, read once now: a bad one is refused before any game.
  try {
    new Game({ variant: value.variant as VariantName | undefined, position: value.position as string | undefined });
  } catch (e) {
    if (e instanceof GridbitsError) throw new GridbitsError(e.code, `match.position: ${e.message}`);
    throw e;
  }
  return value as unknown as MatchOptions;
}

/** How a game is played on, checked: whole numbers of opening plies and the ply cap, else BAD_ARGUMENT. */
function playArg(value: unknown): PlayOptions {
  checkOptions(value, 'play');
  const o = (value ?? {}) as Record<string, unknown>;
  countArg(o.openingPlies, 'play.openingPlies', 0, 1000);
  countArg(o.plyCap, 'play.plyCap', 1);
  return o as PlayOptions;
}

/** A player (createPlayer, randomPlayer, greedyPlayer, or one's own): a name and a choose method. */
function playerArg(value: unknown, name: string): Player {
  const p = value as Partial<Player> | null;
  if (typeof p !== 'object' || p === null || typeof p.name !== 'string' || typeof p.choose !== 'function')
    refuse(name, 'a player (createPlayer, randomPlayer, greedyPlayer)', value);
  return p as Player;
}

/**
 * A match of match.games games between players A and B, as a job: the tally. Its work units are positions (each
 * ply played, and each position a searching player's move looks at), its progress is in games; stopped by its
 * limits (looked at between moves, and every few milliseconds inside a searching player's move), the partial is
 * the tally of the games played so far.
 */
export function matchJob(match: MatchOptions): Job<MatchTally, MatchTally> {
  const opts = matchArg(match);
  const emptyTally = (): MatchTally => ({
    games: 0,
    white: 0,
    black: 0,
    draws: 0,
    aWins: 0,
    bWins: 0,
    repetitions: 0,
    capped: 0,
    plies: 0,
  });
  return new Job<MatchTally, MatchTally>(
    function* (ctl) {
      const seed = opts.seed ?? 1;
      const rng = createRng(seed);
      // The players' seeds, kept safe integers for the largest seeds (the same as ever for the others).
      const a = createPlayer(opts.a, (seed * 2 + 1) % 2 ** 53),
        b = createPlayer(opts.b, (seed * 2 + 2) % 2 ** 53);
      const tally = emptyTally();
      ctl.partial = () => ({ ...tally });
      ctl.report({ share: 0, done: 0, unit: 'games' });
      for (let g = 1; g <= opts.games; g++) {
        const aWhite = !opts.alternate || g % 2 === 1;
        const game = new Game({ variant: opts.variant, position: opts.position, drawRule: opts.drawRule ?? true });
        const r = yield* gameSteps(ctl, game, aWhite ? a : b, aWhite ? b : a, rng, opts, []);
        tally.games++;
        tally.plies += r.plies;
        if (r.result === null) {
          tally.draws++;
          if (r.end === 'repetition') tally.repetitions++;
          else tally.capped++;
        } else {
          tally[r.result]++;
          if ((r.result === 'white') === aWhite) tally.aWins++;
          else tally.bWins++;
        }
        ctl.report({ share: g / opts.games, done: g });
        opts.onGame?.({ game: g, whitePlayer: aWhite ? 'a' : 'b', ...r }, { ...tally });
      }
      return tally;
    },
    { unit: 'positions', partial: emptyTally },
  );
}

/**
 * {@link matchJob} run to its end or its limits, giving the event loop a turn about every 20 ms.
 *
 * @example
 * ```ts
 * import { match } from 'gridbits/valley';
 * const outcome = await match({ games: 10, a: { kind: 'greedy' }, b: { kind: 'random' }, alternate: true });
 * const tally = outcome.finished ? outcome.value : outcome.partial;
 * console.log(tally?.aWins, tally?.bWins, tally?.draws);
 * ```
 */
export function match(match: MatchOptions, options: RunOptions = {}): Promise<Outcome<MatchTally, MatchTally>> {
  return matchJob(match).run(options);
}

/** {@link matchJob} run synchronously. */
export function matchSync(match: MatchOptions, options: RunOptions = {}): Outcome<MatchTally, MatchTally> {
  return matchJob(match).runSync(options);
}
