// Euler's reversal: closing an open path (a tour or a partial path) by turning round one end of it.
import type { Board } from '../core/board.js';
import { KNIGHT, type Piece } from '../pieces/piece.js';
import { leapsTo } from './analyze.js';
import { checkBoard, checkPath, leaperOf } from './check.js';
import { leapsOf } from './count-graph.js';

/** A path closed by Euler's reversal, and how. */
export interface EulerClosing {
  /** The closed path: the last square is one move from the first. */
  path: number[];
  /** How it was closed: 'already closed', or which stretch was reversed. */
  how: string;
  /** Index i of the reversal: path[0..i] kept, the rest reversed. */
  at: number;
  /** 'none' when the path was closed already. */
  end: 'none' | 'tail';
}

/**
 * Closes an open path p[0..n-1] the way Euler did: find i with p[i] one move from the end p[n-1] and p[i+1] one
 * move from the start p[0]; then p[0..i], p[n-1], p[n-2], …, p[i+1] is a path again (p[i]→p[n-1] is a move) and
 * its new end p[i+1] is a move from the start. (Turning the head round instead needs the same pair, so one
 * search covers both ends.) The path may leave squares out (Euler closed a 60-square path first). Returns null
 * when no such i exists.
 * The path's own steps are trusted: check it with analyzeTour first.
 */
export function closeByEuler(
  board: Board,
  squares: ArrayLike<number>,
  piece: Piece | string = KNIGHT,
): EulerClosing | null {
  checkBoard(board, 'board');
  const path = checkPath(board, squares, 'path');
  const leaper = leaperOf(piece, 'piece');
  const n = path.length;
  const i = eulerReversalAt(board, leapsOf(leaper), path);
  if (i < 0) return null;
  if (i === n - 1) return { path: [...path], how: 'already closed', at: n - 1, end: 'none' };
  const name = (s: number): string => board.name(s);
  const start = path[0],
    end = path[n - 1];
  const out = [...path.slice(0, i + 1), ...path.slice(i + 1).reverse()];
  return {
    path: out,
    how: `reversed steps ${i + 2}–${n} (${name(path[i + 1])} … ${name(end)}): ${name(path[i])} leaps to ${name(end)}, ${name(path[i + 1])} back to ${name(start)}`,
    at: i,
    end: 'tail',
  };
}

/**
 * Where Euler's reversal closes a path: the largest i (the shortest reversed stretch) with p[i] one leap from
 * the end and p[i+1] one leap from the start; n - 1 when the path is closed already; -1 when no i works.
 */
export function eulerReversalAt(
  board: Board,
  leaps: ReadonlyArray<readonly [number, number]>,
  path: ArrayLike<number>,
): number {
  const n = path.length;
  if (n < 3) return -1;
  const start = path[0],
    end = path[n - 1];
  if (leapsTo(board, leaps, end, start)) return n - 1;
  for (let i = n - 3; i >= 1; i--) {
    if (leapsTo(board, leaps, path[i], end) && leapsTo(board, leaps, path[i + 1], start)) return i;
  }
  return -1;
}
