// The leaper graph of a board laid out for counting: squares numbered along the shorter side, back-neighbours.
//
// Method: the vertex order of frontier-based search (count-frontier.ts). The frontier is the set of vertices with
// some edges decided and some still to come; numbered along the shorter side, it is never more than `reach`
// squares, which bounds the states.
// Source: J. Kawahara, T. Inoue, H. Iwashita, S. Minato, "Frontier-based search for enumerating all constrained
// subgraphs with compressed representation", IEICE Trans. Fundamentals, 2017.
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

/**
 * The counting layout of a board: rows across its shorter side, or with `across` 'longer' across its longer
 * side (a second scan order, which checks a count by another run of the program).
 */
export function buildCountGraph(board: Board, piece: Piece, across: 'shorter' | 'longer' = 'shorter'): CountGraph {
  const leaps = leapsOf(piece);
  const transposed = across === 'shorter' ? board.width > board.height : board.width < board.height;
  const width = transposed ? board.height : board.width;
  const height = transposed ? board.width : board.height;
  const edges: Array<[number, number]> = [];
  for (let v = 0; v < width * height; v++) {
    const x = v % width,
      y = (v / width) | 0;
    for (const [dx, dy] of leaps) {
      const nx = x + dx,
        ny = y + dy;
      const u = ny * width + nx;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && u < v) edges.push([u, v]);
    }
  }
  return countGraphOf(width * height, width, edges, transposed);
}

/** The counting graph of `n` vertices in rows of `width` with the given edges (each once, either way round). */
export function countGraphOf(
  n: number,
  width: number,
  edges: ReadonlyArray<readonly [number, number]>,
  transposed = false,
): CountGraph {
  const nbrs: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    if (a === b || nbrs[a].includes(b)) continue;
    nbrs[a].push(b);
    nbrs[b].push(a);
  }
  const adjStart = new Int32Array(n + 1);
  const scratch = new Int32Array(2 * edges.length);
  const last = new Int32Array(n);
  const back: Int32Array[] = new Array<Int32Array>(n);
  let reach = 0,
    total = 0;
  for (let v = 0; v < n; v++) {
    const ns = nbrs[v].sort((a, b) => a - b);
    adjStart[v] = total;
    let lastV = v,
      nb = 0;
    for (const u of ns) {
      scratch[total++] = u;
      if (u < v) {
        nb++;
        reach = Math.max(reach, v - u);
      } else lastV = u;
    }
    last[v] = lastV;
    const b = new Int32Array(nb);
    for (let k = 0; k < nb; k++) b[k] = v - ns[k];
    back[v] = b;
  }
  adjStart[n] = total;
  return { n, width, transposed, reach, back, last, adjStart, adj: scratch.slice(0, total) };
}

/** The counting layout's vertex of a board square. */
export function vertexOf(board: Board, g: CountGraph, square: number): number {
  return g.transposed ? board.file(square) * g.width + board.rank(square) : square;
}
