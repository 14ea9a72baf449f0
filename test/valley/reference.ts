// The plain King's Valley rules on the 5×5 board: grid-reference.ts (coordinate loops on letters, any board)
// at size 5, with positions that leave the size out. Shares no engine code.
import { gridFormat, gridMoves, gridParse, gridPerft, gridPlay, type GridRef } from './grid-reference.js';

export interface RefPosition {
  /** grid[rank][file], rank 0 = rank 1: 'K' 'S' 'k' 's' or '.' */
  grid: string[][];
  white: boolean;
  ply: number;
}

const sized = (p: RefPosition): GridRef => ({ size: 5, ...p });
const unsized = ({ grid, white, ply }: GridRef): RefPosition => ({ grid, white, ply });

export const refParse = (text: string): RefPosition => unsized(gridParse(text));
export const refFormat = (p: RefPosition): string => gridFormat(sized(p));
/** Moves like "b1e4", sorted; none when a King is on c3 or the mover's King has no empty neighbour. */
export const refMoves = (p: RefPosition): string[] => gridMoves(sized(p));
export const refPlay = (p: RefPosition, move: string): RefPosition => unsized(gridPlay(sized(p), move));
export const refPerft = (p: RefPosition, depth: number): number => gridPerft(sized(p), depth);
