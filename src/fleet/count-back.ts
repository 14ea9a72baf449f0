// The backward pass: for every state that can finish, the number of ways to finish from it, its links onward, and
// per-placement weights.
import type { JobControl } from '../core/job.js';
import type { PassProgress } from './count-forecast.js';
import type { ForwardResult } from './count.js';
import { finalState } from './count.js';
import type { CountPlan } from './count-plan.js';
import { StateTable, type Layer } from './count-states.js';
import { expandTwo, packTwo, Successors } from './count-step.js';
import { chunk, touchPages } from '../core/pace.js';

/**
 * The states of one layer that can finish, numbered 0..size-1 (the start state is number 0 of layer 0).
 * g[e] (bigG in big mode) counts the ways to finish from state e. With links, the same numbers sit in
 * `node` beside where each state's links begin — node[2e] = g[e] (0 in big mode), node[2e+1] = first link,
 * node[2e+3] = one past its last — so one cache line serves both; link j packs the target's number t and
 * the placement put down (p, -1 for none) as t * LINK_SPLIT + p + 1.
 */
export interface BackLayer {
  size: number;
  g: Float64Array | null;
  bigG: bigint[] | null;
  node: Float64Array | null;
  link: Float64Array | null;
}

/** States pulled back between two looks at the job's limits. */
const CHUNK = 1024;

/** Links pack (target, placement + 1) as target * LINK_SPLIT + placement + 1: exact in a double for any board here. */
export const LINK_SPLIT = 1 << 20;

export interface BackwardResult {
  back: BackLayer[];
  /** weights[pos][p]: layouts containing placement plan.at[pos][p] (doubles below 2^53, else BigInts). */
  weights: Array<Float64Array | bigint[]> | null;
}

/** A growable Float64Array, made with room for about as many as it will hold (growing copies it whole). */
class NumList {
  data: Float64Array;
  length = 0;
  constructor(room: number) {
    this.data = new Float64Array(Math.max(16, room));
  }
  push(x: number): void {
    if (this.length === this.data.length) {
      const d = new Float64Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = x;
  }
  /** The list, in its own buffer when that is at most a third too long (else copied to its length). */
  done(): Float64Array {
    return trimmed(this.data, this.length);
  }
}

/** The first n entries of a buffer: the buffer itself when it is at most a third too long, else a copy. */
function trimmed(data: Float64Array, n: number): Float64Array {
  return n * 4 >= data.length * 3 ? data.subarray(0, n) : data.slice(0, n);
}

/**
 * The completions of states from..end of layer L (at scan position pos) from the next layer's (`index` numbers
 * its live states), with the weights and links asked for: the hot loop, kept out of the generator.
 */
function completions(
  plan: CountPlan,
  pos: number,
  L: Layer,
  index: StateTable,
  succ: Successors,
  pk: Int32Array | undefined,
  big: boolean,
  nextG: Float64Array | null,
  nextBig: bigint[] | null,
  g: Float64Array | null,
  bigG: bigint[] | null,
  w: Float64Array | bigint[] | undefined,
  offs: Int32Array | null,
  to: NumList | null,
  from: number,
  end: number,
): void {
  const K = plan.keyWords,
    keys = L.keys!,
    req = plan.required[pos] === 1;
  for (let e = from; e < end; e++) {
    const m = pk
      ? expandTwo(plan, pk, req, keys[2 * e], keys[2 * e + 1], succ.twoA, succ.twoB, succ.placement)
      : succ.expand(plan, pos, keys, e * K);
    for (let j = 0; j < m; j++) {
      const s = pk ? index.find2(succ.twoA[j], succ.twoB[j]) : index.find(succ.keys, j * K);
      if (s < 0) continue;
      const t = index.value(s) - 1;
      const p = succ.placement[j];
      if (big) {
        const gt = nextBig![t];
        bigG![e] += gt;
        if (w && p >= 0) (w as bigint[])[p] += L.bigVals![e] * gt;
      } else {
        const gt = nextG![t];
        g![e] += gt;
        if (w && p >= 0) (w as Float64Array)[p] += L.vals![e] * gt;
      }
      if (to) to.push(t * LINK_SPLIT + p + 1);
    }
    if (offs) offs[e + 1] = to!.length;
  }
}

/**
 * Numbers the live states of a layer (those that can finish) as they are found, and indexes their keys for the
 * layer before; with links, their completions and link ranges side by side (see BackLayer).
 */
class LiveStates {
  readonly index: StateTable;
  live = 0;
  private readonly g: Float64Array | null;
  private readonly bigG: bigint[] | null;
  private readonly node: Float64Array | null;

  /** Room for all `n` states of the layer (at most that many are live), their keys indexed in `index`. */
  constructor(index: StateTable, n: number, big: boolean, links: boolean) {
    index.reset(n);
    this.index = index;
    this.g = big ? null : new Float64Array(n);
    this.bigG = big ? [] : null;
    // A state that cannot finish has no links, so the live states' link ranges stay contiguous.
    this.node = links ? new Float64Array(2 * n + 2) : null;
  }

  /** Numbers the live ones among states from..end of layer L (their completions in g or bigG). */
  add(
    L: Layer,
    K: number,
    g: Float64Array | null,
    bigG: bigint[] | null,
    offs: Int32Array | null,
    from: number,
    end: number,
  ): void {
    const keys = L.keys!,
      node = this.node;
    let id = this.live;
    for (let e = from; e < end; e++) {
      if (bigG ? bigG[e] === 0n : g![e] === 0) continue;
      if (this.g) this.g[id] = g![e];
      else this.bigG!.push(bigG![e]);
      if (node) {
        node[2 * id] = this.g ? g![e] : 0;
        node[2 * id + 3] = offs![e + 1];
      }
      this.index.add(keys, e * K, ++id);
    }
    this.live = id;
  }

  /** The layer's live states, once every state is in. */
  layer(link: Float64Array | null): BackLayer {
    const live = this.live;
    return {
      size: live,
      g: this.g ? trimmed(this.g, live) : null,
      bigG: this.bigG,
      node: this.node ? trimmed(this.node, 2 * live + 2) : null,
      link,
    };
  }
}

/**
 * Turns the forward layers into completion counts, last cell first, freeing each forward layer once used.
 * Live doubles stay exact: a state that can finish has at most `total` prefixes and at most `total`
 * completions, and their product is at most `total` (< 2^53 whenever doubles are used). With `weigh`, each
 * state's forward count times each successor's completions is added to the placement that step puts down:
 * the layouts through that step. With `links`, the steps between live states are kept for the sampler.
 */
export function* backwardPass<P>(
  fwd: ForwardResult,
  weigh: boolean,
  links: boolean,
  ctl: JobControl<P>,
  progress: PassProgress,
): Generator<void, BackwardResult, void> {
  const { plan, big } = fwd;
  const layers = fwd.layers!;
  const N = plan.cells,
    K = plan.keyWords;
  const succ = new Successors(plan);
  const packed = !big && K === 2 ? packTwo(plan) : null;
  const weights: Array<Float64Array | bigint[]> | null = weigh
    ? plan.at.map((list) => (big ? list.map(() => 0n) : new Float64Array(list.length)))
    : null;
  const back: BackLayer[] = new Array<BackLayer>(N + 1);
  // before[pos]: the states of the layers still to go once layer pos is done (its progress is exact).
  const before = new Float64Array(N + 1);
  for (let pos = 0; pos < N; pos++) before[pos + 1] = before[pos] + layers[pos].size;
  // Only the finished state (all-zero key: empty window, no ships left) has a completion: stopping.
  const fin = finalState(layers[N], K);
  // Three index tables take turns: the live states of the layer after (read), of this layer (made), and of the
  // one before that (no longer read: emptied a part with each chunk, ready for the next layer).
  const tables = [new StateTable(K, false, 1), new StateTable(K, false, 1), new StateTable(K, false, 1)];
  let reading = 0;
  let index = tables[0];
  if (fin >= 0) index.add(layers[N].keys!, fin * K, 1);
  back[N] = {
    size: fin >= 0 ? 1 : 0,
    g: big ? null : new Float64Array([1]),
    bigG: big ? [1n] : null,
    node: new Float64Array([big ? 0 : 1, 0, 0, 0]),
    link: null,
  };
  layers[N] = { size: 0, keys: null, vals: null, bigVals: null };
  let linkCount = 0;
  for (let pos = N - 1; pos >= 0; pos--) {
    const L = layers[pos],
      n = L.size;
    const nextG = back[pos + 1].g,
      nextBig = back[pos + 1].bigG;
    const w = weights?.[pos];
    const g = big ? null : new Float64Array(n);
    const bigG: bigint[] | null = big ? new Array<bigint>(n).fill(0n) : null;
    const offs = links ? new Int32Array(n + 1) : null;
    // Links per state as in the layer after (two in the first layers met), with a little room to spare.
    const perState = linkCount > 0 ? linkCount / Math.max(1, back[pos + 1].size) : 2;
    const to = links ? new NumList(Math.ceil(n * perState * 1.25) + 1024) : null;
    const pk = packed?.[pos];
    const made = (reading + 1) % 3,
      retired = tables[(reading + 2) % 3];
    const live = new LiveStates(tables[made], n, big, links);
    yield* touchPages(ctl, (pages) => tables[made].touch(pages));
    for (let from = 0, end: number; from < n; from = end) {
      end = Math.min(n, from + chunk(ctl, CHUNK));
      completions(plan, pos, L, index, succ, pk, big, nextG, nextBig, g, bigG, w, offs, to, from, end);
      live.add(L, K, g, bigG, offs, from, end);
      // The retired table is emptied in step with this layer's states: all of it by the layer's end.
      retired.clearSome(Math.ceil((retired.capacity * (end - from)) / n));
      progress.done += end - from;
      progress.report(ctl, before[pos] + n - end);
      if (ctl.spend(end - from)) yield;
    }
    retired.clearSome(retired.capacity);
    index = live.index;
    reading = made;
    linkCount = to?.length ?? 0;
    back[pos] = live.layer(to?.done() ?? null);
    // With links the node array holds the completions too: the plain copy was needed only for this step.
    if (links) back[pos + 1].g = null;
    layers[pos] = { size: 0, keys: null, vals: null, bigVals: null };
    if (links && pos === 0) back[0].g = null;
    progress.report(ctl, before[pos]);
  }
  return { back, weights };
}
