// The checks of the fleet's public calls: a problem as fleetProblem makes it, an options object with known keys,
// each refused at once with a GridbitsError naming the argument (the engines' inner calls skip them).
import { GridbitsError } from '../core/error.js';
import { FLEET_MAX_SIDE } from './field.js';
import type { FleetProblem } from './problem.js';
import { thousands } from '../core/text.js';

/** The run options every long call takes beside its own (see RunOptions). */
export const RUN_KEYS = ['signal', 'onProgress', 'onPartial', 'maxNodes', 'timeoutMs'] as const;

/** A value as an error shows it: short, on one line. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return `'${v.slice(0, 40).replace(/\s/g, ' ')}'`;
  if (typeof v === 'object' && v !== null) {
    if (Array.isArray(v)) return 'a list';
    const proto = Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null;
    return proto?.constructor?.name ? `a ${proto.constructor.name}` : 'an object';
  }
  if (typeof v === 'bigint') return `${v}n`;
  return typeof v === 'symbol' || typeof v === 'function' ? `a ${typeof v}` : String(v);
}

/** True for an object literal (not a list, a class instance or a typed array). */
function plain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Throws BAD_ARGUMENT unless `p` is a problem as fleetProblem makes it: a board of 1…FLEET_MAX_SIDE a side, a
 * forbidden mask of one entry per cell, a list of ship kinds with orientations and counts, a touch rule.
 */
export function checkProblem(p: unknown, name = 'problem'): asserts p is FleetProblem {
  const bad = (why: string): never => {
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be a problem made by fleetProblem: ${why}`);
  };
  if (typeof p !== 'object' || p === null) bad(`got ${shown(p)}`);
  const q = p as Partial<FleetProblem>;
  const { width, height } = q;
  const side = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= FLEET_MAX_SIDE;
  if (!side(width) || !side(height))
    bad(`its width and height must be 1..${FLEET_MAX_SIDE}, got ${shown(width)} and ${shown(height)}`);
  const cells = width! * height!;
  for (const m of [q.forbidden, q.required]) {
    if (m === q.required && m === undefined) continue;
    if (!(m instanceof Uint8Array) || m.length !== cells) bad('its masks must be Uint8Arrays of one entry per cell');
  }
  if (!Array.isArray(q.kinds)) bad('it has no list of ship kinds');
  for (const k of q.kinds!) {
    const ok =
      typeof k === 'object' &&
      k !== null &&
      Number.isSafeInteger(k.count) &&
      k.count >= 1 &&
      Array.isArray(k.orientations) &&
      k.orientations.length > 0;
    if (!ok) bad('a ship kind without orientations or a count');
  }
  if (q.touch !== 'none' && q.touch !== 'corner' && q.touch !== 'any') bad(`its touch rule is ${shown(q.touch)}`);
}

/** Throws BAD_ARGUMENT unless `options` is undefined or an object literal whose keys are among `keys`. */
export function checkOptions(options: unknown, keys: readonly string[], name = 'options'): void {
  if (options === undefined) return;
  if (!plain(options)) throw new GridbitsError('BAD_ARGUMENT', `${name} must be an object, got ${shown(options)}`);
  for (const key of Object.keys(options)) {
    if (!keys.includes(key))
      throw new GridbitsError('BAD_ARGUMENT', `${name}.${key} is not an option here (${keys.join(', ')})`);
  }
}

/** Throws BAD_ARGUMENT unless `rng` is a generator from createRng. */
export function checkRng(rng: unknown, name = 'rng'): void {
  if (typeof (rng as { below?: unknown } | null)?.below !== 'function' || typeof rng !== 'object')
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be a generator from createRng, got ${shown(rng)}`);
}

/**
 * Throws BAD_ARGUMENT unless `k` is a shot record of the problem's board: marks 0…3 per cell, sunk ships. Plain loops:
 * a hunter's every shot checks the record it is given (a game of 100 shots, closures cost a tenth of its time).
 */
export function checkKnowledgeShape(problem: FleetProblem, k: unknown, name = 'knowledge'): void {
  if (!isKnowledgeShape(problem.width * problem.height, k))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a shot record of the ${problem.width}x${problem.height} board (emptyKnowledge, recordShot), got ${shown(k)}`,
    );
}

function isKnowledgeShape(cells: number, k: unknown): boolean {
  if (typeof k !== 'object' || k === null) return false;
  const { marks, sunk } = k as { marks?: unknown; sunk?: unknown };
  if (!(marks instanceof Uint8Array) || marks.length !== cells || !Array.isArray(sunk)) return false;
  for (let i = 0; i < cells; i++) if (marks[i] > 3) return false;
  for (const s of sunk as unknown[]) {
    const t = s as { kind?: unknown; cells?: unknown } | null;
    if (!Number.isInteger(t?.kind) || !Array.isArray(t?.cells)) return false;
    for (const c of t.cells as unknown[])
      if (!Number.isInteger(c) || (c as number) < 0 || (c as number) >= cells) return false;
  }
  return true;
}

/** The largest cell offset a shape may have: far past any board side, far below where arithmetic stops being exact. */
const MAX_OFFSET = 1_000_000;

/** Throws BAD_ARGUMENT unless `cells` is a ship shape: 1 to 10,000 cells, each a pair of whole numbers. */
export function checkShape(cells: unknown, name = 'shape'): void {
  const ok =
    Array.isArray(cells) &&
    cells.length >= 1 &&
    cells.length <= 10_000 &&
    cells.every(
      (c) =>
        Array.isArray(c) &&
        c.length === 2 &&
        c.every((v) => Number.isSafeInteger(v) && Math.abs(v as number) <= MAX_OFFSET),
    );
  if (!ok)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a ship shape: a list of cells [x, y] of whole numbers (parseShape, straightShape), got ${shown(cells)}`,
    );
}

/** Throws BAD_ARGUMENT unless `kind` has a list of shapes as its orientations (a ship kind of a problem). */
export function checkKind(kind: unknown, name = 'kind'): void {
  const k = kind as { orientations?: unknown } | null;
  if (typeof kind !== 'object' || kind === null || !Array.isArray(k!.orientations) || k!.orientations.length === 0)
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be a ship kind with orientations, got ${shown(kind)}`);
  for (const o of k!.orientations as unknown[]) checkShape(o, `${name}'s orientations`);
}

/** Throws BAD_ARGUMENT unless `value` is a boolean. */
export function checkFlag(value: unknown, name: string): void {
  if (typeof value !== 'boolean')
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be true or false, got ${shown(value)}`);
}

/** Throws BAD_ARGUMENT unless `value` is a string. */
export function checkText(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new GridbitsError('BAD_ARGUMENT', `${name} must be a text, got ${shown(value)}`);
}

/** Throws BAD_ARGUMENT unless `value` is a whole number from `min` to `max`. */
export function checkWhole(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!(Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a whole number from ${thousands(min)}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${thousands(max)}`}, got ${shown(value)}`,
    );
}

/** Throws BAD_ARGUMENT unless `layout` has a list of ships, each a kind index and a list of squares. */
export function checkLayoutShape(layout: unknown, name = 'layout'): void {
  const ships = (layout as { ships?: unknown } | null)?.ships;
  const ok =
    typeof layout === 'object' &&
    layout !== null &&
    Array.isArray(ships) &&
    ships.every((s) => {
      const t = s as { kind?: unknown; cells?: unknown } | null;
      return (
        Number.isSafeInteger(t?.kind) && Array.isArray(t?.cells) && (t.cells as unknown[]).every(Number.isSafeInteger)
      );
    });
  if (!ok)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a layout ({ ships: [{ kind, cells }] }, as placeFleet gives it), got ${shown(layout)}`,
    );
}

/** Throws BAD_ARGUMENT unless `pl` is a table of placements made by fleetPlacements. */
export function checkPlacements(pl: unknown, name = 'placements'): void {
  const q = pl as { count?: unknown; cellStart?: unknown; cellList?: unknown; haloStart?: unknown } | null;
  if (
    typeof pl !== 'object' ||
    pl === null ||
    !Number.isSafeInteger(q!.count) ||
    !(q!.cellStart instanceof Int32Array) ||
    !(q!.cellList instanceof Int32Array) ||
    !(q!.haloStart instanceof Int32Array)
  )
    throw new GridbitsError('BAD_ARGUMENT', `${name} must be made by fleetPlacements, got ${shown(pl)}`);
}

/** Throws BAD_ARGUMENT unless `mask` is a Uint8Array of 0s and 1s with one entry per cell. */
export function checkCellMask(mask: unknown, cells: number, name: string): void {
  if (!(mask instanceof Uint8Array && mask.length === cells && mask.every((v) => v <= 1)))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a Uint8Array of 0s and 1s, one per cell of the board (${cells}), got ${shown(mask)}`,
    );
}
