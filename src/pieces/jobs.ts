// The pieces engine's jobs by name, for running them in a worker (see core/worker.ts): plain arguments in, plain answers out.
import { Bitboard } from '../core/bitboard.js';
import { Board, type BoardSize } from '../core/board.js';
import type { JobRegistry } from '../core/worker.js';
import { mobilityJob } from './mobility.js';
import { parsePiece } from './piece.js';

/** A mobility task in plain data: the board as `'8x8'` or `{ width, height }`, the piece's spec, blockers as squares. */
export interface MobilityTask {
  /** The board: `'8x8'` or `{ width, height }`. */
  board: BoardSize;
  /** The piece's spec, e.g. `'knight'`, `'queen'`, `'1,2*'`. */
  piece: string;
  /** Blocking squares (indices or names); riders stop on them, sliders before them. */
  occupied?: (number | string)[];
}

/** The pieces jobs: 'pieces.mobility'. */
export const jobs = {
  mobility: (task: MobilityTask) => {
    const board = Board.from(task.board);
    const occ = (task.occupied ?? []).map((s) => (typeof s === 'string' ? board.parse(s) : s));
    return mobilityJob(board, parsePiece(task.piece), occ.length > 0 ? Bitboard.fromSquares(board, occ) : undefined);
  },
} satisfies JobRegistry;
