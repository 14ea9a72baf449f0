// Runs alone in a child process (a JIT profile unpolluted by other rows, as JMH forks do): 1,000 knights on
// 64x64, set-wise against the naive per-square loop, timed in alternating batches; prints the medians as JSON.
import { Bitboard, Board, createRng } from '../src/core/index.js';
import { attackGen, parsePiece } from '../src/pieces/index.js';
import { medianAuto, medianPair } from './harness.js';

const DX = Int32Array.of(1, 2, 2, 1, -1, -2, -2, -1);
const DY = Int32Array.of(2, 1, -1, -2, -2, -1, 1, 2);

/** The naive way: for every knight, every move, a bounds check, a mark in a byte array. */
export function naiveKnightTargets(w: number, h: number, squares: ArrayLike<number>, out: Uint8Array): Uint8Array {
  out.fill(0);
  for (let i = 0; i < squares.length; i++) {
    const s = squares[i];
    const x = s % w,
      y = (s / w) | 0;
    for (let k = 0; k < 8; k++) {
      const tx = x + DX[k],
        ty = y + DY[k];
      if (tx >= 0 && ty >= 0 && tx < w && ty < h) out[ty * w + tx] = 1;
    }
  }
  return out;
}

export function randomSquares(cells: number, n: number, seed: number): number[] {
  const rng = createRng(seed);
  const set = new Set<number>();
  while (set.size < n) set.add(rng.below(cells));
  return [...set];
}

function main(): void {
  const board = Board.of(64, 64);
  const gen = attackGen(board, parsePiece('knight'));
  const knights = randomSquares(4096, 1000, 2);
  const set = Bitboard.fromSquares(board, knights);
  const out = new Uint8Array(4096);
  // A benchmark that measures wrong work is worthless: both ways must agree.
  const got = gen.attacks(set);
  naiveKnightTargets(64, 64, knights, out);
  for (let i = 0; i < 4096; i++)
    if (got.has(i) !== (out[i] === 1)) throw new Error('set-wise and naive attacks differ');
  // Warm-up runs of each alone first, as JMH does, so the JIT has settled before the timed alternation.
  medianAuto(() => gen.attacks(set), 5);
  medianAuto(() => naiveKnightTargets(64, 64, knights, out), 5);
  const r = medianPair(
    () => gen.attacks(set),
    () => naiveKnightTargets(64, 64, knights, out),
  );
  process.stdout.write(JSON.stringify(r) + '\n');
}

if (process.argv[1]?.endsWith('knights64.js')) main();
