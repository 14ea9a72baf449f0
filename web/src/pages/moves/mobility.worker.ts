// Web Worker that computes the mobility heat map of large boards off the page's thread: the engine's mobility
// job, row by row, so the page's bar shows the rows counted.
import { Bitboard } from '../../../../src/core/bitboard.js';
import { Board } from '../../../../src/core/board.js';
import { job } from '../../../../src/core/job.js';
import { mobilityJob } from '../../../../src/pieces/mobility.js';
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

servePage<MobilityRequest, MobilityResult>(self as unknown as Endpoint, (req) => {
  const board = Board.of(req.width, req.height);
  const inner = mobilityJob(board, parsePiece(req.spec), req.blockers.length > 0 ? Bitboard.fromSquares(board, req.blockers) : undefined);
  return job<MobilityResult, unknown>(function* (ctl) {
    return yield* inner.within(ctl);
  });
});
