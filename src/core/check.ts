// Arguments checked at the public boundary: each check throws one GridbitsError naming the argument, so that
// nonsense is refused at once and in the user's words, while the engines' inner loops call unchecked code.
import { GridbitsError, type ErrorCode } from './error.js';

/** A value shown in a message: short, on one line, whatever its type (a symbol or a bigint included). */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 40 ? value.slice(0, 40) + '…' : value}'`.replace(/\s/g, ' ');
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return 'a list';
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

/** Throws BAD_ARGUMENT (or `code`): "`name` must be `what`, got `value`". */
export function refuse(name: string, what: string, value: unknown, code: ErrorCode = 'BAD_ARGUMENT'): never {
  throw new GridbitsError(code, `${name} must be ${what}, got ${shown(value)}`);
}

/** A whole number from `min` to `max`. */
export function checkInt(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    refuse(
      name,
      max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`,
      value,
    );
  }
  return value;
}

/** A string. */
export function checkString(value: unknown, name: string): string {
  if (typeof value !== 'string') refuse(name, 'a string', value);
  return value;
}

/** A function. */
export function checkFunction(value: unknown, name: string): void {
  if (typeof value !== 'function') refuse(name, 'a function', value);
}

/** True for a plain object (`{ … }`), not a list, a class instance or a function. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Optional options: undefined or a plain object; any of `known` it has are checked by the caller. */
export function checkOptions(value: unknown, name = 'options'): void {
  if (value !== undefined && !isPlainObject(value)) refuse(name, 'an object of options', value);
}

/** A job's task in plain data (what a worker receives): a plain object, its fields checked by the job's maker. */
export function checkTask(value: unknown, what: string, name = 'task'): asserts value is Record<string, unknown> {
  if (!isPlainObject(value)) refuse(name, `a task object ${what}`, value);
}

/** An instance of a class of the library (a Board, a Bitboard, …). */
export function checkInstance<T>(value: unknown, type: { prototype: T }, name: string, what: string): T {
  if (!(value instanceof (type as unknown as new () => T))) refuse(name, what, value);
  return value as T;
}

/** A long call's run options: undefined or an object whose signal, listeners and limits are of the right kinds. */
export function checkRunOptions(value: unknown, name = 'options'): void {
  checkOptions(value, name);
  if (value === undefined) return;
  const o = value as Record<string, unknown>;
  if (o.signal !== undefined && !(typeof AbortSignal !== 'undefined' && o.signal instanceof AbortSignal)) {
    refuse(`${name}.signal`, 'an AbortSignal', o.signal);
  }
  for (const f of ['onProgress', 'onPartial']) {
    if (o[f] !== undefined && typeof o[f] !== 'function') refuse(`${name}.${f}`, 'a function', o[f]);
  }
}
