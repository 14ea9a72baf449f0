// King's Valley position: each side's pieces as a 25-bit mask, the Kings' squares, side to move, ply; the start.
import { isPlainObject, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { VALLEY, popCount, squareName } from './geometry.js';
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

/** A side ('white' or 'black'), else BAD_ARGUMENT naming it. */
export function sideArg(value: unknown, name = 'side'): Side {
  if (value !== 'white' && value !== 'black') refuse(name, "'white' or 'black'", value);
  return value;
}

const isWord25 = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) < 1 << 25;
const isSquare25 = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 25;

/**
 * A 5×5 position as the library makes them (parsePosition, startPosition, play): each side's pieces as a 25-bit
 * mask, apart, its King among them, at most four soldiers and none on the valley, the side to move, the ply;
 * else BAD_ARGUMENT naming it. One no game reaches (checkPosition) is BAD_INPUT.
 */
export function positionArg(value: unknown, name = 'position'): Position {
  const what = "a King's Valley position (parsePosition, startPosition, play)";
  if (!isPlainObject(value)) refuse(name, what, value);
  const { men, kings, side, ply } = value;
  if (!Array.isArray(men) || men.length !== 2 || !men.every(isWord25) || (men[0] & men[1]) !== 0)
    refuse(`${name}.men`, "two apart 25-bit masks of each side's pieces", men);
  if (
    !Array.isArray(kings) ||
    kings.length !== 2 ||
    !kings.every(isSquare25) ||
    kings.some((k, c) => !(men[c] & (1 << k)))
  )
    refuse(`${name}.kings`, "each side's King square, among its pieces", kings);
  for (let c = 0; c < 2; c++) {
    const soldiers = men[c] & ~(1 << kings[c]);
    if (popCount(soldiers) > 4 || soldiers & (1 << VALLEY))
      refuse(`${name}.men`, 'at most four soldiers a side, none on the valley c3', men);
  }
  sideArg(side, `${name}.side`);
  if (!Number.isSafeInteger(ply) || (ply as number) < 0) refuse(`${name}.ply`, 'a whole number ≥ 0', ply);
  const p = value as unknown as Position;
  checkPosition(p);
  return p;
}

/** The start: soldiers on a, b, d, e of each side's first rank, Kings on c1 and c5. */
export function startPosition(side: Side = 'white'): Position {
  sideArg(side);
  return { men: [0b11111, 0b11111 << 20], kings: [2, 22], side, ply: 0 };
}

/**
 * The winner if the game is over: a King on the valley wins for its side; a side to move whose King has no
 * empty neighbour loses. null while the game goes on.
 */
export function winnerOf(position: Position): Winner {
  const p = positionArg(position);
  const w = maskWinner(p.men[0], p.men[1], p.kings[0], p.kings[1], sideIndex(p.side));
  return w < 0 ? null : SIDES[w];
}

/** True when the two are the same position (pieces, Kings, side to move, ply). */
export function samePosition(position: Position, other: Position): boolean {
  const a = positionArg(position),
    b = positionArg(other, 'other');
  return (
    a.men[0] === b.men[0] &&
    a.men[1] === b.men[1] &&
    a.kings[0] === b.kings[0] &&
    a.kings[1] === b.kings[1] &&
    a.side === b.side &&
    a.ply === b.ply
  );
}
