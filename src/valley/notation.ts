// King's Valley notation: position strings ("sskss/5/5/5/SSKSS w 0") and moves ("b1e4"), parsed with named errors.
import { textArg } from './args.js';
import { GridbitsError } from '../core/error.js';
import { Board } from '../core/board.js';
import { VALLEY } from './geometry.js';
import { moveFrom, moveTo, parseMove } from './move.js';
import { BLACK, WHITE, positionArg, sideIndex, type Position, type Side } from './state.js';

/** The standard start, White to move. */
export const START = 'sskss/5/5/5/SSKSS w 0';

/** How pillars appear in position strings: '#' on each pillar square (and nowhere else). */
export const PILLAR = '#';

/** What one variant's position strings hold: the board side, the valley, the fixed pillars, soldiers a side. */
export interface GridSpec {
  /** Board side. */
  size: number;
  /** The valley's square. */
  valley: number;
  /** The pillars' squares (none on 5×5). */
  pillars: readonly number[];
  /** Soldiers a side at most. */
  soldiers: number;
  /** Names the game in messages: "King's Valley", "Labyrinth". */
  title: string;
}

/** A parsed position of any variant: each side's squares (King included), the Kings, side to move, ply. */
export interface Setup {
  /** Board side. */
  size: number;
  /** Each side's squares, King included, White first. */
  men: [number[], number[]];
  /** Each side's King square, White first. */
  kings: [number, number];
  /** The side to move. */
  side: Side;
  /** Plies played (the first-move rule applies at 0). */
  ply: number;
}

export const STANDARD_GRID: GridSpec = { size: 5, valley: VALLEY, pillars: [], soldiers: 4, title: "King's Valley" };

/** Parses a position string of the variant spec describes; throws BAD_INPUT naming the problem. */
export function parseSetup(text: string, spec: GridSpec): Setup {
  const { size, valley, pillars } = spec;
  const board = Board.of(size, size);
  const bad = (problem: string): GridbitsError =>
    new GridbitsError('BAD_INPUT', `bad ${spec.title} position '${text}': ${problem}`);
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 3) throw bad(`expected 3 fields (board, side w/b, ply), got ${fields.length}`);
  const [boardText, sideText, plyText] = fields;
  const rows = boardText.split('/');
  if (rows.length !== size) throw bad(`expected ${size} ranks separated by '/', got ${rows.length}`);
  const men: [number[], number[]] = [[], []];
  const kings = [-1, -1];
  const soldiers = [0, 0];
  const pillarNames = pillars.map((sq) => board.name(sq)).join(' ');
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= String(size)) {
        for (let n = Number(ch); n > 0; n--, file++) {
          if (file < size && pillars.includes(rank * size + file))
            throw bad(`the pillar square ${board.name(rank * size + file)} must hold '${PILLAR}'`);
        }
        continue;
      }
      const colour: number = ch === 'K' || ch === 'S' ? WHITE : ch === 'k' || ch === 's' ? BLACK : -1;
      const pillar = ch === PILLAR && pillars.length > 0;
      if (colour < 0 && !pillar) {
        const extra = pillars.length > 0 ? `, ${PILLAR} for pillars` : '';
        throw bad(
          `unexpected '${ch}' on rank ${rank + 1} (K S for White, k s for Black, 1-${size} for empty squares${extra})`,
        );
      }
      if (file >= size) throw bad(`rank ${rank + 1} is longer than ${size} squares`);
      const sq = rank * size + file;
      if (pillar !== pillars.includes(sq)) {
        throw bad(
          pillar
            ? `'${PILLAR}' on ${board.name(sq)}: pillars stand on ${pillarNames} only`
            : `the pillar square ${board.name(sq)} must hold '${PILLAR}'`,
        );
      }
      file++;
      if (pillar) continue;
      if (ch === 'K' || ch === 'k') {
        if (kings[colour] >= 0) throw bad(`more than one ${colour === WHITE ? 'White' : 'Black'} King`);
        kings[colour] = sq;
      } else {
        if (sq === valley) throw bad(`a soldier stands on the valley ${board.name(valley)}`);
        soldiers[colour]++;
      }
      men[colour].push(sq);
    }
    if (file !== size) throw bad(`rank ${rank + 1} has ${file} squares, not ${size}`);
  });
  for (const c of [WHITE, BLACK]) {
    const name = c === WHITE ? 'White' : 'Black';
    if (kings[c] < 0) throw bad(`${name} has no King`);
    if (soldiers[c] > spec.soldiers) throw bad(`${name} has ${soldiers[c]} soldiers, at most ${spec.soldiers}`);
  }
  if (sideText !== 'w' && sideText !== 'b') throw bad(`side to move must be 'w' or 'b', got '${sideText}'`);
  if (!/^[0-9]{1,9}$/.test(plyText)) throw bad(`ply must be a whole number from 0, got '${plyText}'`);
  const side: Side = sideText === 'w' ? 'white' : 'black';
  if (kings[sideIndex(side)] === valley)
    throw bad(`the side to move already has its King on the valley ${board.name(valley)}, which no game reaches`);
  return { size, men, kings: [kings[0], kings[1]], side, ply: Number(plyText) };
}

/**
 * A position string from what stands on each square: `letter(sq)` is K S k s, '#' for a pillar, or '' when empty.
 * The inverse of parseSetup for every variant.
 */
export function formatBoard(size: number, letter: (sq: number) => string, side: Side, ply: number): string {
  const ranks: string[] = [];
  for (let rank = size - 1; rank >= 0; rank--) {
    let row = '',
      empty = 0;
    for (let file = 0; file < size; file++) {
      const l = letter(rank * size + file);
      if (l === '') {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += l;
    }
    ranks.push(empty > 0 ? row + String(empty) : row);
  }
  return `${ranks.join('/')} ${side === 'white' ? 'w' : 'b'} ${ply}`;
}

/** The letter of sq in setup (pillars come from spec): K S k s, '#', or '' for an empty square. */
function setupLetter(setup: Setup, spec: GridSpec, sq: number): string {
  for (const c of [WHITE, BLACK]) {
    if (!setup.men[c].includes(sq)) continue;
    const l = setup.kings[c] === sq ? 'K' : 'S';
    return c === WHITE ? l : l.toLowerCase();
  }
  return spec.pillars.includes(sq) ? PILLAR : '';
}

/** The position string of a setup in the notation spec describes (the inverse of parseSetup). */
export function formatSetup(setup: Setup, spec: GridSpec): string {
  return formatBoard(setup.size, (sq) => setupLetter(setup, spec, sq), setup.side, setup.ply);
}

/** The 5×5 position of a setup of that size (each side's squares as a 25-bit mask). */
export function setupToPosition(s: Setup): Position {
  const mask = (squares: number[]): number => squares.reduce((m, sq) => m | (1 << sq), 0);
  return { men: [mask(s.men[WHITE]), mask(s.men[BLACK])], kings: [s.kings[0], s.kings[1]], side: s.side, ply: s.ply };
}

/** Parses a position string; throws BAD_INPUT naming the problem. */
export function parsePosition(text: string): Position {
  textArg(text, 'position');
  return setupToPosition(parseSetup(text, STANDARD_GRID));
}

/** The position string of p (the inverse of parsePosition). */
export function formatPosition(position: Position): string {
  const p = positionArg(position);
  const letter = (sq: number): string => {
    const bit = 1 << sq;
    const c: number = p.men[WHITE] & bit ? WHITE : p.men[BLACK] & bit ? BLACK : -1;
    if (c < 0) return '';
    const l = p.kings[c] === sq ? 'K' : 'S';
    return c === WHITE ? l : l.toLowerCase();
  };
  return formatBoard(5, letter, p.side, p.ply);
}

/**
 * A move's text in gridbits' form: the two squares written together, as "b1e4". The forms other King's Valley
 * programs write are read too: "b1-e4" (with a hyphen or a dash) and "b1 e4"; letters in either case. Text that
 * is not two square names is returned trimmed, for the parser to refuse.
 */
export function moveText(text: string): string {
  textArg(text, 'move');
  const m = /^\s*([a-z][0-9]{1,2})\s*(?:[-\u2010-\u2013]\s*)?([a-z][0-9]{1,2})\s*$/i.exec(text);
  return m === null ? text.trim() : (m[1] + m[2]).toLowerCase();
}

/**
 * The from and to squares of a move's text ("b1e4", "b1-e4", "b1 e4", "a1g7") on the board; throws
 * BAD_INPUT when it is not two square names on that board. Legality is the caller's check.
 */
export function parseSquares(text: string, board: Board): [number, number] {
  const m = parseMove(moveText(text), board);
  return [moveFrom(m), moveTo(m)];
}
