// Named fleets (classic, hasbro, german), fleet specs (names, length lists, shapes) and the problem builder.
import { GridbitsError } from '../core/error.js';
import { checkFlag, checkProblem, checkShape, checkText, shown } from './args.js';
import { checkFleetBoardSize, FLEET_MAX_SIDE } from './field.js';
import type { FleetProblem, ShipKind, Touch } from './problem.js';
import {
  isStraight,
  parseShape,
  shapeClassId,
  shapeOrientations,
  shapeText,
  straightShape,
  type Shape,
} from './shape.js';

/** A traditional fleet: its straight ships' lengths and the touch rule it is usually played with. */
export interface NamedFleet {
  /** The ships' lengths, one per ship. */
  lengths: readonly number[];
  /** The touch rule the fleet is usually played with. */
  touch: Touch;
  /** A few words on the fleet, for people. */
  about: string;
}

/**
 * The traditional fleets by name (classic, hasbro, german): ship lengths and the touch rule each is usually played
 * with.
 */
export const FLEETS: Readonly<Record<string, NamedFleet>> = {
  classic: {
    lengths: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
    touch: 'none',
    about: 'the Russian/Soviet fleet, no touching even at corners',
  },
  hasbro: { lengths: [5, 4, 3, 3, 2], touch: 'any', about: 'the Milton Bradley/Hasbro fleet, touching allowed' },
  german: { lengths: [5, 4, 4, 3, 3, 3, 2, 2, 2, 2], touch: 'none', about: 'the German fleet, no touching' },
};

/** The touch rules, strictest first. */
export const TOUCH_RULES: readonly Touch[] = ['none', 'corner', 'any'];

/** Parses a touch rule name; throws BAD_ARGUMENT. */
export function parseTouch(text: string): Touch {
  checkText(text, 'touch');
  if ((TOUCH_RULES as readonly string[]).includes(text)) return text as Touch;
  throw new GridbitsError('BAD_ARGUMENT', `unknown touch rule '${text}' (none, corner or any)`);
}

/** A parsed fleet: its ships and, for a named fleet, its traditional touch rule. */
export interface ParsedFleet {
  /** One shape per ship, in the order given. */
  shapes: Shape[];
  /** The named fleet's traditional touch rule; undefined for a length list. */
  touch?: Touch;
}

/**
 * Parses a fleet: a name (classic, hasbro, german) or a comma list of lengths ("4,3,3,2"). Returns the
 * ships' shapes and the fleet's traditional touch rule (undefined for a length list).
 */
export function parseFleet(text: string): ParsedFleet {
  checkText(text, 'fleet');
  const t = text.trim().toLowerCase();
  const named = Object.hasOwn(FLEETS, t) ? FLEETS[t] : undefined;
  if (named) return { shapes: named.lengths.map(straightShape), touch: named.touch };
  if (!/^[0-9]+(\s*,\s*[0-9]+)*$/.test(t)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `unknown fleet '${text}': name one of ${Object.keys(FLEETS).join(', ')} or list ship lengths like 4,3,3,2`,
    );
  }
  return { shapes: t.split(',').map((s) => straightShape(Number(s))) };
}

/**
 * Ship kinds from a list of ship shapes: equal shapes (up to turns, and mirrors with `mirror`) merge into one kind with
 * a count. Largest ships first, straight ones before polyominoes of their size.
 */
export function fleetKinds(shapes: readonly Shape[], mirror: boolean): ShipKind[] {
  if (!Array.isArray(shapes) || shapes.length === 0)
    throw new GridbitsError('BAD_ARGUMENT', `shapes must be a list of ship shapes, got ${shown(shapes)}`);
  shapes.forEach((s, i) => checkShape(s, `shapes[${i}]`));
  checkFlag(mirror, 'mirror');
  const kinds = new Map<string, ShipKind & { count: number }>();
  for (const s of shapes) {
    const id = shapeClassId(s, mirror);
    const k = kinds.get(id);
    if (k) k.count++;
    else {
      const orientations = shapeOrientations(s, mirror);
      const name = isStraight(s) ? String(s.length) : shapeText(orientations[0]);
      kinds.set(id, { name, orientations, count: 1 });
    }
  }
  const straight = (k: ShipKind): number => (/^[0-9]+$/.test(k.name) ? 0 : 1);
  return [...kinds.values()].sort(
    (a, b) =>
      b.orientations[0].length - a.orientations[0].length ||
      straight(a) - straight(b) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** A problem described in words: board, fleet, extra ships, rules and masks (see fleetProblem). */
export interface FleetSpec {
  /** Files of the board (cells per row). */
  width: number;
  /** Ranks of the board (rows). */
  height: number;
  /** A named fleet or a length list (see parseFleet). */
  fleet?: string;
  /** Extra ships: lengths or ASCII shapes (see parseShape). */
  ships?: readonly string[];
  /** Default: the named fleet's tradition, else 'none'. */
  touch?: Touch;
  /** Whether ships may also lie mirrored (a shape and its mirror image are then one kind); default false. */
  mirror?: boolean;
  /** forbidden[sq] = 1: no ship may cover sq, one entry per cell (sq = rank * width + file). Default: none. */
  forbidden?: Uint8Array;
  /** required[sq] = 1: some ship must cover sq, one entry per cell. Default: none. */
  required?: Uint8Array;
}

/**
 * The problem for a board, fleet and rules. Throws BAD_ARGUMENT when there are no ships or a ship cannot
 * fit the board in any orientation (a well-formed request that is merely crowded is not an error).
 */
export function fleetProblem(spec: FleetSpec): FleetProblem {
  checkSpec(spec);
  const { width, height } = spec;
  checkFleetBoardSize(width, height);
  const parsed = spec.fleet === undefined ? { shapes: [] as Shape[], touch: undefined } : parseFleet(spec.fleet);
  const shapes = [...parsed.shapes, ...(spec.ships ?? []).map(parseShape)];
  if (shapes.length === 0)
    throw new GridbitsError('BAD_ARGUMENT', 'the spec has no ships: name a fleet (spec.fleet) or give spec.ships');
  const kinds = fleetKinds(shapes, spec.mirror ?? false);
  for (const k of kinds) {
    const fits = k.orientations.some((o) => o.every(([x, y]) => x < width && y < height));
    if (!fits)
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `ship ${k.name} cannot fit a ${width}x${height} board in any orientation`,
      );
  }
  const cells = width * height;
  for (const [what, m] of [
    ['forbidden', spec.forbidden],
    ['required', spec.required],
  ] as const) {
    if (m !== undefined && m.length !== cells)
      throw new GridbitsError('BAD_ARGUMENT', `${what} mask has ${m.length} cells, the board ${cells}`);
  }
  return {
    width,
    height,
    forbidden: spec.forbidden ?? new Uint8Array(cells),
    ...(spec.required ? { required: spec.required } : {}),
    kinds,
    touch: spec.touch ?? parsed.touch ?? 'none',
  };
}

/** The spec's fields checked where the problem is made: each one named in the error. */
function checkSpec(spec: FleetSpec): void {
  const bad = (what: string, want: string, got: unknown): never => {
    throw new GridbitsError('BAD_ARGUMENT', `spec.${what} must be ${want}, got ${shown(got)}`);
  };
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec) || spec instanceof Uint8Array)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `spec must be an object like { width: 10, height: 10, fleet: 'classic' }, got ${shown(spec)}`,
    );
  const side = `a whole number from 1 to ${FLEET_MAX_SIDE}`;
  if (!Number.isInteger(spec.width) || spec.width < 1 || spec.width > FLEET_MAX_SIDE) bad('width', side, spec.width);
  if (!Number.isInteger(spec.height) || spec.height < 1 || spec.height > FLEET_MAX_SIDE)
    bad('height', side, spec.height);
  if (spec.fleet !== undefined && typeof spec.fleet !== 'string')
    bad('fleet', 'a fleet name or a length list', spec.fleet);
  if (spec.ships !== undefined && !(Array.isArray(spec.ships) && spec.ships.every((x) => typeof x === 'string')))
    bad('ships', 'a list of lengths or shapes as text', spec.ships);
  if (spec.touch !== undefined && !(TOUCH_RULES as readonly unknown[]).includes(spec.touch))
    bad('touch', 'none, corner or any', spec.touch);
  if (spec.mirror !== undefined && typeof spec.mirror !== 'boolean') bad('mirror', 'true or false', spec.mirror);
  for (const what of ['forbidden', 'required'] as const) {
    const m = spec[what];
    if (m !== undefined && !(m instanceof Uint8Array && m.every((v) => v === 0 || v === 1)))
      bad(what, 'a Uint8Array of 0s and 1s, one per cell', m);
  }
}

/** Total ships of a problem. */
export function shipCount(p: FleetProblem): number {
  checkProblem(p);
  return p.kinds.reduce((n, k) => n + k.count, 0);
}
