// The Sea Battle field: board size (1..FLEET_MAX_SIDE a side) and forbidden cells from square lists or ASCII masks.
import { Board, parseBoardSize } from '../core/board.js';
import { checkInstance, checkString, shown } from '../core/check.js';
import { GridbitsError } from '../core/error.js';

/**
 * The longest side of a Sea Battle board. Measured here (2 cores, 24 GB, shared): placing the classic fleet
 * uniformly on 400×400 takes about 31 s and 0.7 GB (rails 16 s, 0.6 GB); see bench/results/fleet-place.md.
 */
export const FLEET_MAX_SIDE = 400;

/** Throws BAD_BOARD unless both sides are whole numbers from 1 to FLEET_MAX_SIDE. */
export function checkFleetBoardSize(width: number, height: number): void {
  for (const [side, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > FLEET_MAX_SIDE) {
      throw new GridbitsError(
        'BAD_BOARD',
        `a Sea Battle board's ${side} must be from 1 to ${FLEET_MAX_SIDE}, got ${shown(v)}`,
      );
    }
  }
}

/** Parses "WxH" for a Sea Battle board (each side 1..FLEET_MAX_SIDE). */
export function parseFleetBoard(text: string): Board {
  checkString(text, 'board');
  // × written as \u00d7: code that is all ASCII loads faster (scripts/bundle-cli.mjs).
  const m = /^\s*([0-9]+)\s*[xX\u00d7*]\s*([0-9]+)\s*$/.exec(text);
  if (m === null) throw new GridbitsError('BAD_BOARD', `bad board size '${text}': expected WxH, like 10x10`);
  checkFleetBoardSize(Number(m[1]), Number(m[2]));
  return parseBoardSize(text);
}

/** Forbidden cells from square names; throws for malformed or off-board squares and for a square given twice. */
export function parseForbidList(board: Board, squares: readonly string[]): Uint8Array {
  checkInstance(board, Board, 'board', 'a Board');
  if (!Array.isArray(squares) || !squares.every((q) => typeof q === 'string'))
    throw new GridbitsError('BAD_ARGUMENT', `squares must be a list of square names, got ${shown(squares)}`);
  const mask = new Uint8Array(board.cells);
  for (const name of squares) {
    let s: number;
    try {
      s = board.parse(name);
    } catch (e) {
      if (e instanceof GridbitsError) throw new GridbitsError(e.code, `squares: ${e.message}`);
      throw e;
    }
    if (mask[s]) throw new GridbitsError('BAD_ARGUMENT', `forbidden square ${board.name(s)} is given twice`);
    mask[s] = 1;
  }
  return mask;
}

/** A parsed mask: the board's size and its forbidden cells. */
export interface ParsedMask {
  /** Files of the board: the mask's row length. */
  width: number;
  /** Ranks of the board: the mask's number of rows. */
  height: number;
  /** forbidden[sq] = 1 where the mask has '#' (sq = rank * width + file). */
  forbidden: Uint8Array;
}

/**
 * An ASCII mask: rows top (highest rank) to bottom, one character per cell, '#' forbidden and '.' free; blank
 * lines and trailing spaces ignored. All rows must be equally long; with `board`, the mask must match it.
 */
export function parseMask(text: string, board?: Board): ParsedMask {
  checkString(text, 'mask');
  if (board !== undefined) checkInstance(board, Board, 'board', 'a Board');
  const rows = text
    .split(/\r?\n/)
    .map((r) => r.trimEnd())
    .filter((r) => r.length > 0);
  if (rows.length === 0) throw new GridbitsError('BAD_INPUT', 'the mask is empty');
  const width = rows[0].length,
    height = rows.length;
  rows.forEach((r, i) => {
    if (r.length !== width)
      throw new GridbitsError('BAD_INPUT', `mask row ${i + 1} has ${r.length} cells, the first row ${width}`);
    const bad = /[^#.]/.exec(r);
    if (bad)
      throw new GridbitsError(
        'BAD_INPUT',
        `mask row ${i + 1}: unexpected '${bad[0]}' (use '#' for forbidden, '.' for free)`,
      );
  });
  if (board && (board.width !== width || board.height !== height)) {
    throw new GridbitsError('BAD_INPUT', `the mask is ${width}x${height}, the board ${board.width}x${board.height}`);
  }
  checkFleetBoardSize(width, height);
  const forbidden = new Uint8Array(width * height);
  rows.forEach((r, i) => {
    const rank = height - 1 - i;
    for (let f = 0; f < width; f++) if (r[f] === '#') forbidden[rank * width + f] = 1;
  });
  return { width, height, forbidden };
}

/** The union of two forbidden masks; a cell forbidden by both is a mistake (BAD_ARGUMENT naming it). */
export function mergeForbidden(board: Board, a: Uint8Array, b: Uint8Array): Uint8Array {
  checkInstance(board, Board, 'board', 'a Board');
  for (const [name, m] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!(m instanceof Uint8Array && m.length === board.cells && m.every((v) => v <= 1)))
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `${name} must be a Uint8Array of 0s and 1s, one per cell of the board (${board.cells}), got ${shown(m)}`,
      );
  }
  const out = new Uint8Array(board.cells);
  for (let s = 0; s < board.cells; s++) {
    if (a[s] && b[s])
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `square ${board.name(s)} is forbidden twice (in the list and in the mask)`,
      );
    out[s] = a[s] | b[s];
  }
  return out;
}
