// `fleet count` run as shards: on the local cores (one thread per core, saved to a checkpoint as shards finish)
// or on the job queue (--queue), the shards' counts added up and reported in the command's usual words and JSON.
import { GridbitsError } from '../core/error.js';
import { shardsTotal } from '../core/shards.js';
import type { ShardedLayoutCount } from '../fleet/count-shards.js';
import type { FleetProblem } from '../fleet/problem.js';
import { dropCheckpoint } from './checkpoint-file.js';
import { exitOf } from './exit.js';
import { fleetText, problemJson } from './fleet-shared.js';
import { interruptible } from './io.js';
import type { Output } from './output.js';
import type { QueueAddress } from './queue-address.js';
import { runShardsLocally } from './shard-local.js';
import { thousands } from '../core/text.js';
import { plural, secondsSince, secondsWords, stopName, stopWords, type Stop } from './words.js';

/** Where a sharded count runs: the local cores (with an optional checkpoint and time limit) or a queue. */
export interface FleetShardRun {
  queue?: QueueAddress;
  checkpoint?: string;
  timeoutMs?: number;
}

/** Counts the shards, prints the answer (or what was finished), returns the exit code. */
export async function countFleetSharded(
  out: Output,
  p: FleetProblem,
  sc: ShardedLayoutCount,
  run: FleetShardRun,
): Promise<number> {
  const t0 = performance.now();
  const label = `fleet count ${p.width}x${p.height}`;
  const file = run.checkpoint;
  let counts: Map<number, { count: bigint; nodes: number }>;
  let interrupted: boolean;
  let timedOut = false;
  let where: Record<string, unknown>;
  let how: string;
  if (run.queue === undefined) {
    const r = await runShardsLocally(out, sc, {
      label,
      eager: true,
      ...(file !== undefined ? { checkpoint: file } : {}),
      ...(run.timeoutMs !== undefined ? { timeoutMs: run.timeoutMs } : {}),
    });
    ({ counts, timedOut, where, how } = r);
    interrupted = r.interrupted || r.timedOut;
  } else {
    // The queue's client is loaded only for counts on a queue.
    const { countOnQueue } = await import('./queue-count.js');
    const queue = run.queue;
    const r = await interruptible(out, (signal) =>
      countOnQueue(sc, queue, {
        signal,
        onProgress: (pr, waiting) => out.progress(pr, waiting === undefined ? label : `${label}: ${waiting}`),
      }),
    );
    ({ counts, interrupted } = r);
    where = { queue: queue.shown, reused: r.reused };
    how = `${plural(sc.shards, 'shard')} on the job queue at ${queue.shown}${r.reused > 0 ? ` (${thousands(r.reused)} done before this run)` : ''}`;
  }
  const seconds = secondsSince(t0);
  let nodes = 0;
  for (const c of counts.values()) nodes += c.nodes;
  const split = { shards: sc.shards, split: sc.method, shardsDone: counts.size, nodes, ...where };
  if (interrupted) {
    const saved =
      file !== undefined
        ? `; saved to ${file}: the same command goes on from there`
        : run.queue !== undefined
          ? '; the rest stay on the queue, and the same command picks them up'
          : '';
    const stopped: Stop = timedOut ? 'time' : 'signal';
    if (out.json)
      out.printJson({ count: null, complete: false, stopped: stopName(stopped), ...problemJson(p), ...split, seconds });
    else
      out.print(
        `${stopWords(stopped, { timeoutMs: run.timeoutMs })}: ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} of the count of ${fleetText(p)} on ${p.width}x${p.height} counted (${secondsWords(seconds)})${saved}; no total yet`,
      );
    return exitOf(stopped);
  }
  let total: bigint;
  try {
    total = shardsTotal(sc, counts);
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `the shards do not make up the count: ${(e as Error).message}`);
  }
  if (file !== undefined) dropCheckpoint(file);
  if (out.json) {
    out.printJson({ count: total.toString(), ...problemJson(p), seconds, ...split });
    return 0;
  }
  out.print(`${plural(total, 'layout')} of ${fleetText(p)} on ${p.width}x${p.height} (${secondsWords(seconds)})`);
  out.print(out.paint.dim(`${how}; ${thousands(nodes)} states expanded`));
  return 0;
}
