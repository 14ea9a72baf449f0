// Pieces as sets of move vectors: leapers (m,n), riders that stop on the first blocker, and sliders that
// run to the last empty square; names, compounds (a+b) and the parser for piece specs.
import { GridbitsError } from '../core/error.js';
import { MAX_SIDE } from '../core/board.js';
import { checkInt, checkString, isPlainObject, refuse } from '../core/check.js';

/** A move vector: files right and ranks up. */
export type Vector = readonly [dx: number, dy: number];

/** A piece as its move vectors: leaps, rides and slides (any mix; compounds join them). */
export interface Piece {
  /** The spec the piece was made from, normalised (lower case, no spaces). */
  readonly name: string;
  /** Jumps to a fixed offset; nothing blocks them. */
  readonly leaps: readonly Vector[];
  /** Rays that repeat a step and stop at the first occupied square, which they include. */
  readonly rides: readonly Vector[];
  /** Rays that run to the last empty square before a piece or the edge ("slide to the end", King's Valley). */
  readonly slides: readonly Vector[];
}

/** The leapers known by name, as (m, n). */
export const LEAPERS: Readonly<Record<string, Vector>> = {
  wazir: [0, 1],
  ferz: [1, 1],
  dabbaba: [0, 2],
  knight: [1, 2],
  alfil: [2, 2],
  threeleaper: [0, 3],
  camel: [1, 3],
  zebra: [2, 3],
  tripper: [3, 3],
  giraffe: [1, 4],
};

/** Other named pieces, as compounds of parts (a part is a leaper name, `m,n`, or `m,n*` for a rider). */
const NAMED: Readonly<Record<string, string>> = {
  king: 'wazir+ferz',
  rook: '0,1*',
  bishop: '1,1*',
  queen: '0,1*+1,1*',
  nightrider: '1,2*',
  chancellor: '0,1*+knight',
  archbishop: '1,1*+knight',
  amazon: '0,1*+1,1*+knight',
};

/** Every name parsePiece knows, for help texts and error messages. */
export const PIECE_NAMES: readonly string[] = [
  ...Object.keys(LEAPERS),
  ...Object.keys(NAMED),
  'rook-end',
  'bishop-end',
  'queen-end',
];

/** The 8 (or 4) vectors (±m, ±n), (±n, ±m) without repeats. */
export function leaperVectors(m: number, n: number): Vector[] {
  checkInt(m, 'm', 0, MAX_SIDE);
  checkInt(n, 'n', 0, MAX_SIDE);
  return vectorsOf(m, n);
}

function vectorsOf(m: number, n: number): Vector[] {
  const out: Vector[] = [];
  const seen = new Set<string>();
  for (const [a, b] of [
    [m, n],
    [n, m],
  ]) {
    for (const sa of [1, -1]) {
      for (const sb of [1, -1]) {
        const v: Vector = [a * sa + 0, b * sb + 0];
        const key = `${v[0]},${v[1]}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(v);
        }
      }
    }
  }
  return out;
}

function uniq(vs: Vector[]): Vector[] {
  const seen = new Set<string>();
  return vs.filter(([x, y]) => {
    const k = `${x},${y}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The vectors of a piece by kind, for makePiece. */
export interface PieceParts {
  /** Jumps to a fixed offset. */
  leaps: Vector[];
  /** Rays that stop on the first occupied square. */
  rides: Vector[];
  /** Rays that stop on the last empty square. */
  slides: Vector[];
}

function parsePair(text: string, whole: string): Vector {
  const m = /^(-?[0-9]+),(-?[0-9]+)$/.exec(text);
  if (m === null)
    throw new GridbitsError(
      'BAD_PIECE',
      `malformed leaper '${whole}' in the piece spec: expected m,n with whole numbers, like 1,2`,
    );
  const a = Number(m[1]),
    b = Number(m[2]);
  if (a < 0 || b < 0)
    throw new GridbitsError('BAD_PIECE', `malformed leaper '${whole}' in the piece spec: m and n must not be negative`);
  if (a === 0 && b === 0)
    throw new GridbitsError('BAD_PIECE', `malformed leaper '${whole}' in the piece spec: 0,0 does not move`);
  if (a > MAX_SIDE || b > MAX_SIDE)
    throw new GridbitsError(
      'BAD_PIECE',
      `malformed leaper '${whole}' in the piece spec: a step over ${MAX_SIDE} leaves every board`,
    );
  return [a, b];
}

function addPart(part: string, into: PieceParts, whole: string, depth: number): void {
  if (part === '') throw new GridbitsError('BAD_PIECE', `malformed piece spec '${whole}': empty part in a compound`);
  const end = part.endsWith('-end');
  const base = end ? part.slice(0, -4) : part;
  if (end) {
    const rides: PieceParts = { leaps: [], rides: [], slides: [] };
    addPart(base, rides, whole, depth + 1);
    if (rides.leaps.length > 0 || rides.slides.length > 0) {
      throw new GridbitsError(
        'BAD_PIECE',
        `malformed piece spec '${whole}': '-end' applies to riders (rook, bishop, queen, m,n*)`,
      );
    }
    into.slides.push(...rides.rides);
    return;
  }
  // Own keys only: 'constructor' or '__proto__' are not pieces.
  if (Object.hasOwn(LEAPERS, part)) {
    const [m, n] = LEAPERS[part];
    into.leaps.push(...vectorsOf(m, n));
  } else if (Object.hasOwn(NAMED, part) && depth < 4) {
    for (const p of NAMED[part].split('+')) addPart(p, into, whole, depth + 1);
  } else if (part.includes(',')) {
    const rider = part.endsWith('*');
    const [m, n] = parsePair(rider ? part.slice(0, -1) : part, whole);
    (rider ? into.rides : into.leaps).push(...vectorsOf(m, n));
  } else {
    throw new GridbitsError(
      'BAD_PIECE',
      `unknown piece '${part}' in the piece spec (known: ${PIECE_NAMES.join(', ')}, m,n leapers, m,n* riders, a+b compounds)`,
    );
  }
}

/**
 * Parses a piece spec: a name (knight, king, queen, camel, …), `m,n` for any leaper, `m,n*` for a rider,
 * `rook-end`-style slide-to-the-end pieces, and compounds joined by `+` (e.g. `knight+king`). Throws BAD_PIECE.
 * @example
 * ```ts
 * import { parsePiece } from 'gridbits/pieces';
 * parsePiece('knight+king').leaps.length; // 16
 * parsePiece('1,2*').rides.length; // 8 (the nightrider)
 * ```
 */
export function parsePiece(spec: string): Piece {
  checkString(spec, 'spec');
  const name = spec.trim().toLowerCase().replace(/\s+/g, '');
  if (name === '') throw new GridbitsError('BAD_PIECE', 'empty piece spec: name a piece, like knight');
  const parts: PieceParts = { leaps: [], rides: [], slides: [] };
  for (const p of name.split('+')) addPart(p, parts, name, 0);
  return { name, leaps: uniq(parts.leaps), rides: uniq(parts.rides), slides: uniq(parts.slides) };
}

/** A piece of the given parts, named as the caller likes. */
export function makePiece(name: string, parts: Partial<PieceParts>): Piece {
  checkString(name, 'name');
  if (!isPlainObject(parts)) refuse('parts', 'an object of leaps, rides and slides', parts);
  for (const kind of ['leaps', 'rides', 'slides'] as const) checkVectors(parts[kind], `parts.${kind}`, true);
  return { name, leaps: uniq(parts.leaps ?? []), rides: uniq(parts.rides ?? []), slides: uniq(parts.slides ?? []) };
}

/** Throws unless `list` is a list of move vectors [dx, dy] (whole numbers within MAX_SIDE, not both 0). */
function checkVectors(list: unknown, name: string, optional = false): void {
  if (list === undefined && optional) return;
  if (!Array.isArray(list)) refuse(name, 'a list of move vectors [dx, dy]', list, 'BAD_PIECE');
  for (const v of list as unknown[]) {
    const ok =
      Array.isArray(v) &&
      v.length === 2 &&
      v.every((x) => Number.isSafeInteger(x) && Math.abs(x as number) <= MAX_SIDE) &&
      (v[0] !== 0 || v[1] !== 0);
    if (!ok)
      refuse(name, `a list of move vectors [dx, dy] (whole numbers up to ${MAX_SIDE}, not 0, 0)`, v, 'BAD_PIECE');
  }
}

/** The pieces already checked (checking is then one lookup, for calls in a loop). */
const checkedPieces = new WeakSet<object>();

/** Throws BAD_PIECE naming the argument unless `piece` is a Piece (from parsePiece, makePiece or of that shape). */
export function checkPiece(piece: unknown, name = 'piece'): Piece {
  if (typeof piece === 'object' && piece !== null && checkedPieces.has(piece)) return piece as Piece;
  if (!isPlainObject(piece) || typeof piece.name !== 'string') {
    refuse(name, "a piece (parsePiece('knight'))", piece, 'BAD_PIECE');
  }
  for (const kind of ['leaps', 'rides', 'slides'] as const) checkVectors(piece[kind], `${name}.${kind}`);
  checkedPieces.add(piece);
  return piece as unknown as Piece;
}

/** The knight, the (1, 2) leaper. */
export const KNIGHT: Piece = parsePiece('knight');
/** The king: wazir + ferz, one step in any of the 8 directions. */
export const KING: Piece = parsePiece('king');
/** The King's Valley piece: slides to the end in all 8 directions. */
export const VALLEY_SLIDER: Piece = makePiece('queen-end', {
  slides: [...leaperVectors(0, 1), ...leaperVectors(1, 1)],
});
