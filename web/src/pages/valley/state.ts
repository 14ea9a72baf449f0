// The King's Valley page's state: what the URL holds (variant, who starts, who plays each side, the draw rule,
// the moves so far) and the game replayed from it, kept free of the DOM so tests run it in Node.
import type { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import {
  AI_LEVELS,
  DEFAULT_LEVEL,
  VARIANTS as ENGINE_VARIANTS,
  VARIANT_NAMES,
  Game as ValleyGame,
  type VariantName,
} from '../../../../src/valley/index.js';
import { DEFAULT_THINK, THINK_SECONDS } from './analysis.js';

export type Variant = VariantName;
export const VARIANTS: readonly (readonly [Variant, string])[] = VARIANT_NAMES.map(
  (v) => [v, v === 'standard' ? 'Standard' : ENGINE_VARIANTS[v].title] as const,
);

/**
 * Who plays a side: a person at this browser, the random mover, the greedy two-ply player, or an AI level
 * (the engine's levels, "ai3").
 */
export type Player = 'human' | 'random' | 'greedy' | `ai${number}`;
export const PLAYERS: readonly (readonly [Player, string])[] = [
  ['human', 'Human'],
  ['random', 'Computer: random moves'],
  ['greedy', 'Computer: greedy (looks 2 moves ahead)'],
  ...AI_LEVELS.map(
    ({ level, depth, timeoutMs }) => [`ai${level}`, `Computer ${level} (${levelWords(depth, timeoutMs)})`] as const,
  ),
];

/** An AI level's strength in the player's words: how far it looks, or how long it thinks a move. */
function levelWords(depth: number | undefined, timeoutMs: number | undefined): string {
  if (depth !== undefined) return `looks ${depth} move${depth === 1 ? '' : 's'} ahead`;
  return `${(timeoutMs ?? 0) / 1000} s a move`;
}

export interface ValleyState {
  variant: Variant;
  /** Who moves first. */
  first: 'w' | 'b';
  white: Player;
  black: Player;
  /** The third occurrence of a position (board and side to move) is a draw. */
  drawRule: boolean;
  moves: string[];
  /** The analysis switch: each legal move marked by the solver. */
  analysis: boolean;
  /** Seconds the analysis may take per position (one of THINK_SECONDS). */
  think: number;
  /** The position under review: how many moves in (0 is the start); null for the latest. */
  at: number | null;
  /** The board drawn from the second player's side (Black's home rank at the bottom). */
  flip: boolean;
}

export const DEFAULT_STATE: ValleyState = {
  variant: 'standard',
  first: 'w',
  white: 'human',
  black: `ai${DEFAULT_LEVEL}`,
  drawRule: true,
  moves: [],
  analysis: false,
  think: DEFAULT_THINK,
  at: null,
  flip: false,
};

function readPlayer(text: string | null, fallback: Player): Player {
  return PLAYERS.find(([p]) => p === text)?.[0] ?? fallback;
}

/** The state a link describes; anything unreadable falls back to the default (moves are checked by replay). */
export function readState(params: URLSearchParams): ValleyState {
  const variant = params.get('variant');
  const moves = (params.get('moves') ?? '')
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter((m) => m !== '')
    .slice(0, 2000);
  return {
    variant: VARIANTS.some(([v]) => v === variant) ? (variant as Variant) : DEFAULT_STATE.variant,
    first: params.get('first') === 'b' ? 'b' : 'w',
    white: readPlayer(params.get('white'), DEFAULT_STATE.white),
    black: readPlayer(params.get('black'), DEFAULT_STATE.black),
    drawRule: params.get('draw') !== 'off',
    moves,
    analysis: params.get('analysis') === 'on',
    think: THINK_SECONDS.find((t) => String(t) === params.get('think')) ?? DEFAULT_THINK,
    at: readPly(params.get('at'), moves.length),
    flip: params.get('flip') === '1',
  };
}

/** A reviewed ply from a link: a whole number below the number of moves, else null (the latest position). */
function readPly(text: string | null, moves: number): number | null {
  if (text === null || !/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n < moves ? n : null;
}

/** The URL parameters of a state (read back by readState). */
export function writeState(s: ValleyState): Record<string, string | undefined> {
  return {
    variant: s.variant,
    first: s.first,
    white: s.white,
    black: s.black,
    draw: s.drawRule ? undefined : 'off',
    moves: s.moves.length > 0 ? s.moves.join(',') : undefined,
    analysis: s.analysis ? 'on' : undefined,
    think: s.think === DEFAULT_THINK ? undefined : String(s.think),
    at: s.at === null || s.at >= s.moves.length ? undefined : String(s.at),
    flip: s.flip ? '1' : undefined,
  };
}

/** The ply shown: the one under review, or the latest position of the game (moves replayed). */
export function shownPly(s: Pick<ValleyState, 'at'>, played: number): number {
  return s.at === null || s.at >= played ? played : Math.max(0, s.at);
}

/** The ply a review key goes to (←/→ a move, Home the start, End the latest), or null for another key. */
export function stepPly(key: string, ply: number, played: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, ply - 1);
    case 'ArrowRight':
      return Math.min(played, ply + 1);
    case 'Home':
      return 0;
    case 'End':
      return played;
    default:
      return null;
  }
}

/**
 * The moves after playing `move` at ply `ply` of the game: the moves before it, then this one; the later moves
 * are cut (as an analysis board does), unless the move is the one the game went on with.
 */
export function playAt(moves: readonly string[], ply: number, move: string): { moves: string[]; at: number | null } {
  if (ply < moves.length && moves[ply] === move)
    return { moves: [...moves], at: ply + 1 < moves.length ? ply + 1 : null };
  return { moves: [...moves.slice(0, ply), move], at: null };
}

/**
 * What the engine's solver proves of the standard start, for the page to say (test/web/valley-logic.test.ts
 * checks it against a solver run): the side that moves first wins; these first moves (mirror images of each
 * other) win, and the quickest forced win against the best defence takes this many plies.
 */
export const PROVEN_START = {
  w: { side: 'White', moves: ['a1d4', 'e1b4'], plies: 9 },
  b: { side: 'Black', moves: ['a5d2', 'e5b2'], plies: 9 },
} as const;

/** The sentence the page shows about the standard start with `first` to move. */
export function provenText(first: 'w' | 'b'): string {
  const p = PROVEN_START[first];
  return `The standard start is a proven win for the side that moves first: the solver shows that ${p.side}, moving first, wins against any defence with ${p.moves[0]} (or its mirror image ${p.moves[1]}), the quickest forced win taking ${p.plies} plies.`;
}

/** The side of the person at this browser when exactly one side is human, else null. */
export function humanSide(s: Pick<ValleyState, 'white' | 'black'>): 'w' | 'b' | null {
  if (s.white === 'human' && s.black !== 'human') return 'w';
  if (s.black === 'human' && s.white !== 'human') return 'b';
  return null;
}

/**
 * The players for a person who takes the side that moves first ('first') or second, against the computer: the
 * computer keeps the kind it had (or the default level when both sides were people).
 */
export function pickSide(s: ValleyState, order: 'first' | 'second'): Pick<ValleyState, 'white' | 'black'> {
  const computer: Player = s.white !== 'human' ? s.white : s.black !== 'human' ? s.black : `ai${DEFAULT_LEVEL}`;
  const human = order === 'first' ? s.first : s.first === 'w' ? 'b' : 'w';
  return human === 'w' ? { white: 'human', black: computer } : { white: computer, black: 'human' };
}

/** A game worth asking about before it is thrown away: moves played and not yet over. */
export function inProgress(game: Game): boolean {
  return game.moves.length > 0 && game.snapshots[game.snapshots.length - 1].outcome === null;
}

/** The moves of the position now that end the game at once by the draw rule (a third occurrence). */
export function repeatingMoves(game: Game): string[] {
  if (!game.game.drawRule) return [];
  const now = game.snapshots[game.snapshots.length - 1];
  const out: string[] = [];
  for (const m of now.legal) {
    game.game.play(m);
    if (game.game.result()?.draw) out.push(m);
    game.game.undo();
  }
  return out;
}

type Outcome = { kind: 'win'; winner: 'white' | 'black'; reason: string } | { kind: 'draw'; reason: string } | null;

interface Piece {
  side: 'white' | 'black';
  king: boolean;
}

/** One position of the game as the page draws it. */
interface Snapshot {
  position: string;
  side: 'white' | 'black';
  /** The legal moves in notation (none once the game is over, a draw included). */
  legal: string[];
  outcome: Outcome;
  piece(sq: number): Piece | null;
}

export interface Game {
  board: Board;
  valley: number;
  /** Squares that block like pieces (Labyrinth's pillars). */
  pillars: readonly number[];
  /** The moves replayed (a link's moves up to the first that is not legal). */
  moves: string[];
  /** snapshots[i] is the position before moves[i]; the last is the current one. */
  snapshots: Snapshot[];
  /** Why the link's moves were cut short, if they were. */
  error: string | null;
  /** The engine's game at the last position: its record, history keys and engine (for the search). */
  game: ValleyGame;
}

function snapshot(g: ValleyGame): Snapshot {
  const setup = g.setup();
  const r = g.result();
  const outcome: Outcome =
    r === null
      ? null
      : r.draw
        ? { kind: 'draw', reason: r.reason }
        : { kind: 'win', winner: r.winner!, reason: r.reason };
  return {
    position: g.position,
    side: g.sideToMove,
    legal: g.legalMoves(),
    outcome,
    piece(sq) {
      const white = setup.men[0].includes(sq);
      if (!white && !setup.men[1].includes(sq)) return null;
      return { side: white ? 'white' : 'black', king: setup.kings[white ? 0 : 1] === sq };
    },
  };
}

/** Replays the moves from the variant's start; stops at the first move that is not legal and says why. */
export function replay(s: Pick<ValleyState, 'variant' | 'first' | 'drawRule' | 'moves'>): Game {
  const g = new ValleyGame({ variant: s.variant, first: s.first === 'w' ? 'white' : 'black', drawRule: s.drawRule });
  const snapshots = [snapshot(g)];
  let error: string | null = null;
  for (const m of s.moves) {
    const cur = snapshots[snapshots.length - 1];
    if (!cur.legal.includes(m)) {
      error = cur.outcome
        ? `the game was over before move ${g.moves.length + 1} (${m})`
        : `move ${g.moves.length + 1} (${m}) is not legal here`;
      break;
    }
    g.play(m);
    snapshots.push(snapshot(g));
  }
  const v = g.variant;
  return {
    board: v.board,
    valley: v.grid.valley,
    pillars: v.grid.pillars,
    moves: [...g.moves],
    snapshots,
    error,
    game: g,
  };
}

/**
 * The state a game record describes (variant, who starts, moves), read as the command line's `valley play --load`
 * reads it (gridbits' record or AbstractPlay's JSON); throws BAD_INPUT naming the bad line or move.
 */
export function stateFromRecord(text: string, cur: ValleyState): ValleyState {
  const g = ValleyGame.fromAnyRecord(text, { drawRule: cur.drawRule });
  if (g.start !== g.variant.start && g.start !== g.variant.start.replace(/ w 0$/, ' b 0')) {
    throw new GridbitsError(
      'BAD_INPUT',
      'this page plays games from the start position only; the record starts elsewhere',
    );
  }
  return {
    ...cur,
    variant: g.variant.name,
    first: g.start.endsWith(' b 0') ? 'b' : 'w',
    moves: [...g.moves],
    at: null,
  };
}

/** The targets of the piece on `from` among the legal moves (square names). */
export function targetsOf(legal: readonly string[], from: string): string[] {
  return legal.filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2));
}

/** The move list in numbered pairs for people, one row a pair: "1. b1e4 d5b3". */
export function movePairs(
  moves: readonly string[],
  first: 'w' | 'b',
): { number: number; white?: string; black?: string }[] {
  const rows: { number: number; white?: string; black?: string }[] = [];
  const offset = first === 'b' ? 1 : 0;
  moves.forEach((m, i) => {
    const slot = i + offset;
    const number = Math.floor(slot / 2) + 1;
    if (slot % 2 === 0) rows.push({ number, white: m });
    else if (rows.length > 0 && rows[rows.length - 1].number === number) rows[rows.length - 1].black = m;
    else rows.push({ number, black: m });
  });
  return rows;
}

/** Who plays the side to move. */
export function playerToMove(s: ValleyState, side: 'white' | 'black'): Player {
  return side === 'white' ? s.white : s.black;
}

/** How many plies Undo takes back: against the computer, back to the last position where a person was to move. */
export function undoCount(s: ValleyState, game: Game): number {
  const n = game.moves.length;
  if (n === 0) return 0;
  if (s.white !== 'human' && s.black !== 'human') return 1;
  for (let k = 1; k <= n; k++) if (playerToMove(s, game.snapshots[n - k].side) === 'human') return k;
  return 0;
}
