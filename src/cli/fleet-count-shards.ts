// `fleet count` run as shards: on the local cores (one thread per core, saved to a checkpoint as shards finish)
// or on the job queue (--queue), the shards' counts added up and reported in the command's usual words and JSON.
import { GridbitsError } from '../core/error.js';
import { shardsTotal, type ShardCount } from '../core/shards.js';
import type { ShardedCount } from '../fleet/count-shards.js';
import type { FleetProblem } from '../fleet/problem.js';
import { dropCheckpoint, loadShardCheckpoint, saveShardCheckpoint } from './checkpoint-file.js';
import { fleetText, problemJson } from './fleet.js';
import { interruptible, whileSaving } from './io.js';
import type { Output } from './output.js';
import type { QueueAddress } from './queue.js';
import { countShardsLocally } from './shard-threads.js';
import { durationWords, plural, secondsSince, thousands } from './words.js';

/** Where a sharded count runs: the local cores (with an optional checkpoint and time limit) or a queue. */
export interface FleetShardRun {
  queue?: QueueAddress;
  checkpoint?: string;
  timeoutMs?: number;
}

/** Saves a checkpoint at most this often while shards finish (and always when the count stops). */
const SAVE_EVERY_MS = 1000;

/** Counts the shards, prints the answer (or what was finished), returns the exit code. */
export async function countFleetSharded(out: Output, p: FleetProblem, sc: ShardedCount, run: FleetShardRun): Promise<number> {
  const t0 = performance.now();
  const label = `fleet count ${p.width}x${p.height}`;
  const file = run.checkpoint;
  const before = file === undefined ? new Map<number, ShardCount>() : loadShardCheckpoint(file, sc);
  let counts: Map<number, { count: bigint; nodes: number }>;
  let interrupted: boolean;
  let timedOut = false;
  let where: Record<string, unknown>;
  let how: string;
  if (run.queue === undefined) {
    let savedAt = performance.now();
    const done = new Map(before);
    const save = (force: boolean): void => {
      if (file === undefined || (!force && performance.now() - savedAt < SAVE_EVERY_MS)) return;
      whileSaving(() => saveShardCheckpoint(file, sc, done));
      savedAt = performance.now();
    };
    const r = await interruptible(out, (signal) => {
      const limit = run.timeoutMs === undefined ? undefined : AbortSignal.timeout(run.timeoutMs);
      const stop = limit === undefined ? signal : AbortSignal.any([signal, limit]);
      return countShardsLocally(sc, {
        signal: stop,
        eager: true,
        done: before,
        onShard: (c) => {
          done.set(c.index, c);
          save(false);
        },
        onProgress: (pr) => out.progress(pr, label),
      }).then((result) => ((timedOut = result.interrupted && limit?.aborted === true && !signal.aborted), result));
    });
    ({ counts, interrupted } = r);
    if (interrupted) save(true);
    where = { threads: r.threads, ...(file !== undefined ? { checkpoint: file, resumed: before.size } : {}) };
    how = `${plural(sc.shards, 'shard')} on ${plural(r.threads, 'thread')}${before.size > 0 ? ` (${thousands(before.size)} from the checkpoint)` : ''}`;
  } else {
    // The queue's client is loaded only for counts on a queue.
    const { countOnQueue } = await import('./queue-count.js');
    const queue = run.queue;
    const r = await interruptible(out, (signal) => countOnQueue(sc, queue, { signal, onProgress: (pr) => out.progress(pr, label) }));
    ({ counts, interrupted } = r);
    where = { queue: queue.shown, reused: r.reused };
    how = `${plural(sc.shards, 'shard')} on the job queue at ${queue.shown}${r.reused > 0 ? ` (${thousands(r.reused)} done before this run)` : ''}`;
  }
  const ms = performance.now() - t0;
  const seconds = secondsSince(t0);
  let nodes = 0;
  for (const c of counts.values()) nodes += c.nodes;
  const split = { shards: sc.shards, split: sc.method, shardsDone: counts.size, nodes, ...where };
  if (interrupted) {
    const saved = file !== undefined ? `; saved to ${file}: the same command goes on from there` : run.queue !== undefined ? '; the rest stay on the queue, and the same command picks them up' : '';
    if (timedOut) {
      throw new GridbitsError('LIMIT', `the count did not finish within the time limit (${durationWords(run.timeoutMs!)}): ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} counted${saved}`);
    }
    if (out.json) out.printJson({ count: null, stopped: 'signal', ...problemJson(p), ...split, seconds });
    else out.print(`interrupted: ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} of the count of ${fleetText(p)} on ${p.width}x${p.height} counted (${seconds.toFixed(2)} s)${saved}; no total yet`);
    return 130;
  }
  let total: bigint;
  try {
    total = shardsTotal(sc, counts);
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `the shards do not make up the count: ${(e as Error).message}`);
  }
  if (file !== undefined) dropCheckpoint(file);
  if (out.json) {
    out.printJson({ count: total.toString(), ...problemJson(p), ms: Math.round(ms), seconds, ...split });
    return 0;
  }
  out.print(`${plural(total, 'layout')} of ${fleetText(p)} on ${p.width}x${p.height} (${seconds.toFixed(2)} s)`);
  out.print(out.paint.dim(`${how}; ${thousands(nodes)} states expanded`));
  return 0;
}
