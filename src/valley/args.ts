// The valley subpath's checks of what a caller passes: one GridbitsError naming the argument, before any work.
import { GridbitsError } from '../core/error.js';

/** A value as an error message shows it (never throws: symbols and odd objects included). */
function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'symbol' || typeof value === 'function') return `a ${typeof value}`;
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}

/** The argument as text, or BAD_ARGUMENT naming it. */
export function textArg(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new GridbitsError('BAD_ARGUMENT', `${name} must be text, got ${shown(value)}`);
  return value;
}

/** A board's side: 5 (the standard game, Retrieve the King) or 7 (Labyrinth); else BAD_ARGUMENT naming it. */
export function sizeArg(value: unknown, name = 'size'): 5 | 7 {
  if (value !== 5 && value !== 7) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be 5 or 7 (the side of a King's Valley board), got ${shown(value)}`,
    );
  }
  return value;
}

/** A move code: a whole number from 0 to 4095, else BAD_ARGUMENT naming it. */
export function moveCodeArg(value: unknown, name = 'move'): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= 1 << 12) {
    throw new GridbitsError('BAD_ARGUMENT', `${name} ${shown(value)} is not a King's Valley move code`);
  }
  return value;
}
