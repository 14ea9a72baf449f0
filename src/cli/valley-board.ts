// The King's Valley board in the terminal (every variant): pieces, pillars, the valley, a chosen piece's targets.
import { Board } from '../core/board.js';
import { drawGrid } from '../render/ascii.js';
import type { GridSpec, Setup } from '../valley/notation.js';
import type { Output } from './output.js';

export interface ValleyMarks {
  /** The chosen piece's square. */
  from?: number;
  /** The squares it may move to, drawn as 'o'. */
  targets?: readonly number[];
}

/**
 * The board as text: K S White, k s Black, # pillars, * the empty valley, o a target, . elsewhere; coloured on a
 * terminal.
 */
export function valleyDiagram(setup: Setup, grid: GridSpec, out: Output, marks: ValleyMarks = {}): string {
  const c = out.paint;
  const colourOf = (sq: number): number => (setup.men[0].includes(sq) ? 0 : setup.men[1].includes(sq) ? 1 : -1);
  const targets = marks.targets ?? [];
  const letter = (sq: number): string => {
    const colour = colourOf(sq);
    if (colour >= 0) {
      const l = setup.kings[colour] === sq ? 'K' : 'S';
      return colour === 0 ? l : l.toLowerCase();
    }
    if (grid.pillars.includes(sq)) return '#';
    if (targets.includes(sq)) return 'o';
    return sq === grid.valley ? '*' : '.';
  };
  const paint = (sq: number, t: string): string => {
    const colour = colourOf(sq);
    if (sq === marks.from) return c.inverse(c.bold(colour === 0 ? c.yellow(t) : c.red(t)));
    if (colour === 0) return c.bold(c.yellow(t));
    if (colour === 1) return c.bold(c.red(t));
    if (targets.includes(sq)) return c.bold(c.cyan(t));
    if (grid.pillars.includes(sq)) return c.blue(t);
    return sq === grid.valley ? c.green(t) : c.dim(t);
  };
  return drawGrid(Board.of(grid.size, grid.size), letter, { paint });
}
