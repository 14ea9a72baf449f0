// The Sea Battle hunting rules against the exact optimum on small boards: the fewest shots on average that any
// strategy needs against uniform layouts, by a full expectimax over the layouts that still fit the replies.
import { bestResidue, onLattice } from '../src/fleet/ai-lattice.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import { fleetPlacements, placementCells } from '../src/fleet/placements.js';
import type { BenchRow, BenchSection } from './types.js';

type Rule = 'optimal' | 'greedy' | 'lattice';

/** Marks of a cell: unknown, miss, hit (ship afloat), or SUNK + the ship's index. */
const UNKNOWN = 0,
  MISS = 1,
  HIT = 2,
  SUNK = 3;

/**
 * One small game: straight ships of different lengths, touching allowed, every layout equally likely; a
 * sinking shot names the ship (so its cells are known). value(rule) is the exact expected number of shots.
 */
class SmallGame {
  readonly n: number;
  /** shipAt[l][c]: the ship on cell c in layout l, or -1. */
  readonly shipAt: Int8Array[] = [];
  /** The length of ship i. */
  readonly lengthOf: number[];
  private readonly memo = new Map<string, number>();

  constructor(
    readonly width: number,
    readonly height: number,
    readonly lengths: number[],
  ) {
    this.n = width * height;
    const p = fleetProblem({ width, height, fleet: lengths.join(','), touch: 'any' });
    const pl = fleetPlacements(p);
    // Kinds are listed in the problem's own order; ship i below is kind i (the lengths differ, one ship each).
    const grow = (k: number, at: Int8Array): void => {
      if (k === p.kinds.length) {
        this.shipAt.push(at.slice());
        return;
      }
      for (let q = pl.kindStart[k]; q < pl.kindStart[k + 1]; q++) {
        const cells = placementCells(pl, q);
        if (cells.some((c) => at[c] >= 0)) continue;
        for (const c of cells) at[c] = k;
        grow(k + 1, at);
        for (const c of cells) at[c] = -1;
      }
    };
    grow(0, new Int8Array(this.n).fill(-1));
    this.lengthOf = p.kinds.map((k) => k.orientations[0].length);
  }

  get states(): number {
    return this.memo.size;
  }

  value(rule: Rule): number {
    this.memo.clear();
    return this.solve(rule, Int32Array.from(this.shipAt.keys()), new Uint8Array(this.n));
  }

  private solve(rule: Rule, layouts: Int32Array, marks: Uint8Array): number {
    const shipCells = this.lengthOf.reduce((a, b) => a + b, 0);
    let found = 0,
      sunk = 0;
    for (const m of marks) {
      if (m >= HIT) found++;
      if (m >= SUNK) sunk++;
    }
    if (sunk === shipCells) return 0;
    const key = String.fromCharCode(...marks);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const count = new Int32Array(this.n);
    for (const l of layouts) for (let c = 0; c < this.n; c++) if (this.shipAt[l][c] >= 0) count[c]++;
    let cells: number[] = [];
    for (let c = 0; c < this.n; c++) if (marks[c] === UNKNOWN && count[c] > 0) cells.push(c);
    cells.sort((a, b) => count[b] - count[a] || a - b);
    if (rule === 'lattice' && !marks.includes(HIT)) cells = this.latticeCells(cells, layouts, marks);
    if (rule !== 'optimal') cells = cells.slice(0, 1);
    let best = Infinity;
    for (const c of cells) {
      // Every ship cell not hit yet costs a shot: a bound that skips cells which cannot beat the best.
      if (1 + (shipCells - found) - count[c] / layouts.length >= best) continue;
      let e = 1;
      for (const { marks: next, group } of this.outcomes(c, layouts, marks)) {
        e += (group.length / layouts.length) * this.solve(rule, Int32Array.from(group), next);
        if (e >= best) break;
      }
      best = Math.min(best, e);
    }
    this.memo.set(key, best);
    return best;
  }

  /** The layouts split by the reply a shot at c gets: miss, hit, or sunk (which ship, so which cells). */
  private outcomes(
    c: number,
    layouts: Int32Array,
    marks: Uint8Array,
  ): Iterable<{ marks: Uint8Array; group: number[] }> {
    const byReply = new Map<string, { marks: Uint8Array; group: number[] }>();
    for (const l of layouts) {
      const at = this.shipAt[l],
        s = at[c];
      let reply = 'miss';
      if (s >= 0) {
        let afloat = 0;
        for (let x = 0; x < this.n; x++) if (x !== c && at[x] === s && marks[x] !== HIT) afloat++;
        reply =
          afloat > 0
            ? 'hit'
            : `sunk ${s}:${Array.from(at.keys())
                .filter((x) => at[x] === s)
                .join(',')}`;
      }
      let g = byReply.get(reply);
      if (g === undefined) {
        const next = marks.slice();
        if (reply === 'miss') next[c] = MISS;
        else if (reply === 'hit') next[c] = HIT;
        else for (let x = 0; x < this.n; x++) if (at[x] === s) next[x] = SUNK + s;
        byReply.set(reply, (g = { marks: next, group: [] }));
      }
      g.group.push(l);
    }
    return byReply.values();
  }

  /**
   * The lattice rule while hunting (see src/fleet/ai-lattice.ts): only cells whose (file + rank) mod L is the
   * residue that makes the expected lattice shots before the smallest ship afloat (length L) is hit least.
   */
  private latticeCells(cells: number[], layouts: Int32Array, marks: Uint8Array): number[] {
    let ship = -1;
    this.lengthOf.forEach((len, s) => {
      if (!marks.includes(SUNK + s) && (ship < 0 || len < this.lengthOf[ship])) ship = s;
    });
    const L = this.lengthOf[ship];
    if (L < 2) return cells;
    const placements = new Map<string, number[]>();
    for (const l of layouts) {
      const own = Array.from(this.shipAt[l].keys()).filter((x) => this.shipAt[l][x] === ship);
      placements.set(own.join(','), own);
    }
    const cover = new Int32Array(this.n);
    for (const own of placements.values()) for (const x of own) cover[x]++;
    const residue = bestResidue(cover, this.width, L, placements.size);
    const on = cells.filter((x) => cover[x] > 0 && onLattice(x, this.width, L, residue));
    return on.length > 0 ? on : cells;
  }
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const cases: Array<[number, number, number[], Rule[]]> = [
    [4, 4, [3, 2], ['greedy', 'lattice', 'optimal']],
    [5, 5, [3, 2], ['greedy', 'lattice']],
    [6, 6, [3, 2], ['greedy', 'lattice']],
    [6, 6, [4, 3, 2], ['greedy', 'lattice']],
  ];
  for (const [w, h, lengths, rules] of cases) {
    const game = new SmallGame(w, h, lengths);
    const values: Partial<Record<Rule, number>> = {};
    for (const rule of rules) {
      const t0 = performance.now();
      values[rule] = game.value(rule);
      const ms = performance.now() - t0;
      const vsGreedy =
        rule === 'greedy'
          ? ''
          : `; ${((values.greedy! / values[rule]! - 1) * 100).toFixed(2)}% fewer shots than greedy`;
      rows.push({
        name: `${w}×${h}, ships ${lengths.join(', ')} (${game.shipAt.length} layouts): ${rule}`,
        medianMs: ms,
        note: `exact expected shots ${values[rule]!.toFixed(4)}${vsGreedy}; ${game.states.toLocaleString('en')} positions${rule === 'optimal' ? `; peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB` : ''}`,
      });
    }
  }
  return {
    title: 'Sea Battle hunting rules against the exact optimum (small boards)',
    rows,
    notes: [
      "Exact expected shots against uniform layouts (touching allowed; a sinking shot names the ship), every layout and every reply enumerated. greedy: the cell most likely to hold a ship (exact probability, lowest square on ties); lattice: the same, but while no hit is unresolved only on the lattice of the smallest ship afloat (the default hunter's rule); optimal: the least expected shots of any strategy, by expectimax over the positions (bounded by the ship cells still to hit).",
      'The optimum is only within reach on the smallest board here; it shows how far the myopic rules sit from the best possible play: on 4×4 with ships 3 and 2 the optimum needs 1.9% fewer shots than greedy, mostly by different choices after a hit (it shoots toward the edge, where a hit closes an end of the ship). The 10×10 target (mean < 42 shots) asks for 6.1% fewer than the density hunter there (44.74) and 5.3% fewer than the lattice hunter (44.34).',
      'Medians are the time of one exact evaluation.',
    ],
  };
}
