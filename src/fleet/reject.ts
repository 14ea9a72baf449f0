// Exactly uniform layouts by plain rejection: every ship on an independent uniform placement, kept only when
// the ships fit together. Fast where ships rarely clash (touching fleets); hopeless where they nearly always do.
import type { Rng } from '../core/prng.js';
import { placementsOf, type FleetPlacements } from './placements.js';
import type { FleetLayout, FleetProblem } from './problem.js';

/**
 * Proposes each ship (ships of a kind told apart) on a uniformly chosen placement that fits the field, and
 * accepts when no two ships overlap or break the touch rule, every required cell is covered and no ship is on
 * an excluded placement. Every labelled layout is proposed with the same probability, so accepted layouts are
 * exactly uniform over the distinct layouts and independent of each other.
 */
export class RejectionSampler {
  /** Every placement of the problem's ships on its field (`chosen` indexes into it). */
  readonly placements: FleetPlacements;
  /** The placements of the last accepted proposal. */
  readonly chosen: Int32Array;
  /** Proposals made so far, accepted or not. */
  proposals = 0;
  private readonly ships: Array<{ from: number; size: number }> = [];
  private readonly block: Float64Array;
  private readonly required: number[] = [];
  private readonly excluded: Uint8Array;

  /**
   * `excluded`: placement indices (into placementsOf(problem)) no ship may take; `placements`: placementsOf(problem)
   * where the caller has it already.
   */
  constructor(
    /** The problem it samples layouts of. */
    readonly problem: FleetProblem,
    excluded: Iterable<number> = [],
    placements?: FleetPlacements,
  ) {
    const pl = (this.placements = placements ?? placementsOf(problem));
    problem.kinds.forEach((k, i) => {
      for (let c = 0; c < k.count; c++)
        this.ships.push({ from: pl.kindStart[i], size: pl.kindStart[i + 1] - pl.kindStart[i] });
    });
    this.chosen = new Int32Array(this.ships.length);
    this.block = new Float64Array(problem.width * problem.height).fill(-1);
    problem.required?.forEach((r, sq) => {
      if (r) this.required.push(sq);
    });
    this.excluded = new Uint8Array(pl.count);
    for (const p of excluded) this.excluded[p] = 1;
  }

  /** True when some ship has no placement at all: nothing can ever be accepted. */
  get hopeless(): boolean {
    return this.ships.some((s) => s.size === 0);
  }

  /** One proposal; true when accepted (the ships are then in `chosen`). */
  propose(rng: Rng): boolean {
    const pl = this.placements,
      block = this.block,
      chosen = this.chosen;
    const stamp = ++this.proposals * 65536;
    for (let i = 0; i < this.ships.length; i++) {
      const p = this.ships[i].from + rng.below(this.ships[i].size);
      if (this.excluded[p]) return false;
      chosen[i] = p;
    }
    // Each ship stamps its halo; a later ship with a cell on this proposal's stamp clashes.
    for (let i = 0; i < chosen.length; i++) {
      const p = chosen[i];
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) if (block[pl.cellList[j]] >= stamp) return false;
      for (let j = pl.haloStart[p]; j < pl.haloStart[p + 1]; j++) block[pl.haloList[j]] = stamp + 1;
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) block[pl.cellList[j]] = stamp + 2;
    }
    for (const u of this.required) if (block[u] !== stamp + 2) return false;
    return true;
  }

  /** The accepted layout in `chosen`. */
  layout(): FleetLayout {
    const pl = this.placements;
    return {
      ships: Array.from(this.chosen, (p) => ({
        kind: pl.kind[p],
        cells: Array.from(pl.cellList.subarray(pl.cellStart[p], pl.cellStart[p + 1])),
      })),
    };
  }

  /** A uniform layout, or null when `maxProposals` proposals were all rejected. */
  sample(rng: Rng, maxProposals: number): FleetLayout | null {
    if (this.hopeless) return null;
    for (let i = 0; i < maxProposals; i++) if (this.propose(rng)) return this.layout();
    return null;
  }
}
