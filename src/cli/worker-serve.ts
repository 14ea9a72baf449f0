// The work of `gridbits worker`: a BullMQ worker whose shards run on threads; Ctrl-C hands running shards back.
import type { Job as QueueJob } from 'bullmq';
import { GridbitsError } from '../core/error.js';
import {
  checkShardData,
  MAX_STALLED,
  queueClient,
  queueLibraries,
  queueWaitMs,
  QUEUE_NAME,
  QUIET_MS,
  silenceWords,
  watchQueue,
  type ShardJobResult,
} from './queue.js';
import type { QueueAddress } from './queue-address.js';
import { LOCK_MS, STALLED_CHECK_MS } from './constants.js';
import { shardKind } from './shard-kinds.js';
import { ShardThreads } from './shard-threads.js';
import { thousands } from '../core/text.js';
import { durationWords, plural } from './words.js';

/** What a worker did: shards counted, shards failed, shards handed back on Ctrl-C. */
export interface Tally {
  done: number;
  failed: number;
  handedBack: number;
}

const log = (line: string): void => void process.stderr.write(`gridbits worker: ${line}\n`);

/**
 * Serves shards until the signal: then takes no new one, hands the running ones back and resolves. A queue that
 * stops answering is waited for up to `queueWaitMs()` (the log says so); then the worker stops with LIMIT.
 */
export async function serve(address: QueueAddress, concurrency: number, signal: AbortSignal): Promise<Tally> {
  const { UnrecoverableError, WaitingError, Worker } = (await queueLibraries()).bullmq;
  const tally: Tally = { done: 0, failed: 0, handedBack: 0 };
  const threads = new ShardThreads(concurrency);
  // Fired when the queue is lost for good: the shards stop, and nothing is handed back (no one would answer).
  const lost = new AbortController();
  const halt = AbortSignal.any([signal, lost.signal]);
  const count = async (job: QueueJob, token?: string): Promise<ShardJobResult> => {
    const data = checkShardData(job.data);
    if (typeof data === 'string')
      throw new UnrecoverableError(`job ${job.id ?? '?'} is not a shard of a gridbits count: ${data}`);
    const { sharded: sc, index } = data;
    const what = `shard ${index + 1} of ${sc.shards} of ${shardKind(sc)?.words(sc.question) ?? 'a count'}`;
    const t = performance.now();
    log(`started ${what}`);
    const outcome = await threads.run(sc, index, { signal: halt });
    if (lost.signal.aborted) throw new Error('the job queue was lost');
    if (!outcome.finished) {
      // Ctrl-C: back to the queue now, for this or another worker.
      await job.moveToWait(token);
      tally.handedBack++;
      log(`handed ${what} back to the queue`);
      throw new WaitingError();
    }
    // A limit of the counter's own, which every shard of the count meets: the shard fails, not to be tried again.
    if ('reason' in outcome.value)
      throw new UnrecoverableError(`${what} is out of the counter's reach: ${outcome.value.reason}`);
    log(`finished ${what}: ${thousands(outcome.value.count)} in ${durationWords(Math.round(performance.now() - t))}`);
    tally.done++;
    // peakStates: where a shard says it (ShardCount may carry it).
    const peak = (outcome.value as { peakStates?: unknown }).peakStates;
    return {
      index,
      key: sc.key,
      count: outcome.value.count.toString(),
      nodes: outcome.value.nodes,
      ...(typeof peak === 'number' ? { peakStates: peak } : {}),
    };
  };
  const client = await queueClient(address);
  const worker = new Worker<unknown, ShardJobResult>(QUEUE_NAME, count, {
    connection: client,
    concurrency,
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_CHECK_MS,
    maxStalledCount: MAX_STALLED,
    autorun: false,
  });
  // Connection errors are the watch's to report (it pings the server); the rest would repeat them.
  worker.on('error', () => undefined);
  worker.on('failed', (job, e) => {
    if (e instanceof WaitingError || e.name === 'WaitingError') return;
    tally.failed++;
    log(`failed ${job?.id ?? 'a job'}: ${e.message.split('\n')[0]}`);
  });
  const waitMs = queueWaitMs();
  let waiting = false;
  let unwatch = (): void => undefined;
  // Settles on the signal, or rejects when the queue has not answered for waitMs.
  const stopped = new Promise<void>((resolve, reject) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    unwatch = watchQueue(client, (s) => {
      if (s.silentMs >= waitMs) {
        lost.abort();
        reject(
          new GridbitsError(
            'LIMIT',
            `${silenceWords(address, s, waitMs)}; the worker stopped (the shards it was counting go back to the queue once it answers)`,
          ),
        );
      } else if (s.silentMs >= QUIET_MS && !waiting) {
        waiting = true;
        log(`the job queue at ${address.shown} is not answering (${s.why}); waiting up to ${durationWords(waitMs)}`);
      } else if (s.silentMs < QUIET_MS && waiting) {
        waiting = false;
        log(`the job queue at ${address.shown} answers again`);
      }
    });
  });
  log(`taking shards from ${address.shown}, ${plural(concurrency, 'shard')} at a time`);
  const running = worker.run();
  try {
    await stopped;
    await worker.close();
    await running.catch(() => undefined);
  } finally {
    unwatch();
    // A lost server: the shards were stopped (by `lost`), the connections are dropped rather than closed, and the
    // worker's loop is left behind (closing, and the loop, would wait for the server's answer).
    if (lost.signal.aborted) await worker.close(true).catch(() => undefined);
    client.disconnect();
    threads.close();
  }
  return tally;
}
