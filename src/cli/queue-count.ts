// `tour-count --queue`: a count's shards put on the job queue, waited for and checked; the workers count them.
import { GridbitsError } from '../core/error.js';
import type { Progress } from '../core/run.js';
import type { ShardedCount } from '../core/shards.js';
import {
  queueClient,
  queueLibraries,
  queueWaitMs,
  QUEUE_NAME,
  QUIET_MS,
  reachQueue,
  SHARD_JOB,
  shardJobId,
  shardResult,
  silenceWords,
  watchQueue,
  type ShardJobData,
} from './queue.js';
import { thousands } from '../core/text.js';
import { durationWords, plural } from './words.js';
import type { QueueAddress } from './queue-address.js';

/** How often the coordinator looks at the shards it waits for. */
const POLL_MS = 200;
/** A shard that fails on a worker (an error, not a worker's death) is tried this many times in all. */
const ATTEMPTS = 3;

/** What the queue gave back: the shards' counts by index, and how many were done before this run. */
export interface QueuedShards {
  counts: Map<number, { count: bigint; nodes: number; peakStates?: number }>;
  /** Shards whose count was already on the queue when this run began. */
  reused: number;
  /** True when Ctrl-C stopped the wait before every shard was done (the shards stay queued). */
  interrupted: boolean;
}

/**
 * Enqueues every shard of the count (ids from its key, so shards done before are found again, and shards that
 * failed before are tried again), waits for them, checks each result's key and index and returns the counts.
 * The signal stops the wait, not the workers. A queue that stops answering is waited for (`onProgress` is told,
 * with words for the progress line) up to `queueWaitMs()`; then the count stops with LIMIT, in one line saying
 * how to go on.
 */
export async function countOnQueue(
  sc: ShardedCount,
  address: QueueAddress,
  options: { signal?: AbortSignal; onProgress?: (p: Progress, waiting?: string) => void } = {},
): Promise<QueuedShards> {
  const { signal, onProgress } = options;
  // Ctrl-C while the server is reached: nothing was counted.
  if (!(await reachQueue(address, signal))) return { counts: new Map(), reused: 0, interrupted: true };
  const { Job: QueueJob, Queue } = (await queueLibraries()).bullmq;
  const client = await queueClient(address);
  const queue = new Queue<ShardJobData>(QUEUE_NAME, { connection: client });
  let lost: unknown = undefined;
  queue.on('error', (e) => (lost = e));
  const counts = new Map<number, { count: bigint; nodes: number; peakStates?: number }>();
  let progress: Progress = { share: 0, done: 0, unit: 'shards' };
  const waitMs = queueWaitMs();
  let unwatch = (): void => undefined;
  // The work may be held in a command that waits for a lost server: Ctrl-C and the queue's long silence end the
  // wait without it.
  const stopped = new Promise<'stopped'>((resolve, reject) => {
    signal?.addEventListener('abort', () => resolve('stopped'), { once: true });
    unwatch = watchQueue(client, (s) => {
      if (s.silentMs >= waitMs) {
        reject(
          new GridbitsError(
            'LIMIT',
            `${silenceWords(address, s, waitMs)}; the count stopped with ${thousands(counts.size)} of ${plural(sc.shards, 'shard')} counted, which the queue keeps: the same command picks them up once it answers`,
          ),
        );
      } else if (s.silentMs >= QUIET_MS) {
        onProgress?.(
          progress,
          `waiting for the job queue at ${address.shown} (${s.why}; the count stops after ${durationWords(waitMs)} without an answer)`,
        );
      }
    });
  });
  let reused = -1;
  const pending = new Set(Array.from({ length: sc.shards }, (_, i) => i));
  const work = async (): Promise<void> => {
    await queue.waitUntilReady();
    const ids = Array.from({ length: sc.shards }, (_, i) => shardJobId(sc, i));
    await queue.addBulk(
      ids.map((jobId, index) => ({
        name: SHARD_JOB,
        data: { sharded: sc, index },
        opts: {
          jobId,
          attempts: ATTEMPTS,
          backoff: { type: 'fixed', delay: 1000 },
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
    while (pending.size > 0 && !signal?.aborted) {
      for (const index of [...pending]) {
        const job = await QueueJob.fromId(queue, ids[index]);
        if (job === undefined) {
          // Removed from the queue by hand since (or lost with a server that kept no data): put it back.
          await queue.add(
            SHARD_JOB,
            { sharded: sc, index },
            { jobId: ids[index], attempts: ATTEMPTS, removeOnComplete: false, removeOnFail: false },
          );
          continue;
        }
        const state = await job.getState();
        if (state === 'failed') {
          if (reused < 0) {
            // Failed in an earlier run: this run tries it again.
            await job.retry('failed');
            continue;
          }
          throw new GridbitsError(
            'BAD_INPUT',
            `shard ${index + 1} of ${sc.shards} failed on a worker: ${job.failedReason}`,
          );
        }
        if (state !== 'completed') continue;
        // Read again: the job may have completed after it was read above, without its result then.
        const finished = await QueueJob.fromId(queue, ids[index]);
        counts.set(index, shardResult(sc, index, finished?.returnvalue));
        pending.delete(index);
      }
      if (reused < 0) reused = counts.size;
      progress = { share: counts.size / sc.shards, done: counts.size, unit: 'shards' };
      onProgress?.(progress);
      if (pending.size > 0) await pause(POLL_MS, signal);
    }
  };
  try {
    await Promise.race([work(), stopped]);
    return { counts, reused: Math.max(0, reused), interrupted: pending.size > 0 };
  } catch (e) {
    if (e instanceof GridbitsError) throw e;
    throw new GridbitsError(
      'BAD_INPUT',
      `the job queue at ${address.shown} failed: ${(e as Error).message ?? String(lost)}`,
    );
  } finally {
    unwatch();
    // The connection is ours (BullMQ's close would wait for a lost server): dropped, whatever was in flight.
    await queue.close().catch(() => undefined);
    client.disconnect();
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
