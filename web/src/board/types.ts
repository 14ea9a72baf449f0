// What a board view shows on one square, and the props every board view (DOM or canvas) takes.
import type { ComponentChildren } from 'preact';
import type { Board } from '../../../src/core/board.js';

export interface SquareView {
  /** What stands on the square. */
  kind?: 'piece' | 'blocker';
  /** A short mark for the piece (a chess glyph or a letter). */
  glyph?: string;
  /** The square is attacked (a dot, or a ring around a piece or blocker; a filled square when squares are small). */
  target?: boolean;
  /** Heat in [0, 1]: colours the square instead of the checkered pattern. */
  heat?: number;
  /**
   * A number or word written on the square (mobility counts, visit numbers). The canvas board writes it where it
   * fits and otherwise says "zoom in to read the numbers" under the board.
   */
  text?: string;
}

/** Text smaller than this (CSS pixels) is not written; the canvas board says to zoom in instead. */
const MIN_FONT = 7;

/**
 * The font size (CSS pixels) the canvas board writes a square's `text` in on squares of `cell` CSS pixels: as large
 * as the square holds, 0.42 of it for up to three characters, smaller for longer text; 0 where that would be under
 * 7 px and the text is not written (for a page that draws something else until its numbers can be read).
 */
export function textSize(text: string, cell: number): number {
  const size = Math.floor(Math.min(cell * 0.42, (cell * 0.9) / (0.6 * text.length)));
  return size < MIN_FONT ? 0 : size;
}

/**
 * About how wide a square's `text` is, in ems of its font (DejaVu Sans-like widths: digits 0.64, superscripts
 * and points narrower; the widest line of text on lines): the button board sets it as `--ems` on the text, so a
 * page can size long text to fit its squares.
 */
export function textEms(text: string): number {
  let widest = 0.64;
  for (const line of text.split('\n')) {
    let w = 0;
    for (const c of line) w += /[0-9]/.test(c) ? 0.64 : /[.·,:]/.test(c) ? 0.33 : /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/.test(c) ? 0.4 : 0.84;
    widest = Math.max(widest, w);
  }
  return widest;
}

/**
 * The props of `BoardView`. Boards up to 32×32 are one button per square (each labelled by `describe`); larger
 * ones are a canvas with zoom and pan (mouse wheel about the pointer, drag, pinch and two-finger pan, the keys
 * + − 0 and the Zoom in / Zoom out / Whole board buttons), file and rank labels along the edges (as many as fit),
 * a status line reading out the square hovered or under the keyboard cursor (`describe`), and the view's range.
 * Only `board`, `label`, `view`, `describe` and `onActivate` are required.
 */
export interface BoardProps {
  board: Board;
  /** Accessible name of the whole board. */
  label: string;
  view: (square: number) => SquareView;
  /**
   * The square's name and what is on it, e.g. "e5, move 17 of 64": each button's label on a button board, the
   * status line's words for the hovered or focused square on a canvas board.
   */
  describe: (square: number) => string;
  /** A click, Enter or Space on a square; shift is true for shift-click. */
  onActivate: (square: number, shift: boolean) => void;
  /**
   * Drawn over the squares, the size of the board, taking no clicks (e.g. a PathOverlay). On a canvas board it
   * can follow the zoom through the `BoardViewport` context (PathOverlay does).
   */
  overlay?: ComponentChildren;
  /**
   * What the colours mean, shown right under the board (e.g. `<LegendRamp>` from board/Legend.tsx: visit order,
   * probability), in a `.board-legend-slot` on both kinds of board; nothing by default. On a canvas board it can
   * follow the zoom through the `BoardViewport` context, as the overlay can.
   */
  legend?: ComponentChildren;
  /**
   * Told the square the pointer is over or the keyboard is on (null when it leaves the board), on both kinds of
   * board, for pages that show more about the square than `describe` says.
   */
  onHover?: (square: number | null) => void;
  /** The board turned round: rank 1 at the top, the last file on the left (button boards only). */
  flip?: boolean;
  /** The canvas board's status line when no square is hovered or focused; "Hover or focus a square." by default. */
  idleReadout?: string;
}
