// King's Valley move generation on 25-bit masks: slide ends from ray tables, moves as from | to << 5, make/unmake.
import { NEIGHBOURS, PAST_VALLEY, TO_VALLEY, VALLEY, popCount, slideEnd } from './geometry.js';
import type { ValleyPosition } from './state.js';

/** The most moves a position can have: 5 pieces × 8 directions. */
export const MAX_MOVES = 40;

export function moveFrom(m: number): number {
  return m & 31;
}
export function moveTo(m: number): number {
  return m >>> 5;
}

/** True when the side to move has no moves: a King on the valley, or the mover's King boxed in. */
export function isOver(own: number, opp: number, ownKing: number, oppKing: number): boolean {
  return ownKing === VALLEY || oppKing === VALLEY || (NEIGHBOURS[ownKing] & ~(own | opp)) === 0;
}

/**
 * Writes the moves of the side owning `own` into out from index `at`; returns how many.
 * Terminal positions are the caller's check (isOver). On the first ply only soldiers move.
 */
export function generateInto(own: number, opp: number, ownKing: number, firstPly: boolean, out: Int32Array, at: number): number {
  const occ = own | opp;
  let n = at;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    const soldier = sq !== ownKing;
    for (let d = 0; d < 8; d++) {
      const to = slideEnd(sq, d, occ);
      if (to === sq || (soldier && to === VALLEY)) continue;
      out[n++] = sq | (to << 5);
    }
  }
  return n - at;
}

/**
 * The number of moves generateInto would write (bulk counting at perft's last ply), without sliding: a piece
 * has one move per empty neighbour, less a soldier's slide that would stop on the valley.
 */
export function countMoves(own: number, opp: number, ownKing: number, firstPly: boolean): number {
  const occ = own | opp, free = ~occ;
  let n = 0;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    n += popCount(NEIGHBOURS[sq] & free);
    if (sq !== ownKing && (TO_VALLEY[sq] & occ) === 0 && (PAST_VALLEY[sq] & occ) !== 0) n--;
  }
  return n;
}

/** The legal moves of a position (none when it is over). */
export function positionMoves(p: ValleyPosition): number[] {
  const s = p.side;
  if (isOver(p.men[s], p.men[s ^ 1], p.kings[s], p.kings[s ^ 1])) return [];
  const buf = new Int32Array(MAX_MOVES);
  const n = generateInto(p.men[s], p.men[s ^ 1], p.kings[s], p.ply === 0, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Plays move m in place (no legality check: callers pass generated moves). */
export function makeMove(p: ValleyPosition, m: number): void {
  const s = p.side, from = m & 31, to = m >>> 5;
  p.men[s] ^= (1 << from) | (1 << to);
  if (p.kings[s] === from) p.kings[s] = to;
  p.side = (s ^ 1) as 0 | 1;
  p.ply++;
}

/** Takes back move m, the last one played on p. */
export function unmakeMove(p: ValleyPosition, m: number): void {
  const s = (p.side ^ 1) as 0 | 1, from = m & 31, to = m >>> 5;
  p.men[s] ^= (1 << from) | (1 << to);
  if (p.kings[s] === to) p.kings[s] = from;
  p.side = s;
  p.ply--;
}
