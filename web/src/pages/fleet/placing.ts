// Placing ships by hand on the Sea Battle page: a ship picked up (from the harbour or the board) as a shape and
// the cell held, turned a quarter at a time, dropped where the held cell lands, and the drop judged by the rules
// (on the board, off forbidden cells, over no ship, touching none the touch rule keeps apart) with the reason in
// words when it is refused; which of the fleet's ships are still in the harbour; no DOM.
import type { Board } from '../../../../src/core/board.js';
import { normaliseShape, shapeId, type FleetProblem, type Shape } from '../../../../src/fleet/index.js';

/** A ship in hand: its cells as offsets (dy towards higher ranks), the one held, and where it came from. */
export interface Held {
  /** Offsets of the ship's cells, normalised (the least dx and dy are 0). */
  shape: Array<[number, number]>;
  /** The index in `shape` of the cell under the pointer or the keyboard's square. */
  grab: number;
  /** The layout's ship it was lifted from, or null for a ship from the harbour. */
  from: number | null;
  /** Its kind's index in the fleet, or null when the cells are no ship of the fleet. */
  kind: number | null;
}

/** The kind of a ship on these cells (by its shape), or null when the fleet has no ship of that shape. */
export function kindOf(problem: FleetProblem, cells: readonly number[]): number | null {
  const id = shapeId(normaliseShape(cells.map((c) => [c % problem.width, Math.floor(c / problem.width)])));
  const k = problem.kinds.findIndex((kind) => kind.orientations.some((o) => shapeId(o) === id));
  return k < 0 ? null : k;
}

/** A ship of the layout lifted at square `at`, or null when no ship stands there. */
export function lift(problem: FleetProblem, board: Board, layout: readonly string[][], at: number): Held | null {
  const from = layout.findIndex((ship) => ship.includes(board.name(at)));
  if (from < 0) return null;
  const cells = layout[from].map((n) => board.parse(n));
  const x0 = Math.min(...cells.map((c) => board.file(c))),
    y0 = Math.min(...cells.map((c) => board.rank(c)));
  const shape = cells.map((c): [number, number] => [board.file(c) - x0, board.rank(c) - y0]);
  return { shape, grab: cells.indexOf(at), from, kind: kindOf(problem, cells) };
}

/** A ship of kind `kind` from the harbour, lying in its first orientation, held by its first cell. */
export function fromHarbour(problem: FleetProblem, kind: number, shape: Shape): Held {
  return { shape: normaliseShape(shape), grab: 0, from: null, kind };
}

/** The ship turned a quarter (clockwise on the board as drawn), still held by the same cell. */
export function turned(held: Held): Held {
  const raw = held.shape.map(([x, y]): [number, number] => [y, -x]);
  const minX = Math.min(...raw.map(([x]) => x)),
    minY = Math.min(...raw.map(([, y]) => y));
  return { ...held, shape: raw.map(([x, y]) => [x - minX, y - minY]) };
}

/** The squares the ship covers when its held cell is on `at` (a cell off the board is -1). */
export function cellsAt(board: Board, held: Held, at: number): number[] {
  const [gx, gy] = held.shape[held.grab];
  const fx = board.file(at) - gx,
    ry = board.rank(at) - gy;
  return held.shape.map(([x, y]) => {
    const f = fx + x,
      r = ry + y;
    return f < 0 || r < 0 || f >= board.width || r >= board.height ? -1 : board.index(f, r);
  });
}

const TOUCH_WORDS = {
  none: 'ships may not touch, not even at corners',
  corner: 'ships may touch only at corners',
} as const;

/**
 * Why the ship may not be dropped with its held cell on `at`, in words ("it would touch the ship on c3: ships may
 * not touch, not even at corners"), or null when it may: every cell on the board, none forbidden, none on another
 * ship, and none next to another ship where the touch rule keeps ships apart.
 */
export function dropRefusal(
  problem: FleetProblem,
  board: Board,
  layout: readonly string[][],
  held: Held,
  at: number,
): string | null {
  const cells = cellsAt(board, held, at);
  if (cells.includes(-1)) return 'it would stick out of the board';
  const others = new Map<number, number>();
  layout.forEach((ship, i) => {
    if (i !== held.from) for (const n of ship) others.set(board.parse(n), i);
  });
  const forbidden = cells.find((c) => problem.forbidden[c]);
  if (forbidden !== undefined) return `${board.name(forbidden)} is a forbidden cell`;
  const under = cells.find((c) => others.has(c));
  if (under !== undefined) return `another ship stands on ${board.name(under)}`;
  if (problem.touch === 'any') return null;
  for (const c of cells) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || (problem.touch === 'corner' && dx !== 0 && dy !== 0)) continue;
        const f = board.file(c) + dx,
          r = board.rank(c) + dy;
        if (f < 0 || r < 0 || f >= board.width || r >= board.height) continue;
        const n = board.index(f, r);
        if (others.has(n)) return `it would touch the ship on ${board.name(n)}: ${TOUCH_WORDS[problem.touch]}`;
      }
    }
  }
  return null;
}

/** The layout with the held ship dropped with its held cell on `at` (moved, or added from the harbour). */
export function dropped(board: Board, layout: readonly string[][], held: Held, at: number): string[][] {
  const ship = cellsAt(board, held, at).map((c) => board.name(c));
  return held.from === null ? [...layout, ship] : layout.map((s, i) => (i === held.from ? ship : s));
}

/** Per kind of the fleet: how many of its ships are not on the board yet (ships of no kind are not counted). */
export function harbour(problem: FleetProblem, board: Board, layout: readonly string[][]): number[] {
  const left = problem.kinds.map((k) => k.count);
  for (const ship of layout) {
    const k = kindOf(
      problem,
      ship.map((n) => board.parse(n)),
    );
    if (k !== null && left[k] > 0) left[k]--;
  }
  return left;
}
