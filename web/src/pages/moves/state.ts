// The Moves page's state: what the URL holds (board, piece spec, pieces, blockers, heat map, what a click places)
// and what follows from it (parsed board and piece, the attacked squares), kept free of the DOM so tests can run it
// in Node.
import { Bitboard } from '../../../../src/core/bitboard.js';
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { attackGen } from '../../../../src/pieces/attacks.js';
import { parsePiece, type Piece } from '../../../../src/pieces/piece.js';
import { parseSideUpTo, readBoardParam, squareOn } from '../../controls/board-params.js';

/**
 * Largest side the page takes, set by the slowest heat map: a named piece's is counted at once on any board
 * (quick-heat.ts; under 1 s on 512×512 from the link, bench/results/web-first.md), but a piece whose rays meet
 * (e.g. 1,1*+2,2*) is counted by walking its rays in the worker, rank by rank: as slow as the queen's walk was,
 * 12–18 s on 512×512 and over a minute on 800×800; the attacks of 8 queens, on the page's thread at each click,
 * take under 0.1 s on 256×256 and 0.2–0.7 s on 1000×1000 ("moves" rows in bench/results/web-caps.md).
 */
export const PAGE_MAX_SIDE = 512;

export interface MovesState {
  width: number;
  height: number;
  spec: string;
  /** Square names, lower case, without repeats. */
  pieces: string[];
  blockers: string[];
  heat: boolean;
  /** What a click or tap places: blockers when set (a link keeps the choice), else pieces. */
  place?: 'blocker';
}

const DEFAULT_STATE: MovesState = { width: 8, height: 8, spec: 'knight', pieces: [], blockers: [], heat: false };

/** A side typed by the user, or the message saying why it is refused. */
export function parseSide(text: string, which: 'width' | 'height'): number | string {
  return parseSideUpTo(text, which, PAGE_MAX_SIDE, ' here: on larger boards a heat map takes over a minute');
}

function names(text: string | null): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => /^[a-z]+[0-9]+$/.test(s)),
    ),
  ];
}

/** Keeps the squares that are on the board; the pieces win over blockers on the same square. */
export function fitToBoard(state: MovesState): MovesState {
  let board: Board;
  try {
    board = Board.of(state.width, state.height);
  } catch {
    return state;
  }
  const on = (n: string): boolean => squareOn(board, n) !== null;
  const pieces = state.pieces.filter(on);
  const blockers = state.blockers.filter((n) => on(n) && !pieces.includes(n));
  return { ...state, pieces, blockers };
}

/** The state a link describes; anything unreadable falls back to the default. */
export function readState(params: URLSearchParams): MovesState {
  const s: MovesState = { ...DEFAULT_STATE };
  Object.assign(s, readBoardParam(params, parseSide));
  const spec = params.get('piece');
  if (spec !== null && spec.trim() !== '') s.spec = spec.slice(0, 200);
  s.pieces = names(params.get('at'));
  s.blockers = names(params.get('block'));
  s.heat = params.get('heat') === '1';
  if (params.get('place') === 'blockers') s.place = 'blocker';
  return fitToBoard(s);
}

/** The URL parameters of a state (read back by readState). */
export function writeState(s: MovesState): Record<string, string | undefined> {
  return {
    board: `${s.width}x${s.height}`,
    piece: s.spec,
    at: s.pieces.join(','),
    block: s.blockers.join(','),
    heat: s.heat ? '1' : undefined,
    place: s.place === 'blocker' ? 'blockers' : undefined,
  };
}

/** Places (or removes, when it is already there) a piece or blocker on a square. */
export function toggle(s: MovesState, name: string, kind: 'piece' | 'blocker'): MovesState {
  const [mine, other] = kind === 'piece' ? [s.pieces, s.blockers] : [s.blockers, s.pieces];
  const nextMine = mine.includes(name) ? mine.filter((n) => n !== name) : [...mine, name];
  const nextOther = other.filter((n) => n !== name);
  return kind === 'piece'
    ? { ...s, pieces: nextMine, blockers: nextOther }
    : { ...s, pieces: nextOther, blockers: nextMine };
}

export interface Computed {
  board: Board;
  piece: Piece | null;
  /** The engine's message when the piece spec is bad. */
  pieceError: string | null;
  from: Bitboard;
  blockers: Bitboard;
  /** The union of the attacks of every piece (set-wise, one call), or null without a piece. */
  targets: Bitboard | null;
}

/** Everything the page draws, from the state. The board is assumed valid (the page checks sides first). */
export function compute(s: MovesState): Computed {
  const board = Board.of(s.width, s.height);
  let piece: Piece | null = null;
  let pieceError: string | null = null;
  try {
    piece = parsePiece(s.spec);
  } catch (e) {
    if (!(e instanceof GridbitsError)) throw e;
    pieceError = e.message;
  }
  const from = Bitboard.fromSquares(
    board,
    s.pieces.map((n) => board.parse(n)),
  );
  const blockers = Bitboard.fromSquares(
    board,
    s.blockers.map((n) => board.parse(n)),
  );
  const targets = piece ? attackGen(board, piece).attacks(from, blockers) : null;
  return { board, piece, pieceError, from, blockers, targets };
}

const GLYPHS: Record<string, string> = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞' };

/** A mark for a piece: the chess glyph of a chess piece, else the first letter of its name. */
export function glyphOf(piece: Piece | null): string {
  if (!piece) return '?';
  const g = GLYPHS[piece.name];
  if (g) return g;
  const letter = /^[a-z]/.exec(piece.name);
  return letter ? letter[0].toUpperCase() : '●';
}

/** What a piece is made of, e.g. "8 leaps (1,2)" or "8 leaps, 4 rides": a check that a spec says what was meant. */
export function describePiece(piece: Piece): string {
  const parts: string[] = [];
  const kind = (vs: readonly (readonly [number, number])[], word: string): void => {
    if (vs.length === 0) return;
    const shapes = [...new Set(vs.map(([x, y]) => [Math.abs(x), Math.abs(y)].sort((a, b) => a - b).join(',')))];
    parts.push(`${vs.length} ${word}${vs.length === 1 ? '' : 's'} (${shapes.join(' ')})`);
  };
  kind(piece.leaps, 'leap');
  kind(piece.rides, 'ride');
  kind(piece.slides, 'slide');
  return parts.join(', ');
}
