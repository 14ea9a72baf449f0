// The walk graph of a leaper on a board: per-direction jump targets, compact neighbour lists, and the
// orbits of the squares under the board symmetries that map the piece's leaps onto themselves.
import { Board } from '../core/board.js';
import { checkInstance, isPlainObject, refuse, shown } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { checkPiece, parsePiece, type Piece } from '../pieces/piece.js';

/** The largest side a walk board may have (the "any board up to 100×100"). */
export const GRAPH_MAX_SIDE = 100;

/** The walk graph of a leaper on a board: where each of its k equally likely leaps lands from every square. */
export interface Graph {
  /** The board walked on. */
  readonly board: Board;
  /** The leaper walking. */
  readonly piece: Piece;
  /** The number of leaps, each equally likely (leaps off the board included). */
  readonly k: number;
  /** jump[s * k + d]: the square leap d lands on from s, or -1 when it leaves the board. */
  readonly jump: Int32Array;
  /** The on-board targets of s are targets[start[s] .. start[s + 1]). */
  readonly start: Int32Array;
  /** The on-board targets of every square, square after square (see `start`). */
  readonly targets: Int32Array;
}

/**
 * The walk graph of `piece` (a Piece, or its spec such as `'knight'` or `'1,3'`) on `board`: what every walk
 * call takes. Leapers only (riders and sliders are refused with BAD_PIECE); sides up to GRAPH_MAX_SIDE.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { graph, survival } from 'gridbits/walk';
 * survival(graph(Board.of(8, 8), 'knight'), 0, 10); // 0.017395850270986557
 * ```
 */
export function graph(board: Board, pieceOrSpec: Piece | string): Graph {
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  const piece = typeof pieceOrSpec === 'string' ? parsePiece(pieceOrSpec) : checkPiece(pieceOrSpec, 'piece');
  if (piece.rides.length > 0 || piece.slides.length > 0) {
    throw new GridbitsError(
      'BAD_PIECE',
      `walk: '${piece.name}' rides or slides; random walks take leapers only (knight, camel, 1,3, knight+king, ...)`,
    );
  }
  if (board.width > GRAPH_MAX_SIDE || board.height > GRAPH_MAX_SIDE) {
    throw new GridbitsError('LIMIT', `walk: board ${board} is over the limit of ${GRAPH_MAX_SIDE}x${GRAPH_MAX_SIDE}`);
  }
  const k = piece.leaps.length;
  const n = board.cells,
    w = board.width,
    h = board.height;
  const dxs = Int32Array.from(piece.leaps, (v) => v[0]),
    dys = Int32Array.from(piece.leaps, (v) => v[1]);
  const jump = new Int32Array(n * k);
  const start = new Int32Array(n + 1);
  let count = 0;
  for (let s = 0; s < n; s++) {
    const f = s % w,
      r = (s - f) / w;
    start[s] = count;
    for (let d = 0; d < k; d++) {
      const x = f + dxs[d],
        y = r + dys[d];
      const t = x >= 0 && y >= 0 && x < w && y < h ? y * w + x : -1;
      jump[s * k + d] = t;
      if (t >= 0) count++;
    }
  }
  start[n] = count;
  const targets = new Int32Array(count);
  for (let i = 0, j = 0; i < jump.length; i++) if (jump[i] >= 0) targets[j++] = jump[i];
  const g: Graph = { board, piece, k, jump, start, targets };
  made.add(g);
  return g;
}

/** Orbits of the squares: orbit[s] is a dense id, reps[o] one square of orbit o. */
export interface Orbits {
  /** orbit[s]: the orbit of square s, numbered 0, 1, … in the order of their first squares. */
  readonly orbit: Int32Array;
  /** reps[o]: the first square of orbit o. */
  readonly reps: Int32Array;
  /** How many board symmetries were used (1 to 8). */
  readonly symmetries: number;
}

type Map2 = (x: number, y: number, w: number, h: number) => readonly [number, number];

const TRANSFORMS: readonly { square: boolean; map: Map2 }[] = [
  { square: false, map: (x, y) => [x, y] },
  { square: false, map: (x, y, w) => [w - 1 - x, y] },
  { square: false, map: (x, y, _w, h) => [x, h - 1 - y] },
  { square: false, map: (x, y, w, h) => [w - 1 - x, h - 1 - y] },
  { square: true, map: (x, y) => [y, x] },
  { square: true, map: (x, y, w, h) => [h - 1 - y, w - 1 - x] },
  { square: true, map: (x, y, _w, h) => [h - 1 - y, x] },
  { square: true, map: (x, y, w) => [y, w - 1 - x] },
];

const orbitCache = new WeakMap<Graph, Orbits>();

/** The symmetries of the board that also map the leap set onto itself, and the orbits they make (cached per graph). */
export function squareOrbits(g: Graph): Orbits {
  checkGraph(g);
  let o = orbitCache.get(g);
  if (o === undefined) {
    o = findOrbits(g);
    orbitCache.set(g, o);
  }
  return o;
}

function findOrbits(g: Graph): Orbits {
  const { board } = g;
  const w = board.width,
    h = board.height;
  const leapKeys = new Set(g.piece.leaps.map(([x, y]) => `${x},${y}`));
  // A transform maps vectors by its linear part: the image of (x, y) minus the image of (0, 0).
  const maps = TRANSFORMS.filter((t) => !t.square || w === h).filter((t) => {
    const [ox, oy] = t.map(0, 0, w, h);
    return g.piece.leaps.every(([x, y]) => {
      const [a, b] = t.map(x, y, w, h);
      return leapKeys.has(`${a - ox},${b - oy}`);
    });
  });
  // Each map as x' = ax·x + ay·y + a0, y' = bx·x + by·y + b0 (read off its images of three points), so the loop
  // over the squares is plain arithmetic: on a 100×100 board it runs in a millisecond, not tens.
  const coef = new Int32Array(6 * maps.length);
  maps.forEach((t, i) => {
    const [a0, b0] = t.map(0, 0, w, h),
      [a1, b1] = t.map(1, 0, w, h),
      [a2, b2] = t.map(0, 1, w, h);
    coef.set([a1 - a0, a2 - a0, a0, b1 - b0, b2 - b0, b0], 6 * i);
  });
  const orbit = new Int32Array(board.cells).fill(-1);
  const reps: number[] = [];
  for (let s = 0; s < board.cells; s++) {
    if (orbit[s] >= 0) continue;
    const id = reps.length;
    reps.push(s);
    const x = s % w,
      y = (s - x) / w;
    for (let i = 0; i < coef.length; i += 6) {
      orbit[(coef[i + 3] * x + coef[i + 4] * y + coef[i + 5]) * w + coef[i] * x + coef[i + 1] * y + coef[i + 2]] = id;
    }
  }
  return { orbit, reps: Int32Array.from(reps), symmetries: maps.length };
}

/**
 * Throws BAD_ARGUMENT for a step count that is not a whole number ≥ 0, LIMIT past `max` (engines take numbers from
 * anywhere).
 */
export function checkSteps(steps: number, max: number): void {
  if (typeof steps !== 'number' || !Number.isSafeInteger(steps) || steps < 0)
    throw new GridbitsError('BAD_ARGUMENT', `walk: steps must be a whole number ≥ 0, got ${shown(steps)}`);
  if (steps > max) throw new GridbitsError('LIMIT', `walk: steps ${steps} is over the limit of ${max}`);
}

/** Throws OFF_BOARD for a square that is not on the board (BAD_ARGUMENT for what is not a square index). */
export function checkSquare(board: Board, from: number, name = 'from'): void {
  if (typeof from !== 'number') refuse(`walk: ${name}`, `a square index of the ${board} board`, from);
  if (!(Number.isInteger(from) && from >= 0 && from < board.cells)) {
    refuse(`walk: ${name}`, `a square of the ${board} board (0 to ${board.cells - 1})`, from, 'OFF_BOARD');
  }
}

/** The graphs made by graph(): a walk graph is taken as one only when it came from there. */
const made = new WeakSet<object>();

/** Throws BAD_ARGUMENT unless `g` is a walk graph made by graph(). */
export function checkGraph(g: unknown, name = 'graph'): asserts g is Graph {
  if (!isPlainObject(g) || !made.has(g)) refuse(`walk: ${name}`, 'a walk graph made by graph(board, piece)', g);
}
