// King's Valley position: each side's pieces as a 25-bit mask, the Kings' squares, side to move, ply; the start.
import { NEIGHBOURS, VALLEY } from './geometry.js';

export const WHITE = 0;
export const BLACK = 1;
export type ValleySide = 0 | 1;

/**
 * A position. men[c] holds every piece of colour c (King included); kings[c] is that King's square.
 * Plain ints so search and perft can make/unmake without allocating.
 */
export interface ValleyPosition {
  men: [number, number];
  kings: [number, number];
  side: ValleySide;
  /** Moves played so far; the first-move rule (a soldier must move) applies at ply 0. */
  ply: number;
}

export type ValleyResult = 'white' | 'black' | null;

/** The start: soldiers on a, b, d, e of each side's first rank, Kings on c1 and c5. */
export function valleyStart(side: ValleySide = WHITE): ValleyPosition {
  return { men: [0b11111, 0b11111 << 20], kings: [2, 22], side, ply: 0 };
}

export function copyPosition(p: ValleyPosition): ValleyPosition {
  return { men: [p.men[0], p.men[1]], kings: [p.kings[0], p.kings[1]], side: p.side, ply: p.ply };
}

/**
 * The winner if the game is over: a King on the valley wins for its side; a side to move whose King has no
 * empty neighbour loses. null while the game goes on.
 */
export function valleyWinner(p: ValleyPosition): ValleyResult {
  if (p.kings[WHITE] === VALLEY) return 'white';
  if (p.kings[BLACK] === VALLEY) return 'black';
  const occ = p.men[0] | p.men[1];
  if ((NEIGHBOURS[p.kings[p.side]] & ~occ) === 0) return p.side === WHITE ? 'black' : 'white';
  return null;
}

export function samePosition(a: ValleyPosition, b: ValleyPosition): boolean {
  return a.men[0] === b.men[0] && a.men[1] === b.men[1] && a.kings[0] === b.kings[0] && a.kings[1] === b.kings[1] && a.side === b.side && a.ply === b.ply;
}
