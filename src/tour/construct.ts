// Closed knight's tours of any board with both sides >= 5 (and of an odd board minus one square) by divide
// and conquer: small block cycles joined at their corners by two-edge exchanges, stored as two move
// directions per square in one byte, so 10000x10000 needs one byte per square plus the path.
import { addVirtualEdge, knightGraph, cachedCycle, type SmallGraph } from './blocks-search.js';
import type { Rng } from '../core/prng.js';

/** The eight knight moves; direction d and d ^ 4 are opposite. */
export const KDX = [1, 2, 2, 1, -1, -2, -2, -1];
export const KDY = [2, 1, -1, -2, -2, -1, 1, 2];
export const NONE = 0xf;

export function dirOf(dx: number, dy: number): number {
  for (let d = 0; d < 8; d++) if (KDX[d] === dx && KDY[d] === dy) return d;
  throw new Error(`internal: (${dx},${dy}) is not a knight move`);
}

/** Splits `total` into even pieces of 6, 8 or 10 (0 gives none); null when impossible (2 or 4). */
function evenSplit(total: number, rng: Rng | null): number[] | null {
  const out: number[] = [];
  let t = total;
  while (t > 0) {
    if (t === 2 || t === 4 || t % 2 === 1) return null;
    if (t <= 10) {
      out.push(t);
      break;
    }
    const choices = [8, 6, 10].filter((p) => t - p === 0 || t - p >= 6);
    const p = rng === null ? choices[0] : choices[rng.below(choices.length)];
    out.push(p);
    t -= p;
  }
  return out;
}

/**
 * Ways to cut one side into pieces: all even when `total` is even; otherwise exactly one odd piece (5..11),
 * which must hold coordinate `at` when at >= 0. Each way gives the piece sizes and the odd piece's index.
 */
export function splitSide(total: number, at: number, rng: Rng | null): { sizes: number[]; odd: number }[] {
  if (total % 2 === 0) {
    const s = evenSplit(total, rng);
    return s === null ? [] : [{ sizes: s, odd: -1 }];
  }
  const options: [number, number][] = [];
  for (const w0 of [7, 9, 5, 11]) {
    if (w0 > total) continue;
    const lo = at >= 0 ? Math.max(0, at - w0 + 1) : 0,
      hi = at >= 0 ? Math.min(at, total - w0) : total - w0;
    for (let a = lo; a <= hi; a++) {
      const b = total - w0 - a;
      if (a % 2 === 0 && (a === 0 || a >= 6) && (b === 0 || b >= 6)) options.push([a, w0]);
    }
  }
  // Prefer the hole near the middle of its block: the block search finds cycles round it more easily.
  if (at >= 0) options.sort((p, q) => Math.abs(p[0] + (p[1] >> 1) - at) - Math.abs(q[0] + (q[1] >> 1) - at));
  if (rng !== null) {
    for (let i = options.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [options[i], options[j]] = [options[j], options[i]];
    }
  }
  const out: { sizes: number[]; odd: number }[] = [];
  for (const [a, w0] of options) {
    const before = evenSplit(a, rng),
      after = evenSplit(total - w0 - a, rng);
    if (before !== null && after !== null) out.push({ sizes: [...before, w0, ...after], odd: before.length });
  }
  return out;
}

// Join edges, in block-local coordinates: a block left of a border gives (w-1,0)-(w-2,2), the one right
// of it (1,1)-(0,3); below a border (0,h-1)-(2,h-2), above it (1,1)-(3,0). Swapping each pair for the two
// leaps across the border merges the two cycles into one.
export const J_RIGHT = 1,
  J_LEFT = 2,
  J_TOP = 4,
  J_BOTTOM = 8;

function joinEdges(w: number, h: number, mask: number): [number, number, number, number][] {
  const e: [number, number, number, number][] = [];
  if (mask & J_RIGHT) e.push([w - 1, 0, w - 2, 2]);
  if (mask & J_LEFT) e.push([1, 1, 0, 3]);
  if (mask & J_TOP) e.push([0, h - 1, 2, h - 2]);
  if (mask & J_BOTTOM) e.push([1, 1, 3, 0]);
  return e;
}

/**
 * A block's cycle through its join edges (and round its hole); with `ends` [a, b] the cycle also holds the
 * virtual edge a-b, so without it the block holds a Hamiltonian path from a to b.
 */
export function blockCycle(
  w: number,
  h: number,
  mask: number,
  hole: number,
  variant: number,
  ends: [number, number] | null = null,
): Int32Array | null {
  return cachedCycle(`${w}x${h}:${mask}:${hole}:${ends ?? ''}`, variant, (): SmallGraph => {
    const g = knightGraph(w, h, hole >= 0 ? [hole] : []);
    if (ends !== null) addVirtualEdge(g, ends[0], ends[1], true);
    for (const [ax, ay, bx, by] of joinEdges(w, h, mask)) {
      if (ax >= w || bx >= w || ay >= h || by >= h || ax < 0 || bx < 0 || ay < 0 || by < 0) continue;
      g.forced.push([ay * w + ax, by * w + bx]);
    }
    return g;
  });
}

/** A cycle through every square (but `hole`) as two directions per square: low and high nibble. */
export interface CycleMap {
  width: number;
  height: number;
  nb: Uint8Array;
}

/**
 * Builds a closed knight's tour of W×H (both sides >= 5, cells even), or of W×H minus `hole` when the board is
 * odd×odd. `rng` null gives the plain layout. Returns null when some block cannot be made. It pauses (yields)
 * after each row of blocks: a 16384×16384 board takes seconds, and a job that builds it must still hear its
 * signal and its time limit (`allSteps` runs it in one go).
 */
export function* buildCycleSteps(
  W: number,
  H: number,
  hole: number,
  rng: Rng | null,
  variant: number,
): Generator<void, CycleMap | null, void> {
  const hx = hole >= 0 ? hole % W : -1,
    hy = hole >= 0 ? (hole - hx) / W : -1;
  const colWays = splitSide(W, hx, rng).slice(0, 8),
    rowWays = splitSide(H, hy, rng).slice(0, 8);
  for (const cols of colWays) {
    for (const rows of rowWays) {
      const map = yield* buildWith(W, H, hole, cols, rows, variant);
      if (map !== null) return map;
    }
  }
  return null;
}

function* buildWith(
  W: number,
  H: number,
  hole: number,
  cols: Cut,
  rows: Cut,
  variant: number,
): Generator<void, CycleMap | null, void> {
  const hx = hole >= 0 ? hole % W : -1,
    hy = hole >= 0 ? (hole - hx) / W : -1;
  const xs = [0],
    ys = [0];
  for (const s of cols.sizes) xs.push(xs[xs.length - 1] + s);
  for (const s of rows.sizes) ys.push(ys[ys.length - 1] + s);
  const nc = cols.sizes.length,
    nr = rows.sizes.length;
  const cycles: Int32Array[] = [];
  const kinds = new Map<number, Int32Array>();
  // Every block first (cheap, memoised), so a failure costs no pass over the whole board.
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const bw = cols.sizes[c],
        bh = rows.sizes[r];
      let mask = 0;
      if (c > 0) mask |= J_LEFT;
      if (c < nc - 1) mask |= J_RIGHT;
      if (c === 0 && r > 0) mask |= J_BOTTOM;
      if (c === 0 && r < nr - 1) mask |= J_TOP;
      const inHole = hole >= 0 && c === cols.odd && r === rows.odd;
      const local = inHole ? (hy - ys[r]) * bw + (hx - xs[c]) : -1;
      // Millions of blocks share a few dozen kinds: look them up by a number, not the memo's string key.
      const kind = inHole ? -1 : (bw * 64 + bh) * 16 + mask;
      let cyc = kinds.get(kind) ?? null;
      if (cyc === null) {
        cyc = blockCycle(bw, bh, mask, local, variant);
        if (cyc === null) return null;
        if (!inHole) kinds.set(kind, cyc);
      }
      cycles.push(cyc);
    }
    yield;
  }
  const nb = new Uint8Array(W * H);
  // Rows of blocks of the same height and place (first, inner, last) are the same bytes: build each kind
  // once and copy it.
  const bands = new Map<string, Uint8Array>();
  for (let r = 0; r < nr; r++) {
    const holeRow = hole >= 0 && r === rows.odd;
    const key = `${rows.sizes[r]}:${r > 0}:${r < nr - 1}`;
    let band = holeRow ? undefined : bands.get(key);
    if (band === undefined) {
      band = new Uint8Array(W * rows.sizes[r]);
      for (let c = 0; c < nc; c++) fillBlock(band, W, xs[c], 0, cols.sizes[c], cycles[r * nc + c]);
      if (!holeRow) bands.set(key, band);
    }
    nb.set(band, ys[r] * W);
    yield;
  }
  if (hole >= 0) nb[hole] = 0xff;
  // Joins along each row of blocks, then between rows through the first column: a spanning tree.
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c + 1 < nc; c++) {
      const x = xs[c + 1],
        y = ys[r];
      exchange(nb, W, x, y, JOIN_ACROSS);
    }
    if (r + 1 < nr) {
      const y = ys[r + 1];
      exchange(nb, W, 0, y, JOIN_UP);
    }
    yield;
  }
  return { width: W, height: H, nb };
}

export type Cut = { sizes: number[]; odd: number };

const blockBytes = new WeakMap<Int32Array, Uint8Array>();

/** Writes a block's cycle into the direction map; the edge a-b of `skip` (a virtual edge) is left out. */
export function fillBlock(
  nb: Uint8Array,
  W: number,
  x0: number,
  y0: number,
  bw: number,
  cyc: Int32Array,
  skip: [number, number] | null = null,
): void {
  // The block's bytes are worked out once per block cycle and then copied: a 10^8-square board repeats a
  // few dozen block cycles a million times.
  let local = skip === null ? blockBytes.get(cyc) : undefined;
  if (local === undefined) {
    local = blockNibbles(bw, cyc, skip);
    if (skip === null) blockBytes.set(cyc, local);
  }
  const bh = local.length / bw;
  for (let y = 0; y < bh; y++) {
    const row = (y0 + y) * W + x0,
      from = y * bw;
    for (let x = 0; x < bw; x++) nb[row + x] = local[from + x];
  }
}

function blockNibbles(bw: number, cyc: Int32Array, skip: [number, number] | null): Uint8Array {
  let cells = 0;
  for (let i = 0; i < cyc.length; i++) cells = Math.max(cells, cyc[i] + 1);
  const local = new Uint8Array(Math.ceil(cells / bw) * bw).fill(0xff);
  const m = cyc.length;
  for (let i = 0; i < m; i++) {
    const a = cyc[i],
      b = cyc[i + 1 === m ? 0 : i + 1];
    if (skip !== null && ((a === skip[0] && b === skip[1]) || (a === skip[1] && b === skip[0]))) continue;
    const ax = a % bw,
      ay = (a - ax) / bw,
      bx = b % bw,
      by = (b - bx) / bw;
    const d = dirOf(bx - ax, by - ay);
    local[a] = (local[a] & 0x0f) | (d << 4);
    local[b] = (local[b] & 0xf0) | (d ^ 4);
  }
  return local;
}

export function replaceDir(nb: Uint8Array, s: number, from: number, to: number): void {
  const v = nb[s];
  if ((v & 0xf) === from) nb[s] = (v & 0xf0) | to;
  else if (v >> 4 === from) nb[s] = (v & 0x0f) | (to << 4);
  else throw new Error('internal: a join edge is missing from a block cycle');
}

/** A join: four cells relative to a point, with the directions its exchange replaces, worked out once. */
export interface Join {
  dx: number[];
  dy: number[];
  /** For each cell: the direction removed and the direction added. */
  from: number[];
  to: number[];
}

function makeJoin(a1: number[], a2: number[], b1: number[], b2: number[]): Join {
  const d = (p: number[], q: number[]): number => dirOf(q[0] - p[0], q[1] - p[1]);
  return {
    dx: [a1[0], a2[0], b1[0], b2[0]],
    dy: [a1[1], a2[1], b1[1], b2[1]],
    from: [d(a1, a2), d(a2, a1), d(b1, b2), d(b2, b1)],
    to: [d(a1, b1), d(a2, b2), d(b1, a1), d(b2, a2)],
  };
}

/** Across a vertical border at x (block row from y): (x-1,y)-(x-2,y+2) and (x+1,y+1)-(x,y+3). */
export const JOIN_ACROSS = makeJoin([-1, 0], [-2, 2], [1, 1], [0, 3]);
/** Across a horizontal border at y (first column): (0,y-1)-(2,y-2) and (1,y+1)-(3,y). */
export const JOIN_UP = makeJoin([0, -1], [2, -2], [1, 1], [3, 0]);

/** Replaces edges a1-a2 and b1-b2 (of two different cycles) by a1-b1 and a2-b2: one cycle. */
export function exchange(nb: Uint8Array, W: number, x: number, y: number, j: Join): void {
  for (let i = 0; i < 4; i++) replaceDir(nb, (y + j.dy[i]) * W + x + j.dx[i], j.from[i], j.to[i]);
}

/** Squares walked between two pauses of `walkCycleSteps` (about a millisecond's work). */
const WALK_PART = 1 << 16;

/**
 * Walks the cycle from `start` into a path: first towards the low-nibble neighbour (or the other one when
 * `reverse`). With `lead` >= 0 the path starts at `lead` (the hole), then enters the cycle at `start`. It pauses
 * (yields) every WALK_PART squares: a huge board's walk takes seconds.
 */
export function* walkCycleSteps(
  map: CycleMap,
  start: number,
  reverse: boolean,
  lead = -1,
): Generator<void, Int32Array, void> {
  const walk = new CycleWalk(map, start, reverse, lead);
  while (!walk.advance(WALK_PART)) yield;
  return walk.path;
}

/** A walk along a cycle map that can stop and go on (its hot loop in a plain method, not in a generator). */
class CycleWalk {
  readonly path: Int32Array;
  private readonly off = new Int32Array(16);
  private i = 0;
  private cur: number;
  private dir: number;

  constructor(
    private readonly map: CycleMap,
    start: number,
    reverse: boolean,
    lead: number,
  ) {
    const { width: W, nb } = map;
    for (let d = 0; d < 8; d++) this.off[d] = KDY[d] * W + KDX[d];
    this.path = new Int32Array(W * map.height);
    if (lead >= 0) this.path[this.i++] = lead;
    let dir = reverse ? nb[start] >> 4 : nb[start] & 0xf;
    // A path's first square has one way only.
    if (dir === NONE) dir = reverse ? nb[start] & 0xf : nb[start] >> 4;
    this.path[this.i++] = start;
    this.cur = start;
    this.dir = dir;
  }

  /** Walks up to `most` more squares; true once the walk is over. */
  advance(most: number): boolean {
    const { nb } = this.map,
      { off, path } = this;
    const n = path.length,
      end = Math.min(n, this.i + most);
    let i = this.i,
      cur = this.cur,
      dir = this.dir;
    while (i < end) {
      cur += off[dir];
      path[i++] = cur;
      // The way back is the opposite direction (d ^ 4); leave by the other nibble.
      const v = nb[cur],
        back = dir ^ 4;
      dir = (v & 0xf) === back ? v >> 4 : v & 0xf;
      if (dir === NONE) {
        this.i = n;
        return true;
      }
    }
    this.i = i;
    this.cur = cur;
    this.dir = dir;
    return i >= n;
  }
}
