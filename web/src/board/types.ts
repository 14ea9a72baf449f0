// What a board view shows on one square, and the props every board view (DOM or canvas) takes.
import type { ComponentChildren } from 'preact';
import type { Board } from '../../../src/core/board.js';

export interface SquareView {
  /** What stands on the square. */
  kind?: 'piece' | 'blocker';
  /** A short mark for the piece (a chess glyph or a letter). */
  glyph?: string;
  /** The square is attacked (a dot, or a ring around a piece or blocker). */
  target?: boolean;
  /** Heat in [0, 1]: colours the square instead of the checkered pattern. */
  heat?: number;
  /** A number or word written on the square (mobility counts). */
  text?: string;
}

export interface BoardProps {
  board: Board;
  /** Accessible name of the whole board. */
  label: string;
  view: (square: number) => SquareView;
  /** Accessible label of one square: its name and what is on it. */
  describe: (square: number) => string;
  /** A click, Enter or Space on a square; shift is true for shift-click. */
  onActivate: (square: number, shift: boolean) => void;
  /** Drawn over the squares, the size of the board, taking no clicks (e.g. a PathOverlay). */
  overlay?: ComponentChildren;
}
