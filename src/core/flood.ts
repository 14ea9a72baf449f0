// Flood fill and connected components of a bitboard, by repeated set-wise shifts (4- or 8-connected).
import { Bitboard } from './bitboard.js';

/** Neighbours of a square: 4 (the sides) or 8 (sides and corners). */
export type Connectivity = 4 | 8;

const ORTHOGONAL: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAGONAL: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** One step of growth: the set together with its neighbours. */
export function dilate(set: Bitboard, connectivity: Connectivity = 4): Bitboard {
  let out = set;
  for (const [dx, dy] of ORTHOGONAL) out = out.union(set.shift(dx, dy));
  if (connectivity === 8) for (const [dx, dy] of DIAGONAL) out = out.union(set.shift(dx, dy));
  return out;
}

/** The squares of `within` reachable from `seeds` by steps that stay inside `within`. */
export function floodFill(seeds: Bitboard, within: Bitboard, connectivity: Connectivity = 4): Bitboard {
  let cur = seeds.intersect(within);
  for (;;) {
    const next = dilate(cur, connectivity).intersect(within);
    if (next.equals(cur)) return cur;
    cur = next;
  }
}

/** The connected components of a set, each as its own bitboard, ordered by their lowest square. */
export function components(set: Bitboard, connectivity: Connectivity = 4): Bitboard[] {
  const out: Bitboard[] = [];
  let rest = set;
  while (!rest.isEmpty()) {
    const seed = Bitboard.empty(set.board).with(rest.first());
    const part = floodFill(seed, rest, connectivity);
    out.push(part);
    rest = rest.diff(part);
  }
  return out;
}
