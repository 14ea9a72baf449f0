// King's Valley position: each side's pieces as a 25-bit mask, the Kings' squares, side to move, ply; the start.
import { GridbitsError } from '../core/error.js';
import { VALLEY, squareName } from './geometry.js';
import { maskWinner } from './kernel.js';

/** A side: White (moves first from the standard start) or Black. */
export type Side = 'white' | 'black';

/** White's index in a position's men and kings (White first), and in the engines' inner loops. */
export const WHITE = 0;
/** Black's index. */
export const BLACK = 1;
/** The sides by index: SIDES[WHITE] is 'white'. */
export const SIDES: readonly [Side, Side] = ['white', 'black'];

/** The index of a side (WHITE or BLACK). */
export function sideIndex(side: Side): 0 | 1 {
  return side === 'white' ? 0 : 1;
}

/** The other side. */
export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

/**
 * A position. men[c] holds every piece of colour c (King included); kings[c] is that King's square.
 * Plain ints so search and perft can make/unmake without allocating.
 */
export interface Position {
  /** Each side's pieces (King included) as a 25-bit mask, White first. */
  men: [number, number];
  /** Each side's King square, White first. */
  kings: [number, number];
  /** The side to move. */
  side: Side;
  /** Moves played so far; the first-move rule (a soldier must move) applies at ply 0. */
  ply: number;
}

/** Who has won: 'white', 'black', or null while the game goes on. */
export type Winner = Side | null;

/**
 * Refuses (BAD_INPUT, one line) a position no game reaches: the side to move with its own King already on the
 * valley (the game ended when it got there, on that side's previous move).
 */
export function checkKingOnValley(side: Side, ownKing: number, valley: number, valleyName: string): void {
  if (ownKing === valley) {
    throw new GridbitsError(
      'BAD_INPUT',
      `unreachable position: the side to move (${side === 'white' ? 'White' : 'Black'}) already has its King on the valley ${valleyName}`,
    );
  }
}

/** Refuses a 5×5 position no game reaches (see checkKingOnValley). */
export function checkPosition(p: Position): void {
  checkKingOnValley(p.side, p.kings[sideIndex(p.side)], VALLEY, squareName(VALLEY));
}

/** The start: soldiers on a, b, d, e of each side's first rank, Kings on c1 and c5. */
export function startPosition(side: Side = 'white'): Position {
  return { men: [0b11111, 0b11111 << 20], kings: [2, 22], side, ply: 0 };
}

/**
 * The winner if the game is over: a King on the valley wins for its side; a side to move whose King has no
 * empty neighbour loses. null while the game goes on.
 */
export function winnerOf(p: Position): Winner {
  const w = maskWinner(p.men[0], p.men[1], p.kings[0], p.kings[1], sideIndex(p.side));
  return w < 0 ? null : SIDES[w];
}

/** True when a and b are the same position (pieces, Kings, side to move, ply). */
export function samePosition(a: Position, b: Position): boolean {
  return (
    a.men[0] === b.men[0] &&
    a.men[1] === b.men[1] &&
    a.kings[0] === b.kings[0] &&
    a.kings[1] === b.kings[1] &&
    a.side === b.side &&
    a.ply === b.ply
  );
}
