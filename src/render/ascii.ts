// Text drawings of a board with file letters and rank numbers, shared by the CLI and the docs.
import { Board, fileName } from '../core/board.js';
import { checkFunction, checkInstance, checkOptions, refuse } from '../core/check.js';

/** Options of drawGrid. */
export interface GridOptions {
  /** Print file letters below and rank numbers on the left (default true). */
  coords?: boolean;
  /** Wraps a cell's padded text, e.g. with terminal colours. */
  paint?: (square: number, text: string) => string;
}

/**
 * Draws the board top rank first; each cell's text comes from `cell(square)`, right-aligned to the widest.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { drawGrid } from 'gridbits/render';
 * console.log(drawGrid(Board.of(3, 2), (s) => String(s)));
 * // 2 3 4 5
 * // 1 0 1 2
 * //   a b c
 * ```
 */
export function drawGrid(board: Board, cell: (square: number) => string, options: GridOptions = {}): string {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  checkFunction(cell, 'cell');
  checkOptions(options);
  if (options.coords !== undefined && typeof options.coords !== 'boolean')
    refuse('options.coords', 'true or false', options.coords);
  if (options.paint !== undefined) checkFunction(options.paint, 'options.paint');
  const coords = options.coords ?? true;
  const texts: string[] = new Array(board.cells);
  let width = 1;
  for (let s = 0; s < board.cells; s++) {
    texts[s] = cell(s);
    if (typeof texts[s] !== 'string') refuse('cell', "a function giving each square's text", texts[s]);
    width = Math.max(width, texts[s].length);
  }
  if (coords) for (let f = 0; f < board.width; f++) width = Math.max(width, fileName(f).length);
  const rankWidth = String(board.height).length;
  const lines: string[] = [];
  for (let r = board.height - 1; r >= 0; r--) {
    const row: string[] = [];
    for (let f = 0; f < board.width; f++) {
      const s = board.index(f, r);
      const t = texts[s].padStart(width);
      row.push(options.paint ? options.paint(s, t) : t);
    }
    lines.push((coords ? String(r + 1).padStart(rankWidth) + ' ' : '') + row.join(' '));
  }
  if (coords) {
    const files: string[] = [];
    for (let f = 0; f < board.width; f++) files.push(fileName(f).padStart(width));
    lines.push(' '.repeat(rankWidth + 1) + files.join(' '));
  }
  return lines.join('\n');
}
