// Mobility: the number of distinct target squares of a piece from every square of a board, as a job that goes
// row by row (so a 16384×16384 board reports progress and stops within a few milliseconds).
import type { Bitboard } from '../core/bitboard.js';
import { Board } from '../core/board.js';
import { checkInstance } from '../core/check.js';
import { Job, job, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { attackGen, checkSquares, collectTargets, type AttackGen } from './attacks.js';
import { checkPiece, type Piece } from './piece.js';

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

/** Entries of the riders' stamp array touched between two pauses (256 kB). */
const TOUCH_SLICE = 1 << 16;

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
  checkInstance(board, Board, 'board', 'a Board (Board.of(8, 8))');
  checkPiece(piece);
  if (occupied !== undefined) checkSquares(occupied, 'occupied', board);
  const { width: w, height: h } = board;
  // Leapers need no attack generator (its masks alone take seconds to build on a 16384×16384 board).
  const gen = piece.rides.length === 0 && piece.slides.length === 0 ? null : attackGen(board, piece);
  return job(
    function* (ctl) {
      ctl.partial = () => ({ counts: new Int32Array(0), total: 0, rows: 0 });
      ctl.report({ share: 0, done: 0, unit: 'rows' });
      // The board-sized arrays come one to a pause: on a huge board each takes a while to allocate.
      const counts = new Int32Array(board.cells);
      yield;
      let rows = 0,
        total = 0,
        rowsTotal = 0;
      ctl.partial = () => ({ counts: counts.subarray(0, rows * w), total: rowsTotal, rows });
      const diff = new Int32Array(w + 1);
      const occ = occupied?.toWords();
      // stamp[t] = s + 1 once square s has counted t. Its pages are touched in slices first: the rays of the
      // first squares reach across the whole board, and a page fault for each would be one long stall.
      const stamp = gen === null ? null : new Int32Array(board.cells);
      for (let i = 0; stamp !== null && i < stamp.length; i += TOUCH_SLICE) {
        stamp.fill(0, i, i + TOUCH_SLICE);
        yield;
      }
      // A leaper's rank depends only on which of its leaps stay in the ranks: equal ranks are copied (a memcpy).
      let lastKey = '',
        lastTotal = 0;
      for (let r = 0; r < h; r++) {
        if (gen === null || stamp === null) {
          const key = piece.leaps.map(([, dy]) => (r + dy >= 0 && r + dy < h ? 1 : 0)).join('');
          if (r > 0 && key === lastKey) counts.copyWithin(r * w, (r - 1) * w, r * w);
          else lastTotal = leaperRank(piece, w, h, r, diff, counts);
          lastKey = key;
          total += lastTotal;
        } else {
          // Riders on a huge board take long per square: stop inside the rank too, at the drivers' checks.
          for (let s = r * w, end = s + w; s < end;) {
            const n = Math.min(end - s, Math.max(1, ctl.checkAt - ctl.nodes));
            total += riderSquares(gen, occ, stamp, s, s + n, counts);
            s += n;
            if (ctl.spend(n)) yield;
          }
        }
        rows = r + 1;
        rowsTotal = total;
        ctl.report({ share: rows / h, done: rows });
        if (gen === null && ctl.spend(w)) yield;
      }
      return { counts, total };
    },
    { unit: 'squares' },
  );
}

/**
 * Counts rank r of a leaper: leap (dx, dy) lands on the board from the files max(0, -dx) .. min(w, w - dx)
 * when r + dy is a rank, added as a difference array. Returns the rank's total. (Plain functions keep the hot
 * loops out of the job's generator, where V8 optimizes them poorly.)
 */
function leaperRank(piece: Piece, w: number, h: number, r: number, diff: Int32Array, counts: Int32Array): number {
  diff.fill(0);
  for (const [dx, dy] of piece.leaps) {
    if (r + dy < 0 || r + dy >= h) continue;
    const lo = Math.max(0, -dx),
      hi = Math.min(w, w - dx);
    if (lo < hi) {
      diff[lo]++;
      diff[hi]--;
    }
  }
  let total = 0;
  for (let f = 0, c = 0, base = r * w; f < w; f++) {
    c += diff[f];
    counts[base + f] = c;
    total += c;
  }
  return total;
}

/** Counts the distinct targets from squares [from, to) by walking the rays; returns their sum. */
function riderSquares(
  gen: AttackGen,
  occ: Uint32Array | undefined,
  stamp: Int32Array,
  from: number,
  to: number,
  counts: Int32Array,
): number {
  let total = 0;
  for (let s = from; s < to; s++) {
    let n = 0;
    collectTargets(gen, s, occ, (t) => {
      if (stamp[t] !== s + 1) {
        stamp[t] = s + 1;
        n++;
      }
    });
    counts[s] = n;
    total += n;
  }
  return total;
}

/** mobilityJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function mobility(
  board: Board,
  piece: Piece,
  occupied?: Bitboard,
  options: RunOptions = {},
): Promise<Outcome<Mobility, MobilityPartial>> {
  return mobilityJob(board, piece, occupied).run(options);
}

/** mobilityJob run to its end or a limit in one go. */
export function mobilitySync(
  board: Board,
  piece: Piece,
  occupied?: Bitboard,
  options: RunOptions = {},
): Outcome<Mobility, MobilityPartial> {
  return mobilityJob(board, piece, occupied).runSync(options);
}
