// The pieces engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import { Bitboard } from '../core/bitboard.js';
import { Board, type BoardSize } from '../core/board.js';
import type { JobRegistry } from '../core/job.js';
import { sweepJob } from './attack-set.js';
import { mobilityJob } from './mobility.js';
import { parsePiece } from './piece.js';

/** An attacks task in plain data: the board, the piece's spec, the pieces' squares, the blockers (indices or names). */
export interface AttacksTask {
  /** The board: `'8x8'` or `{ width, height }`. */
  board: BoardSize;
  /** The piece's spec, e.g. `'knight'`, `'queen'`, `'1,2*'`. */
  piece: string;
  /** The squares the pieces stand on (they count as occupied). */
  from: (number | string)[];
  /** Blocking squares; riders stop on them, sliders before them. */
  occupied?: (number | string)[];
}

/** What a stopped attacks task has: the ranks done (from rank 1 up) and the attacked squares on them, as words. */
export interface AttacksTaskPartial {
  /** Ranks done, from rank 1 up. */
  rows: number;
  /** The attacked squares on those ranks: bit s of the words is square s. */
  words: Uint32Array;
}

function squaresOn(board: Board, list: (number | string)[] | undefined): Bitboard | undefined {
  const squares = (list ?? []).map((s) => (typeof s === 'string' ? board.parse(s) : s));
  return squares.length > 0 ? Bitboard.fromSquares(board, squares) : undefined;
}

/** A mobility task in plain data: the board as `'8x8'` or `{ width, height }`, the piece's spec, blockers. */
export interface MobilityTask {
  /** The board: `'8x8'` or `{ width, height }`. */
  board: BoardSize;
  /** The piece's spec, e.g. `'knight'`, `'queen'`, `'1,2*'`. */
  piece: string;
  /** Blocking squares (indices or names); riders stop on them, sliders before them. */
  occupied?: (number | string)[];
}

/**
 * The pieces jobs: 'pieces.mobility' (answers a Mobility) and 'pieces.attacks' (attackSetJob; answers the
 * attacked squares as words, bit s for square s: `Bitboard.fromWords(board, words)` makes the set again).
 */
export const jobs = {
  mobility: (task: MobilityTask) => {
    const board = Board.from(task.board);
    return mobilityJob(board, parsePiece(task.piece), squaresOn(board, task.occupied));
  },
  attacks: (task: AttacksTask) => {
    const board = Board.from(task.board);
    const from = squaresOn(board, task.from) ?? Bitboard.empty(board);
    return sweepJob(
      parsePiece(task.piece),
      from,
      squaresOn(board, task.occupied),
      'auto',
      // Small sets' words may be a view into a shared slab: send only their own words.
      (_, words) => (words.byteLength === words.buffer.byteLength ? words : words.slice()),
      (_, rows, words): AttacksTaskPartial => ({ rows, words }),
    );
  },
} satisfies JobRegistry;
