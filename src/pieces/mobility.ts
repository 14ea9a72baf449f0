// Mobility: the number of distinct target squares of a piece from every square of a board, as a job that goes
// row by row (so a 16384×16384 board reports progress and stops within a few milliseconds).
import type { Bitboard } from '../core/bitboard.js';
import type { Board } from '../core/board.js';
import { Job, job, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { attackGen } from './attacks.js';
import type { Piece } from './piece.js';

/** Move counts from every square of a board, and their total. */
export interface Mobility {
  /** counts[square] = number of target squares of the piece standing there. */
  counts: Int32Array;
  /** The sum of the counts. */
  total: number;
}

/** What a stopped mobility job has: the first `rows` ranks counted (`counts` covers those ranks, `total` their sum). */
export interface MobilityPartial extends Mobility {
  /** Ranks counted, from rank 1 up. */
  rows: number;
}

/**
 * Move counts from every square, with optional blockers (riders and sliders stop at them), as a job: progress
 * in rows, a node per square, the rows done as the partial answer. Leapers are counted per rank from the leaps
 * that stay on the board (a difference array per rank, no bitboard of the whole board), riders and sliders by
 * walking their rays.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { KNIGHT, mobilitySync } from 'gridbits/pieces';
 * const out = mobilitySync(Board.of(8, 8), KNIGHT);
 * if (out.finished) console.log(out.value.total); // 336
 * ```
 */
export function mobilityJob(board: Board, piece: Piece, occupied?: Bitboard): Job<Mobility, MobilityPartial> {
  const gen = attackGen(board, piece);
  const { width: w, height: h } = board;
  return job(function* (ctl) {
    const counts = new Int32Array(board.cells);
    let rows = 0, total = 0, rowsTotal = 0;
    ctl.partial = () => ({ counts: counts.subarray(0, rows * w), total: rowsTotal, rows });
    ctl.report(0, h, 'rows');
    const diff = new Int32Array(w + 1);
    const occ = gen.leaperOnly ? undefined : occupied?.toWords();
    const stamp = gen.leaperOnly ? null : new Int32Array(board.cells).fill(-1);
    for (let r = 0; r < h; r++) {
      const base = r * w;
      if (stamp === null) {
        // Leap (dx, dy) lands on the board from the files max(0, -dx) .. min(w, w - dx) of this rank, if r + dy is a rank.
        diff.fill(0);
        for (const [dx, dy] of piece.leaps) {
          if (r + dy < 0 || r + dy >= h) continue;
          const lo = Math.max(0, -dx), hi = Math.min(w, w - dx);
          if (lo < hi) {
            diff[lo]++;
            diff[hi]--;
          }
        }
        for (let f = 0, c = 0; f < w; f++) {
          c += diff[f];
          counts[base + f] = c;
          total += c;
        }
      } else {
        for (let s = base; s < base + w; s++) {
          let n = 0;
          gen.collect(s, occ, (t) => {
            if (stamp[t] !== s) {
              stamp[t] = s;
              n++;
            }
          });
          counts[s] = n;
          total += n;
          // Riders on a huge board take long per square: yield inside the rank too.
          if (ctl.spend()) yield;
        }
      }
      rows = r + 1;
      rowsTotal = total;
      ctl.report(rows);
      if (stamp === null && ctl.spend(w)) yield;
    }
    ctl.report(h);
    return { counts, total };
  });
}

/** mobilityJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function mobility(board: Board, piece: Piece, occupied?: Bitboard, options: RunOptions = {}): Promise<Outcome<Mobility, MobilityPartial>> {
  return mobilityJob(board, piece, occupied).run(options);
}

/** mobilityJob run to its end or a limit in one go. */
export function mobilitySync(board: Board, piece: Piece, occupied?: Bitboard, options: RunOptions = {}): Outcome<Mobility, MobilityPartial> {
  return mobilityJob(board, piece, occupied).runSync(options);
}
