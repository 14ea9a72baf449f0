// The lattice hunter's rule for hunting (no unresolved hit): shoot the densest cell of the diagonal lattice that
// meets every placement of the smallest straight ship afloat exactly once, so misses never overlap in what they rule out.
import type { FleetProblem } from './problem.js';

export interface HuntingLattice {
  /** The lattice: cells with (file + rank) mod step = residue. */
  step: number;
  residue: number;
  /** coverage[sq]: placements of the smallest ship through sq. */
  coverage: Float64Array;
}

/**
 * A straight ship of length L covers each residue of (file + rank) mod L exactly once, so the cells of one
 * residue split its placements into disjoint groups: a miss there rules out placements no other shot of the
 * lattice could. The residue is chosen to make the expected number of lattice shots before the ship is hit
 * least (each residue's cells taken most-covering first: the sum over k of 1 - covered_k / placements).
 * Null when the smallest ship afloat is not straight, is a single cell, or has no room left. `cp` is the
 * conditioned problem (misses, sunk ships and their halos forbidden).
 */
export function huntingLattice(cp: FleetProblem): HuntingLattice | null {
  const kind = smallestKind(cp);
  if (kind < 0) return null;
  const step = cp.kinds[kind].orientations[0].length;
  if (step < 2 || !cp.kinds[kind].orientations.every(isStraight)) return null;
  const coverage = new Float64Array(cp.width * cp.height);
  let placements = 0;
  forEachFieldPlacement(cp, kind, (cells) => {
    placements++;
    for (const c of cells) coverage[c]++;
  });
  if (placements === 0) return null;
  let residue = 0, bestCost = Infinity;
  for (let r = 0; r < step; r++) {
    const cover: number[] = [];
    for (let sq = 0; sq < coverage.length; sq++) if (coverage[sq] > 0 && onLattice(sq, cp.width, step, r)) cover.push(coverage[sq]);
    cover.sort((a, b) => b - a);
    let covered = 0, cost = 0;
    for (const c of cover) {
      covered += c;
      cost += Math.max(0, 1 - covered / placements);
    }
    if (cost < bestCost) [residue, bestCost] = [r, cost];
  }
  return { step, residue, coverage };
}

/** Whether sq lies on residue r of the lattice of step L (see huntingResidue). */
export function onLattice(sq: number, width: number, L: number, r: number): boolean {
  return ((sq % width) + Math.floor(sq / width)) % L === r;
}

/** The afloat kind with the fewest cells (the first of them), or -1 when none is left. */
export function smallestKind(cp: FleetProblem): number {
  let kind = -1;
  cp.kinds.forEach((k, i) => {
    if (k.count > 0 && (kind < 0 || k.orientations[0].length < cp.kinds[kind].orientations[0].length)) kind = i;
  });
  return kind;
}

function isStraight(o: ReadonlyArray<readonly [number, number]>): boolean {
  return o.every(([dx]) => dx === o[0][0]) || o.every(([, dy]) => dy === o[0][1]);
}

/** Every placement of one kind on the problem's field (forbidden cells avoided), as its cell list (reused: copy to keep). */
export function forEachFieldPlacement(cp: FleetProblem, kind: number, visit: (cells: number[]) => void): void {
  const { width: w, height: h } = cp;
  const cells: number[] = [];
  for (const o of cp.kinds[kind].orientations) {
    let mx = 0, my = 0;
    for (const [dx, dy] of o) [mx, my] = [Math.max(mx, dx), Math.max(my, dy)];
    for (let y = 0; y + my < h; y++) {
      for (let x = 0; x + mx < w; x++) {
        cells.length = 0;
        for (const [dx, dy] of o) cells.push((y + dy) * w + x + dx);
        if (cells.every((c) => !cp.forbidden[c])) visit(cells);
      }
    }
  }
}
