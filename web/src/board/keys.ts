// Keyboard moves on a board: arrow keys step a square (up is towards higher ranks), Home/End and PageUp/PageDown jump
// to the edges.
import type { Board } from '../../../src/core/board.js';

/** The square the key moves focus to, or null when the key is not a move key. */
export function keyTarget(board: Board, square: number, key: string): number | null {
  const f = board.file(square),
    r = board.rank(square);
  const at = (file: number, rank: number): number =>
    board.index(Math.min(board.width - 1, Math.max(0, file)), Math.min(board.height - 1, Math.max(0, rank)));
  switch (key) {
    case 'ArrowLeft':
      return at(f - 1, r);
    case 'ArrowRight':
      return at(f + 1, r);
    case 'ArrowUp':
      return at(f, r + 1);
    case 'ArrowDown':
      return at(f, r - 1);
    case 'Home':
      return at(0, r);
    case 'End':
      return at(board.width - 1, r);
    case 'PageUp':
      return at(f, board.height - 1);
    case 'PageDown':
      return at(f, 0);
    default:
      return null;
  }
}

/** Fill colour of a heat value in [0, 1]: pale yellow (few moves) to deep blue (many). */
export function heatColor(t: number): string {
  const x = Math.min(1, Math.max(0, t));
  const hue = 55 + x * 170;
  const light = 90 - x * 55;
  return `hsl(${hue.toFixed(0)} 75% ${light.toFixed(0)}%)`;
}

/** True when text on a heat colour should be white to stay readable. */
export function heatDark(t: number): boolean {
  return t > 0.8;
}
