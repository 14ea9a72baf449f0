// The Moves page's big heat maps, answered by the pieces engine's mobility job on the page's worker: the ranks
// counted go to the page as the job hands them back, so the map draws as it is counted.
import type { JobsByName } from '../../../../src/jobs.js';
import type { Mobility } from '../../../../src/pieces/mobility.js';
import type { RunJob } from '../../worker/jobs.js';

/** The jobs the page's worker serves. */
export type MovesJobs = Pick<JobsByName, 'pieces.mobility'>;

export interface MobilityRequest {
  /** Names the heat map asked for; the ranks handed on the way carry it back. */
  key: string;
  width: number;
  height: number;
  spec: string;
  blockers: number[];
}

/** Ranks counted since the last ones handed to the page. */
export interface MobilityRanks {
  key: string;
  /** The first rank of `counts` (from 0) and the number of ranks now done. */
  from: number;
  rows: number;
  counts: Int32Array;
}

/** The whole heat map; the ranks go to `onRanks` while it is counted. */
export async function mobilityTask(
  req: MobilityRequest,
  run: RunJob<MovesJobs>,
  onRanks: (m: MobilityRanks) => void = () => undefined,
): Promise<Mobility> {
  let sent = 0;
  const task = { board: { width: req.width, height: req.height }, piece: req.spec, occupied: req.blockers };
  const out = await run('pieces.mobility', [task], {
    onPartial: (part) => {
      if (part.rows <= sent) return;
      const counts = part.counts.slice(sent * req.width, part.rows * req.width);
      onRanks({ key: req.key, from: sent, rows: part.rows, counts });
      sent = part.rows;
    },
  });
  // The map has no limit of its own: only a cancel stops it, and that rejects.
  if (!out.finished) throw new Error('the heat map stopped before it was counted');
  return out.value;
}
