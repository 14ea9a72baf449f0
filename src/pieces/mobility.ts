// Mobility: the number of distinct target squares of a piece from every square of a board.
import { Bitboard } from '../core/bitboard.js';
import type { Board } from '../core/board.js';
import { attackGen } from './attacks.js';
import type { Piece } from './piece.js';

export interface Mobility {
  board: Board;
  /** counts[square] = number of target squares of the piece standing there. */
  counts: Int32Array;
  total: number;
}

/**
 * Move counts from every square, with optional blockers (riders and sliders stop at them).
 * Leaper-only pieces are counted set-wise: one shift of the full board per leap vector.
 */
export function mobility(board: Board, piece: Piece, occupied?: Bitboard): Mobility {
  const gen = attackGen(board, piece);
  const counts = new Int32Array(board.cells);
  if (gen.leaperOnly) {
    const all = Bitboard.full(board);
    for (const [dx, dy] of piece.leaps) {
      // The squares from which this leap lands on the board.
      all.shift(-dx, -dy).forEach((s) => {
        counts[s]++;
      });
    }
  } else {
    const occ = occupied?.toWords();
    const stamp = new Int32Array(board.cells).fill(-1);
    for (let s = 0; s < board.cells; s++) {
      let n = 0;
      gen.collect(s, occ, (t) => {
        if (stamp[t] !== s) {
          stamp[t] = s;
          n++;
        }
      });
      counts[s] = n;
    }
  }
  let total = 0;
  for (let s = 0; s < counts.length; s++) total += counts[s];
  return { board, counts, total };
}
