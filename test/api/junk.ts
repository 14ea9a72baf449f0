// Junk for every export: each public function, constructor and method, called with nonsense in one argument
// and good values in the others, must throw (or reject with) a GridbitsError that names that argument.
import fc from 'fast-check';
import { expect } from 'vitest';
import { Board } from '../../src/core/board.js';
import { Bitboard } from '../../src/core/bitboard.js';
import { isGridbitsError } from '../../src/core/error.js';

/** Values a caller might pass by mistake: wrong types, non-numbers, negatives, fractions, huge sizes, odd strings. */
export const JUNK: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ['-1', -1],
  ['1.5', 1.5],
  ['2^40', 2 ** 40],
  ['1e300', 1e300],
  ["''", ''],
  ["'zz99999'", 'zz99999'],
  ["'\\n'", '\n'],
  ["'-3'", '-3'],
  ['{}', {}],
  ['[]', []],
  ['[NaN]', [NaN]],
  ['true', true],
  ['10n', 10n],
  ['a function', () => 1],
  ['a symbol', Symbol('junk')],
  ['a 10×10 board', Board.of(10, 10)],
  ['a bitboard of 10×10', Bitboard.fromSquares(Board.of(10, 10), [0, 55])],
  ['a Uint8Array', new Uint8Array(3)],
];

/** One public call: good arguments, and the name each argument goes by in the documentation and the errors. */
export interface Call {
  /** As it is written: `tour.findTour`, `Board#name`, `new Bitboard`. */
  name: string;
  /** Calls the export with these arguments (a method: on a good instance). */
  call: (...args: unknown[]) => unknown;
  /** Good arguments: the call with them answers (or starts its work) without an error. */
  args: () => unknown[];
  /** What each argument is called (the error for junk in argument i names `params[i]`). */
  params: string[];
  /**
   * Junk that is a good value for argument i (e.g. undefined for an optional argument, an empty list where
   * one is allowed): such calls are not made. Undefined for an optional argument is accepted by default when
   * `optional` lists it.
   */
  accepts?: (i: number, value: unknown) => boolean;
  /** The indices of optional arguments (undefined is good there). */
  optional?: number[];
  /** Extra junk for this call alone, by argument (a square off this board, a piece of another kind, …). */
  extra?: Record<number, ReadonlyArray<readonly [string, unknown]>>;
}

/** The error's message, or a failure saying what came instead of a GridbitsError. */
async function refusal(f: () => unknown): Promise<{ ok: true; message: string } | { ok: false; what: string }> {
  let result: unknown;
  try {
    result = f();
    if (result instanceof Promise) result = await result;
  } catch (e) {
    if (isGridbitsError(e)) return { ok: true, message: e.message };
    return { ok: false, what: `threw ${(e as Error)?.name ?? typeof e}: ${(e as Error)?.message ?? String(e)}` };
  }
  const shown = (() => {
    try {
      return JSON.stringify(result, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 80);
    } catch {
      return String(result).slice(0, 80);
    }
  })();
  return { ok: false, what: `returned ${shown}` };
}

/** True where `value` is good for argument i of the call (not tried as junk). */
function good(c: Call, i: number, value: unknown): boolean {
  if (value === undefined && c.optional?.includes(i)) return true;
  return c.accepts?.(i, value) ?? false;
}

/**
 * Checks one call: its good arguments are accepted, and each junk value in each argument is refused with a
 * GridbitsError naming the argument. Every fixed junk value is tried, then random ones from fast-check.
 */
export async function checkJunk(c: Call, runs = 30): Promise<void> {
  const base = await refusal(() => c.call(...c.args()));
  if (base.ok) throw new Error(`${c.name}: its good arguments are refused: ${base.message}`);
  const tryOne = async (i: number, label: string, value: unknown): Promise<void> => {
    if (good(c, i, value)) return;
    const args = c.args();
    args[i] = value;
    const r = await refusal(() => c.call(...args));
    const where = `${c.name}: ${label} as ${c.params[i]}`;
    expect(r.ok ? '' : r.what, where).toBe('');
    if (r.ok) {
      expect(r.message, `${where}: the error names the argument`).toContain(c.params[i]);
      expect(r.message, `${where}: one line`).not.toContain('\n');
    }
  };
  for (let i = 0; i < c.params.length; i++) {
    for (const [label, value] of [...JUNK, ...(c.extra?.[i] ?? [])]) await tryOne(i, label, value);
  }
  await fc.assert(
    fc.asyncProperty(fc.nat(c.params.length - 1), fc.anything({ withBigInt: true }), async (i, value) => {
      await tryOne(i, `random junk ${fc.stringify(value)}`, value);
    }),
    { numRuns: runs, seed: 31 },
  );
}

/** Whether a function is a class (its source says so). */
function isClass(f: unknown): f is new (...a: unknown[]) => unknown {
  return typeof f === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(f));
}

/**
 * Every callable a module exports, as the tables name them: `fn`, `Class.staticMethod`, `Class#method` and
 * `new Class` (each class's public constructor; a class whose constructor is private is listed in `noNew`).
 */
export function exportedCallables(module: Record<string, unknown>, noNew: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function') continue;
    if (!isClass(value)) {
      out.push(name);
      continue;
    }
    if (!noNew.includes(name)) out.push(`new ${name}`);
    for (const key of Object.getOwnPropertyNames(value)) {
      if (['length', 'name', 'prototype'].includes(key)) continue;
      if (typeof (value as unknown as Record<string, unknown>)[key] === 'function') out.push(`${name}.${key}`);
    }
    for (const key of Object.getOwnPropertyNames(value.prototype)) {
      if (key === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(value.prototype, key);
      if (typeof d?.value === 'function') out.push(`${name}#${key}`);
    }
  }
  return out.sort();
}

/**
 * Checks that the tables cover every callable of a module: each is a call checked with junk, or listed among
 * those that take no argument (or accept anything, like `isGridbitsError`), with the reason beside it.
 */
export function expectCovered(
  module: Record<string, unknown>,
  calls: readonly Call[],
  without: Readonly<Record<string, string>>,
  noNew: readonly string[] = [],
): void {
  const covered = new Set([...calls.map((c) => c.name), ...Object.keys(without)]);
  const missing = exportedCallables(module, noNew).filter((n) => !covered.has(n));
  expect(missing, 'exports with no junk check').toEqual([]);
}
