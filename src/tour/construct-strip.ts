// Tours of 3×n and 4×n strips as a ladder of small blocks: each inner block holds two paths joining its
// left ports to its right ports, the end blocks turn round, and the start block also holds the path's start
// (a virtual square V joined to the start leaves the end free), or, on odd 3-row strips, a hole at the start
// round which the ladder closes (the start then leaps onto it). Two leaps cross every border.
import type { Rng } from '../core/prng.js';
import { addVirtualEdge, cachedCycle, knightGraph } from './blocks-search.js';

/** Two crossing leaps at a border: [left cell, right cell] twice; x relative to the border (-2, -1 | 0, 1). */
type Ports = [[number, number], [number, number], [number, number], [number, number]];

/** Every pair of disjoint leaps across a border of a strip of height r. */
function portConfigs(r: number): Ports[] {
  const edges: [[number, number], [number, number]][] = [];
  for (const lx of [-1, -2]) {
    for (let ly = 0; ly < r; ly++) {
      for (const [dx, dy] of [
        [1, 2],
        [1, -2],
        [2, 1],
        [2, -1],
      ]) {
        const rx = lx + dx,
          ry = ly + dy;
        if (rx >= 0 && rx <= 1 && ry >= 0 && ry < r)
          edges.push([
            [lx, ly],
            [rx, ry],
          ]);
      }
    }
  }
  const out: Ports[] = [];
  const same = (a: [number, number], b: [number, number]): boolean => a[0] === b[0] && a[1] === b[1];
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const [a, b] = edges[i],
        [c, d] = edges[j];
      if (same(a, c) || same(b, d)) continue;
      out.push([a, b, c, d]);
    }
  }
  return out;
}

const configCache = new Map<number, Ports[]>();

/** A block's Hamiltonian cycle in the ladder (the virtual edges included), or null. */
function stripBlock(
  r: number,
  k: number,
  ci: number,
  left: boolean,
  right: boolean,
  start: number,
  variant: number,
  hole = -1,
): Int32Array | null {
  const cfg = configCache.get(r)![ci];
  return cachedCycle(
    `strip${r}:${k}:${ci}:${+left}${+right}:${start}:${hole}`,
    variant,
    () => {
      const n = k * r;
      const g = knightGraph(k, r, hole >= 0 ? [hole] : []);
      const cell = ([x, y]: [number, number], base: number): number => y * k + base + x;
      if (left) addVirtualEdge(g, cell(cfg[1], 0), cell(cfg[3], 0), true);
      if (right) addVirtualEdge(g, cell(cfg[0], k), cell(cfg[2], k), true);
      if (start >= 0) {
        g.n = n + 1;
        g.adj.push([]);
        for (let c = 0; c < n; c++) addVirtualEdge(g, n, c, c === start);
      }
      return g;
    },
    20,
  );
}

/** Block lengths for a strip of length L: eights, the remainder in the last block, first block length `first`. */
function cut(L: number, first: number): number[] | null {
  if (L <= 16) return [L];
  const out = [first];
  let rest = L - first;
  while (rest >= 16) {
    out.push(8);
    rest -= 8;
  }
  if (rest < 6) return null;
  out.push(rest);
  return out;
}

/**
 * A tour of a W×H strip (shorter side 3 or 4; longer side at least 5): closed, or open from `from` (a corner
 * when absent). Null when the ladder cannot be made here (the caller then searches).
 */
export function stripTour(
  W: number,
  H: number,
  closed: boolean,
  from: number | undefined,
  rng: Rng | null,
): Int32Array | null {
  const r = Math.min(W, H),
    L = Math.max(W, H);
  if ((r !== 3 && r !== 4) || L < 5) return null;
  const across = W < H; // true: the strip runs up the board; work with x along it
  // The ladder's last block takes a start best, so a start in the first half is mirrored to the second.
  const fx = from === undefined ? 0 : across ? Math.floor(from / W) : from % W;
  const flip = !closed && 2 * fx < L;
  const mx = (x: number): number => (flip ? L - 1 - x : x);
  const toLocal = (s: number): number =>
    across ? (s % W) * L + mx(Math.floor(s / W)) : Math.floor(s / W) * L + mx(s % W);
  const toBoard = (x: number, y: number): number => (across ? mx(x) * W + y : y * W + mx(x));
  if (!configCache.has(r)) configCache.set(r, portConfigs(r));
  const configs = configCache.get(r)!;
  const s = from === undefined ? 0 : toLocal(from);
  const sx = s % L;
  const variant = rng === null ? 0 : rng.below(4);
  if (L <= 16) {
    // One block: the whole strip, no ports (small strips are also the search's ground).
    const tour = tryLadder(r, L, [L], 0, closed ? -1 : s, sx, variant);
    return tour === null ? null : finish(tour);
  }
  let tried = 0;
  for (let ci = 0; ci < configs.length && tried < 4; ci++) {
    // Only port layouts whose inner block exists are worth a try.
    if (stripBlock(r, 8, ci, true, true, -1, variant) === null) continue;
    tried++;
    const shift = rng === null ? 0 : rng.below(4);
    // An odd 3-row strip: the start, then a closed ladder round it (a start inside the strip needs this).
    const holed = !closed && r === 3 && L % 2 === 1;
    for (let f = 0; f < 4; f++) {
      // A seed moves the block borders, so it changes the tour.
      const lens = cut(L, 8 + ((f + shift) % 4));
      if (lens === null) continue;
      const tour =
        (holed
          ? (tryLadder(r, L, oddAround(lens, sx, false), ci, s, sx, variant, true) ??
            tryLadder(r, L, oddAround(lens, sx, true), ci, s, sx, variant, true))
          : null) ?? tryLadder(r, L, lens, ci, closed ? -1 : s, sx, variant);
      if (tour !== null) return finish(tour);
    }
  }
  return null;

  function finish(tour: Int32Array): Int32Array {
    const out = new Int32Array(tour.length);
    for (let i = 0; i < tour.length; i++) out[i] = toBoard(tour[i] % L, Math.floor(tour[i] / L));
    const path = closed && from !== undefined ? rotate(out, from) : out;
    // A closed tour read the other way round is another tour from the same square.
    if (closed && rng !== null && rng.below(2) === 1) path.subarray(1).reverse();
    return path;
  }
}

/**
 * The same cut with the block holding x made one longer (odd): 3·k - 1 squares, an even number, can close
 * into a cycle round the hole. The last block gives the column up (the first with `growLeft`).
 */
function oddAround(lens: number[], x: number, growLeft: boolean): number[] {
  const out = [...lens];
  let b = 0;
  for (let at = 0; at + out[b] <= x;) at += out[b++];
  if (out[b] % 2 === 1) return out;
  // Growing at the left end moves the hole one column further into its block.
  if (growLeft && b > 0 && out[0] > 6) {
    out[b]++;
    out[0]--;
    return out;
  }
  const giver = b === out.length - 1 ? 0 : out.length - 1;
  if (giver === b || out[giver] <= 6) return out;
  out[b]++;
  out[giver]--;
  return out;
}

function rotate(path: Int32Array, start: number): Int32Array {
  const i = path.indexOf(start);
  const out = new Int32Array(path.length);
  out.set(path.subarray(i));
  out.set(path.subarray(0, i), path.length - i);
  return out;
}

/** Assembles the ladder; cells are y*L + x. Null when some block has no cycle of the kind needed. */
function tryLadder(
  r: number,
  L: number,
  lens: number[],
  ci: number,
  s: number,
  sx: number,
  variant: number,
  holed = false,
): Int32Array | null {
  const cfg = configCache.get(r)![ci];
  const xs = [0];
  for (const k of lens) xs.push(xs[xs.length - 1] + k);
  const cycles: Int32Array[] = new Array(lens.length);
  // The blocks without the start first: they are shared by every start, so a dead layout fails fast.
  const order = [...lens.keys()].sort((a, b) => +(sx >= xs[a] && sx < xs[a + 1]) - +(sx >= xs[b] && sx < xs[b + 1]));
  for (const b of order) {
    const k = lens[b];
    const local = s >= 0 && sx >= xs[b] && sx < xs[b + 1] ? Math.floor(s / L) * k + (sx - xs[b]) : -1;
    const c = stripBlock(
      r,
      k,
      lens.length === 1 ? 0 : ci,
      b > 0,
      b < lens.length - 1,
      holed ? -1 : local,
      variant,
      holed ? local : -1,
    );
    if (c === null) return null;
    cycles[b] = c;
  }
  const n = r * L;
  const nbr = new Int32Array(2 * n).fill(-1);
  const link = (a: number, b: number): void => {
    nbr[2 * a + (nbr[2 * a] < 0 ? 0 : 1)] = b;
    nbr[2 * b + (nbr[2 * b] < 0 ? 0 : 1)] = a;
  };
  for (let b = 0; b < lens.length; b++) {
    const k = lens[b],
      m = k * r,
      cyc = cycles[b];
    const port = (p: [number, number], base: number): number => p[1] * k + base + p[0];
    const skip = new Set<string>();
    if (b > 0) skip.add(pairKey(port(cfg[1], 0), port(cfg[3], 0)));
    if (b < lens.length - 1) skip.add(pairKey(port(cfg[0], k), port(cfg[2], k)));
    for (let i = 0; i < cyc.length; i++) {
      const u = cyc[i],
        v = cyc[(i + 1) % cyc.length];
      if (u >= m || v >= m || skip.has(pairKey(u, v))) continue;
      const g = (c: number): number => Math.floor(c / k) * L + xs[b] + (c % k);
      link(g(u), g(v));
    }
  }
  for (let b = 1; b < lens.length; b++) {
    const x = xs[b];
    link(cfg[0][1] * L + x + cfg[0][0], cfg[1][1] * L + x + cfg[1][0]);
    link(cfg[2][1] * L + x + cfg[2][0], cfg[3][1] * L + x + cfg[3][0]);
  }
  const path = new Int32Array(n);
  let prev = -1,
    cur = s >= 0 ? s : 0,
    i0 = 0;
  if (holed) {
    // The start leaps onto the cycle round it: any neighbour will do.
    path[0] = s;
    i0 = 1;
    const x = s % L,
      y = Math.floor(s / L);
    cur = -1;
    for (const [dx, dy] of [
      [1, 2],
      [2, 1],
      [2, -1],
      [1, -2],
      [-1, -2],
      [-2, -1],
      [-2, 1],
      [-1, 2],
    ]) {
      if (cur < 0 && x + dx >= 0 && x + dx < L && y + dy >= 0 && y + dy < r) cur = (y + dy) * L + x + dx;
    }
  }
  for (let i = i0; i < n; i++) {
    path[i] = cur;
    const a = nbr[2 * cur],
      b2 = nbr[2 * cur + 1];
    const next = a !== prev ? a : b2;
    if (next < 0 && i < n - 1) return null;
    prev = cur;
    cur = next;
  }
  return path;
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a},${b}` : `${b},${a}`;
}
