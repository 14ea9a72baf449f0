// Ship shapes: ASCII polyominoes parsed, checked for connectivity, turned (and mirrored), normalised, deduplicated.
import { GridbitsError } from '../core/error.js';
import { checkFlag, checkShape, checkText, shown } from './args.js';

/** A cell offset [dx, dy], dy growing upwards. */
export type Offset = readonly [number, number];
/** A ship's shape: its cells as offsets. */
export type Shape = ReadonlyArray<Offset>;

/** Largest ship in cells: a ship wider than the 100-cell board side could not be placed anyway. */
export const MAX_SHIP_CELLS = 10_000;

/**
 * Offsets moved so the smallest dx and dy are 0, sorted by dy then dx (so the first cell is the lowest
 * rank's leftmost: placements anchor there).
 */
export function normaliseShape(cells: Shape): Array<[number, number]> {
  checkShape(cells);
  let mx = Infinity,
    my = Infinity;
  for (const [x, y] of cells) {
    if (x < mx) mx = x;
    if (y < my) my = y;
  }
  return cells.map(([x, y]) => [x - mx, y - my] as [number, number]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** A stable text for a normalised shape, used to compare and deduplicate. */
export function shapeId(cells: Shape): string {
  checkShape(cells);
  return cells.map(([x, y]) => `${x},${y}`).join(';');
}

/** A straight ship of n cells lying along the ranks. */
export function straightShape(n: number): Array<[number, number]> {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SHIP_CELLS) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `a ship length must be a whole number from 1 to ${MAX_SHIP_CELLS}, got ${shown(n)}`,
    );
  }
  return Array.from({ length: n }, (_, i) => [i, 0] as [number, number]);
}

/** Whether the cells are edge-connected. */
export function isConnected(cells: Shape): boolean {
  checkShape(cells);
  const key = (x: number, y: number): string => `${x},${y}`;
  const all = new Set(cells.map(([x, y]) => key(x, y)));
  const seen = new Set([key(cells[0][0], cells[0][1])]);
  const todo: Array<readonly [number, number]> = [cells[0]];
  while (todo.length > 0) {
    const [x, y] = todo.pop()!;
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as const) {
      const k = key(nx, ny);
      if (all.has(k) && !seen.has(k)) {
        seen.add(k);
        todo.push([nx, ny]);
      }
    }
  }
  return seen.size === all.size;
}

/**
 * Parses a ship: a length ("4") or an ASCII drawing, rows top to bottom joined by '/', '#' a ship cell and
 * '.' (or a space) water. Throws BAD_ARGUMENT for empty, unconnected or malformed shapes.
 */
export function parseShape(text: string): Array<[number, number]> {
  checkText(text, 'shape');
  const t = text.trim();
  if (/^[0-9]+$/.test(t)) {
    const n = Number(t);
    if (n < 1 || n > MAX_SHIP_CELLS)
      throw new GridbitsError('BAD_ARGUMENT', `ship shape '${t}': a length must be from 1 to ${MAX_SHIP_CELLS}`);
    return straightShape(n);
  }
  if (t.length === 0) throw new GridbitsError('BAD_ARGUMENT', 'the ship shape is empty');
  const bad = /[^#. /]/.exec(t);
  if (bad)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `ship shape '${t}': unexpected '${bad[0]}' (use '#' for ship cells, '.' for water, '/' between rows)`,
    );
  const rows = t.split('/');
  const cells: Array<[number, number]> = [];
  rows.forEach((row, r) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '#') cells.push([x, rows.length - 1 - r]);
  });
  if (cells.length === 0) throw new GridbitsError('BAD_ARGUMENT', `ship shape '${t}' has no '#' cell`);
  if (cells.length > MAX_SHIP_CELLS)
    throw new GridbitsError('BAD_ARGUMENT', `ship shape '${t}' has over ${MAX_SHIP_CELLS} cells`);
  if (!isConnected(cells))
    throw new GridbitsError('BAD_ARGUMENT', `ship shape '${t}' is not connected (cells must touch by an edge)`);
  return normaliseShape(cells);
}

/** Every distinct orientation: the 4 quarter turns, and their mirror images when `mirror`; sorted by id. */
export function shapeOrientations(cells: Shape, mirror: boolean): Array<Array<[number, number]>> {
  checkShape(cells);
  checkFlag(mirror, 'mirror');
  const found = new Map<string, Array<[number, number]>>();
  let cur: Array<[number, number]> = cells.map(([x, y]) => [x, y]);
  for (let turn = 0; turn < 4; turn++) {
    cur = cur.map(([x, y]) => [y, -x]);
    for (const o of mirror ? [cur, cur.map(([x, y]) => [-x, y] as [number, number])] : [cur]) {
      const n = normaliseShape(o);
      found.set(shapeId(n), n);
    }
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
}

/** The id shared by all orientations of a shape (its smallest orientation id): equal ids, interchangeable ships. */
export function shapeClassId(cells: Shape, mirror: boolean): string {
  return shapeId(shapeOrientations(cells, mirror)[0]);
}

/** Whether the shape is a straight line (every cell on one rank or one file). */
export function isStraight(cells: Shape): boolean {
  checkShape(cells);
  return cells.every(([, y]) => y === cells[0][1]) || cells.every(([x]) => x === cells[0][0]);
}

/** The ASCII drawing of a shape (rows top to bottom joined by '/'). */
export function shapeText(cells: Shape): string {
  const n = normaliseShape(cells);
  const w = Math.max(...n.map(([x]) => x)) + 1,
    h = Math.max(...n.map(([, y]) => y)) + 1;
  const on = new Set(n.map(([x, y]) => y * w + x));
  const rows: string[] = [];
  for (let y = h - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < w; x++) row += on.has(y * w + x) ? '#' : '.';
    rows.push(row);
  }
  return rows.join('/');
}
