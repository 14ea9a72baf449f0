// Web Worker that computes the mobility heat map off the page's thread for pieces whose vectors may reach one
// square twice (the page counts every other piece at once): the engine's mobility job in slices, posting the
// ranks counted after each slice so the page draws them as they arrive, with the bar showing the ranks done.
import { Bitboard } from '../../../../src/core/bitboard.js';
import { Board } from '../../../../src/core/board.js';
import { job } from '../../../../src/core/job.js';
import { mobilityJob, type MobilityPartial } from '../../../../src/pieces/mobility.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';

export interface MobilityRequest {
  /** Names the heat map asked for; the ranks posted on the way carry it back. */
  key: string;
  width: number;
  height: number;
  spec: string;
  blockers: number[];
}

export interface MobilityResult {
  counts: Int32Array;
  total: number;
}

/** Ranks counted so far, posted beside the job's messages (which carry an id; this carries none). */
export interface MobilityRanks {
  mobilityRanks: true;
  key: string;
  /** The first rank of `counts` (from 0) and the number of ranks now done. */
  from: number;
  rows: number;
  counts: Int32Array;
}

/** Time between two posts of the ranks done: often enough to look live, seldom enough to redraw a big board. */
const SLICE_MS = 150;
/** The first ranks go out sooner, so the map starts to show at once. */
const FIRST_SLICE_MS = 40;

const scope = self as unknown as Endpoint;
servePage<MobilityRequest, MobilityResult>(scope, (req) => {
  const board = Board.of(req.width, req.height);
  const inner = mobilityJob(
    board,
    parsePiece(req.spec),
    req.blockers.length > 0 ? Bitboard.fromSquares(board, req.blockers) : undefined,
  );
  return job<MobilityResult, unknown>(function* (ctl) {
    let sent = 0;
    for (;;) {
      const out = yield* inner.runWithin(ctl, { timeoutMs: sent === 0 ? FIRST_SLICE_MS : SLICE_MS });
      if (out.finished) return out.value;
      const part = out.partial as MobilityPartial;
      if (part.rows > sent) {
        const counts = part.counts.slice(sent * req.width, part.rows * req.width);
        scope.postMessage({
          mobilityRanks: true,
          key: req.key,
          from: sent,
          rows: part.rows,
          counts,
        } satisfies MobilityRanks);
        sent = part.rows;
      }
      ctl.spend();
      yield;
    }
  });
});
