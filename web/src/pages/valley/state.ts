// The King's Valley page's state: what the URL holds (variant, who starts, who plays each side, the draw rule,
// the moves so far) and the game replayed from it, kept free of the DOM so tests run it in Node.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { formatValleyPosition, parseValleyPosition, playValleyMove, valleyMoves, valleyWinner, type ValleyPosition } from '../../../../src/valley/index.js';

export type Variant = 'standard' | 'retrieve';
export const VARIANTS: readonly [Variant, string][] = [
  ['standard', 'Standard'],
  ['retrieve', 'Retrieve the King'],
];

/** The AI levels the page offers: a random mover, a one-ply greedy player, then searches of growing time. */
export const AI_LEVELS: readonly { level: number; name: string }[] = [
  { level: 1, name: 'random' },
  { level: 2, name: 'greedy' },
  { level: 3, name: 'search 0.1 s' },
  { level: 4, name: 'search 0.5 s' },
  { level: 5, name: 'search 2 s' },
];
export const AI_MAX = AI_LEVELS.length;

/** 0 is a person at this browser; 1..AI_MAX an AI level. */
export type Player = number;

export interface ValleyState {
  variant: Variant;
  /** Who moves first. */
  first: 'w' | 'b';
  white: Player;
  black: Player;
  /** The third occurrence of a position (board and side to move) is a draw. */
  drawRule: boolean;
  moves: string[];
}

export const DEFAULT_STATE: ValleyState = { variant: 'standard', first: 'w', white: 0, black: 3, drawRule: true, moves: [] };

function readPlayer(text: string | null, fallback: Player): Player {
  if (text === 'human') return 0;
  const m = /^ai([0-9])$/.exec(text ?? '');
  return m && Number(m[1]) >= 1 && Number(m[1]) <= AI_MAX ? Number(m[1]) : fallback;
}

function writePlayer(p: Player): string {
  return p === 0 ? 'human' : `ai${p}`;
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
  };
}

/** The URL parameters of a state (read back by readState). */
export function writeState(s: ValleyState): Record<string, string | undefined> {
  return {
    variant: s.variant,
    first: s.first,
    white: writePlayer(s.white),
    black: writePlayer(s.black),
    draw: s.drawRule ? undefined : 'off',
    moves: s.moves.length > 0 ? s.moves.join(',') : undefined,
  };
}

/** The position string a variant starts from, with the side that moves first. */
export function startPosition(variant: Variant, first: 'w' | 'b'): string {
  const board = variant === 'retrieve' ? 'ssKss/5/5/5/SSkSS' : 'sskss/5/5/5/SSKSS';
  return `${board} ${first} 0`;
}

export type Outcome = { kind: 'win'; winner: 'white' | 'black'; reason: 'valley' | 'trapped' } | { kind: 'draw' } | null;

export interface Piece {
  side: 'white' | 'black';
  king: boolean;
}

/** One position of the game as the page draws it. */
export interface Snapshot {
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
}

const BOARD5 = Board.of(5, 5);

/** The board-and-side part of a position string: what repetition compares. */
function repetitionKey(position: string): string {
  return position.split(' ').slice(0, 2).join(' ');
}

function snapshot(p: ValleyPosition, draw: boolean): Snapshot {
  const winner = valleyWinner(p);
  let outcome: Outcome = null;
  if (winner) outcome = { kind: 'win', winner, reason: p.kings[0] === 12 || p.kings[1] === 12 ? 'valley' : 'trapped' };
  else if (draw) outcome = { kind: 'draw' };
  return {
    position: formatValleyPosition(p),
    side: p.side === 0 ? 'white' : 'black',
    legal: outcome ? [] : valleyMoves(p),
    outcome,
    piece(sq) {
      const bit = 1 << sq;
      if (((p.men[0] | p.men[1]) & bit) === 0) return null;
      const c = p.men[0] & bit ? 0 : 1;
      return { side: c === 0 ? 'white' : 'black', king: p.kings[c] === sq };
    },
  };
}

/** Replays the moves from the variant's start; stops at the first move that is not legal and says why. */
export function replay(s: Pick<ValleyState, 'variant' | 'first' | 'drawRule' | 'moves'>): Game {
  let p = parseValleyPosition(startPosition(s.variant, s.first));
  const seen = new Map<string, number>();
  const note = (pos: ValleyPosition): boolean => {
    const key = repetitionKey(formatValleyPosition(pos));
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return s.drawRule && n >= 3;
  };
  const snapshots = [snapshot(p, note(p))];
  const moves: string[] = [];
  let error: string | null = null;
  for (const m of s.moves) {
    const cur = snapshots[snapshots.length - 1];
    if (!cur.legal.includes(m)) {
      error = cur.outcome ? `the game was over before move ${moves.length + 1} (${m})` : `move ${moves.length + 1} (${m}) is not legal here`;
      break;
    }
    try {
      p = playValleyMove(p, m);
    } catch (e) {
      if (!(e instanceof GridbitsError)) throw e;
      error = e.message;
      break;
    }
    moves.push(m);
    snapshots.push(snapshot(p, note(p)));
  }
  return { board: BOARD5, valley: 12, pillars: [], moves, snapshots, error };
}

/** The targets of the piece on `from` among the legal moves (square names). */
export function targetsOf(legal: readonly string[], from: string): string[] {
  return legal.filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2));
}

/** The move list in numbered pairs for people: "1. b1e4 d5b3". */
export function movePairs(moves: readonly string[], first: 'w' | 'b'): { number: number; white?: string; black?: string }[] {
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

/** How many plies Undo takes back: against the AI, back to the last position where a person was to move. */
export function undoCount(s: ValleyState, game: Game): number {
  const n = game.moves.length;
  if (n === 0) return 0;
  if (s.white !== 0 && s.black !== 0) return 1;
  for (let k = 1; k <= n; k++) if (playerToMove(s, game.snapshots[n - k].side) === 0) return k;
  return 0;
}
