// The valley subpath's checks of what a caller passes: one GridbitsError naming the argument, before any work.
import { Board } from '../core/board.js';
import { checkInt, refuse } from '../core/check.js';

/** The argument as text, or BAD_ARGUMENT naming it. */
export function textArg(value: unknown, name: string): string {
  if (typeof value !== 'string') refuse(name, 'text', value);
  return value;
}

/** A King's Valley board: 5×5 (the standard game, Retrieve the King) or 7×7 (Labyrinth); else BAD_ARGUMENT. */
export function boardArg(value: unknown, name = 'board'): Board {
  if (!(value instanceof Board) || value.width !== value.height || (value.width !== 5 && value.width !== 7))
    refuse(name, "a King's Valley board (5×5, or 7×7 for Labyrinth)", value);
  return value;
}

/** An optional boolean field of options (undefined, true or false), else BAD_ARGUMENT naming it. */
export function flagArg(value: unknown, name: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') refuse(name, 'true or false', value);
  return value;
}

/** An optional function field of options, else BAD_ARGUMENT naming it. */
export function listenerArg(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'function') refuse(name, 'a function', value);
}

/** An optional whole number field from min to max, else BAD_ARGUMENT naming it. */
export function countArg(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value !== undefined) checkInt(value, name, min, max);
  return value as number | undefined;
}

/** A move code: a whole number from 0 to 4095, else BAD_ARGUMENT naming it. */
export function moveCodeArg(value: unknown, name = 'move'): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= 1 << 12)
    refuse(name, "a King's Valley move code", value);
  return value;
}
