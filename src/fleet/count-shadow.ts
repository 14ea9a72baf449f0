// The residue shadow of the window program's doubles: their values mod 2^32, settling a total past 2^53 in one pass.
import type { JobControl } from '../core/job.js';
import type { LinkLayer } from './count-links.js';
import { checkBytes } from './memory.js';
import type { FleetIndex } from './count-index.js';
import type { Vectors } from './count-vectors.js';

/*
 * Counts stay doubles while the total is below 2^53; past it a count may ask for a shadow: from the layer before
 * the first value may reach 2^53 (its doubles are still exact), every entry also keeps its residue mod 2^32 in an
 * Int32Array, added alongside the doubles with wrapping integer adds. Every addition of positive values rounds by
 * at most a factor (1 ± u), u = 2^-53, and an entry summing m links is m − 1 adds, so after layers with at most
 * m_i links into one window the total's double is within γ_K · total of the truth, K = Σ m_i, γ_K = K·u / (1 − K·u).
 * While that bound is below 2^31 the total is the one integer with the shadow's residue within 2^31 of the double:
 * no second pass.
 */

/** Windows whose residues are pushed between two looks at the job's limits when the shadow starts. */
const CHUNK = 256;

/** Adds window e's residues (mod 2^32, layer `cur`) along its links into `next`: pushForward's twin for L = 1. */
function pushResidues(
  fi: FleetIndex,
  pos: number,
  links: LinkLayer,
  cur: Int32Array,
  next: Int32Array,
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
        for (let i = 0; i < V; i++) next[tb + i] = (next[tb + i] + cur[eb + i]) | 0;
        continue;
      }
      const k = kindAt[p],
        b = tb - fi.stride[k],
        list = fi.valid[k],
        n = list.length;
      for (let i = 0; i < n; i++) {
        const c = list[i];
        next[b + c] = (next[b + c] + cur[eb + c]) | 0;
      }
    }
  }
}

/**
 * The residues mod 2^32 of the exact doubles (each below 2^53) of windows from..to of `vals`, into out at
 * out[e * W + i] for entry i of window e.
 */
function residuesOf(vals: Vectors, from: number, to: number, out: Int32Array): void {
  const W = vals.W;
  for (let e = from; e < to; e++) {
    for (let i = 0; i < W; i++) {
      const x = vals.at(e, i);
      out[e * W + i] = (x - Math.floor(x / 2 ** 32) * 2 ** 32) | 0;
    }
  }
}

/** The total from its double `approx` (within `err` of it) and its residue mod 2^32, or null when err is too large. */
export function fromResidue(approx: number, residue: number, err: number): bigint | null {
  if (!(err < 2 ** 31 - 1) || !Number.isFinite(approx)) return null;
  const a = BigInt(approx);
  const d = BigInt.asIntN(32, BigInt(residue | 0) - a);
  if (Number(d < 0n ? -d : d) > err) return null;
  return a + d;
}

/**
 * γ_K · x / (1 − γ_K), γ_K = K·u / (1 − K·u): how far x, made of positive sums with K roundings on every path, may be
 * from the truth.
 */
export function roundingBound(x: number, K: number): number {
  const ku = K * 2 ** -53;
  if (ku >= 0.5) return Infinity;
  const g = ku / (1 - ku);
  return (g * x) / (1 - g) + 1;
}

/**
 * The shadow of one forward pass (L = 1): off until `start`, then the residues of the layer at hand (`cur`) and of
 * the one being built (`next`), pushed along the same links as the doubles, and the roundings bound K.
 */
export class ResidueShadow {
  /** Residues of the layer at hand, once started. */
  cur: Int32Array<ArrayBufferLike> | null = null;
  private next: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Σ over the layers since the start of the most links into one window. */
  roundings = 0;

  constructor(private readonly fi: FleetIndex) {}

  /**
   * Starts at layer pos: its residues pushed from the exact doubles of layer pos − 1 (`before`, its `prevSize`
   * windows) along `prevLinks`, a chunk at a time (a node per window, as the pass's own steps);
   * `mostIn` is the most links into one window of layer pos.
   */
  *start<P>(
    pos: number,
    before: Vectors,
    prevLinks: LinkLayer,
    size: number,
    mostIn: number,
    ctl: JobControl<P>,
  ): Generator<void, void, void> {
    const V = this.fi.V,
      prevSize = prevLinks.size;
    const res0 = new Int32Array(checkBytes(prevSize * V, 4));
    const cur = new Int32Array(checkBytes(size * V, 4));
    for (let from = 0; from < prevSize; from += CHUNK) {
      const to = Math.min(prevSize, from + CHUNK);
      residuesOf(before, from, to, res0);
      pushResidues(this.fi, pos - 1, prevLinks, res0, cur, from, to);
      if (ctl.spend(to - from)) yield;
    }
    this.cur = cur;
    this.roundings += mostIn;
  }

  /** Room in the layer being built for `windows` windows, those from `cleared` on zeroed (like the doubles'). */
  room(cleared: number, windows: number): void {
    const W = this.fi.V;
    if (windows * W > this.next.length) {
      const out = new Int32Array(checkBytes(Math.max(windows * W, this.next.length * 2), 4));
      out.set(this.next.subarray(0, cleared * W));
      this.next = out;
    } else this.next.fill(0, cleared * W, windows * W);
  }

  /** Pushes windows from..to of layer pos along its links, beside the doubles. */
  push(pos: number, links: LinkLayer, from: number, to: number): void {
    pushResidues(this.fi, pos, links, this.cur!, this.next, from, to);
  }

  /** The layer built becomes the layer at hand; `mostIn`: the most links into one of its windows. */
  turn(mostIn: number): void {
    const r = this.cur!;
    this.cur = this.next;
    this.next = r;
    this.roundings += mostIn;
  }

  /** The total settled by the residue of the end window, or null when the rounding bound is too wide. */
  settle(approx: number): bigint | null {
    return fromResidue(approx, this.cur![0], roundingBound(approx, this.roundings));
  }
}
