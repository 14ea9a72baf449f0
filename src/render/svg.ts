// SVG pictures of a board: checkered squares, optional labels and shading per square, and a path of moves.
import { Board, fileName } from '../core/board.js';
import { checkFunction, checkInstance, checkOptions, refuse } from '../core/check.js';

/** Options of boardSvg. */
export interface SvgOptions {
  /** Side of one square in pixels (default 40, shrunk for large boards). */
  cell?: number;
  /** Text inside a square (e.g. the move number), or undefined for none. */
  label?: (square: number) => string | undefined;
  /** Fill colour of a square, or undefined for the plain checkered colour. */
  fill?: (square: number) => string | undefined;
  /** Squares joined by line segments, in order; the first is marked as start, the last as end. */
  path?: ArrayLike<number>;
  /** Join the last square of the path back to the first. */
  closed?: boolean;
  /** A title for the picture (shown as a tooltip, read by screen readers). */
  title?: string;
}

const LIGHT = '#f0d9b5';
const DARK = '#b58863';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A standalone SVG document of the board.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { boardSvg } from 'gridbits/render';
 * const svg = boardSvg(Board.of(5, 5), { path: [0, 7, 14], title: 'three knight moves' });
 * ```
 */
export function boardSvg(board: Board, options: SvgOptions = {}): string {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  checkSvgOptions(board, options);
  const cell = options.cell ?? Math.max(4, Math.min(40, Math.floor(800 / Math.max(board.width, board.height))));
  const margin = cell >= 16 ? Math.round(cell * 0.6) : 0;
  const w = board.width * cell + margin,
    h = board.height * cell + margin;
  const cx = (s: number): number => margin + (board.file(s) + 0.5) * cell;
  const cy = (s: number): number => (board.height - 1 - board.rank(s) + 0.5) * cell;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`);
  if (options.title) out.push(`<title>${esc(options.title)}</title>`);
  for (let s = 0; s < board.cells; s++) {
    const f = board.file(s),
      r = board.rank(s);
    const color = options.fill?.(s) ?? ((f + r) % 2 === 0 ? DARK : LIGHT);
    if (typeof color !== 'string') refuse('options.fill', 'a function giving a colour or undefined', color);
    out.push(
      `<rect x="${margin + f * cell}" y="${(board.height - 1 - r) * cell}" width="${cell}" height="${cell}" fill="${color}"/>`,
    );
  }
  if (margin > 0) {
    const fs = Math.round(cell * 0.35);
    for (let f = 0; f < board.width; f++) {
      out.push(
        `<text x="${margin + (f + 0.5) * cell}" y="${board.height * cell + margin * 0.75}" font-size="${fs}" text-anchor="middle" font-family="sans-serif">${fileName(f)}</text>`,
      );
    }
    for (let r = 0; r < board.height; r++) {
      out.push(
        `<text x="${margin / 2}" y="${(board.height - 1 - r + 0.5) * cell + fs / 3}" font-size="${fs}" text-anchor="middle" font-family="sans-serif">${r + 1}</text>`,
      );
    }
  }
  const path = options.path;
  if (path && path.length > 0) {
    const pts: string[] = [];
    for (let i = 0; i < path.length; i++) pts.push(`${cx(path[i]).toFixed(1)},${cy(path[i]).toFixed(1)}`);
    if (options.closed && path.length > 1) pts.push(pts[0]);
    const sw = Math.max(0.5, cell * 0.06).toFixed(2);
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="#1a5fb4" stroke-width="${sw}" stroke-linejoin="round"/>`,
    );
    const rad = (cell * 0.22).toFixed(1);
    out.push(
      `<circle cx="${cx(path[0])}" cy="${cy(path[0])}" r="${rad}" fill="#26a269"><title>start ${board.name(path[0])}</title></circle>`,
    );
    const e = path[path.length - 1];
    out.push(
      `<circle cx="${cx(e)}" cy="${cy(e)}" r="${rad}" fill="#c01c28"><title>end ${board.name(e)}</title></circle>`,
    );
  }
  if (options.label && cell >= 14) {
    const fs = Math.round(cell * 0.32);
    for (let s = 0; s < board.cells; s++) {
      const t = options.label(s);
      if (t !== undefined && typeof t !== 'string') refuse('options.label', 'a function giving a text or undefined', t);
      if (t !== undefined)
        out.push(
          `<text x="${cx(s)}" y="${cy(s) + fs / 3}" font-size="${fs}" text-anchor="middle" font-family="sans-serif">${esc(t)}</text>`,
        );
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Throws BAD_ARGUMENT naming the option unless each given option is of its kind (the path's squares on the board). */
function checkSvgOptions(board: Board, options: SvgOptions): void {
  checkOptions(options);
  const { cell, label, fill, path, closed, title } = options;
  if (cell !== undefined && !(typeof cell === 'number' && cell >= 1 && cell <= 1000)) {
    refuse('options.cell', 'a number of pixels from 1 to 1000', cell);
  }
  if (label !== undefined) checkFunction(label, 'options.label');
  if (fill !== undefined) checkFunction(fill, 'options.fill');
  if (closed !== undefined && typeof closed !== 'boolean') refuse('options.closed', 'true or false', closed);
  if (title !== undefined && typeof title !== 'string') refuse('options.title', 'a string', title);
  if (path !== undefined) {
    if (typeof path !== 'object' || path === null || !Number.isSafeInteger(path.length)) {
      refuse('options.path', 'a list of squares', path);
    }
    for (let i = 0; i < path.length; i++) {
      const s = path[i];
      if (!(Number.isInteger(s) && s >= 0 && s < board.cells)) {
        refuse('options.path', `a list of squares of the ${board} board`, s, 'OFF_BOARD');
      }
    }
  }
}
