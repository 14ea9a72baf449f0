// King's Valley players (random, greedy depth-2, AI levels) and a match runner that plays them against each other.
import { GridbitsError } from '../core/error.js';
import { createRng, type Rng } from '../core/prng.js';
import { checkAborted } from '../core/run.js';
import type { ValleyEngine } from './engine.js';
import { valleySimpleEvaluate } from './eval.js';
import { ValleyGame } from './game.js';
import { ValleySearcher, WIN, formatEngineMove, type ValleySearchOptions } from './search.js';
import type { ValleyResult } from './state.js';
import type { ValleyVariantName } from './variant.js';

/** A search budget per move: depth in plies, or milliseconds. */
export interface ValleyLevel {
  level: number;
  depth?: number;
  timeMs?: number;
  about: string;
}

/** The AI levels, weakest first; `ai` alone means DEFAULT_LEVEL (100 ms a move). */
export const VALLEY_AI_LEVELS: readonly ValleyLevel[] = [
  { level: 1, depth: 1, about: 'one ply: takes a win in 1, else the best-looking move' },
  { level: 2, depth: 2, about: 'two plies: also stops a win in 1 when it can' },
  { level: 3, depth: 4, about: 'four plies' },
  { level: 4, timeMs: 30, about: '30 ms a move' },
  { level: 5, timeMs: 100, about: '100 ms a move (the default)' },
  { level: 6, timeMs: 1000, about: '1 s a move' },
];
export const VALLEY_DEFAULT_LEVEL = 5;

export type ValleyPlayerKind = 'random' | 'greedy' | 'ai';

export interface ValleyPlayerSpec {
  kind: ValleyPlayerKind;
  /** For ai: the level (1..6). */
  level?: number;
  /** For ai: a per-move time that replaces the level's budget. */
  timeMs?: number;
}

/** Parses "random", "greedy", "ai" or "ai:L"; throws BAD_ARGUMENT naming the choices. */
export function parseValleyPlayer(text: string): ValleyPlayerSpec {
  const t = text.trim().toLowerCase();
  if (t === 'random' || t === 'greedy') return { kind: t };
  const m = /^ai(?::([0-9]+))?$/.exec(t);
  if (m !== null) {
    const level = m[1] === undefined ? VALLEY_DEFAULT_LEVEL : Number(m[1]);
    if (level < 1 || level > VALLEY_AI_LEVELS.length) throw new GridbitsError('BAD_ARGUMENT', `AI level must be 1 to ${VALLEY_AI_LEVELS.length}, got '${text}'`);
    return m[1] === undefined ? { kind: 'ai' } : { kind: 'ai', level };
  }
  throw new GridbitsError('BAD_ARGUMENT', `unknown player '${text}' (random, greedy, ai, ai:1 .. ai:${VALLEY_AI_LEVELS.length})`);
}

export function formatValleyPlayer(spec: ValleyPlayerSpec): string {
  if (spec.kind !== 'ai') return spec.kind;
  const base = spec.level === undefined ? 'ai' : `ai:${spec.level}`;
  return spec.timeMs === undefined ? base : `${base}@${spec.timeMs}ms`;
}

/** What a player sees: the engine at the position to move in, the game's keys so far (the current one last), the draw rule. */
export interface ValleyTurn {
  engine: ValleyEngine;
  history: ReadonlyArray<readonly [number, number]>;
  drawRule: boolean;
  signal?: AbortSignal;
}

export interface ValleyPlayer {
  readonly name: string;
  /** A legal move (engine code) for the side to move; the engine is left as it was. */
  choose(turn: ValleyTurn): number;
}

const PICK = new Int32Array(64);

/** Plays a uniformly random legal move, from its own seeded stream. */
export function randomValleyPlayer(seed: number): ValleyPlayer {
  const rng: Rng = createRng(seed);
  return {
    name: 'random',
    choose({ engine }) {
      const n = engine.generate(PICK, 0);
      if (n === 0) throw new GridbitsError('BAD_INPUT', `no move to play in ${engine.toString()}`);
      return PICK[rng.below(n)];
    },
  };
}

function searchPlayer(name: string, budget: ValleySearchOptions, searcher: ValleySearcher): ValleyPlayer {
  return {
    name,
    choose({ engine, history, drawRule, signal }) {
      const r = searcher.search(engine, { ...budget, history, drawRule, signal });
      if (r.move === null) throw new GridbitsError('BAD_INPUT', `no move to play in ${engine.toString()}`);
      return r.move;
    },
  };
}

const REPLIES = new Int32Array(64);
const GREEDY_WIN = 1 << 20;

/**
 * The greedy player: plain two-ply minimax (its move, every reply) on the Kings' slide distances alone, ties
 * broken at random from its own seeded stream. It takes a win in 1 and avoids a move that allows one; it does
 * not repeat-check and sees nothing deeper.
 */
export function greedyValleyPlayer(seed = 1): ValleyPlayer {
  const rng = createRng(seed);
  const own = new Int32Array(64), best = new Int32Array(64);
  return {
    name: 'greedy',
    choose({ engine: e }) {
      const n = e.generate(own, 0);
      if (n === 0) throw new GridbitsError('BAD_INPUT', `no move to play in ${e.toString()}`);
      let top = -Infinity, count = 0;
      for (let i = 0; i < n; i++) {
        e.make(own[i]);
        let worst = GREEDY_WIN;
        if (e.winner() === null) {
          const replies = e.generate(REPLIES, 0);
          for (let j = 0; j < replies && worst > -GREEDY_WIN; j++) {
            e.make(REPLIES[j]);
            // After the reply it is our move again: the simple evaluation is from our side.
            const v = e.winner() !== null ? -GREEDY_WIN : valleySimpleEvaluate(e);
            e.unmake(REPLIES[j]);
            if (v < worst) worst = v;
          }
        } else if (e.winner() !== (e.side === 0 ? 'black' : 'white')) {
          worst = -GREEDY_WIN;
        }
        e.unmake(own[i]);
        if (worst > top) {
          top = worst;
          count = 0;
        }
        if (worst === top) best[count++] = own[i];
      }
      return best[rng.below(count)];
    },
  };
}

/** The budget of an AI spec: its level's depth or time, or the spec's own time. */
export function valleyLevelBudget(spec: ValleyPlayerSpec): { depth?: number; timeMs?: number } {
  if (spec.timeMs !== undefined) return { timeMs: spec.timeMs };
  const level = VALLEY_AI_LEVELS[(spec.level ?? VALLEY_DEFAULT_LEVEL) - 1];
  return level.depth !== undefined ? { depth: level.depth } : { timeMs: level.timeMs };
}

// The AI plays to win: a repetition counts a little below an even position for it.
export const AI_CONTEMPT = 40;

/** A player for a spec; seed feeds the random and greedy players. */
export function createValleyPlayer(spec: ValleyPlayerSpec, seed = 1): ValleyPlayer {
  if (spec.kind === 'random') return randomValleyPlayer(seed);
  if (spec.kind === 'greedy') return greedyValleyPlayer(seed);
  return searchPlayer(formatValleyPlayer(spec), { ...valleyLevelBudget(spec), contempt: AI_CONTEMPT }, new ValleySearcher(1 << 18));
}

export interface ValleyMatchOptions {
  games: number;
  /** The players; player A takes White in game 1 (and every game unless alternate). */
  a: ValleyPlayerSpec;
  b: ValleyPlayerSpec;
  /** Swap colours after every game (default false: A is White throughout). */
  alternate?: boolean;
  /** The variant (default standard) and the start position in its notation (default the variant's start). */
  variant?: ValleyVariantName;
  position?: string;
  /** Seeds the random opening plies and the random players (default 1). */
  seed?: number;
  /** Random plies at the start of every game (each one not losing by force within 5 plies), so deterministic players do not replay one game (default 1). */
  openingPlies?: number;
  /** Third occurrence of a position is a draw (default true). */
  drawRule?: boolean;
  /** A game still going after this many plies counts as a draw (default 300). */
  plyCap?: number;
  signal?: AbortSignal;
  onGame?: (game: ValleyGameRecord, tally: ValleyMatchTally) => void;
}

export interface ValleyGameRecord {
  /** 1-based. */
  game: number;
  /** Which player had White: 'a' or 'b'. */
  whitePlayer: 'a' | 'b';
  result: ValleyResult;
  /** How it ended: a win, the third occurrence of a position, or the ply cap. */
  end: 'win' | 'repetition' | 'cap';
  plies: number;
  /** The moves played (engine codes), from the start position. */
  moves: number[];
}

export interface ValleyMatchTally {
  games: number;
  /** Wins of whoever played White, of whoever played Black, and draws. */
  white: number;
  black: number;
  draws: number;
  /** Wins of player A and of player B (colours as they fell). */
  aWins: number;
  bWins: number;
  repetitions: number;
  capped: number;
  plies: number;
}

const openingSearch = new ValleySearcher(1 << 12);
const SAFE = new Int32Array(64);

/**
 * A random move among those after which the opponent has no forced win within 5 plies (any move when all
 * lose): the random opening plies vary the games without handing either side a lost position.
 */
function safeRandomMove(e: ValleyEngine, rng: Rng): number {
  const n = e.generate(PICK, 0);
  let safe = 0;
  for (let i = 0; i < n; i++) {
    e.make(PICK[i]);
    const lost = e.winner() === null && openingSearch.search(e, { depth: 5, evaluate: () => 0, drawRule: false }).score >= WIN - 5;
    e.unmake(PICK[i]);
    if (!lost) SAFE[safe++] = PICK[i];
  }
  return safe > 0 ? SAFE[rng.below(safe)] : PICK[rng.below(n)];
}

export type ValleyPlayOptions = Pick<ValleyMatchOptions, 'openingPlies' | 'plyCap' | 'signal'>;

/**
 * Plays a game on to its end: a win, the third occurrence of a position when the game has the draw rule, or
 * the ply cap. Moves go through the game (every one checked); rng draws the random opening plies.
 */
export async function playValleyGame(game: ValleyGame, white: ValleyPlayer, black: ValleyPlayer, rng: Rng, opts: ValleyPlayOptions = {}): Promise<Omit<ValleyGameRecord, 'game' | 'whitePlayer'>> {
  const cap = opts.plyCap ?? 300, opening = opts.openingPlies ?? 1, e = game.engine;
  const moves: number[] = [];
  let lastYield = Date.now();
  for (let plies = 0; ; plies++) {
    const over = game.result();
    if (over !== null) return { result: over.winner, end: over.draw ? 'repetition' : 'win', plies, moves };
    if (plies >= cap) return { result: null, end: 'cap', plies, moves };
    const m = plies < opening ? safeRandomMove(e, rng) : (e.side === 0 ? white : black).choose({ engine: e, history: game.historyKeys(), drawRule: game.drawRule, signal: opts.signal });
    game.play(formatEngineMove(e, m));
    moves.push(m);
    // Let timers, signals and Ctrl-C in now and then.
    if (Date.now() - lastYield > 20) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = Date.now();
      checkAborted(opts.signal);
    }
  }
}

/** Plays opts.games games between players A and B and tallies them. */
export async function valleyMatch(opts: ValleyMatchOptions): Promise<ValleyMatchTally> {
  if (!Number.isInteger(opts.games) || opts.games < 1) throw new GridbitsError('BAD_ARGUMENT', `games must be a whole number from 1, got ${opts.games}`);
  const seed = opts.seed ?? 1;
  const rng = createRng(seed);
  const a = createValleyPlayer(opts.a, seed * 2 + 1), b = createValleyPlayer(opts.b, seed * 2 + 2);
  const tally: ValleyMatchTally = { games: 0, white: 0, black: 0, draws: 0, aWins: 0, bWins: 0, repetitions: 0, capped: 0, plies: 0 };
  for (let g = 1; g <= opts.games; g++) {
    checkAborted(opts.signal);
    const aWhite = !opts.alternate || g % 2 === 1;
    const game = new ValleyGame({ variant: opts.variant, position: opts.position, drawRule: opts.drawRule ?? true });
    const r = await playValleyGame(game, aWhite ? a : b, aWhite ? b : a, rng, opts);
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
    opts.onGame?.({ game: g, whitePlayer: aWhite ? 'a' : 'b', ...r }, tally);
  }
  return tally;
}
