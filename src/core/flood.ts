// Flood fill and connected components of a bitboard, by repeated set-wise shifts (4- or 8-connected).
import { Bitboard } from './bitboard.js';
import { checkInstance, refuse } from './check.js';
import { GridbitsError } from './error.js';

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
  checkInstance(set, Bitboard, 'set', 'a Bitboard');
  checkConnectivity(connectivity);
  return grow(set, connectivity);
}

function grow(set: Bitboard, connectivity: Connectivity): Bitboard {
  let out = set;
  for (const [dx, dy] of ORTHOGONAL) out = out.union(set.shift(dx, dy));
  if (connectivity === 8) for (const [dx, dy] of DIAGONAL) out = out.union(set.shift(dx, dy));
  return out;
}

/** The squares of `within` reachable from `seeds` by steps that stay inside `within`. */
export function floodFill(seeds: Bitboard, within: Bitboard, connectivity: Connectivity = 4): Bitboard {
  checkInstance(seeds, Bitboard, 'seeds', 'a Bitboard');
  checkInstance(within, Bitboard, 'within', 'a Bitboard');
  if (!within.board.equals(seeds.board)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `within must be a bitboard of the ${seeds.board} board of seeds, got one of ${within.board}`,
    );
  }
  checkConnectivity(connectivity);
  return fill(seeds, within, connectivity);
}

function fill(seeds: Bitboard, within: Bitboard, connectivity: Connectivity): Bitboard {
  let cur = seeds.intersect(within);
  for (;;) {
    const next = grow(cur, connectivity).intersect(within);
    if (next.equals(cur)) return cur;
    cur = next;
  }
}

/** The connected components of a set, each as its own bitboard, ordered by their lowest square. */
export function components(set: Bitboard, connectivity: Connectivity = 4): Bitboard[] {
  checkInstance(set, Bitboard, 'set', 'a Bitboard');
  checkConnectivity(connectivity);
  const out: Bitboard[] = [];
  let rest = set;
  while (!rest.isEmpty()) {
    const seed = Bitboard.empty(set.board).with(rest.first());
    const part = fill(seed, rest, connectivity);
    out.push(part);
    rest = rest.diff(part);
  }
  return out;
}

function checkConnectivity(connectivity: unknown): void {
  if (connectivity !== 4 && connectivity !== 8) refuse('connectivity', '4 or 8', connectivity);
}
