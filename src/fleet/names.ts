// Ship kinds in words for people: "3-cell ship", "4-cell T-ship", "two 3-cell L-ships"; names that read as no
// rectangle.
import { GridbitsError } from '../core/error.js';
import { checkKind, checkText, checkWhole, shown } from './args.js';
import { isStraight, parseShape, shapeClassId, type Shape } from './shape.js';
import { thousands } from '../core/text.js';

/** The polyominoes of three to five cells by the letters players know them by (free shapes: turned or mirrored). */
const LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['L', '##/#.'],
  ['square', '##/##'],
  ['T', '###/.#.'],
  ['L', '###/#..'],
  ['S', '##./.##'],
  ['F', '.##/##./.#.'],
  ['L', '####/#...'],
  ['N', '##../.###'],
  ['P', '##/##/#.'],
  ['T', '###/.#./.#.'],
  ['U', '#.#/###'],
  ['V', '#../#../###'],
  ['W', '#../##./.##'],
  ['X', '.#./###/.#.'],
  ['Y', '####/.#..'],
  ['Z', '##./.#./.##'],
];
let letterOf: Map<string, string> | null = null;

/** What the names need of a ship kind: its orientations. */
export interface ShapedKind {
  /** The kind's shape in each orientation it may take (the first is enough to name it). */
  readonly orientations: ReadonlyArray<Shape>;
}

/**
 * A kind's name without an article: "3-cell ship" (straight), "4-cell T-ship", "4-cell square ship",
 * "5-cell U-ship" (the letters players know), "6-cell drawn ship" (any other shape).
 *
 * @example
 * ```ts
 * import { parseShape, shapeOrientations, shipKindName } from 'gridbits/fleet';
 * shipKindName({ orientations: shapeOrientations(parseShape('##/#.'), true) }); // '3-cell L-ship'
 * ```
 */
export function shipKindName(kind: ShapedKind): string {
  checkKind(kind);
  const shape = kind.orientations[0];
  const n = shape.length;
  if (isStraight(shape)) return `${n}-cell ship`;
  letterOf ??= new Map(LETTERS.map(([letter, text]) => [shapeClassId(parseShape(text), true), letter]));
  const letter = letterOf.get(shapeClassId(shape, true));
  if (letter === 'square') return `${n}-cell square ship`;
  return letter ? `${n}-cell ${letter}-ship` : `${n}-cell drawn ship`;
}

/**
 * Every kind's name ({@link shipKindName}), told apart where two kinds share one (a shape and its mirror
 * image when ships may not be mirrored: the later one is "… (mirror image)", then numbered).
 */
export function shipKindNames(kinds: ReadonlyArray<ShapedKind>): string[] {
  if (!Array.isArray(kinds))
    throw new GridbitsError('BAD_ARGUMENT', `kinds must be a list of ship kinds, got ${shown(kinds)}`);
  kinds.forEach((k, i) => checkKind(k, `kinds[${i}]`));
  const seen = new Map<string, number>();
  return kinds.map((k) => {
    const name = shipKindName(k);
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return n === 0 ? name : n === 1 ? `${name} (mirror image)` : `${name} (${n + 1})`;
  });
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count in words up to ten ("three"), digits beyond ("12", "1,200"). */
export function countWord(n: number): string {
  return NUMBER_WORDS[n] ?? thousands(n);
}

/**
 * `count` ships of the kind named `name`: "one 3-cell ship", "two 3-cell ships", "three 4-cell T-ships (mirror
 * image)".
 */
export function shipsInWords(name: string, count: number): string {
  checkText(name, 'name');
  if (name.trim() === '') throw new GridbitsError('BAD_ARGUMENT', 'name must name a kind of ship, got an empty text');
  checkWhole(count, 'count', 0);
  if (count === 1) return `one ${name}`;
  return `${countWord(count)} ${name.replace(/ship(?=( \(|$))/, 'ships')}`;
}

/** A fleet in words: "one 4-cell ship, two 3-cell ships, three 2-cell ships and four 1-cell ships". */
export function fleetInWords(kinds: ReadonlyArray<ShapedKind & { readonly count: number }>): string {
  const names = shipKindNames(kinds);
  const parts = kinds.map((k, i) => shipsInWords(names[i], k.count));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * A fleet in the CLI's summary: "ships of length 4, 3, 3, 2" when every ship is straight and no kind has more
 * than four; else {@link fleetInWords} ("300 3-cell ships and one 3-cell L-ship").
 */
export function fleetWords(
  kinds: ReadonlyArray<ShapedKind & { readonly name: string; readonly count: number }>,
): string {
  if (kinds.every((k) => /^[0-9]+$/.test(k.name) && k.count <= 4)) {
    return `ships of length ${kinds.flatMap((k) => new Array<string>(k.count).fill(k.name)).join(', ')}`;
  }
  return fleetInWords(kinds);
}
