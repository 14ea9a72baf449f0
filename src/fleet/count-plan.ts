// The counting program's tables: every legal ship placement as bit masks relative to its anchor, in scan order.
import { GridbitsError } from '../core/error.js';
import { FLEET_MAX_SIDE } from './field.js';
import { allSteps } from '../core/pace.js';
import type { FleetProblem } from './problem.js';

/**
 * One ship on the board. Cells are scanned in a fixed order (row-major, or column-major when the board is
 * transposed to keep the window small); the anchor is the ship's first cell in that order. `ship` and `block`
 * are sparse word masks over the window that starts at the anchor, as pairs [word, bits]: `ship` the ship's
 * own cells, `block` its cells plus every later cell the touch rule closes to other ships (its halo).
 */
interface Placement {
  kind: number;
  /** The ship's squares in the problem's own indexing (rank * width + file). */
  cells: number[];
  ship: Int32Array;
  block: Int32Array;
}

export interface CountPlan {
  /** Number of cells, i.e. of steps of the program. */
  cells: number;
  /** Cells in one line of the scan (the board's width, or its height when transposed). */
  rowLength: number;
  /** Words of the window mask, and words of the whole state key (window + remaining-fleet fields). */
  maskWords: number;
  keyWords: number;
  /** The window's bits in the last window word; the bits above hold remaining-ship counters. */
  lastWindowMask: number;
  /** Placements anchored at each scan position. */
  at: Placement[][];
  /** required[pos] = 1: the cell at scan position pos must be covered. */
  required: Uint8Array;
  /** squareAt[pos]: the square scanned at position pos. */
  squareAt: Int32Array;
  /** Per kind: the key word, bit shift and field mask of its remaining-ships counter. */
  fieldWord: Int32Array;
  fieldShift: Int32Array;
  fieldMask: Int32Array;
  /** The start state's key: an empty window and the whole fleet to place. */
  start: Int32Array;
  /** False when some kind has ships but nowhere to put them: then there is no layout at all. */
  feasible: boolean;
}

const NEIGHBOURS_EDGE: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const NEIGHBOURS_ALL: ReadonlyArray<readonly [number, number]> = [
  ...NEIGHBOURS_EDGE,
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** Checks the problem's shape and throws BAD_ARGUMENT on anything malformed. */
function validateProblem(p: FleetProblem): void {
  const bad = (msg: string): never => {
    throw new GridbitsError('BAD_ARGUMENT', msg);
  };
  if (
    !Number.isInteger(p.width) ||
    !Number.isInteger(p.height) ||
    p.width < 1 ||
    p.height < 1 ||
    p.width > FLEET_MAX_SIDE ||
    p.height > FLEET_MAX_SIDE
  ) {
    bad(`board ${p.width}x${p.height}: each side must be 1..${FLEET_MAX_SIDE}`);
  }
  const n = p.width * p.height;
  if (p.forbidden.length !== n) bad(`forbidden mask has ${p.forbidden.length} cells, the board ${n}`);
  if (p.required && p.required.length !== n) bad(`required mask has ${p.required.length} cells, the board ${n}`);
  if (p.touch !== 'none' && p.touch !== 'corner' && p.touch !== 'any') bad(`unknown touch rule ${String(p.touch)}`);
  for (const k of p.kinds) {
    if (!Number.isInteger(k.count) || k.count < 0) bad(`ship ${k.name}: count ${k.count} is not a whole number`);
    if (k.orientations.length === 0 && k.count > 0) bad(`ship ${k.name} has no orientation`);
    for (const o of k.orientations) {
      if (o.length === 0) bad(`ship ${k.name} has an empty orientation`);
      for (const [dx, dy] of o)
        if (!Number.isInteger(dx) || !Number.isInteger(dy) || dx < 0 || dy < 0)
          bad(`ship ${k.name}: offsets must be whole numbers ≥ 0`);
    }
  }
}

interface RawPlacement {
  kind: number;
  cells: number[];
  halo: number[];
}

/** True when two of the orientations are translates of each other (so they put ships on the same cells). */
function translates(orientations: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): boolean {
  const keys = orientations.map((o) => {
    let mx = Infinity,
      my = Infinity;
    for (const [dx, dy] of o) {
      mx = Math.min(mx, dx);
      my = Math.min(my, dy);
    }
    return o
      .map(([dx, dy]) => (dy - my) * 65536 + dx - mx)
      .sort((a, b) => a - b)
      .join(',');
  });
  return new Set(keys).size < keys.length;
}

/**
 * Every placement of every kind that stays on the board, off forbidden cells, and keeps required cells out of its halo;
 * yields after each row of anchors (see planSteps).
 */
function* rawPlacements(p: FleetProblem): Generator<void, RawPlacement[], void> {
  const { width: w, height: h } = p;
  const around = p.touch === 'none' ? NEIGHBOURS_ALL : p.touch === 'corner' ? NEIGHBOURS_EDGE : [];
  const out: RawPlacement[] = [];
  const mark = new Int32Array(w * h);
  let stamp = 0;
  for (let k = 0; k < p.kinds.length; k++) {
    const kind = p.kinds[k];
    if (kind.count === 0) continue;
    // Orientations that are translates of each other cover the same cells from different anchors: one placement.
    const seen = translates(kind.orientations) ? new Set<string>() : null;
    for (const o of kind.orientations) {
      const n = o.length;
      let mx = 0,
        my = 0;
      for (const [dx, dy] of o) {
        mx = Math.max(mx, dx);
        my = Math.max(my, dy);
      }
      for (let y = 0; y + my < h; y++) {
        place: for (let x = 0; x + mx < w; x++) {
          const cells = new Array<number>(n);
          for (let i = 0; i < n; i++) {
            const c = (y + o[i][1]) * w + x + o[i][0];
            if (p.forbidden[c]) continue place;
            cells[i] = c;
          }
          stamp++;
          for (let i = 0; i < n; i++) mark[cells[i]] = stamp;
          const halo: number[] = [];
          let ok = true;
          for (let i = 0; i < n; i++) {
            const c = cells[i],
              cx = c % w,
              cy = (c - cx) / w;
            for (const [ax, ay] of around) {
              const nx = cx + ax,
                ny = cy + ay;
              if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
              const nc = ny * w + nx;
              if (mark[nc] === stamp) continue;
              mark[nc] = stamp;
              if (p.required?.[nc]) ok = false;
              halo.push(nc);
            }
          }
          cells.sort((a, b) => a - b);
          if (seen) {
            const key = cells.join(',');
            if (seen.has(key)) continue;
            seen.add(key);
          }
          if (ok) out.push({ kind: k, cells, halo });
        }
        yield;
      }
    }
  }
  return out;
}

/** Offsets as sparse word masks: pairs [word, bits] for the words with a bit set, in word order. */
function sparseMask(offsets: readonly number[], words: Int32Array): Int32Array {
  words.fill(0);
  for (const r of offsets) words[r >>> 5] |= 1 << (r & 31);
  let n = 0;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) n++;
  const out = new Int32Array(n * 2);
  let j = 0;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 0) continue;
    out[j++] = i;
    out[j++] = words[i];
  }
  return out;
}

/**
 * The order the program visits cells in: row by row ('rows', or column by column when transposed), or row by
 * row turning back at each end ('snake': a second, independent traversal for cross-checks).
 */
export type ScanOrder = 'rows' | 'snake';

/** Scan position of square sq. */
function positionOf(sq: number, w: number, h: number, transposed: boolean, order: ScanOrder = 'rows'): number {
  const x = sq % w,
    y = (sq - x) / w;
  if (order === 'snake') return y * w + (y & 1 ? w - 1 - x : x);
  return transposed ? x * h + y : sq;
}

/** The longest reach of a placement (its cells and halo) in scan order; yields as planSteps does. */
function* spanOf(
  raw: RawPlacement[],
  w: number,
  h: number,
  transposed: boolean,
  order: ScanOrder = 'rows',
): Generator<void, number, void> {
  let span = 1;
  for (let i = 0; i < raw.length; i++) {
    if (i % PLACEMENTS_PER_STEP === PLACEMENTS_PER_STEP - 1) yield;
    const r = raw[i];
    let lo = Infinity,
      hi = -Infinity;
    for (const c of r.cells) {
      const q = positionOf(c, w, h, transposed, order);
      lo = Math.min(lo, q);
      hi = Math.max(hi, q);
    }
    for (const c of r.halo) hi = Math.max(hi, positionOf(c, w, h, transposed, order));
    span = Math.max(span, hi - lo + 1);
  }
  return span;
}

/** Placements put in the plan between two of planSteps' yields. */
const PLACEMENTS_PER_STEP = 64;

/** Builds the program for a problem: placements per anchor, window size, fleet fields, start state. */
export function buildPlan(p: FleetProblem, order: ScanOrder = 'rows'): CountPlan {
  return allSteps(planSteps(p, order));
}

/**
 * buildPlan in short parts, yielding between them: the first plan of a run is built while the code is not yet
 * compiled and can take tens of milliseconds at once on 10×10, so a job builds it under its pacing (asideSteps).
 */
export function* planSteps(p: FleetProblem, order: ScanOrder = 'rows'): Generator<void, CountPlan, void> {
  validateProblem(p);
  const { width: w, height: h } = p;
  const n = w * h;
  const raw = yield* rawPlacements(p);
  // Scan along the longer side so the window (the cells a ship reaches past its anchor) stays short.
  const transposed =
    order === 'rows' && w !== h && (yield* spanOf(raw, w, h, true)) < (yield* spanOf(raw, w, h, false));
  const span = yield* spanOf(raw, w, h, transposed, order);
  const maskWords = Math.max(1, Math.ceil(span / 32));

  // Remaining-ship counters as bit fields: first in the last window word's spare high bits, then in words of their own.
  const kinds = p.kinds.length;
  const fieldWord = new Int32Array(kinds),
    fieldShift = new Int32Array(kinds),
    fieldMask = new Int32Array(kinds);
  const tail = span - 32 * (maskWords - 1);
  const lastWindowMask = tail >= 32 ? -1 : (1 << tail) - 1;
  const fields: number[] = [0];
  let word = maskWords - 1,
    used = tail;
  for (let k = 0; k < kinds; k++) {
    const bits = Math.max(1, 32 - Math.clz32(p.kinds[k].count));
    if (used + bits > 32) {
      word++;
      used = 0;
      fields.push(0);
    }
    fieldWord[k] = word;
    fieldShift[k] = used;
    fieldMask[k] = bits >= 32 ? -1 : (1 << bits) - 1;
    fields[word - maskWords + 1] |= p.kinds[k].count << used;
    used += bits;
  }
  const keyWords = maskWords + fields.length - 1;
  const start = new Int32Array(keyWords);
  fields.forEach((v, i) => (start[maskWords - 1 + i] |= v));

  const squareAt = new Int32Array(n);
  const required = new Uint8Array(n);
  for (let sq = 0; sq < n; sq++) {
    const pos = positionOf(sq, w, h, transposed, order);
    squareAt[pos] = sq;
    if (p.required?.[sq]) required[pos] = 1;
  }
  const at: Placement[][] = Array.from({ length: n }, () => []);
  const placed = new Set<number>();
  const words = new Int32Array(maskWords);
  for (let i = 0; i < raw.length; i++) {
    if (i % PLACEMENTS_PER_STEP === PLACEMENTS_PER_STEP - 1) yield;
    const r = raw[i];
    const pos = r.cells.map((c) => positionOf(c, w, h, transposed, order));
    let anchor = pos[0];
    for (const q of pos) anchor = Math.min(anchor, q);
    const ship = pos.map((q) => q - anchor);
    const block = ship.slice();
    for (const c of r.halo) {
      const d = positionOf(c, w, h, transposed, order) - anchor;
      if (d > 0) block.push(d);
    }
    at[anchor].push({ kind: r.kind, cells: r.cells, ship: sparseMask(ship, words), block: sparseMask(block, words) });
    placed.add(r.kind);
  }
  const feasible = p.kinds.every((k, i) => k.count === 0 || placed.has(i));
  const rowLength = transposed ? h : w;
  return {
    cells: n,
    rowLength,
    maskWords,
    lastWindowMask,
    keyWords,
    at,
    required,
    squareAt,
    fieldWord,
    fieldShift,
    fieldMask,
    start,
    feasible,
  };
}
