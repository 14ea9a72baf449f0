// Shards of a tour count on worker threads that live as long as the run: a thread keeps the boundary table it
// built for its first shard of a count, so its later shards of that count cost only their part of the join.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Job, Outcome } from '../core/job.js';
import type { Progress } from '../core/run.js';
import { runInWorker } from '../core/worker.js';
import { shardJobName, type ShardCount, type ShardedCount } from '../core/shards.js';
import { endIdleThread } from './thread-end.js';

/**
 * What a shard answers: its count, or (a tour count) why the counter could not count it, a limit of its own that
 * every shard of the count meets (see the tour engine's `ShardOutOfReach`).
 */
type ShardAnswer = ShardCount | { index: number; key: string; reason: string; nodes: number };

/** The registry's shard jobs ('tour.countShard', 'fleet.countShard'), as the pool calls them: any count's shard. */
type ShardJobs = Record<string, (sc: ShardedCount, index: number) => Pick<Job<ShardAnswer, unknown>, 'run'>>;

/** One shard's run: Ctrl-C (the signal) and its progress (per cent of the shard). */
export interface ShardRunOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

/** The local cores: one thread per core at most. */
export function localCores(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Shards a count splits into on the local cores: enough for 16 cores to share a long join, few enough that the
 * cost of each shard (a thread's round trip, the join's setup: a few ms) stays small beside the count. The same
 * on every machine, so the same command prints the same JSON everywhere.
 */
export const LOCAL_SHARDS = 16;

/** How long a stopped shard's thread has to answer before it is ended (Ctrl-C is answered within 500 ms). */
const SHARD_STOP_GRACE_MS = 250;

/**
 * Up to `size` worker threads running shards, one shard per thread at a time. Stopped by its signal, a shard
 * stops at its next pause and the outcome says 'signal' (a thread that does not answer in time is ended).
 */
export class ShardThreads {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();

  constructor(readonly size: number) {}

  /** Runs shard `index` of the count on a free thread (callers run at most `size` at once). */
  async run(sc: ShardedCount, index: number, options: ShardRunOptions = {}): Promise<Outcome<ShardAnswer, unknown>> {
    const { signal, onProgress } = options;
    const t0 = performance.now();
    let nodes = 0;
    const stopped = (): Outcome<ShardAnswer, unknown> => ({
      finished: false,
      stopped: 'signal',
      partial: undefined,
      nodes,
      ms: performance.now() - t0,
    });
    if (signal?.aborted) return stopped();
    const worker = this.idle.pop() ?? this.spawn();
    let onAbort = (): void => undefined;
    let onError = (): void => undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    try {
      // Stopped, the shard is asked to stop and its thread kept when it answers in time (it stops at its next
      // pause, within milliseconds); ended at once only when it does not (see thread-end.ts).
      const aborted = new Promise<Outcome<ShardAnswer, unknown>>((resolve) => {
        onAbort = () => {
          grace = setTimeout(() => {
            this.end(worker);
            resolve(stopped());
          }, SHARD_STOP_GRACE_MS);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      const failed = new Promise<never>((_, reject) => {
        onError = () => reject(new Error('a worker thread stopped unexpectedly (out of memory?)'));
        worker.once('error', onError);
        worker.once('exit', onError);
      });
      const done = runInWorker<ShardJobs>(worker, shardJobName(sc), [sc, index], {
        signal,
        onProgress: (p) => ((nodes = p.done), onProgress?.(p)),
      });
      const outcome = await Promise.race([done, aborted, failed]);
      if (this.all.has(worker)) this.idle.push(worker);
      return outcome;
    } catch (e) {
      this.end(worker);
      throw e;
    } finally {
      clearTimeout(grace);
      signal?.removeEventListener('abort', onAbort);
      worker.off('error', onError);
      worker.off('exit', onError);
    }
  }

  /** Ends every thread (their boundary tables are freed): idle ones once settled, a busy one at once. */
  close(): void {
    for (const w of this.idle) {
      this.all.delete(w);
      void endIdleThread(w);
    }
    this.idle.length = 0;
    for (const w of [...this.all]) this.end(w);
  }

  private spawn(): Worker {
    const w = new Worker(new URL('../worker.js', import.meta.url));
    this.all.add(w);
    return w;
  }

  private end(w: Worker): void {
    this.all.delete(w);
    const i = this.idle.indexOf(w);
    if (i >= 0) this.idle.splice(i, 1);
    w.removeAllListeners('error');
    w.on('error', () => undefined);
    void w.terminate();
  }
}

/** What the shards of a count gave so far: their counts by index. */
export interface ShardsDone {
  counts: Map<number, ShardCount>;
  /** True when the signal stopped the run before every shard was done. */
  interrupted: boolean;
  /** Where a shard could not be counted (a limit of the counter's own): why; no other shard is started then. */
  beyond?: string;
  threads: number;
}

/** Where and how a count's shards run locally. */
export interface LocalShardOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Threads at most (default: one per core). */
  threads?: number;
  /**
   * Start every thread at once rather than when it pays: for shards whose threads share no work (a layout
   * count's), or for measuring.
   */
  eager?: boolean;
  /** Shards counted before (a checkpoint's): not counted again, and in the answer. */
  done?: ReadonlyMap<number, ShardCount>;
  /** Called with each shard as it is counted (to save it). */
  onShard?: (shard: ShardCount) => void;
}

/**
 * Runs every shard of a count on local threads, each taking the next shard, with progress in shards (a running
 * shard counts by its share done). Stopped by the signal, it returns the shards finished.
 *
 * A thread builds its own boundary table before its first shard (the table is per thread), so a second thread
 * pays only where the join left is long: one thread starts; after each shard, another is added (up to
 * `threads`, one per core by default) when the join left, spread over one more thread, saves more time than a
 * table costs (the first shard's time: the table and a part of the join).
 */
export async function countShardsLocally(sc: ShardedCount, options: LocalShardOptions = {}): Promise<ShardsDone> {
  const most = Math.max(1, Math.min(options.threads ?? localCores(), sc.shards - (options.done?.size ?? 0)));
  const pool = new ShardThreads(most);
  const counts = new Map<number, ShardCount>(options.done ?? []);
  const todo = Array.from({ length: sc.shards }, (_, i) => i).filter((i) => !counts.has(i));
  const share = new Map<number, number>();
  const report = (): void => {
    let running = 0;
    for (const s of share.values()) running += s;
    options.onProgress?.({ share: (counts.size + running) / sc.shards, done: counts.size, unit: 'shards' });
  };
  let next = 0,
    lanes = 0;
  let firstMs = 0,
    joinMs = 0,
    joins = 0;
  const running: Promise<void>[] = [];
  let failure: unknown = undefined;
  let beyond: string | undefined;
  const maybeAdd = (): void => {
    if (lanes >= most || next >= todo.length || options.signal?.aborted) return;
    if (lanes > 0 && options.eager !== true) {
      if (joins === 0) return;
      const left = ((todo.length - next) * joinMs) / joins;
      if (left / lanes - left / (lanes + 1) <= firstMs) return;
    }
    lanes++;
    running.push(lane());
  };
  const lane = async (): Promise<void> => {
    let first = true;
    while (next < todo.length && !options.signal?.aborted && failure === undefined && beyond === undefined) {
      const index = todo[next++];
      share.set(index, 0);
      const t0 = performance.now();
      const outcome = await pool.run(sc, index, {
        signal: options.signal,
        onProgress: (p) => {
          share.set(index, p.share ?? 0);
          report();
        },
      });
      share.delete(index);
      if (!outcome.finished) return;
      if ('reason' in outcome.value) {
        beyond ??= outcome.value.reason;
        return;
      }
      const ms = performance.now() - t0;
      if (first) firstMs = Math.max(firstMs, ms);
      else {
        joinMs += ms;
        joins++;
      }
      first = false;
      counts.set(index, outcome.value);
      options.onShard?.(outcome.value);
      report();
      maybeAdd();
    }
  };
  try {
    maybeAdd();
    for (let i = 1; options.eager === true && i < most; i++) maybeAdd();
    // Lanes may be added while others run: wait until none is left running.
    for (let i = 0; i < running.length; i++) await running[i].catch((e: unknown) => void (failure ??= e));
    if (failure !== undefined) throw failure;
  } finally {
    pool.close();
  }
  return {
    counts,
    interrupted: counts.size < sc.shards && beyond === undefined,
    ...(beyond !== undefined ? { beyond } : {}),
    threads: lanes,
  };
}
