// The hunter's estimate of where ships are: per-cell probabilities under uniform layouts that match the
// replies so far, by sequential importance sampling (each sample weighted by its number of choices).
import type { Rng } from '../core/prng.js';
import { lowestBit32, popcount32 } from '../core/words.js';
import { conditionedProblem, type Knowledge } from './game.js';
import { placementsOf, type FleetPlacements } from './placements.js';
import type { FleetProblem } from './problem.js';

/** The posterior estimator's answer: per-cell ship chances and the samples' effective size. */
export interface PosteriorEstimate {
  /** probability[sq]: the estimated chance a ship covers sq (0 on hits and on cells known empty). */
  probability: Float64Array;
  /** Kish's effective sample size of the weighted samples. */
  effective: number;
  /** Samples that reached a full layout (the others hit a dead end and weigh 0). */
  completed: number;
  /** byKind[k * cells + sq]: the estimated chance a ship of remaining kind k covers sq (kinds as in `kindMap`). */
  byKind: Float64Array;
  /** The original kind of each remaining kind. */
  kindMap: number[];
  /** The completed samples: weight[i] and the placements placed[start[i] .. start[i + 1]). */
  weight: Float64Array;
  /** Where each completed sample's placements start in `placed`; one entry more than there are completed samples. */
  start: Int32Array;
  /**
   * The completed samples' placements, sample after sample: indices into the estimator's {@link
   * PosteriorEstimator.placements}.
   */
  placed: Int32Array;
}

/** Rows of at most 32 cells are bit words: the free-phase fits of one orientation are a few ANDs per row. */
const ROW_BITS = 32;

interface Orientation {
  kind: number;
  dx: Int32Array;
  dy: Int32Array;
  /** Rows an anchor may take (height - extent), and the anchor files as a bit mask. */
  rows: number;
  fileMask: number;
  /**
   * Placement index per anchor square (anchor = the bounding box's lower-left corner), -1 where it does not fit the
   * field.
   */
  id: Int32Array;
}

/**
 * Estimates cell probabilities for one fleet on one board. Each sample places the ships: first, for each hit
 * not yet covered, a ship and a placement covering it chosen uniformly among all that fit; then the other
 * ships, largest first, each uniformly among the placements that fit. Every labelled layout that matches the
 * replies comes out in exactly one way, with probability 1/∏(choices), so weighting each sample by ∏(choices)
 * makes weighted averages unbiased under the uniform law (labelled and unlabelled layouts give the same law:
 * each unlabelled one has the same number of labellings).
 */
export class PosteriorEstimator {
  private readonly problem: FleetProblem;
  /** Every placement of the problem's ships on its field (the sampled placements index into it). */
  readonly placements: FleetPlacements;
  private readonly n: number;
  private readonly rowMode: boolean;
  private readonly orientations: Orientation[][];
  /** A cell's row, and its row word with that cell's bit clear. */
  private readonly cellRow: Int32Array;
  private readonly cellClear: Int32Array;

  constructor(problem: FleetProblem) {
    this.problem = problem;
    this.n = problem.width * problem.height;
    this.placements = placementsOf(problem);
    this.rowMode = problem.width <= ROW_BITS;
    this.orientations = this.rowMode ? problem.kinds.map((_, k) => this.orientationsOf(k)) : [];
    this.cellRow = Int32Array.from({ length: this.n }, (_, c) => Math.floor(c / problem.width));
    this.cellClear = Int32Array.from({ length: this.n }, (_, c) => ~(1 << (c % problem.width)));
  }

  private orientationsOf(kind: number): Orientation[] {
    const { width: w, height: h } = this.problem;
    const pl = this.placements;
    const byCells = new Map<string, number>();
    for (let p = pl.kindStart[kind]; p < pl.kindStart[kind + 1]; p++) {
      byCells.set(
        Array.from(pl.cellList.subarray(pl.cellStart[p], pl.cellStart[p + 1]))
          .sort((a, b) => a - b)
          .join(','),
        p,
      );
    }
    return this.problem.kinds[kind].orientations.map((o) => {
      let mx = 0,
        my = 0;
      for (const [dx, dy] of o) [mx, my] = [Math.max(mx, dx), Math.max(my, dy)];
      const id = new Int32Array(w * h).fill(-1);
      for (let y = 0; y + my < h; y++) {
        for (let x = 0; x + mx < w; x++) {
          const key = o
            .map(([dx, dy]) => (y + dy) * w + x + dx)
            .sort((a, b) => a - b)
            .join(',');
          id[y * w + x] = byCells.get(key) ?? -1;
        }
      }
      const files = Math.max(0, w - mx);
      return {
        kind,
        dx: Int32Array.from(o, (c) => c[0]),
        dy: Int32Array.from(o, (c) => c[1]),
        rows: Math.max(0, h - my),
        fileMask: files >= 32 ? -1 : (1 << files) - 1,
        id,
      };
    });
  }

  /** Estimates from `samples` weighted samples of the layouts that match what is known. */
  estimate(knowledge: Knowledge, samples: number, rng: Rng): PosteriorEstimate {
    const { problem: cp, kindMap, hits } = conditionedProblem(this.problem, knowledge);
    const { width: w, height: h } = this.problem;
    const n = this.n,
      pl = this.placements;
    const free0 = new Uint8Array(n);
    for (let sq = 0; sq < n; sq++) free0[sq] = cp.forbidden[sq] ? 0 : 1;
    const rows0 = new Int32Array(h);
    for (let sq = 0; sq < n; sq++) if (free0[sq]) rows0[(sq / w) | 0] |= 1 << (sq % w);
    const isHit = new Uint8Array(n);
    for (const u of hits) isHit[u] = 1;
    const kinds = kindMap.length;
    const fitsField = (p: number): boolean => {
      let onHits = true;
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) {
        if (!free0[pl.cellList[j]]) return false;
        if (!isHit[pl.cellList[j]]) onHits = false;
      }
      return !onHits;
    };
    // Placements still possible per remaining kind: in the free cells, not wholly on hits (it would be sunk).
    const allowed = kindMap.map((orig) => {
      const ids: number[] = [];
      for (let p = pl.kindStart[orig]; p < pl.kindStart[orig + 1]; p++) if (fitsField(p)) ids.push(p);
      return Int32Array.from(ids);
    });
    const kindOf = new Int32Array(pl.kind.length).fill(-1);
    kindMap.forEach((orig, k) => {
      for (let p = pl.kindStart[orig]; p < pl.kindStart[orig + 1]; p++) kindOf[p] = k;
    });
    // For each hit, per remaining kind, the allowed placements covering it.
    const cover = hits.map((u) => {
      const per: number[][] = Array.from({ length: kinds }, () => []);
      for (let j = pl.coverStart[u]; j < pl.coverStart[u + 1]; j++) {
        const p = pl.coverList[j];
        if (kindOf[p] >= 0 && fitsField(p)) per[kindOf[p]].push(p);
      }
      return per.map((l) => Int32Array.from(l));
    });
    const size = kindMap.map((orig) => this.problem.kinds[orig].orientations[0].length);
    // Free phase order: larger ships first, they are the likeliest to find no room.
    const order = Array.from({ length: kinds }, (_, k) => k).sort((a, b) => size[b] - size[a]);
    const counts0 = cp.kinds.map((k) => k.count);
    const orient = this.rowMode ? kindMap.map((orig) => this.orientations[orig]) : [];

    const cellRow = this.cellRow,
      cellClear = this.cellClear;
    const free = new Uint8Array(n),
      occupied = new Uint8Array(n),
      rows = new Int32Array(h);
    const scratch = new Int32Array(Math.max(1, pl.count));
    const anchors = new Int32Array(Math.max(1, ...orient.map((os) => os.length * h)));
    const left = new Int32Array(kinds);
    const placed: number[] = [];
    const acc = new Float64Array(n),
      accKind = new Float64Array(kinds * n);
    const weights: number[] = [],
      starts: number[] = [0],
      placedOut: number[] = [];
    let sumW = 0,
      sumW2 = 0;

    const fits = (p: number): boolean => {
      for (let j = pl.cellStart[p], e = pl.cellStart[p + 1]; j < e; j++) if (!free[pl.cellList[j]]) return false;
      return true;
    };
    const place = (p: number): void => {
      for (let j = pl.cellStart[p], e = pl.cellStart[p + 1]; j < e; j++) occupied[pl.cellList[j]] = 1;
      for (let j = pl.haloStart[p], e = pl.haloStart[p + 1]; j < e; j++) {
        const c = pl.haloList[j];
        free[c] = 0;
        rows[cellRow[c]] &= cellClear[c];
      }
      placed.push(p);
    };
    // Free phase, word path: the anchors of each orientation where every cell is free, counted by popcount.
    const countRows = (k: number): number => {
      let m = 0,
        a = 0;
      for (const o of orient[k]) {
        for (let y = 0; y < o.rows; y++) {
          let bits = o.fileMask;
          for (let i = 0; i < o.dx.length && bits !== 0; i++) bits &= rows[y + o.dy[i]] >>> o.dx[i];
          anchors[a++] = bits;
          if (bits !== 0) m += popcount32(bits);
        }
      }
      return m;
    };
    const pickRows = (k: number, r: number): number => {
      let a = 0;
      for (const o of orient[k]) {
        for (let y = 0; y < o.rows; y++) {
          let bits = anchors[a++];
          const c = bits === 0 ? 0 : popcount32(bits);
          if (r >= c) {
            r -= c;
            continue;
          }
          for (; r > 0; r--) bits &= bits - 1;
          return o.id[y * w + lowestBit32(bits)];
        }
      }
      throw new Error('pickRows: rank out of range');
    };

    for (let s = 0; s < samples; s++) {
      free.set(free0);
      rows.set(rows0);
      occupied.fill(0);
      for (let k = 0; k < kinds; k++) left[k] = counts0[k];
      placed.length = 0;
      let weight = 1;
      // Required phase: cover each hit no placed ship covers yet (one in a placed ship's halo ends the sample).
      for (let i = 0; i < hits.length && weight > 0; i++) {
        if (occupied[hits[i]]) continue;
        let total = 0,
          m = 0;
        for (let k = 0; k < kinds; k++) {
          if (left[k] === 0) continue;
          const list = cover[i][k];
          const before = m;
          for (let j = 0; j < list.length; j++) if (fits(list[j])) scratch[m++] = list[j];
          total += (m - before) * left[k];
        }
        if (total === 0) {
          weight = 0;
          break;
        }
        // Option = (a ship of the kind, a placement): placements of kind k count left[k] times.
        let r = rng.below(total);
        let p = -1;
        for (let j = 0; j < m; j++) {
          const mult = left[kindOf[scratch[j]]];
          if (r < mult) {
            p = scratch[j];
            break;
          }
          r -= mult;
        }
        weight *= total;
        left[kindOf[p]]--;
        place(p);
      }
      // Free phase: every hit is covered, so a placement that fits touches no hit.
      for (let i = 0; i < kinds && weight > 0; i++) {
        const k = order[i];
        while (left[k] > 0) {
          let m = 0,
            p: number;
          if (this.rowMode) {
            m = countRows(k);
            if (m === 0) break;
            p = pickRows(k, rng.below(m));
          } else {
            const ids = allowed[k];
            for (let j = 0; j < ids.length; j++) if (fits(ids[j])) scratch[m++] = ids[j];
            if (m === 0) break;
            p = scratch[rng.below(m)];
          }
          weight *= m;
          left[k]--;
          place(p);
        }
        if (left[k] > 0) weight = 0;
      }
      if (weight === 0) continue;
      sumW += weight;
      sumW2 += weight * weight;
      for (const p of placed) {
        const base = kindOf[p] * n;
        for (let j = pl.cellStart[p], e = pl.cellStart[p + 1]; j < e; j++) {
          acc[pl.cellList[j]] += weight;
          accKind[base + pl.cellList[j]] += weight;
        }
        placedOut.push(p);
      }
      weights.push(weight);
      starts.push(placedOut.length);
    }
    const probability = new Float64Array(n);
    if (sumW > 0) for (let sq = 0; sq < n; sq++) probability[sq] = isHit[sq] ? 0 : acc[sq] / sumW;
    if (sumW > 0) for (let i = 0; i < kinds * n; i++) accKind[i] = isHit[i % n] ? 0 : accKind[i] / sumW;
    return {
      probability,
      effective: sumW2 > 0 ? (sumW * sumW) / sumW2 : 0,
      completed: weights.length,
      byKind: accKind,
      kindMap,
      weight: Float64Array.from(weights),
      start: Int32Array.from(starts),
      placed: Int32Array.from(placedOut),
    };
  }
}
