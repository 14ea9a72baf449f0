// `tour-count` run as shards: on the local cores (one thread per core) or on the job queue (--queue), the
// shards' counts added up and reported in the command's usual words and JSON.
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { COUNT_CONVENTION, COUNT_MAX_REACH } from '../tour/count.js';
import { buildCountGraph } from '../tour/count-graph.js';
import { frontierFits } from '../tour/count-frontier.js';
import type { ShardedCount } from '../tour/count-shards.js';
import { interruptible } from './io.js';
import type { Output } from './output.js';
import type { QueueAddress } from './queue.js';
import { countShardsLocally } from './shard-threads.js';
import { plural, secondsSince, thousands } from './words.js';

/** The method a one-shard ('whole') count runs: the one `countTours` picks for a board it counts without a budget. */
function wholeMethod(board: Board, piece: Piece, closed: boolean): 'frontier' | 'backtracking' {
  const g = buildCountGraph(board, piece);
  return frontierFits(g.reach, closed) && g.reach <= COUNT_MAX_REACH ? 'frontier' : 'backtracking';
}

/** Counts the shards (locally, or on the queue when an address is given), prints the answer, returns the exit code. */
export async function countSharded(out: Output, board: Board, piece: Piece, sc: ShardedCount, queue: QueueAddress | undefined): Promise<number> {
  const { closed } = sc.question;
  const t0 = performance.now();
  const label = `tour-count ${board}`;
  let counts: Map<number, { count: bigint; nodes: number; peakStates?: number }>;
  let interrupted: boolean;
  let where: Record<string, unknown>;
  let how: string;
  if (queue === undefined) {
    const r = await interruptible(out, (signal) => countShardsLocally(sc, { signal, onProgress: (p) => out.progress(p, label) }));
    ({ counts, interrupted } = r);
    where = { threads: r.threads };
    how = `${plural(sc.shards, 'shard')} on ${plural(r.threads, 'thread')}`;
  } else {
    // The queue's client is loaded only for counts on a queue.
    const { countOnQueue } = await import('./queue-count.js');
    const r = await interruptible(out, (signal) => countOnQueue(sc, queue, { signal, onProgress: (p) => out.progress(p, label) }));
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
  for (const c of counts.values()) {
    count += c.count;
    nodes = sc.method === 'halves' ? Math.max(nodes, c.nodes) : nodes + c.nodes;
    if (typeof c.peakStates === 'number') peakStates = Math.max(peakStates ?? 0, c.peakStates);
  }
  const complete = !interrupted;
  // The JSON's method keeps its values ('frontier', 'backtracking'); the halves are the frontier program on two half-boards.
  const method = sc.method === 'halves' ? 'frontier' : wholeMethod(board, piece, closed);
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
      ...(complete ? {} : { reason: 'interrupted' }),
      convention,
      method,
      ...(sc.method === 'halves' ? { split: 'halves' } : {}),
      nodes,
      ...(peakStates !== undefined ? { peakStates } : {}),
      seconds,
      shards: sc.shards,
      shardsDone: counts.size,
      ...where,
      ...(interrupted ? { interrupted: true } : {}),
    });
    return interrupted ? 130 : 0;
  }
  const kind = closed ? 'closed' : 'directed open';
  const what = `${kind} ${piece.name} tour${count === 1n ? '' : 's'} of the ${board} board`;
  if (complete) out.print(`${thousands(count)} ${what}`);
  else {
    const left = queue === undefined ? '' : '; the rest stay on the queue, and the same command picks them up';
    out.print(`at least ${thousands(count)} ${what} (a lower bound: interrupted, ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} done${left})`);
  }
  const methodWords = sc.method === 'halves' ? 'frontier dynamic program on two half-boards' : method === 'frontier' ? 'frontier dynamic program' : 'backtracking';
  out.print(out.paint.dim(`${convention}; ${methodWords}, ${how}, ${thousands(nodes)} nodes, ${seconds} s`));
  return interrupted ? 130 : 0;
}
