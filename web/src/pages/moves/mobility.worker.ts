// Web Worker that computes the mobility heat map of large boards off the page's thread.
import { Bitboard } from '../../../../src/core/bitboard.js';
import { Board } from '../../../../src/core/board.js';
import { mobility } from '../../../../src/pieces/mobility.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';

export interface MobilityRequest {
  width: number;
  height: number;
  spec: string;
  blockers: number[];
}

export interface MobilityResult {
  counts: Int32Array;
  total: number;
}

servePage<MobilityRequest, MobilityResult>(self as unknown as Endpoint, (req, { onProgress }) => {
  const board = Board.of(req.width, req.height);
  // mobility() reports no progress of its own, so the page shows a busy bar until the one final report.
  const m = mobility(board, parsePiece(req.spec), req.blockers.length > 0 ? Bitboard.fromSquares(board, req.blockers) : undefined);
  onProgress({ done: board.cells, total: board.cells, unit: 'squares' });
  return { counts: m.counts, total: m.total };
});
