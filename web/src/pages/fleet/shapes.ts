// Ship kinds for people: one drawing per kind (the same orientation in the drawn-ship list, the fleet summary
// and the game's rosters) and names that read as no rectangle ("3-cell ship", "4-cell T-ship"); no DOM.
import { isStraight, parseShape, shapeClassId, shapeOrientations, shapeText, type Shape, type ShipKind } from '../../../../src/fleet/index.js';

/**
 * The orientation a kind is drawn in, chosen from the orientations it may take: lying flat (no taller than
 * wide) first, then the lowest number of rows, then by its drawing's text. The engine's first orientation is
 * an order of its own; this one depends only on the set, so a ship drawn any way round shows the same.
 */
export function canonicalOrientation(orientations: ReadonlyArray<Shape>): Shape {
  let best: Shape | null = null, bestKey = '';
  for (const o of orientations) {
    const w = Math.max(...o.map(([x]) => x)) + 1, h = Math.max(...o.map(([, y]) => y)) + 1;
    const key = `${h > w ? 1 : 0}${String(h).padStart(4, '0')}${shapeText(o)}`;
    if (best === null || key < bestKey) {
      best = o;
      bestKey = key;
    }
  }
  if (best === null) throw new Error('a ship kind with no orientation');
  return best;
}

/** A drawn ship's text ("#./##/#.") in the orientation its kind is drawn in everywhere on the page. */
export function canonicalText(text: string, mirror: boolean): string {
  return shapeText(canonicalOrientation(shapeOrientations(parseShape(text), mirror)));
}

/** Rows of a drawing, top row first, each a list of on/off cells. */
export function pictureRows(shape: Shape): boolean[][] {
  return shapeText(shape)
    .split('/')
    .map((row) => [...row].map((c) => c === '#'));
}

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
const LETTER_OF = new Map(LETTERS.map(([letter, text]) => [shapeClassId(parseShape(text), true), letter]));

function cells(n: number): string {
  return `${n}-cell`;
}

/** A kind's name without an article: "3-cell ship", "4-cell T-ship", "4-cell square ship", "6-cell drawn ship". */
export function kindName(kind: Pick<ShipKind, 'orientations'>): string {
  const shape = kind.orientations[0];
  const n = shape.length;
  if (isStraight(shape)) return `${cells(n)} ship`;
  const letter = LETTER_OF.get(shapeClassId(shape, true));
  if (letter === 'square') return `${cells(n)} square ship`;
  return letter ? `${cells(n)} ${letter}-ship` : `${cells(n)} drawn ship`;
}

/**
 * Every kind's name, told apart where two kinds share one (a shape and its mirror image when ships may not be
 * mirrored: the later one is "… (mirror image)", then numbered).
 */
export function kindNames(kinds: ReadonlyArray<Pick<ShipKind, 'orientations'>>): string[] {
  const seen = new Map<string, number>();
  return kinds.map((k) => {
    const name = kindName(k);
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return n === 0 ? name : n === 1 ? `${name} (mirror image)` : `${name} (${n + 1})`;
  });
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count in words up to ten ("three"), digits beyond ("12"). */
export function countWord(n: number): string {
  return NUMBER_WORDS[n] ?? n.toLocaleString('en');
}

/** "one 3-cell ship", "two 3-cell ships", "three 4-cell T-ships". */
export function shipsWord(name: string, n: number): string {
  if (n === 1) return `one ${name}`;
  const plural = name.replace(/ship(?=( \(|$))/, 'ships');
  return `${countWord(n)} ${plural}`;
}

/** The fleet in words: "one 4-cell ship, two 3-cell ships, three 2-cell ships and four 1-cell ships". */
export function fleetWords(kinds: ReadonlyArray<Pick<ShipKind, 'orientations' | 'count'>>): string {
  const names = kindNames(kinds);
  const parts = kinds.map((k, i) => shipsWord(names[i], k.count));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
