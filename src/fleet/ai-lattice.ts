// The lattice hunter's rule for hunting (no unresolved hit): shoot the densest cell of the diagonal lattice that
// meets every placement of the smallest straight ship afloat exactly once, so misses never overlap in what they rule
// out.
import { forEachFieldPlacement } from './placements.js';
import type { FleetProblem } from './problem.js';
import { isStraight } from './shape.js';

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
 * lattice could. Null when the smallest ship afloat is not straight, is a single cell, or has no room left.
 * `cp` is the conditioned problem (misses, sunk ships and their halos forbidden).
 */
export function huntingLattice(cp: FleetProblem): HuntingLattice | null {
  const kind = smallestKind(cp);
  if (kind < 0) return null;
  const step = cp.kinds[kind].orientations[0].length;
  if (step < 2 || !isStraight(cp.kinds[kind].orientations[0])) return null;
  const coverage = new Float64Array(cp.width * cp.height);
  let placements = 0;
  forEachFieldPlacement(cp, kind, (cells) => {
    placements++;
    for (const c of cells) coverage[c]++;
  });
  if (placements === 0) return null;
  return { step, residue: bestResidue(coverage, cp.width, step, placements), coverage };
}

/**
 * The residue whose lattice cells, shot most-covering first, make the expected number of shots before a ship
 * with `placements` placements (coverage[sq] of them through sq) is hit least: the sum over k of
 * 1 - covered_k / placements. The first residue wins ties.
 */
export function bestResidue(coverage: ArrayLike<number>, width: number, step: number, placements: number): number {
  let residue = 0,
    bestCost = Infinity;
  for (let r = 0; r < step; r++) {
    const cover: number[] = [];
    for (let sq = 0; sq < coverage.length; sq++)
      if (coverage[sq] > 0 && onLattice(sq, width, step, r)) cover.push(coverage[sq]);
    cover.sort((a, b) => b - a);
    let covered = 0,
      cost = 0;
    for (const c of cover) {
      covered += c;
      cost += Math.max(0, 1 - covered / placements);
    }
    if (cost < bestCost) [residue, bestCost] = [r, cost];
  }
  return residue;
}

/** Whether sq lies on residue r of the lattice of step L (see huntingLattice). */
export function onLattice(sq: number, width: number, L: number, r: number): boolean {
  return ((sq % width) + Math.floor(sq / width)) % L === r;
}

/** The afloat kind with the fewest cells (the first of them), or -1 when none is left. */
function smallestKind(cp: FleetProblem): number {
  let kind = -1;
  cp.kinds.forEach((k, i) => {
    if (k.count > 0 && (kind < 0 || k.orientations[0].length < cp.kinds[kind].orientations[0].length)) kind = i;
  });
  return kind;
}
