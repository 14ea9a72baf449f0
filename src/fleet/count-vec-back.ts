// The backward pass over windows: completions per window and ships left, and each placement's layouts (its weight).
import type { JobControl } from '../core/job.js';
import type { CountPlan } from './count-plan.js';
import type { LinkLayer } from './count-links.js';
import type { PassProgress } from './count-forecast.js';
import type { FleetIndex } from './count-index.js';
import { pushForward, vecForward } from './count-vec.js';
import { chunk } from '../core/pace.js';
import { Vectors } from './count-vectors.js';

/** Windows pulled back between two looks at the job's limits. */
const CHUNK = 256;

/**
 * G = `back` (layer pos, windows from..to) from Gn = `after` (layer pos+1) along the links; with F = `forward` (layer
 * pos's forward vectors), adds to w[p] the layouts through each step that puts down placement p: F·G summed over ships
 * left. The hot loop of the backward pass.
 */
function pullBack(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  forward: Vectors | null,
  after: Vectors,
  back: Vectors,
  w: Float64Array | null,
  from: number,
  to: number,
): void {
  const V = fi.V,
    kindAt = fi.kindAt[pos];
  const { start, target, place } = links;
  const { shift, mask } = back;
  for (let e = from; e < to; e++) {
    const G = back.pieces[e >> shift],
      F = forward?.pieces[e >> shift],
      eb = (e & mask) * V;
    for (let j = start[e]; j < start[e + 1]; j++) {
      const t = target[j],
        Gn = after.pieces[t >> shift],
        tb = (t & mask) * V,
        p = place[j];
      if (p < 0) {
        for (let i = 0; i < V; i++) G[eb + i] += Gn[tb + i];
        continue;
      }
      const k = kindAt[p],
        b = tb - fi.stride[k],
        list = fi.valid[k],
        n = list.length;
      if (F && w) {
        let acc = 0;
        for (let i = 0; i < n; i++) {
          const c = list[i],
            g = Gn[b + c];
          G[eb + c] += g;
          acc += F[eb + c] * g;
        }
        w[p] += acc;
      } else {
        for (let i = 0; i < n; i++) {
          const c = list[i];
          G[eb + c] += Gn[b + c];
        }
      }
    }
  }
}

/** What the window program's two passes leave for per-cell counts: the total and every placement's weight. */
export interface VecWeights {
  total: bigint;
  /** weights[pos][p]: the layouts containing placement plan.at[pos][p] (exact doubles). */
  weights: Float64Array[];
}

/**
 * The forward pass in doubles, keeping the links and the vectors of every S-th layer (S ≈ √cells), then the
 * backward pass from the end, a stretch of S layers at a time: the stretch's forward vectors are rebuilt from
 * its first layer's (cheap: the links need no look-ups), then pulled back through. Memory: the links, about
 * 2√cells layers of vectors. Returns null when the total reaches 2^53 (the doubles are then not exact).
 * Spends a node per window on each of its three sweeps (forward, rebuild, backward).
 */
export function* vecWeights<P>(
  plan: CountPlan,
  fi: FleetIndex,
  ctl: JobControl<P>,
  progress: PassProgress,
): Generator<void, VecWeights | null, void> {
  const N = plan.cells,
    V = fi.V;
  const S = Math.max(1, Math.ceil(Math.sqrt(N)));
  // The pieces of the vectors no longer read, taken again by the next ones made (cleared in parts as they are).
  const pool: Float64Array[] = [];
  const marks = new Map<number, Vectors>();
  // Every S-th layer's vectors, copied a chunk at a time as the pass reads them.
  const fwd = yield* vecForward(plan, fi, 1, ctl, progress, 2, null, true, (pos, _size, vals, from, to) => {
    if (pos % S !== 0) return;
    let mark = marks.get(pos);
    if (mark === undefined) marks.set(pos, (mark = new Vectors(V, pool)));
    mark.copy(vals, from, to);
  });
  if (!fwd.exact) return null;
  const links = fwd.links!;
  const weights = plan.at.map((list) => new Float64Array(list.length));
  if (fwd.total === 0n) return { total: 0n, weights };
  let left = 0;
  for (let pos = 0; pos < N; pos++) left += 2 * links[pos].size;
  /** Vectors of zeros for the `windows` windows of a layer, with pieces from the pool. */
  function* zeros(windows: number): Generator<void, Vectors, void> {
    const v = new Vectors(V, pool);
    yield* v.room(ctl, 0, windows);
    return v;
  }
  // The end: only the empty window with no ships left finishes.
  let Gn = yield* zeros(links[N].size);
  if (links[N].size > 0) Gn.pieces[0][0] = 1;
  for (let a = Math.floor((N - 1) / S) * S; a >= 0; a -= S) {
    const b = Math.min(N, a + S);
    const F: Vectors[] = [marks.get(a)!];
    marks.delete(a);
    for (let pos = a; pos < b - 1; pos++) {
      const next = yield* zeros(links[pos + 1].size);
      const n = links[pos].size;
      for (let from = 0, to: number; from < n; from = to) {
        to = Math.min(n, from + chunk(ctl, CHUNK));
        pushForward(fi, pos, links[pos], F[pos - a], next, 1, from, to);
        progress.done += to - from;
        left -= to - from;
        progress.report(ctl, left);
        if (ctl.spend(to - from)) yield;
      }
      F.push(next);
    }
    left -= links[b - 1].size;
    for (let pos = b - 1; pos >= a; pos--) {
      const n = links[pos].size;
      const G = yield* zeros(n);
      for (let from = 0, to: number; from < n; from = to) {
        to = Math.min(n, from + chunk(ctl, CHUNK));
        pullBack(fi, pos, links[pos], F[pos - a], Gn, G, weights[pos], from, to);
        progress.done += to - from;
        left -= to - from;
        progress.report(ctl, left);
        if (ctl.spend(to - from)) yield;
      }
      F[pos - a].release();
      Gn.release();
      Gn = G;
    }
  }
  return { total: fwd.total, weights };
}
