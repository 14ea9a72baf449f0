// Hamiltonian cycles of small graphs through forced edges: the pieces the block constructions are made of
// (a knight's graph of a small block, perhaps with a hole, joined ports and a free end). Warnsdorff order,
// dead-square pruning, seeded restarts; memoised, so each kind of block is searched once per process.
import { createRng, type Rng } from '../core/prng.js';

/** A small graph: adjacency lists, and edges every answer must contain. */
export interface SmallGraph {
  n: number;
  adj: number[][];
  forced: [number, number][];
}

const KNIGHT_STEPS: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

/** The knight's graph of a w×h block (cell = y*w + x) without the `holes`; holes keep no edges. */
export function knightGraph(w: number, h: number, holes: readonly number[] = []): SmallGraph {
  const n = w * h;
  const gone = new Set(holes);
  const adj: number[][] = [];
  for (let c = 0; c < n; c++) {
    const x = c % w,
      y = (c - x) / w;
    const list: number[] = [];
    if (!gone.has(c)) {
      for (const [dx, dy] of KNIGHT_STEPS) {
        const nx = x + dx,
          ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h && !gone.has(ny * w + nx)) list.push(ny * w + nx);
      }
    }
    adj.push(list);
  }
  return { n, adj, forced: [] };
}

/** Adds an edge that need not be a leap (a joined pair of ports, or the free end's link). */
export function addVirtualEdge(g: SmallGraph, a: number, b: number, forced: boolean): void {
  if (!g.adj[a].includes(b)) {
    g.adj[a].push(b);
    g.adj[b].push(a);
  }
  if (forced) g.forced.push([a, b]);
}

/**
 * A Hamiltonian cycle through every vertex with a non-empty adjacency list and every forced edge, as the
 * vertex order, or null when the search found none within its budget (`complete` tells whether the search
 * was exhaustive, i.e. none exists).
 */
function hamiltonCycle(
  g: SmallGraph,
  rng: Rng,
  budgetPerTry = 1000,
  tries = 400,
): { cycle: Int32Array | null; complete: boolean } {
  const { n, adj } = g;
  const live: number[] = [];
  for (let v = 0; v < n; v++) if (adj[v].length > 0) live.push(v);
  const total = live.length;
  const fc = new Int8Array(n);
  const fp = new Int32Array(2 * n).fill(-1);
  // A square with two neighbours uses both: forcing those edges up front prunes most dead ends.
  const forced = [...g.forced];
  const has = (a: number, b: number): boolean => forced.some(([p, q]) => (p === a && q === b) || (p === b && q === a));
  for (const v of live) if (adj[v].length === 2) for (const u of adj[v]) if (!has(v, u)) forced.push([v, u]);
  for (const [a, b] of forced) {
    if (fc[a] >= 2 || fc[b] >= 2 || !adj[a].includes(b)) return { cycle: null, complete: true };
    fp[2 * a + fc[a]++] = b;
    fp[2 * b + fc[b]++] = a;
  }
  if (total < 3) return { cycle: null, complete: true };
  for (const v of live) if (adj[v].length < 2) return { cycle: null, complete: true };
  const x0 = forced.length > 0 ? forced[0][0] : live[0];
  const adjX0 = new Uint8Array(n);
  for (const u of adj[x0]) adjX0[u] = 1;
  const visited = new Uint8Array(n);
  const free = new Int32Array(n);
  const path = new Int32Array(total);
  let nodes = 0,
    budget = 0,
    exhausted = false;

  const enterable = (u: number, v: number): boolean => {
    if (visited[u] || u === x0) return false;
    if (fc[u] === 2) return fp[2 * u] === v || fp[2 * u + 1] === v;
    if (fc[u] === 1) {
      const f = fp[2 * u];
      return f === v || !visited[f] || f === x0;
    }
    return true;
  };
  const closes = (v: number, prev: number): boolean => {
    if (!adjX0[v]) return false;
    for (let j = 0; j < fc[v]; j++) if (fp[2 * v + j] !== prev && fp[2 * v + j] !== x0) return false;
    for (let j = 0; j < fc[x0]; j++) if (fp[2 * x0 + j] !== v && fp[2 * x0 + j] !== path[1]) return false;
    return true;
  };
  const visit = (u: number): void => {
    visited[u] = 1;
    for (const t of adj[u]) free[t]--;
  };
  const unvisit = (u: number): void => {
    visited[u] = 0;
    for (const t of adj[u]) free[t]++;
  };
  // The squares next to the old end lose it as a way in: each still needs two ways (or to be the last).
  const dead = (v: number, u: number): boolean => {
    for (const t of adj[v]) {
      if (visited[t]) continue;
      let ways = free[t] + adjX0[t];
      if (adj[u].includes(t)) ways++;
      if (ways < 2) return true;
    }
    return false;
  };
  const extend = (v: number, prev: number, depth: number): boolean => {
    if (depth === total) return closes(v, prev);
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    let cands: number[];
    let forcedNext = -1;
    for (let j = 0; j < fc[v]; j++) {
      const f = fp[2 * v + j];
      if (f !== prev && !visited[f]) forcedNext = f;
      else if (f !== prev && f === x0 && depth < total) return false;
    }
    if (forcedNext >= 0) cands = enterable(forcedNext, v) ? [forcedNext] : [];
    else {
      cands = adj[v].filter((u) => enterable(u, v));
      if (cands.length > 1) {
        // Seeded shuffle, then a stable sort by remaining degree: Warnsdorff with random ties.
        for (let i = cands.length - 1; i > 0; i--) {
          const j = rng.below(i + 1);
          [cands[i], cands[j]] = [cands[j], cands[i]];
        }
        cands.sort((a, b) => free[a] + adjX0[a] - free[b] - adjX0[b]);
      }
    }
    for (const u of cands) {
      visit(u);
      path[depth] = u;
      if (!(depth + 1 < total && dead(v, u)) && extend(u, v, depth + 1)) return true;
      unvisit(u);
      if (exhausted) return false;
    }
    return false;
  };
  for (let v = 0; v < n; v++) free[v] = adj[v].length;
  for (let t = 0; t < tries; t++) {
    nodes = 0;
    budget = budgetPerTry + t * 50;
    exhausted = false;
    visit(x0);
    path[0] = x0;
    const ok = extend(x0, -1, 1);
    unvisit(x0);
    if (ok) return { cycle: path.slice(), complete: true };
    if (!exhausted) return { cycle: null, complete: true };
    visited.fill(0);
    for (let v = 0; v < n; v++) free[v] = adj[v].length;
  }
  return { cycle: null, complete: false };
}

const memo = new Map<string, Int32Array | null>();

/** hamiltonCycle memoised under a key that names the graph; the rng is seeded from the key and variant. */
export function cachedCycle(key: string, variant: number, make: () => SmallGraph, tries = 400): Int32Array | null {
  const k = `${key}#${variant}`;
  if (memo.has(k)) return memo.get(k) ?? null;
  let seed = variant * 0x9e3779b1;
  for (let i = 0; i < k.length; i++) seed = (Math.imul(seed, 31) + k.charCodeAt(i)) | 0;
  const { cycle } = hamiltonCycle(make(), createRng(seed >>> 0), 1000, tries);
  memo.set(k, cycle);
  return cycle;
}
