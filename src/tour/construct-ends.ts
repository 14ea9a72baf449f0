// Open knight's tours with both ends fixed on boards of an even number of squares (both sides >= 5): the
// blocks on the way from the start's block to the end's block hold Hamiltonian paths linked by one leap
// across each border; every other block is a cycle merged into that path by the usual two-edge exchange.
import type { Rng } from '../core/prng.js';
import {
  JOIN_ACROSS,
  JOIN_UP,
  J_BOTTOM,
  J_LEFT,
  J_RIGHT,
  J_TOP,
  NONE,
  blockCycle,
  dirOf,
  exchange,
  fillBlock,
  replaceDir,
  splitSide,
  type CycleMap,
  type Cut,
} from './construct.js';

/**
 * A W×H map holding one Hamiltonian path from s to t (walk it from s), or null when this layout fails. On
 * an odd×odd board `hole` (>= 0) is left out, so the board without it has an even number of squares. It pauses
 * (yields) after each row of blocks: a huge board takes seconds.
 */
export function* buildEndsSteps(
  W: number,
  H: number,
  s: number,
  t: number,
  rng: Rng | null,
  variant: number,
  hole = -1,
): Generator<void, CycleMap | null, void> {
  if ((W * H - (hole >= 0 ? 1 : 0)) % 2 === 1 || Math.min(W, H) < 5 || s === t || s === hole || t === hole) return null;
  const hx = hole >= 0 ? hole % W : -1,
    hy = hole >= 0 ? (hole - hx) / W : -1;
  for (const cols of splitSide(W, hx, rng).slice(0, 3)) {
    for (const rows of splitSide(H, hy, rng).slice(0, 3)) {
      const map = yield* withEnds(W, H, s, t, cols, rows, variant, hole);
      if (map !== null) return map;
    }
  }
  return null;
}

const colour = (W: number, c: number): number => ((c % W) + Math.floor(c / W)) & 1;

function* withEnds(
  W: number,
  H: number,
  s: number,
  t: number,
  cols: Cut,
  rows: Cut,
  variant: number,
  hole: number,
): Generator<void, CycleMap | null, void> {
  const xs = [0],
    ys = [0];
  for (const k of cols.sizes) xs.push(xs[xs.length - 1] + k);
  for (const k of rows.sizes) ys.push(ys[ys.length - 1] + k);
  const nc = cols.sizes.length,
    nr = rows.sizes.length;
  const blockOf = (c: number): [number, number] => {
    const x = c % W,
      y = Math.floor(c / W);
    let bc = 0,
      br = 0;
    while (xs[bc + 1] <= x) bc++;
    while (ys[br + 1] <= y) br++;
    return [br, bc];
  };
  const [rs, cs] = blockOf(s),
    [rt, ct] = blockOf(t);
  // The way through the spanning tree of joins: along the row, down or up the first column, along the row.
  const route: [number, number][] = [[rs, cs]];
  const go = (r: number, c: number): void => void route.push([r, c]);
  if (rs === rt) for (let c = cs; c !== ct;) go(rs, (c += Math.sign(ct - cs)));
  else {
    for (let c = cs; c > 0;) go(rs, --c);
    for (let r = rs; r !== rt;) go((r += Math.sign(rt - rs)), 0);
    for (let c = 0; c < ct;) go(rt, ++c);
  }
  const onRoute = new Map<number, [number, number]>();
  const linkKey = (a: [number, number], b: [number, number]): number =>
    Math.min(a[0] * nc + a[1], b[0] * nc + b[1]) * 1_000_003 + Math.max(a[0] * nc + a[1], b[0] * nc + b[1]);
  const links = new Set<number>();
  const crossings: [number, number][] = [];
  let entry = s;
  for (let i = 0; i + 1 < route.length; i++) {
    const [r1, c1] = route[i],
      [r2, c2] = route[i + 1];
    links.add(linkKey(route[i], route[i + 1]));
    // The two leaps the join offers, as [cell in route[i], cell in route[i+1]].
    const opts: [number, number][] = [];
    if (r1 === r2) {
      const x = xs[Math.max(c1, c2)],
        y = ys[r1];
      const pairs: [number, number][] = [
        [y * W + x - 1, (y + 1) * W + x + 1],
        [(y + 2) * W + x - 2, (y + 3) * W + x],
      ];
      for (const [a, b] of pairs) opts.push(c1 < c2 ? [a, b] : [b, a]);
    } else {
      const y = ys[Math.max(r1, r2)];
      const pairs: [number, number][] = [
        [(y - 1) * W, (y + 1) * W + 1],
        [(y - 2) * W + 2, y * W + 3],
      ];
      for (const [a, b] of pairs) opts.push(r1 < r2 ? [a, b] : [b, a]);
    }
    // A block of an even number of squares has its path's ends on different colours.
    const pick = opts.find(([p, q]) => p !== entry && p !== hole && q !== hole && colour(W, p) !== colour(W, entry));
    if (pick === undefined) return null;
    onRoute.set(r1 * nc + c1, [entry, pick[0]]);
    crossings.push(pick);
    entry = pick[1];
  }
  if (entry === t || colour(W, entry) === colour(W, t)) return null;
  onRoute.set(rt * nc + ct, [entry, t]);
  const cycles: Int32Array[] = [];
  const skips: ([number, number] | null)[] = [];
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const bw = cols.sizes[c],
        bh = rows.sizes[r];
      const here: [number, number] = [r, c];
      let mask = 0;
      if (c > 0 && !links.has(linkKey(here, [r, c - 1]))) mask |= J_LEFT;
      if (c < nc - 1 && !links.has(linkKey(here, [r, c + 1]))) mask |= J_RIGHT;
      if (c === 0 && r > 0 && !links.has(linkKey(here, [r - 1, 0]))) mask |= J_BOTTOM;
      if (c === 0 && r < nr - 1 && !links.has(linkKey(here, [r + 1, 0]))) mask |= J_TOP;
      const ends = onRoute.get(r * nc + c);
      const local = (g: number): number => (Math.floor(g / W) - ys[r]) * bw + (g % W) - xs[c];
      const skip: [number, number] | null = ends === undefined ? null : [local(ends[0]), local(ends[1])];
      const inHole = hole >= 0 && c === cols.odd && r === rows.odd;
      const cyc = blockCycle(bw, bh, mask, inHole ? local(hole) : -1, variant, skip);
      if (cyc === null) return null;
      cycles.push(cyc);
      skips.push(skip);
    }
    yield;
  }
  const nb = new Uint8Array(W * H);
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) fillBlock(nb, W, xs[c], ys[r], cols.sizes[c], cycles[r * nc + c], skips[r * nc + c]);
    yield;
  }
  if (hole >= 0) nb[hole] = 0xff;
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c + 1 < nc; c++) {
      if (links.has(linkKey([r, c], [r, c + 1]))) continue;
      const x = xs[c + 1],
        y = ys[r];
      exchange(nb, W, x, y, JOIN_ACROSS);
    }
    if (r + 1 < nr && !links.has(linkKey([r, 0], [r + 1, 0]))) {
      const y = ys[r + 1];
      exchange(nb, W, 0, y, JOIN_UP);
    }
    yield;
  }
  for (const [p, q] of crossings) {
    const px = p % W,
      py = Math.floor(p / W),
      qx = q % W,
      qy = Math.floor(q / W);
    replaceDir(nb, p, NONE, dirOf(qx - px, qy - py));
    replaceDir(nb, q, NONE, dirOf(px - qx, py - qy));
  }
  return { width: W, height: H, nb };
}
