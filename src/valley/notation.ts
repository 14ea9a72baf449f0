// King's Valley notation: position strings ("sskss/5/5/5/SSKSS w 0") and moves ("b1e4"), parsed with named errors.
import { GridbitsError } from '../core/error.js';
import { Board } from '../core/board.js';
import { VALLEY, squareName } from './geometry.js';
import { makeMove, positionMoves } from './movegen.js';
import { BLACK, WHITE, copyPosition, type ValleyPosition, type ValleySide } from './state.js';

export const VALLEY_START = 'sskss/5/5/5/SSKSS w 0';

/** How pillars appear in position strings: '#' on each pillar square (and nowhere else). */
export const VALLEY_PILLAR = '#';

/** What one variant's position strings hold: the board side, the valley, the fixed pillars, soldiers a side. */
export interface ValleyGridSpec {
  size: number;
  valley: number;
  pillars: readonly number[];
  soldiers: number;
  /** Names the game in messages: "King's Valley", "Labyrinth". */
  title: string;
}

/** A parsed position of any variant: each side's squares (King included), the Kings, side to move, ply. */
export interface ValleySetup {
  size: number;
  men: [number[], number[]];
  kings: [number, number];
  side: ValleySide;
  ply: number;
}

export const STANDARD_GRID: ValleyGridSpec = { size: 5, valley: VALLEY, pillars: [], soldiers: 4, title: "King's Valley" };

/** Parses a position string of the variant spec describes; throws BAD_INPUT naming the problem. */
export function parseValleySetup(text: string, spec: ValleyGridSpec): ValleySetup {
  const { size, valley, pillars } = spec;
  const board = Board.of(size, size);
  const bad = (problem: string): GridbitsError => new GridbitsError('BAD_INPUT', `bad ${spec.title} position '${text}': ${problem}`);
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
          if (file < size && pillars.includes(rank * size + file)) throw bad(`the pillar square ${board.name(rank * size + file)} must hold '${VALLEY_PILLAR}'`);
        }
        continue;
      }
      const colour: number = ch === 'K' || ch === 'S' ? WHITE : ch === 'k' || ch === 's' ? BLACK : -1;
      const pillar = ch === VALLEY_PILLAR && pillars.length > 0;
      if (colour < 0 && !pillar) {
        const extra = pillars.length > 0 ? `, ${VALLEY_PILLAR} for pillars` : '';
        throw bad(`unexpected '${ch}' on rank ${rank + 1} (K S for White, k s for Black, 1-${size} for empty squares${extra})`);
      }
      if (file >= size) throw bad(`rank ${rank + 1} is longer than ${size} squares`);
      const sq = rank * size + file;
      if (pillar !== pillars.includes(sq)) {
        throw bad(pillar ? `'${VALLEY_PILLAR}' on ${board.name(sq)}: pillars stand on ${pillarNames} only` : `the pillar square ${board.name(sq)} must hold '${VALLEY_PILLAR}'`);
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
  return { size, men, kings: [kings[0], kings[1]], side: sideText === 'w' ? WHITE : BLACK, ply: Number(plyText) };
}

/**
 * A position string from what stands on each square: `letter(sq)` is K S k s, '#' for a pillar, or '' when empty.
 * The inverse of parseValleySetup for every variant.
 */
export function formatValleyBoard(size: number, letter: (sq: number) => string, side: ValleySide, ply: number): string {
  const ranks: string[] = [];
  for (let rank = size - 1; rank >= 0; rank--) {
    let row = '', empty = 0;
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
  return `${ranks.join('/')} ${side === WHITE ? 'w' : 'b'} ${ply}`;
}

/** The letter of sq in setup (pillars come from spec): K S k s, '#', or '' for an empty square. */
export function setupLetter(setup: ValleySetup, spec: ValleyGridSpec, sq: number): string {
  for (const c of [WHITE, BLACK]) {
    if (!setup.men[c].includes(sq)) continue;
    const l = setup.kings[c] === sq ? 'K' : 'S';
    return c === WHITE ? l : l.toLowerCase();
  }
  return spec.pillars.includes(sq) ? VALLEY_PILLAR : '';
}

export function formatValleySetup(setup: ValleySetup, spec: ValleyGridSpec): string {
  return formatValleyBoard(setup.size, (sq) => setupLetter(setup, spec, sq), setup.side, setup.ply);
}

/** The 5×5 position of a setup of that size (each side's squares as a 25-bit mask). */
export function setupToPosition(s: ValleySetup): ValleyPosition {
  const mask = (squares: number[]): number => squares.reduce((m, sq) => m | (1 << sq), 0);
  return { men: [mask(s.men[WHITE]), mask(s.men[BLACK])], kings: [s.kings[0], s.kings[1]], side: s.side, ply: s.ply };
}

/** Parses a position string; throws BAD_INPUT naming the problem. */
export function parseValleyPosition(text: string): ValleyPosition {
  return setupToPosition(parseValleySetup(text, STANDARD_GRID));
}

/** The position string of p (the inverse of parseValleyPosition). */
export function formatValleyPosition(p: ValleyPosition): string {
  const letter = (sq: number): string => {
    const bit = 1 << sq;
    const c: number = p.men[WHITE] & bit ? WHITE : p.men[BLACK] & bit ? BLACK : -1;
    if (c < 0) return '';
    const l = p.kings[c] === sq ? 'K' : 'S';
    return c === WHITE ? l : l.toLowerCase();
  };
  return formatValleyBoard(5, letter, p.side, p.ply);
}

/**
 * The from and to squares of a move's text ("b1e4", "a1g7") on a size × size board; throws BAD_INPUT when it
 * is not two square names on that board. Legality is the caller's check.
 */
export function parseValleySquares(text: string, size: number): [number, number] {
  const last = String.fromCharCode(96 + size);
  const re = new RegExp(`^\\s*([a-${last}][1-${size}])([a-${last}][1-${size}])\\s*$`, 'i');
  const m = re.exec(text);
  if (m === null) throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  const board = Board.of(size, size);
  return [board.parse(m[1].toLowerCase()), board.parse(m[2].toLowerCase())];
}

export function formatValleyMove(m: number): string {
  return squareName(m & 31) + squareName(m >>> 5);
}

/** The legal move named by text ("b1e4") in p; throws BAD_INPUT when it is malformed or not legal. */
export function parseValleyMove(p: ValleyPosition, text: string): number {
  const [from, to] = parseValleySquares(text, 5);
  const move = from | (to << 5);
  if (!positionMoves(p).includes(move)) throw new GridbitsError('BAD_INPUT', `illegal move '${text}' in ${formatValleyPosition(p)}`);
  return move;
}

/** The legal moves of p in notation. */
export function valleyMoves(p: ValleyPosition): string[] {
  return positionMoves(p).map(formatValleyMove);
}

/** The position after the move named by text; p is left unchanged (also when the move is refused). */
export function playValleyMove(p: ValleyPosition, text: string): ValleyPosition {
  const move = parseValleyMove(p, text);
  const next = copyPosition(p);
  makeMove(next, move);
  return next;
}
