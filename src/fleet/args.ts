// The checks of the fleet's public calls: a problem as fleetProblem makes it, an options object with known keys,
// each refused at once with a GridbitsError naming the argument (the engines' inner calls skip them).
import { GridbitsError } from '../core/error.js';
import { FLEET_MAX_SIDE } from './field.js';
import type { FleetProblem } from './problem.js';

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

/** Throws BAD_ARGUMENT unless `k` is a shot record of the problem's board: marks 0…3 per cell, sunk ships. */
export function checkKnowledgeShape(problem: FleetProblem, k: unknown, name = 'knowledge'): void {
  const cells = problem.width * problem.height;
  const q = k as { marks?: unknown; sunk?: unknown } | null;
  const marksOk = q?.marks instanceof Uint8Array && q.marks.length === cells && q.marks.every((m) => m <= 3);
  const sunkOk =
    Array.isArray(q?.sunk) &&
    (q.sunk as unknown[]).every((s) => {
      const t = s as { kind?: unknown; cells?: unknown } | null;
      return (
        Number.isInteger(t?.kind) &&
        Array.isArray(t?.cells) &&
        (t.cells as unknown[]).every((c) => Number.isInteger(c) && (c as number) >= 0 && (c as number) < cells)
      );
    });
  if (typeof k !== 'object' || k === null || !marksOk || !sunkOk)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${name} must be a shot record of the ${problem.width}x${problem.height} board (emptyKnowledge, recordShot), got ${shown(k)}`,
    );
}
