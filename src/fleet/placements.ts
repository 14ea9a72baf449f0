// Every placement of every ship kind on the field (cells and halo as flat index lists), and each cell's coverers.
import { Bitboard } from '../core/bitboard.js';
import { Board } from '../core/board.js';
import { checkPlacements, checkProblem, checkWhole } from './args.js';
import type { FleetProblem } from './problem.js';

/**
 * The placements of a problem, grouped by kind, in a flat layout for hot loops: placement p has kind
 * `kind[p]`, cells `cellList[cellStart[p] .. cellStart[p + 1])` and halo `haloList[haloStart[p] .. haloStart[p + 1])`.
 * The halo is the ship's cells plus the neighbours the touch rule keeps free (all 8 for 'none', the 4 edge
 * neighbours for 'corner', none for 'any'): two placements may both stand iff neither's cells meet the
 * other's halo (the relation is symmetric, so one test suffices).
 */
export interface FleetPlacements {
  /** Files of the board. */
  width: number;
  /** Ranks of the board. */
  height: number;
  /** Number of placements. */
  count: number;
  /** Placements of kind k are the indices kindStart[k] .. kindStart[k + 1] - 1. */
  kindStart: Int32Array;
  /** kind[p]: the ship kind of placement p (an index into the problem's kinds). */
  kind: Int32Array;
  /** Where each placement's cells start in cellList; one entry more than there are placements. */
  cellStart: Int32Array;
  /** Every placement's cells (square indices), placement after placement. */
  cellList: Int32Array;
  /** Where each placement's halo starts in haloList; one entry more than there are placements. */
  haloStart: Int32Array;
  /** Every placement's halo (square indices: its cells and the neighbours it keeps free), placement after placement. */
  haloList: Int32Array;
  /** The placements covering cell s: coverList[coverStart[s] .. coverStart[s + 1]). */
  coverStart: Int32Array;
  /** The placements covering each cell (placement indices), cell after cell. */
  coverList: Int32Array;
}

const NEIGHBOURS = {
  none: [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ],
  corner: [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ],
  any: [],
} as const;

/**
 * All placements of the problem's kinds avoiding forbidden cells, ordered by kind, then lowest cell, then orientation.
 */
export function fleetPlacements(problem: FleetProblem): FleetPlacements {
  checkProblem(problem);
  return placementsOf(problem);
}

/** fleetPlacements for the engine's own problems (a kind with no ship left allowed), unchecked. */
export function placementsOf(problem: FleetProblem): FleetPlacements {
  const rows = new PlacementRows(problem);
  for (let k = 0; k < problem.kinds.length; k++) rows.add(k, 0, problem.height);
  return rows.done();
}

/**
 * placementsOf in short parts, yielding after each row of anchors: the first placements of a run are made while
 * the code is not yet compiled (about 10 ms at once on 10×10), so a job makes them under its pacing (asideSteps).
 */
export function* placementSteps(problem: FleetProblem): Generator<void, FleetPlacements, void> {
  const rows = new PlacementRows(problem);
  for (let k = 0; k < problem.kinds.length; k++)
    for (let y = 0; y < problem.height; y++) {
      rows.add(k, y, y + 1);
      yield;
    }
  return rows.done();
}

/**
 * The placements of a problem made a row of anchors at a time, kinds in order and each kind's rows in order: the
 * work of placementsOf, outside a generator (so that its loops are compiled as any others).
 */
class PlacementRows {
  private readonly kindStart: Int32Array;
  private readonly kindOf: number[] = [];
  private readonly cellStart: number[] = [0];
  private readonly cells: number[] = [];
  private readonly haloStart: number[] = [0];
  private readonly halo: number[] = [];
  private readonly stamp: Int32Array;
  private count = 0;

  constructor(private readonly problem: FleetProblem) {
    this.kindStart = new Int32Array(problem.kinds.length + 1);
    this.stamp = new Int32Array(problem.width * problem.height).fill(-1);
  }

  /** The placements of kind k anchored on ranks `from` to `to` - 1. */
  add(k: number, from: number, to: number): void {
    const { width: w, height: h, forbidden } = this.problem;
    const { kindOf, cellStart, cells, haloStart, halo, stamp } = this;
    const near = NEIGHBOURS[this.problem.touch];
    const orientations = this.problem.kinds[k].orientations;
    let count = this.count;
    if (from === 0) this.kindStart[k] = count;
    // Anchor = an orientation's first cell (lowest rank, leftmost): walking anchors in order sorts placements by lowest
    // cell.
    for (let anchor = from * w; anchor < to * w; anchor++) {
      const ax = anchor % w,
        ay = (anchor / w) | 0;
      for (const o of orientations) {
        const ox = ax - o[0][0],
          oy = ay - o[0][1];
        let ok = ox >= 0;
        for (let i = 0; ok && i < o.length; i++) {
          const x = ox + o[i][0],
            y = oy + o[i][1];
          ok = x >= 0 && x < w && y >= 0 && y < h && forbidden[y * w + x] === 0;
        }
        if (!ok) continue;
        for (const [dx, dy] of o) cells.push((oy + dy) * w + ox + dx);
        cellStart.push(cells.length);
        for (let i = cellStart[count]; i < cells.length; i++) {
          const c = cells[i];
          if (stamp[c] !== count) {
            stamp[c] = count;
            halo.push(c);
          }
        }
        for (let i = cellStart[count]; i < cellStart[count + 1]; i++) {
          const x = cells[i] % w,
            y = (cells[i] / w) | 0;
          for (const [dx, dy] of near) {
            const nx = x + dx,
              ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            const c = ny * w + nx;
            if (stamp[c] !== count) {
              stamp[c] = count;
              halo.push(c);
            }
          }
        }
        haloStart.push(halo.length);
        kindOf.push(k);
        count++;
      }
    }
    this.count = count;
  }

  /** The tables, once every row of every kind is in. */
  done(): FleetPlacements {
    const { width: w, height: h } = this.problem;
    const { kindStart, kindOf, cellStart, cells, haloStart, halo, count } = this;
    kindStart[this.problem.kinds.length] = count;
    const cellStartA = Int32Array.from(cellStart),
      cellList = Int32Array.from(cells);
    const coverStart = new Int32Array(w * h + 1);
    for (const c of cells) coverStart[c + 1]++;
    for (let s = 0; s < w * h; s++) coverStart[s + 1] += coverStart[s];
    const fill = coverStart.slice(0, w * h);
    const coverList = new Int32Array(cells.length);
    for (let p = 0; p < count; p++)
      for (let i = cellStartA[p]; i < cellStartA[p + 1]; i++) coverList[fill[cellList[i]]++] = p;
    return {
      width: w,
      height: h,
      count,
      kindStart,
      kind: Int32Array.from(kindOf),
      cellStart: cellStartA,
      cellList,
      haloStart: Int32Array.from(haloStart),
      haloList: Int32Array.from(halo),
      coverStart,
      coverList,
    };
  }
}

/**
 * Every placement of one kind on the problem's field (forbidden cells avoided), as its cell list, without
 * building the tables of fleetPlacements: for scores recomputed on every shot. The list is reused: copy to keep.
 */
export function forEachFieldPlacement(problem: FleetProblem, kind: number, visit: (cells: number[]) => void): void {
  const { width: w, height: h } = problem;
  const cells: number[] = [];
  for (const o of problem.kinds[kind].orientations) {
    let mx = 0,
      my = 0;
    for (const [dx, dy] of o) [mx, my] = [Math.max(mx, dx), Math.max(my, dy)];
    for (let y = 0; y + my < h; y++) {
      for (let x = 0; x + mx < w; x++) {
        cells.length = 0;
        for (const [dx, dy] of o) cells.push((y + dy) * w + x + dx);
        if (cells.every((c) => !problem.forbidden[c])) visit(cells);
      }
    }
  }
}

/** Throws BAD_ARGUMENT unless `placements` came from fleetPlacements and `index` is one of its placements. */
function checkPlacement(placements: FleetPlacements, index: number): void {
  checkPlacements(placements);
  checkWhole(index, 'index', 0, placements.count - 1);
}

/** The cells of placement `index` as a list of square indices. */
export function placementCells(placements: FleetPlacements, index: number): number[] {
  checkPlacement(placements, index);
  const pl = placements;
  return Array.from(pl.cellList.subarray(pl.cellStart[index], pl.cellStart[index + 1]));
}

/** Placement `index`'s cells as a Bitboard (built on demand: a table of them all would not fit large boards). */
export function placementBitboard(placements: FleetPlacements, index: number): Bitboard {
  checkPlacement(placements, index);
  const pl = placements;
  return Bitboard.fromSquares(
    Board.of(pl.width, pl.height),
    pl.cellList.subarray(pl.cellStart[index], pl.cellStart[index + 1]),
  );
}

/** Placement `index`'s halo (its cells and the neighbours the touch rule keeps free) as a Bitboard. */
export function placementHalo(placements: FleetPlacements, index: number): Bitboard {
  checkPlacement(placements, index);
  const pl = placements;
  return Bitboard.fromSquares(
    Board.of(pl.width, pl.height),
    pl.haloList.subarray(pl.haloStart[index], pl.haloStart[index + 1]),
  );
}
