// King's Valley notation: position strings ("sskss/5/5/5/SSKSS w 0") and moves ("b1e4"), parsed with named errors.
import { GridbitsError } from '../core/error.js';
import { VALLEY, VALLEY_BOARD, squareName } from './geometry.js';
import { makeMove, positionMoves } from './movegen.js';
import { BLACK, WHITE, copyPosition, type ValleyPosition } from './state.js';

export const VALLEY_START = 'sskss/5/5/5/SSKSS w 0';
const SOLDIERS_MAX = 4;

function bad(text: string, problem: string): GridbitsError {
  return new GridbitsError('BAD_INPUT', `bad King's Valley position '${text}': ${problem}`);
}

/** Parses a position string; throws BAD_INPUT naming the problem. */
export function parseValleyPosition(text: string): ValleyPosition {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 3) throw bad(text, `expected 3 fields (board, side w/b, ply), got ${fields.length}`);
  const [boardText, sideText, plyText] = fields;
  const rows = boardText.split('/');
  if (rows.length !== 5) throw bad(text, `expected 5 ranks separated by '/', got ${rows.length}`);
  const men: [number, number] = [0, 0];
  const kings = [-1, -1];
  const soldiers = [0, 0];
  rows.forEach((row, i) => {
    const rank = 4 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '5') {
        file += Number(ch);
        continue;
      }
      const colour: number = ch === 'K' || ch === 'S' ? WHITE : ch === 'k' || ch === 's' ? BLACK : -1;
      if (colour < 0) throw bad(text, `unexpected '${ch}' on rank ${rank + 1} (K S for White, k s for Black, 1-5 for empty squares)`);
      if (file >= 5) throw bad(text, `rank ${rank + 1} is longer than 5 squares`);
      const sq = rank * 5 + file;
      if (ch === 'K' || ch === 'k') {
        if (kings[colour] >= 0) throw bad(text, `more than one ${colour === WHITE ? 'White' : 'Black'} King`);
        kings[colour] = sq;
      } else {
        if (sq === VALLEY) throw bad(text, 'a soldier stands on the valley c3');
        soldiers[colour]++;
      }
      men[colour] |= 1 << sq;
      file++;
    }
    if (file !== 5) throw bad(text, `rank ${rank + 1} has ${file} squares, not 5`);
  });
  for (const c of [WHITE, BLACK]) {
    const name = c === WHITE ? 'White' : 'Black';
    if (kings[c] < 0) throw bad(text, `${name} has no King`);
    if (soldiers[c] > SOLDIERS_MAX) throw bad(text, `${name} has ${soldiers[c]} soldiers, at most ${SOLDIERS_MAX}`);
  }
  if (sideText !== 'w' && sideText !== 'b') throw bad(text, `side to move must be 'w' or 'b', got '${sideText}'`);
  if (!/^[0-9]{1,9}$/.test(plyText)) throw bad(text, `ply must be a whole number from 0, got '${plyText}'`);
  return { men, kings: [kings[0], kings[1]], side: sideText === 'w' ? WHITE : BLACK, ply: Number(plyText) };
}

/** The position string of p (the inverse of parseValleyPosition). */
export function formatValleyPosition(p: ValleyPosition): string {
  const ranks: string[] = [];
  for (let rank = 4; rank >= 0; rank--) {
    let row = '', empty = 0;
    for (let file = 0; file < 5; file++) {
      const sq = rank * 5 + file, bit = 1 << sq;
      const c: number = p.men[WHITE] & bit ? WHITE : p.men[BLACK] & bit ? BLACK : -1;
      if (c < 0) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      const letter = p.kings[c] === sq ? 'K' : 'S';
      row += c === WHITE ? letter : letter.toLowerCase();
    }
    ranks.push(empty > 0 ? row + String(empty) : row);
  }
  return `${ranks.join('/')} ${p.side === WHITE ? 'w' : 'b'} ${p.ply}`;
}

export function formatValleyMove(m: number): string {
  return squareName(m & 31) + squareName(m >>> 5);
}

/** The legal move named by text ("b1e4") in p; throws BAD_INPUT when it is malformed or not legal. */
export function parseValleyMove(p: ValleyPosition, text: string): number {
  const m = /^\s*([a-e][1-5])([a-e][1-5])\s*$/i.exec(text);
  if (m === null) throw new GridbitsError('BAD_INPUT', `bad move '${text}': expected from and to squares, like b1e4`);
  const from = VALLEY_BOARD.parse(m[1].toLowerCase()), to = VALLEY_BOARD.parse(m[2].toLowerCase());
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
