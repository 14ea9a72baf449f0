// Layout checking: an ASCII grid of ship cells judged against a fleet and touch rule, with every reason it fails.
import { Bitboard } from '../core/bitboard.js';
import { Board, fileName } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { components } from '../core/flood.js';
import type { FleetLayout, FleetProblem } from './problem.js';
import { checkCellMask, checkProblem, checkText, checkWhole } from './args.js';
import { FLEET_MAX_SIDE } from './field.js';
import { shipKindName, shipKindNames, shipsInWords } from './names.js';
import { normaliseShape, shapeId } from './shape.js';

/** A layout check's verdict: valid or not, every reason, and the ships found. */
export interface FleetCheck {
  /**
   * True when the cells are exactly the fleet's ships, within the touch rule, off forbidden cells and on every required
   * one.
   */
  valid: boolean;
  /** Every reason the layout fails (empty when valid). */
  errors: string[];
  /** The ships when valid (for touching fleets: one split of the cells into the fleet's ships). */
  ships?: FleetLayout['ships'];
}

/** Search nodes allowed when splitting cells into ships (each node tries one ship). */
const SPLIT_BUDGET = 5_000_000;

/** A parsed layout grid: its size and its ship cells. */
export interface ParsedLayoutGrid {
  /** Files of the grid: its row length. */
  width: number;
  /** Ranks of the grid: its number of rows. */
  height: number;
  /** ships[sq] = 1 on a ship cell, 0 on water (sq = rank * width + file). */
  ships: Uint8Array;
}

/** Ship cells in a layout grid. */
const SHIP = '#1';
/** Water: '.' or '0'; a forbidden cell as drawn ('-', or 'x' as older versions drew it) is water too. */
const CELL = /[^#1.0x-]/;

/**
 * A line that opens one layout of several: "layout 2 of 5", with dashes, '=' or a colon around it if wanted
 * (the separator `fleet place --samples N` prints).
 */
const SEPARATOR = /^\s*[-=]*\s*layout\s+[0-9]+(?:\s+of\s+[0-9]+)?\s*[-=:]*\s*$/i;
/** A row drawn with its rank number in front ("10 # . . #"). */
const DRAWN_ROW = /^\s*([0-9]+)\s+(\S.*)$/;

/** True for the file letters under a drawn grid: "a b c …" in order. */
function isFileLine(line: string): boolean {
  const t = line.trim().split(/\s+/);
  return t.length > 0 && t.every((f, i) => f === fileName(i));
}

/** One layout's lines: its rows and, for a drawn grid, the number of file letters under it. */
interface Block {
  rows: string[];
  files?: number;
}

/** The layouts of a text, each a block of rows (see parseLayoutGrids). */
function blocks(text: string): Block[] {
  const out: Block[] = [];
  let cur: Block = { rows: [] };
  const close = (): void => {
    if (cur.rows.length > 0) out.push(cur);
    cur = { rows: [] };
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (SEPARATOR.test(line)) {
      close();
      continue;
    }
    if (cur.files !== undefined) {
      // After a drawn grid's file letters: a drawn row starts the next layout; other lines are notes (the summary).
      if (!DRAWN_ROW.test(line) || isFileLine(line)) continue;
      close();
    }
    if (cur.rows.length > 0 && isFileLine(line)) cur.files = line.trim().split(/\s+/).length;
    else cur.rows.push(line);
  }
  close();
  return out;
}

/** One block as a grid: drawn rows lose their rank numbers (checked), plain rows are read as they are. */
function gridOf(b: Block, which: string): ParsedLayoutGrid {
  const h = b.rows.length;
  const rows = b.rows.map((line, i) => {
    if (b.files === undefined) return line.replace(/[ \t]/g, '');
    const m = DRAWN_ROW.exec(line);
    if (m === null || Number(m[1]) !== h - i)
      throw new GridbitsError('BAD_INPUT', `${which} row ${i + 1}: expected the rank number ${h - i} in front`);
    return m[2].replace(/[ \t]/g, '');
  });
  const w = rows[0].length;
  rows.forEach((r, i) => {
    if (r.length !== w)
      throw new GridbitsError('BAD_INPUT', `${which} row ${i + 1} has ${r.length} cells, the first row ${w}`);
    const bad = CELL.exec(r);
    if (bad)
      throw new GridbitsError(
        'BAD_INPUT',
        `${which} row ${i + 1}: unexpected '${bad[0]}' (use '#' or '1' for ship cells, '.' or '0' for water, '-' for a forbidden cell)`,
      );
  });
  if (b.files !== undefined && b.files !== w)
    throw new GridbitsError('BAD_INPUT', `${which}: ${b.files} file letters under rows of ${w} cells`);
  const ships = new Uint8Array(w * h);
  rows.forEach((r, i) => {
    for (let f = 0; f < w; f++) if (SHIP.includes(r[f])) ships[(h - 1 - i) * w + f] = 1;
  });
  return { width: w, height: h, ships };
}

/**
 * Parses the layouts of a text: one grid, or several each opened by a line "layout N of M" (as
 * `fleet place --samples` prints them; drawn grids following one another need no such line). A grid is rows
 * top (highest rank) to bottom, '#' or '1' a ship cell, '.' or '0' water, '-' (or 'x') a forbidden cell;
 * spaces between cells and blank lines are ignored. A grid may be drawn with rank numbers in front and file
 * letters under it, as gridbits draws layouts; lines after the file letters (a summary) are ignored.
 * With a size, every grid must match it.
 */
export function parseLayoutGrids(text: string, width?: number, height?: number): ParsedLayoutGrid[] {
  checkText(text, 'layout');
  if (width !== undefined) checkWhole(width, 'width', 1, FLEET_MAX_SIDE);
  if (height !== undefined) checkWhole(height, 'height', 1, FLEET_MAX_SIDE);
  const bs = blocks(text);
  if (bs.length === 0) throw new GridbitsError('BAD_INPUT', 'the layout is empty');
  return bs.map((b, i) => {
    const g = gridOf(b, bs.length === 1 ? 'layout' : `layout ${i + 1},`);
    if (width !== undefined && height !== undefined && (g.width !== width || g.height !== height)) {
      throw new GridbitsError(
        'BAD_INPUT',
        `${bs.length === 1 ? 'the layout' : `layout ${i + 1}`} is ${g.width}x${g.height}, the board ${width}x${height}`,
      );
    }
    return g;
  });
}

/**
 * Parses one layout grid (see parseLayoutGrids for the forms it reads); with a size, the grid must match it.
 * A text of several layouts is refused.
 */
export function parseLayoutGrid(text: string, width?: number, height?: number): ParsedLayoutGrid {
  const grids = parseLayoutGrids(text, width, height);
  if (grids.length > 1)
    throw new GridbitsError('BAD_INPUT', `the text holds ${grids.length} layouts, one was expected`);
  return grids[0];
}

/** Orientation id → kind, for recognising a ship by its cells. */
function kindByShape(p: FleetProblem): Map<string, number> {
  const m = new Map<string, number>();
  p.kinds.forEach((k, i) => k.orientations.forEach((o) => m.set(shapeId(o), i)));
  return m;
}

/**
 * Splits `cells` (a set of squares) into ships of the problem's kinds, at most `left[k]` of kind k (all of
 * them exactly when `exact`): the lowest uncovered cell must be the lowest cell of the ship covering it, so
 * each split is tried once. Returns the ships, null when no split exists, or 'budget'.
 */
function splitCells(p: FleetProblem, cells: number[], left: Int32Array, exact: boolean): number[][] | null | 'budget' {
  const w = p.width;
  const inSet = new Uint8Array(w * p.height);
  for (const c of cells) inSet[c] = 1;
  const sorted = [...cells].sort((a, b) => a - b);
  const taken = new Uint8Array(w * p.height);
  const options = p.kinds.flatMap((k, ki) => k.orientations.map((o) => ({ kind: ki, o })));
  // An explicit stack (one level per ship: thousands of ships would overflow a recursive one).
  const fromAt: number[] = [],
    optionAt: number[] = [],
    pieces: number[][] = [],
    kindAt: number[] = [];
  const skip = (from: number): number => {
    while (from < sorted.length && taken[sorted[from]]) from++;
    return from;
  };
  let d = 0,
    nodes = 0;
  fromAt[0] = skip(0);
  optionAt[0] = 0;
  for (;;) {
    const from = fromAt[d];
    let placed = false;
    if (from === sorted.length) {
      if (!exact || left.every((n) => n === 0)) return pieces.slice(0, d);
    } else {
      const at = sorted[from],
        ax = at % w,
        ay = (at / w) | 0;
      for (let i = optionAt[d]; i < options.length && !placed; i++) {
        const { kind, o } = options[i];
        if (left[kind] === 0) continue;
        const ox = ax - o[0][0];
        const piece: number[] = [];
        for (const [dx, dy] of o) {
          const x = ox + dx,
            y = ay + dy;
          if (x < 0 || x >= w || y >= p.height || !inSet[y * w + x] || taken[y * w + x]) break;
          piece.push(y * w + x);
        }
        if (piece.length !== o.length) continue;
        if (++nodes > SPLIT_BUDGET) return 'budget';
        for (const c of piece) taken[c] = 1;
        left[kind]--;
        optionAt[d] = i + 1;
        pieces[d] = piece;
        kindAt[d] = kind;
        placed = true;
      }
    }
    if (placed) {
      d++;
      fromAt[d] = skip(fromAt[d - 1] + 1);
      optionAt[d] = 0;
      continue;
    }
    if (d === 0) return null;
    d--;
    for (const c of pieces[d]) taken[c] = 0;
    left[kindAt[d]]++;
  }
}

/**
 * Judges a layout (as placeFleet and uniformLayouts give it) against the problem: valid, or every reason why
 * not — ships off the board or overlapping, a ship not of its kind's shape, and every reason the cells fail.
 */
export function checkFleetLayout(p: FleetProblem, layout: FleetLayout): FleetCheck {
  checkProblem(p, 'problem');
  const ships = (layout as { ships?: unknown } | null)?.ships;
  if (typeof layout !== 'object' || layout === null || !Array.isArray(ships))
    throw new GridbitsError('BAD_ARGUMENT', 'layout must be a FleetLayout: { ships: [{ kind, cells }, …] }');
  const board = Board.of(p.width, p.height);
  const cells = new Uint8Array(board.cells);
  const errors: string[] = [];
  for (const ship of ships as unknown[]) {
    const s = ship as { kind?: unknown; cells?: unknown };
    const list = s?.cells;
    if (
      typeof s !== 'object' ||
      s === null ||
      !Number.isInteger(s.kind) ||
      !Array.isArray(list) ||
      !list.every((c) => Number.isInteger(c) && (c as number) >= 0 && (c as number) < board.cells)
    )
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `layout: each ship must be { kind, cells } with squares of the ${p.width}x${p.height} board`,
      );
    const kind = p.kinds[s.kind as number];
    if (kind === undefined)
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `layout: a ship of kind ${String(s.kind)}, the fleet has ${p.kinds.length}`,
      );
    for (const c of list as number[]) {
      if (cells[c]) errors.push(`two ships on ${board.name(c)}`);
      cells[c] = 1;
    }
    const id = shapeId(normaliseShape((list as number[]).map((c) => [c % p.width, Math.floor(c / p.width)] as const)));
    if (!kind.orientations.some((o) => shapeId(o) === id))
      errors.push(
        `the ship on ${(list as number[]).map((c) => board.name(c)).join(', ')} is not a ${shipKindName(kind)}`,
      );
  }
  const check = checkFleetCells(p, cells);
  return errors.length === 0 ? check : { valid: false, errors: [...errors, ...check.errors] };
}

/** Judges ship cells (ships[sq] = 1) against the problem: valid, or every reason why not. */
export function checkFleetCells(p: FleetProblem, ships: Uint8Array): FleetCheck {
  checkProblem(p, 'problem');
  checkCellMask(ships, p.width * p.height, 'ships');
  const board = Board.of(p.width, p.height);
  const name = (s: number): string => board.name(s);
  const errors: string[] = [];
  const cellList: number[] = [];
  for (let s = 0; s < board.cells; s++) {
    if (!ships[s]) continue;
    cellList.push(s);
    if (p.forbidden[s]) errors.push(`a ship on the forbidden square ${name(s)}`);
  }
  if (p.required)
    for (let s = 0; s < board.cells; s++)
      if (p.required[s] && !ships[s]) errors.push(`no ship on ${name(s)}, a known hit`);
  const fleetCells = p.kinds.reduce((n, k) => n + k.count * k.orientations[0].length, 0);
  const byShape = kindByShape(p);
  const kindOf = (cells: number[]): number | undefined =>
    byShape.get(shapeId(normaliseShape(cells.map((c) => [c % p.width, (c / p.width) | 0]))));

  if (p.touch === 'any') {
    // Touching ships: the cells may split into ships in several ways; any split with exactly the fleet will do.
    if (cellList.length !== fleetCells) errors.push(`${cellList.length} ship cells, the fleet has ${fleetCells}`);
    else {
      const split = splitCells(
        p,
        cellList,
        Int32Array.from(p.kinds, (k) => k.count),
        true,
      );
      if (split === 'budget')
        errors.push("the search for a split of the cells into the fleet's ships ran past its budget (undecided)");
      else if (split === null)
        errors.push(
          ...(unsplittable(p, board, cellList) ?? ["no way to split the ship cells into exactly the fleet's ships"]),
        );
      else if (errors.length === 0)
        return { valid: true, errors, ships: split.map((cells) => ({ kind: kindOf(cells)!, cells })) };
    }
    return { valid: false, errors };
  }

  // No edge contact allowed: each edge-connected group of cells should be one ship.
  const groups = edgeGroups(board, cellList);
  const pieces: number[][] = [];
  const pieceOf = new Int32Array(board.cells).fill(-1);
  const have = new Int32Array(p.kinds.length);
  for (const g of groups) {
    const k = kindOf(g);
    let parts: number[][] = [g];
    if (k === undefined) {
      // A group bigger than the whole fleet is no set of its ships touching: only smaller ones are split.
      const split =
        g.length > fleetCells
          ? null
          : splitCells(
              p,
              g,
              Int32Array.from(p.kinds, () => g.length),
              false,
            );
      if (split === null || split === 'budget') {
        errors.push(
          split === null
            ? `a shape not in the fleet at ${squareList(g, name)}`
            : `cells at ${squareList(g, name)}: too many ways to split them into ships to try them all`,
        );
        continue;
      }
      parts = split;
    }
    for (const part of parts) {
      const id = pieces.length;
      pieces.push(part);
      have[kindOf(part)!]++;
      for (const c of part) pieceOf[c] = id;
    }
  }
  // Touches: between pieces of one split group (edges), and for 'none' between groups at corners.
  const touching = new Set<string>();
  const w = p.width;
  // Edges first: a split group's touching pieces are the clearer reason.
  const steps: Array<Array<[number, number]>> = [
    [
      [1, 0],
      [0, 1],
    ],
    p.touch === 'none'
      ? [
          [1, 1],
          [-1, 1],
        ]
      : [],
  ];
  for (const near of steps) {
    for (const c of cellList) {
      const a = pieceOf[c];
      if (a < 0) continue;
      const x = c % w,
        y = (c / w) | 0;
      for (const [dx, dy] of near) {
        const nx = x + dx,
          ny = y + dy;
        if (nx < 0 || nx >= w || ny >= p.height) continue;
        const b = pieceOf[ny * w + nx];
        if (b < 0 || b === a) continue;
        const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
        if (touching.has(key)) continue;
        touching.add(key);
        errors.push(`ships touching at ${name(c)}/${name(ny * w + nx)}`);
      }
    }
  }
  const names = shipKindNames(p.kinds);
  p.kinds.forEach((k, i) => {
    if (have[i] < k.count)
      errors.push(
        `${shipsInWords(names[i], k.count - have[i])} missing (the fleet has ${k.count}, the layout ${have[i]})`,
      );
    if (have[i] > k.count)
      errors.push(
        `${shipsInWords(names[i], have[i] - k.count)} too many (the fleet has ${k.count}, the layout ${have[i]})`,
      );
  });
  if (errors.length > 0) return { valid: false, errors };
  return { valid: true, errors, ships: pieces.map((cells) => ({ kind: kindOf(cells)!, cells })) };
}

/** For touching fleets: the edge-connected groups no mix of the fleet's shapes can tile, as error lines (or null). */
function unsplittable(p: FleetProblem, board: Board, cells: number[]): string[] | null {
  const out: string[] = [];
  for (const g of edgeGroups(board, cells)) {
    if (
      splitCells(
        p,
        g,
        Int32Array.from(p.kinds, (k) => k.count),
        false,
      ) === null
    )
      out.push(`a shape not in the fleet at ${squareList(g, (c) => board.name(c))}`);
  }
  return out.length > 0 ? out : null;
}

/** The edge-connected groups of a set of cells, each as a sorted list. */
function edgeGroups(board: Board, cells: number[]): number[][] {
  return components(Bitboard.fromSquares(board, cells), 4).map((b) => b.squares());
}

/** Square names for a message, the first dozen and a count of the rest. */
function squareList(cells: number[], name: (s: number) => string): string {
  const shown = cells.slice(0, 12).map(name).join(',');
  return cells.length > 12 ? `${shown},… (${cells.length} cells)` : shown;
}
