// Reading a board from what the user typed or the link holds: sides with their limits, `board=WxH`, square names.
import type { Board } from '../../../src/core/board.js';

/**
 * A side typed by the user, or the message saying why it is refused. `note` follows the range in the message
 * (e.g. why larger boards are not taken here).
 */
export function parseSideUpTo(text: string, which: 'width' | 'height', max: number, note = ''): number | string {
  const t = text.trim();
  if (!/^[0-9]+$/.test(t)) return `The ${which} must be a whole number, like 8.`;
  const n = Number(t);
  if (n < 1 || n > max) return `The ${which} must be from 1 to ${max}${note}.`;
  return n;
}

/** The `board=WxH` parameter read with a side parser, or null when it is missing or refused. */
export function readBoardParam(
  params: URLSearchParams,
  parseSide: (text: string, which: 'width' | 'height') => number | string,
): { width: number; height: number } | null {
  const size = /^([0-9]+)x([0-9]+)$/i.exec(params.get('board') ?? '');
  if (!size) return null;
  const w = parseSide(size[1], 'width'),
    h = parseSide(size[2], 'height');
  return typeof w === 'number' && typeof h === 'number' ? { width: w, height: h } : null;
}

/** The square's index on the board, or null when the name is not a square of it. */
export function squareOn(board: Board, name: string): number | null {
  if (!/^[a-z]+[0-9]+$/.test(name)) return null;
  try {
    return board.parse(name);
  } catch {
    return null;
  }
}
