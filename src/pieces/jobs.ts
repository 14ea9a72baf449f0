// The pieces engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import { Bitboard } from '../core/bitboard.js';
import { boardFrom, type Board, type BoardSize } from '../core/board.js';
import { checkString, checkTask, refuse } from '../core/check.js';
import type { JobRegistry } from '../core/job.js';
import { sweepJob } from './attack-set.js';
import { mobilityJob } from './mobility.js';
import { parsePiece, type Piece } from './piece.js';

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
  /**
   * The attacked squares on those ranks: bit s of the words is square s. Only the words up to the last rank done
   * (none when no rank is done): a stop on a huge board sends no more than it has.
   */
  words: Uint32Array;
}

function squaresOn(board: Board, list: (number | string)[] | undefined, name: string): Bitboard | undefined {
  if (list !== undefined && !Array.isArray(list)) refuse(name, 'a list of squares (indices or names like a1)', list);
  const squares = (list ?? []).map((s) => (typeof s === 'string' ? board.parse(s) : s));
  return squares.length > 0 ? Bitboard.fromSquares(board, squares) : undefined;
}

/** The task's board, once the task is seen to be an object. */
function boardOf(task: unknown, what: string): Board {
  checkTask(task, what);
  return boardFrom(task.board, 'task.board');
}

function pieceOf(task: { piece: unknown }): Piece {
  return parsePiece(checkString(task.piece, 'task.piece'));
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
    const board = boardOf(task, '{ board, piece, occupied? }');
    return mobilityJob(board, pieceOf(task), squaresOn(board, task.occupied, 'task.occupied'));
  },
  attacks: (task: AttacksTask) => {
    const board = boardOf(task, '{ board, piece, from, occupied? }');
    const piece = pieceOf(task);
    if (!Array.isArray(task.from)) refuse('task.from', 'a list of squares (indices or names like a1)', task.from);
    const from = squaresOn(board, task.from, 'task.from') ?? Bitboard.empty(board);
    return sweepJob(
      piece,
      from,
      squaresOn(board, task.occupied, 'task.occupied'),
      'auto',
      // Small sets' words may be a view into a shared slab: send only their own words.
      (_, words) => (words.byteLength === words.buffer.byteLength ? words : words.slice()),
      (board, rows, words): AttacksTaskPartial => ({
        rows,
        words: words.slice(0, Math.ceil((rows * board.width) / 32)),
      }),
    );
  },
} satisfies JobRegistry;
