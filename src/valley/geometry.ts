// King's Valley board geometry: the 5×5 board as bits 0..24 of one int (index = rank * 5 + file), slide rays.
import { Board } from '../core/board.js';

/** The 5×5 board (square names a1..e5). */
export const BOARD = Board.of(5, 5);
/** c3, the King's Valley. */
export const VALLEY = 12;

/** The 8 directions as (file, rank) steps; the first four increase the square index, the last four decrease it. */
const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
  [-1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
];
/** Directions 0..3 run towards higher indices: their nearest blocker is the lowest set bit of the ray. */
export const UP_DIRS = 4;
/** Index change of one step in each direction. */
export const STEP = Int32Array.from(DIRS, ([df, dr]) => dr * 5 + df);
/** RAY[d * 25 + sq]: the squares from sq (exclusive) to the edge in direction d. */
export const RAY = new Int32Array(8 * 25);
/** END[d * 25 + sq]: the last square of that ray (sq itself when the ray is empty). */
export const END = new Int32Array(8 * 25);
/** DIR_OF_STEP[to - from + 6]: the direction of a one-square step, so a piece can walk only its open directions. */
export const DIR_OF_STEP = new Int8Array(13);
for (let d = 0; d < 8; d++) DIR_OF_STEP[STEP[d] + 6] = d;
/** NEIGHBOURS[sq]: the King-step neighbours; a King with none of them empty cannot move. */
export const NEIGHBOURS = new Int32Array(25);

for (let sq = 0; sq < 25; sq++) {
  for (let d = 0; d < 8; d++) {
    const [df, dr] = DIRS[d];
    let f = sq % 5,
      r = (sq - (sq % 5)) / 5,
      ray = 0,
      end = sq;
    for (;;) {
      f += df;
      r += dr;
      if (f < 0 || f > 4 || r < 0 || r > 4) break;
      end = r * 5 + f;
      ray |= 1 << end;
    }
    RAY[d * 25 + sq] = ray;
    END[d * 25 + sq] = end;
    if (end !== sq) NEIGHBOURS[sq] |= 1 << (sq + STEP[d]);
  }
}

/**
 * For a soldier on sq in line with the valley: TO_VALLEY[sq] holds the squares from sq up to and including c3,
 * PAST_VALLEY[sq] the square just beyond c3 (c3 is the centre, so there always is one). The soldier's slide
 * along that line would stop on c3 (and so is no move) exactly when TO_VALLEY is empty and PAST_VALLEY is not.
 */
export const TO_VALLEY = new Int32Array(25);
export const PAST_VALLEY = new Int32Array(25);
for (let d = 0; d < 8; d++) {
  const back = (d + 4) % 8;
  let ray = 0;
  for (let sq = VALLEY + STEP[back], prev = VALLEY; RAY[back * 25 + prev] !== 0; prev = sq, sq += STEP[back]) {
    ray |= 1 << prev;
    TO_VALLEY[sq] = ray;
    PAST_VALLEY[sq] = 1 << (VALLEY + STEP[d]);
  }
}

/** The number of set bits of a 25-bit mask. */
export function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Where a piece on sq stops sliding in direction d past the occupied squares occ (sq itself: no move).
 * Upward rays meet their nearest blocker at the lowest set bit, downward rays at the highest.
 */
export function slideEnd(sq: number, d: number, occ: number): number {
  const i = d * 25 + sq;
  const blockers = RAY[i] & occ;
  if (blockers === 0) return END[i];
  const b = d < UP_DIRS ? 31 - Math.clz32(blockers & -blockers) : 31 - Math.clz32(blockers);
  return b - STEP[d];
}

export function squareName(sq: number): string {
  return BOARD.name(sq);
}
