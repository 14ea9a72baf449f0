// Set-wise attacks as a job, for huge boards: by ranks (a node per square swept, the ranks done as the partial
// answer) or by steps from each piece when they are few; boards up to 2^20 cells go in one step by shifts.
import { adoptWords, type Bitboard } from '../core/bitboard.js';
import type { Board } from '../core/board.js';
import { job, type Job, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { attackGen, attacksByShifts, checkSameBoard, checkSquares } from './attacks.js';
import { checkPiece, type Piece } from './piece.js';
import { prefixWords } from './rows.js';
import { planAttacks, reachDown, RowSweep, stepAttacks, type AttackMethod } from './sweep.js';

/** What a stopped attack-set job has: the attacks on the first `rows` ranks, exact there (nothing above). */
export interface AttackSetPartial {
  /** Ranks done, from rank 1 up. */
  rows: number;
  /** The attacked squares on those ranks. */
  attacks: Bitboard;
}

/**
 * The attacks of a set of pieces as a job (internal form: the method may be forced, and the answer and the
 * partial made from the words, for the worker's plain data). The body runs hot loops in sweep.ts.
 * @internal
 */
export function sweepJob<T, P>(
  piece: Piece,
  from: Bitboard,
  occupied: Bitboard | undefined,
  how: AttackMethod | 'auto',
  answer: (board: Board, words: Uint32Array) => T,
  partial: (board: Board, rows: number, words: Uint32Array) => P,
): Job<T, P> {
  const board = from.board,
    w = board.width,
    h = board.height,
    len = Math.max(board.words, 2);
  const src = from.words ?? from.toWords(),
    occ = occupied === undefined ? undefined : (occupied.words ?? occupied.toWords());
  return job(
    function* (ctl) {
      ctl.report({ share: 0, done: 0, unit: 'rows' });
      const plan = planAttacks(board, piece, src, how);
      // The plan scans the whole board, and so does the answer's allocation: each gets a pause of its own.
      yield;
      if (plan.method === 'shifts') {
        ctl.report({ share: 0, done: 0, unit: 'rows' });
        const b = attacksByShifts(attackGen(board, piece), from, occupied);
        ctl.spend(board.cells);
        ctl.report({ share: 1, done: h });
        return answer(board, b.words ?? b.toWords());
      }
      const out = new Uint32Array(len);
      yield;
      let rows = 0;
      ctl.partial = () => partial(board, rows, prefixWords(out, rows * w, len));
      if (plan.method === 'steps') {
        // Pieces in square order: those not stepped yet stand on their rank or above, so the ranks more than
        // their reach below the next one are done.
        const squares = plan.squares,
          n = squares.length,
          down = reachDown(piece);
        ctl.report({ share: 0, done: 0, unit: 'pieces' });
        for (let i = 0; i < n;) {
          const steps = stepAttacks(board, piece, squares, i, i + 1, src, occ, out);
          i++;
          rows = i === n ? h : Math.max(0, Math.min(h, ((squares[i] / w) | 0) - down));
          ctl.report({ share: i / n, done: i });
          if (ctl.spend(steps + 1)) yield;
        }
        return answer(board, out);
      }
      const sweep = new RowSweep(board, piece, src, occ, out);
      const passes = sweep.passes;
      ctl.report({ share: 0, done: 0, unit: 'rows' });
      for (let p = 0; p < passes.length; p++) {
        const pass = passes[p],
          last = p === passes.length - 1;
        for (let i = 0; i < h; i++) {
          sweep.rank(pass, sweep.rankAt(pass, i));
          // Every rank is done once the last pass (upward, unless there is only a downward one) has met it.
          if (last && !pass.down) rows = i + 1;
          ctl.report({ share: (p * h + i + 1) / (passes.length * h), done: p * h + i + 1 });
          if (ctl.spend(w)) yield;
        }
      }
      rows = h;
      return answer(board, out);
    },
    { unit: 'squares', partial: () => partial(board, 0, new Uint32Array(len)) },
  );
}

const asBitboard = (board: Board, words: Uint32Array): Bitboard => adoptWords(board, words);
const asPartial = (board: Board, rows: number, words: Uint32Array): AttackSetPartial => ({
  rows,
  attacks: adoptWords(board, words),
});

/**
 * The union of the attacks of `piece` from every square of `from` (riders stop at `occupied` and at the
 * pieces, sliders before them), as a job: `attacks` as long work, for huge boards. Up to 2^20 cells it is
 * one step (the whole-board shifts of {@link attacks}); above, it goes rank by rank over row bitsets (a node
 * per square swept; with downward rays a pass down the ranks first, then one up, so progress counts up to
 * twice the ranks), or by stepping each vector when the pieces are few (progress in pieces). A stop leaves
 * the ranks done as the partial answer; running the job again goes on to the same answer.
 *
 * `attacks` stays the plain call (it gives the Bitboard, no limits), so the three forms of this long call are
 * named `attackSet`, `attackSetSync` and `attackSetJob`.
 * @example
 * ```ts
 * import { Bitboard, Board } from 'gridbits/core';
 * import { attackSetSync, parsePiece } from 'gridbits/pieces';
 * const b = Board.of(16384, 16384);
 * const out = attackSetSync(parsePiece('knight'), Bitboard.fromSquares(b, [0, b.parse('p5')]), undefined, {
 *   timeoutMs: 1000,
 * });
 * if (out.finished) console.log(out.value.count()); // 10
 * ```
 */
export function attackSetJob(piece: Piece, from: Bitboard, occupied?: Bitboard): Job<Bitboard, AttackSetPartial> {
  checkPiece(piece);
  checkSquares(from, 'from');
  if (occupied !== undefined) checkSameBoard(from, occupied);
  return sweepJob(piece, from, occupied, 'auto', asBitboard, asPartial);
}

/** attackSetJob run to its end or a limit in one go. */
export function attackSetSync(
  piece: Piece,
  from: Bitboard,
  occupied?: Bitboard,
  options: RunOptions = {},
): Outcome<Bitboard, AttackSetPartial> {
  return attackSetJob(piece, from, occupied).runSync(options);
}

/** attackSetJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function attackSet(
  piece: Piece,
  from: Bitboard,
  occupied?: Bitboard,
  options: RunOptions = {},
): Promise<Outcome<Bitboard, AttackSetPartial>> {
  return attackSetJob(piece, from, occupied).run(options);
}
