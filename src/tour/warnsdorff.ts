// Warnsdorff's rule in one pass over typed arrays: degrees kept up to date incrementally, ties broken by
// distance from the centre (Roth's rule) and then by a seeded choice; plus Euler's closing of an open tour.
import type { Board } from '../core/board.js';
import type { Rng } from '../core/prng.js';
import type { Vector } from '../pieces/piece.js';

/** How ties between squares of the same degree are broken. */
export type TieBreak =
  /** The first in the vector order (the plain rule, the benchmark's baseline). */
  | 'first'
  /** The square farthest from the centre, then a seeded choice (Roth's rule). */
  | 'roth'
  /** A seeded choice among the tied squares. */
  | 'random';

const VISITED = 0x80;

/**
 * One Warnsdorff walk from `start`: the full path, or null when the walk gets stuck before covering the
 * board. O(cells × vectors) time, 5 bytes per cell. `avoid` (optional) is kept for the very last step.
 */
export function warnsdorffPath(
  board: Board,
  leaps: readonly Vector[],
  start: number,
  tie: TieBreak,
  rng?: Rng,
  avoid = -1,
): Int32Array | null {
  const walk = new WarnsdorffWalk(board, leaps, start, tie, rng, avoid);
  for (;;) {
    const end = walk.advance(Infinity);
    if (end !== undefined) return end;
  }
}

/** Steps walked between two pauses of `warnsdorffPathSteps` (about a millisecond's work). */
const WALK_PART = 1 << 14;

/** As `warnsdorffPath`, pausing (yielding) every WALK_PART steps: a walk over millions of squares takes a while. */
export function* warnsdorffPathSteps(
  board: Board,
  leaps: readonly Vector[],
  start: number,
  tie: TieBreak,
  rng?: Rng,
  avoid = -1,
): Generator<void, Int32Array | null, void> {
  const walk = new WarnsdorffWalk(board, leaps, start, tie, rng, avoid);
  for (;;) {
    const end = walk.advance(WALK_PART);
    if (end !== undefined) return end;
    yield;
  }
}

/** One Warnsdorff walk that can stop and go on (its hot loop in a plain method, not in a generator). */
class WarnsdorffWalk {
  private readonly dxs: Int32Array;
  private readonly dys: Int32Array;
  private readonly dis: Int32Array;
  private readonly deg: Uint8Array;
  private readonly path: Int32Array;
  private cur: number;
  private cx: number;
  private cy: number;
  private step = 1;

  constructor(
    private readonly board: Board,
    leaps: readonly Vector[],
    start: number,
    private readonly tie: TieBreak,
    private readonly rng: Rng | undefined,
    private readonly avoid: number,
  ) {
    const w = board.width,
      h = board.height,
      n = board.cells;
    const k = leaps.length;
    const dxs = (this.dxs = new Int32Array(k)),
      dys = (this.dys = new Int32Array(k)),
      dis = (this.dis = new Int32Array(k));
    for (let i = 0; i < k; i++) {
      dxs[i] = leaps[i][0];
      dys[i] = leaps[i][1];
      dis[i] = leaps[i][1] * w + leaps[i][0];
    }
    const deg = (this.deg = new Uint8Array(n));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let d = 0;
        for (let i = 0; i < k; i++) {
          const nx = x + dxs[i],
            ny = y + dys[i];
          if (nx >= 0 && ny >= 0 && nx < w && ny < h) d++;
        }
        deg[y * w + x] = d;
      }
    }
    this.path = new Int32Array(n);
    this.cur = start;
    this.cx = start % w;
    this.cy = (start - this.cx) / w;
    this.path[0] = start;
    deg[start] |= VISITED;
    // Keeping `avoid` for last: it counts as one more exit, so the rule does not rush into it.
    if (avoid >= 0) deg[avoid] += 1;
  }

  /** Walks up to `most` more steps: the path once whole, null when stuck, undefined while under way. */
  advance(most: number): Int32Array | null | undefined {
    const { dxs, dys, dis, deg, path, tie, rng, avoid } = this;
    const w = this.board.width,
      h = this.board.height,
      n = this.board.cells,
      k = dxs.length;
    let cur = this.cur,
      cx = this.cx,
      cy = this.cy,
      step = this.step;
    const end = Math.min(n, step + most);
    for (; step < end; step++) {
      let best = -1,
        bestDeg = 99,
        bestDist = -1,
        ties = 0;
      for (let i = 0; i < k; i++) {
        const nx = cx + dxs[i],
          ny = cy + dys[i];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const t = cur + dis[i];
        const d = deg[t];
        if (d & VISITED) continue;
        deg[t] = d - 1;
        if (t === avoid && step < n - 1) continue;
        const dd = d - 1;
        if (dd > bestDeg) continue;
        if (tie === 'first') {
          if (dd < bestDeg) {
            best = t;
            bestDeg = dd;
          }
          continue;
        }
        let dist = 0;
        if (tie === 'roth') {
          const ex = 2 * nx - w + 1,
            ey = 2 * ny - h + 1;
          dist = ex * ex + ey * ey;
        }
        if (dd < bestDeg || dist > bestDist) {
          best = t;
          bestDeg = dd;
          bestDist = dist;
          ties = 1;
        } else if (dist === bestDist) {
          // Reservoir choice among equal squares: each of the tied squares is kept with equal chance.
          ties++;
          if (rng !== undefined && rng.below(ties) === 0) best = t;
        }
      }
      if (best < 0) return null;
      cur = best;
      cx = cur % w;
      cy = (cur - cx) / w;
      deg[cur] |= VISITED;
      path[step] = cur;
    }
    this.cur = cur;
    this.cx = cx;
    this.cy = cy;
    this.step = step;
    return step >= n ? path : undefined;
  }
}
