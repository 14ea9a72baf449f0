// `tour-count` run as shards: on the local cores (one thread per core) or on the job queue (--queue), the
// shards' counts added up and reported in the command's usual words and JSON.
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { COUNT_CONVENTION, COUNT_MAX_REACH, noTours } from '../tour/count.js';
import { buildCountGraph } from '../tour/count-graph.js';
import { frontierFits } from '../tour/count-frontier.js';
import type { ShardedTourCount } from '../tour/count-shards.js';
import { interruptible } from './io.js';
import type { Output } from './output.js';
import type { QueueAddress } from './queue-address.js';
import { runShardsLocally } from './shard-local.js';
import { dropCheckpoint } from './checkpoint-file.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { bytesWords, peakMemoryBytes, plural, secondsSince, secondsWords, stopName, type Stop } from './words.js';
import { budgetWords } from './tour-stopped.js';

/** How the text names a split count's method, after "frontier dynamic program". */
export const SPLIT_WORDS = {
  halves: ' on two half-boards',
  crossing: ' on the top and bottom parts of the board, joined through the moves between them',
} as const;

/** The method a one-shard ('whole') count runs: the one `countTours` picks for a board it counts without a budget. */
function wholeMethod(board: Board, piece: Piece, closed: boolean): 'frontier' | 'backtracking' | 'theorem' {
  if (noTours(board, piece, closed) !== null) return 'theorem';
  const g = buildCountGraph(board, piece);
  return frontierFits(g.reach) && g.reach <= COUNT_MAX_REACH ? 'frontier' : 'backtracking';
}

/**
 * Counts the shards (locally, or on the queue when an address is given), prints the answer, returns the exit
 * code. Locally, a time limit (`timeoutMs`) stops the shards still running (the finished ones' sum is a lower
 * bound), and a checkpoint file keeps the shards finished for the same command to go on from.
 */
export async function countSharded(
  out: Output,
  board: Board,
  piece: Piece,
  sc: ShardedTourCount,
  queue: QueueAddress | undefined,
  run: { timeoutMs?: number; checkpoint?: string; label?: string } = {},
): Promise<number> {
  const { closed } = sc.question;
  const t0 = performance.now();
  const label = run.label ?? `tour-count ${board}`;
  let counts: Map<number, { count: bigint; nodes: number; peakStates?: number }>;
  let interrupted: boolean;
  let where: Record<string, unknown>;
  let how: string;
  let timedOut = false;
  let beyond: string | undefined;
  if (queue === undefined) {
    // Joined across the middle, the join is most of the work: every core from the start.
    const r = await runShardsLocally(out, sc, { eager: sc.method === 'crossing', ...run, label });
    ({ counts, interrupted, timedOut, where, how, beyond } = r);
  } else {
    // The queue's client is loaded only for counts on a queue.
    const { countOnQueue } = await import('./queue-count.js');
    const r = await interruptible(out, (signal) =>
      countOnQueue(sc, queue, {
        signal,
        onProgress: (p, waiting) => out.progress(p, waiting === undefined ? label : `${label}: ${waiting}`),
      }),
    );
    ({ counts, interrupted } = r);
    where = { queue: queue.shown, reused: r.reused };
    how = `${plural(sc.shards, 'shard')} on the job queue at ${queue.shown}${r.reused > 0 ? ` (${thousands(r.reused)} done before this run)` : ''}`;
  }
  const seconds = secondsSince(t0);
  let count = 0n;
  let nodes = 0;
  // The most states a shard held at once, where shards say (the tour-count JSON has had peakStates).
  let peakStates: number | undefined;
  // Every shard of a count by halves reports the same top half's work: the count's nodes are one table's.
  // A count joined across the middle: the top half's work (in shard 0) and each shard's part of the join.
  for (const c of counts.values()) {
    count += c.count;
    nodes = sc.method === 'halves' ? Math.max(nodes, c.nodes) : nodes + c.nodes;
    if (typeof c.peakStates === 'number') peakStates = Math.max(peakStates ?? 0, c.peakStates);
  }
  // A limit of the counter's own met by a shard (every shard meets it; no budget would lift it) stops the count
  // as a budget does, and says why; the finished shards' sum is still a lower bound.
  const complete = !interrupted && !timedOut && beyond === undefined;
  const reason = interrupted ? 'interrupted' : timedOut ? budgetWords('time', { timeoutMs: run.timeoutMs }) : beyond;
  if (complete && run.checkpoint !== undefined) dropCheckpoint(run.checkpoint);
  const stopped: Stop | undefined = interrupted ? 'signal' : timedOut ? 'time' : undefined;
  // A limit of the counter's own ends as a spent budget does: exit 3.
  const code = exitOf(stopped ?? (complete ? undefined : 'nodes'));
  // The JSON's method keeps its values ('frontier', 'backtracking'); the halves are the frontier program on two
  // half-boards.
  const method = sc.method === 'whole' ? wholeMethod(board, piece, closed) : 'frontier';
  const convention = closed ? COUNT_CONVENTION.closed : COUNT_CONVENTION.open;
  if (out.json) {
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      closed,
      count: count.toString(),
      directed: !closed,
      ...(!closed && complete ? { undirectedCount: (board.cells > 1 ? count / 2n : count).toString() } : {}),
      complete,
      // The finished shards' counts add up to a real lower bound.
      lowerBound: !complete,
      bound: complete ? 'exact' : 'lower',
      ...(reason === undefined ? {} : { reason }),
      convention,
      method,
      ...(sc.method === 'whole' ? {} : { split: sc.method }),
      nodes,
      ...(peakStates !== undefined ? { peakStates } : {}),
      seconds,
      // The whole process's peak, its threads' tables included (a queued count's workers are elsewhere).
      peakMemoryBytes: peakMemoryBytes(),
      shards: sc.shards,
      shardsDone: counts.size,
      ...where,
      ...(stopped !== undefined ? { stopped: stopName(stopped) } : {}),
    });
    return code;
  }
  const kind = closed ? 'closed' : 'directed open';
  const what = `${kind} ${piece.name} tour${count === 1n ? '' : 's'} of the ${board} board`;
  if (complete) out.print(`${thousands(count)} ${what}`);
  else {
    const left =
      queue !== undefined
        ? '; the rest stay on the queue, and the same command picks them up'
        : run.checkpoint !== undefined && beyond === undefined
          ? `; saved to '${run.checkpoint}': the same command goes on from there`
          : '';
    out.print(
      `at least ${thousands(count)} ${what} (a lower bound: ${reason}, ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} done${left})`,
    );
  }
  const methodWords =
    sc.method !== 'whole'
      ? `frontier dynamic program${SPLIT_WORDS[sc.method]}`
      : method === 'frontier'
        ? 'frontier dynamic program'
        : method === 'theorem'
          ? `none by theorem (${noTours(board, piece, closed)})`
          : 'backtracking';
  out.print(
    out.paint.dim(
      `${convention}; ${methodWords}, ${how}, ${thousands(nodes)} nodes, ${secondsWords(seconds)}, ${bytesWords(peakMemoryBytes())} of memory at most`,
    ),
  );
  return code;
}
