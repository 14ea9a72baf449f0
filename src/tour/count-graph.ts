// The leaper graph of a board laid out for counting: squares numbered along the shorter side, back-neighbours.
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import type { Piece } from '../pieces/piece.js';

/**
 * A board's leap graph with vertices numbered row by row across the shorter side (the board is transposed when
 * it is wider than tall), so every edge joins vertices at most `reach` apart: the frontier the counter keeps.
 */
export interface CountGraph {
  /** Number of vertices (the board's cells). */
  n: number;
  /** Width of a row in the counting layout (the board's shorter side). */
  width: number;
  /** True when vertex numbering runs across ranks (the board was wider than tall). */
  transposed: boolean;
  /** Largest index difference of an edge. */
  reach: number;
  /** back[v]: the neighbours u < v, as differences v − u. */
  back: Int32Array[];
  /** Largest neighbour of each vertex (the vertex itself when it has none above it). */
  last: Int32Array;
  /** Adjacency of every vertex, for the backtracking counter: offsets into `adj`. */
  adjStart: Int32Array;
  adj: Int32Array;
}

/** The leap vectors of a piece that only leaps; throws BAD_PIECE for riders and sliders. */
export function leapsOf(piece: Piece): ReadonlyArray<readonly [number, number]> {
  if (piece.rides.length > 0 || piece.slides.length > 0) {
    throw new GridbitsError('BAD_PIECE', `tours are counted for leapers only; '${piece.name}' rides or slides`);
  }
  return piece.leaps;
}

export function buildCountGraph(board: Board, piece: Piece): CountGraph {
  const leaps = leapsOf(piece);
  const transposed = board.width > board.height;
  const width = transposed ? board.height : board.width;
  const height = transposed ? board.width : board.height;
  const n = width * height;
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) {
    const x = v % width, y = (v / width) | 0;
    for (const [dx, dy] of leaps) {
      const nx = x + dx, ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height) lists[v].push(ny * width + nx);
    }
  }
  const back: Int32Array[] = [];
  const last = new Int32Array(n);
  const adjStart = new Int32Array(n + 1);
  let reach = 0, total = 0;
  for (let v = 0; v < n; v++) {
    const ns = [...new Set(lists[v])].sort((a, b) => a - b);
    lists[v] = ns;
    back.push(Int32Array.from(ns.filter((u) => u < v).map((u) => v - u)));
    last[v] = Math.max(v, ...ns);
    for (const u of ns) if (u < v) reach = Math.max(reach, v - u);
    adjStart[v] = total;
    total += ns.length;
  }
  adjStart[n] = total;
  const adj = new Int32Array(total);
  for (let v = 0; v < n; v++) adj.set(lists[v], adjStart[v]);
  return { n, width, transposed, reach, back, last, adjStart, adj };
}

/** The counting layout's vertex of a board square. */
export function vertexOf(board: Board, g: CountGraph, square: number): number {
  return g.transposed ? board.file(square) * g.width + board.rank(square) : square;
}
