// Ship kinds for people: one drawing per kind (the same orientation in the drawn-ship list, the fleet summary
// and the game's rosters) and names that read as no rectangle ("3-cell ship", "4-cell T-ship"); no DOM.
import { parseShape, shapeOrientations, shapeText, type Shape } from '../../../../src/fleet/index.js';

/**
 * The orientation a kind is drawn in, chosen from the orientations it may take: lying flat (no taller than
 * wide) first, then the lowest number of rows, then by its drawing's text. The engine's first orientation is
 * an order of its own; this one depends only on the set, so a ship drawn any way round shows the same.
 */
export function canonicalOrientation(orientations: ReadonlyArray<Shape>): Shape {
  let best: Shape | null = null,
    bestKey = '';
  for (const o of orientations) {
    const w = Math.max(...o.map(([x]) => x)) + 1,
      h = Math.max(...o.map(([, y]) => y)) + 1;
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

// One naming for ships, the engine's (src/fleet/names.ts): the page's words are the CLI's.
export {
  shipKindName as kindName,
  shipKindNames as kindNames,
  shipsInWords as shipsWord,
} from '../../../../src/fleet/index.js';
// Wording helpers the library keeps to itself (not in gridbits/fleet): the page reads them from their file.
export { countWord, fleetInWords as fleetWords } from '../../../../src/fleet/names.js';
