// The backward pass over windows: completions per window and ships left, and each placement's layouts (its weight).
import type { JobControl } from '../core/job.js';
import type { CountPlan } from './count-plan.js';
import type { LinkLayer } from './count-links.js';
import type { PassProgress } from './count-forecast.js';
import type { FleetIndex } from './count-index.js';
import { pushForward, vecForward } from './count-vec.js';
import { aside, chunk, mapIn } from '../core/pace.js';

/** Windows pulled back between two looks at the job's limits. */
const CHUNK = 256;

/**
 * G (layer pos, windows from..to) from Gn (layer pos+1) along the links; with F (layer pos's forward vectors),
 * adds to w[p] the layouts through each step that puts down placement p: F·G summed over ships left. The
 * hot loop of the backward pass.
 */
function pullBack(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  F: Float64Array | null,
  Gn: Float64Array,
  G: Float64Array,
  w: Float64Array | null,
  from: number,
  to: number,
): void {
  const V = fi.V,
    kindAt = fi.kindAt[pos];
  const { start, target, place } = links;
  for (let e = from; e < to; e++) {
    const eb = e * V;
    for (let j = start[e]; j < start[e + 1]; j++) {
      const tb = target[j] * V,
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

/** Entries zeroed between two looks at the pacing (half a MiB). */
const ZEROED = 1 << 16;

/**
 * The layers' vectors of the backward pass's sweeps, reused: a new array of a layer (up to 9 MB on classic 10×10)
 * costs its allocation (up to 10 ms at once) and then about 3 ms a MiB as its pages are first written, a reused one
 * only a fill with zeros. New arrays have room for the largest layer, so any layer fits any array given back.
 */
class Buffers {
  private readonly free: Float64Array[] = [];

  constructor(private readonly most: number) {}

  /** An array of n zeros: one given back, zeroed in parts under the pacing, else a new one mapped in likewise. */
  *take<P>(ctl: JobControl<P>, n: number): Generator<void, Float64Array, void> {
    const i = this.free.findIndex((b) => b.length >= n);
    if (i < 0) {
      const fresh = new Float64Array(this.most);
      yield* mapIn(ctl, fresh);
      return fresh.subarray(0, n);
    }
    const b = this.free.splice(i, 1)[0];
    let at = 0;
    yield* aside(ctl, () => {
      const end = Math.min(n, at + ZEROED);
      b.fill(0, at, end);
      return (at = end) === n;
    });
    return b.subarray(0, n);
  }

  /** Gives back an array no longer read (a whole one, or what take gave). */
  give(b: Float64Array): void {
    this.free.push(new Float64Array(b.buffer));
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
  const marks = new Map<number, Float64Array>();
  // Every S-th layer's vectors, copied a chunk at a time as the pass reads them.
  const fwd = yield* vecForward(plan, fi, 1, ctl, progress, 2, null, true, (pos, size, vals, from, to) => {
    if (pos % S !== 0) return;
    let mark = marks.get(pos);
    if (mark === undefined) marks.set(pos, (mark = new Float64Array(size * V)));
    mark.set(vals.subarray(from * V, to * V), from * V);
  });
  if (!fwd.exact) return null;
  const links = fwd.links!;
  const weights = plan.at.map((list) => new Float64Array(list.length));
  if (fwd.total === 0n) return { total: 0n, weights };
  let left = 0;
  for (let pos = 0; pos < N; pos++) left += 2 * links[pos].size;
  let most = 0;
  for (let pos = 0; pos <= N; pos++) most = Math.max(most, links[pos].size * V);
  const buffers = new Buffers(most);
  // The end: only the empty window with no ships left finishes.
  let Gn: Float64Array = new Float64Array(links[N].size * V);
  if (links[N].size > 0) Gn[0] = 1;
  for (let a = Math.floor((N - 1) / S) * S; a >= 0; a -= S) {
    const b = Math.min(N, a + S);
    const F: Float64Array[] = [marks.get(a)!];
    marks.delete(a);
    for (let pos = a; pos < b - 1; pos++) {
      const next = yield* buffers.take(ctl, links[pos + 1].size * V);
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
      const G = yield* buffers.take(ctl, n * V);
      for (let from = 0, to: number; from < n; from = to) {
        to = Math.min(n, from + chunk(ctl, CHUNK));
        pullBack(fi, pos, links[pos], F[pos - a], Gn, G, weights[pos], from, to);
        progress.done += to - from;
        left -= to - from;
        progress.report(ctl, left);
        if (ctl.spend(to - from)) yield;
      }
      buffers.give(F[pos - a]);
      F[pos - a] = new Float64Array(0);
      buffers.give(Gn);
      Gn = G;
    }
  }
  return { total: fwd.total, weights };
}
