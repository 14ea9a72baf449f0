// A sharded count on the local cores as a command runs it: Ctrl-C, a time limit, and a checkpoint of the
// shards finished (saved as they finish and when the count stops; the same command goes on from there).
import type { ShardCount, ShardedCount } from '../core/shards.js';
import { loadShardCheckpoint, saveShardCheckpoint } from './checkpoint-file.js';
import { interruptible, whileSaving } from './io.js';
import type { Output } from './output.js';
import { timeLeft } from './run-job.js';
import { countShardsLocally } from './shard-threads.js';
import { thousands } from '../core/text.js';
import { plural } from './words.js';

/** How a command runs its shards locally. */
export interface LocalRun {
  /** The progress line's label. */
  label: string;
  /** Stops the shards still running after this long: the run then says `timedOut`. */
  timeoutMs?: number;
  /** The checkpoint file: shards counted before are taken from it, and the shards finished saved to it. */
  checkpoint?: string;
  /** Every thread from the start (see `countShardsLocally`). */
  eager?: boolean;
}

/** What a local run gave. */
export interface LocalShards {
  counts: Map<number, ShardCount>;
  /** Ctrl-C stopped it before every shard was counted. */
  interrupted: boolean;
  /** The time limit stopped it before every shard was counted. */
  timedOut: boolean;
  /** A shard could not be counted, a limit of the counter's own: why (the count is not known). */
  beyond?: string;
  threads: number;
  /** Shards taken from the checkpoint. */
  resumed: number;
  /** The JSON's fields for where it ran: threads, and the checkpoint. */
  where: Record<string, unknown>;
  /** The same in words: "16 shards on 2 threads (3 from the checkpoint)". */
  how: string;
}

/** Saves a checkpoint at most this often while shards finish (and always when the count stops). */
const SAVE_EVERY_MS = 1000;

/** Runs the shards of `sc` on the local cores under Ctrl-C, a time limit and a checkpoint (see `LocalRun`). */
export async function runShardsLocally(out: Output, sc: ShardedCount, run: LocalRun): Promise<LocalShards> {
  const file = run.checkpoint;
  const before = file === undefined ? new Map<number, ShardCount>() : loadShardCheckpoint(file, sc);
  let savedAt = performance.now();
  const done = new Map(before);
  const save = (force: boolean): void => {
    if (file === undefined || (!force && performance.now() - savedAt < SAVE_EVERY_MS)) return;
    whileSaving(() => saveShardCheckpoint(file, sc, done));
    savedAt = performance.now();
  };
  let timedOut = false;
  const r = await interruptible(out, (signal) => {
    const limit = run.timeoutMs === undefined ? undefined : AbortSignal.timeout(timeLeft(run.timeoutMs));
    const stop = limit === undefined ? signal : AbortSignal.any([signal, limit]);
    return countShardsLocally(sc, {
      signal: stop,
      ...(run.eager === true ? { eager: true } : {}),
      done: before,
      onShard: (c) => {
        done.set(c.index, c);
        save(false);
      },
      onProgress: (p) => out.progress(p, run.label),
    }).then((result) => ((timedOut = result.interrupted && limit?.aborted === true && !signal.aborted), result));
  });
  if (r.interrupted) save(true);
  return {
    counts: r.counts,
    interrupted: r.interrupted && !timedOut,
    timedOut,
    ...(r.beyond !== undefined ? { beyond: r.beyond } : {}),
    threads: r.threads,
    resumed: before.size,
    where: { threads: r.threads, ...(file !== undefined ? { checkpoint: file, resumed: before.size } : {}) },
    how: `${plural(sc.shards, 'shard')} on ${plural(r.threads, 'thread')}${before.size > 0 ? ` (${thousands(before.size)} from the checkpoint)` : ''}`,
  };
}
