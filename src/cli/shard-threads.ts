// Shards of a tour count on worker threads that live as long as the run: a thread keeps the boundary table it
// built for its first shard of a count, so its later shards of that count cost only their part of the join.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Outcome } from '../core/job.js';
import type { Progress } from '../core/run.js';
import { runInWorker } from '../core/worker.js';
import type { ShardCount, ShardedCount } from '../tour/count-shards.js';

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
 * Up to `size` worker threads running shards, one shard per thread at a time. Stopped by its signal, a shard's
 * thread is ended at once (a shard has no partial answer worth waiting for) and the outcome says 'signal'.
 */
export class ShardThreads {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();

  constructor(readonly size: number) {}

  /** Runs shard `index` of the count on a free thread (callers run at most `size` at once). */
  async run(sc: ShardedCount, index: number, options: ShardRunOptions = {}): Promise<Outcome<ShardCount, unknown>> {
    const { signal, onProgress } = options;
    const t0 = performance.now();
    let nodes = 0;
    const stopped = (): Outcome<ShardCount, unknown> => ({ finished: false, stopped: 'signal', partial: undefined, nodes, ms: performance.now() - t0 });
    if (signal?.aborted) return stopped();
    const worker = this.idle.pop() ?? this.spawn();
    let onAbort = (): void => undefined;
    let onError = (): void => undefined;
    try {
      const aborted = new Promise<Outcome<ShardCount, unknown>>((resolve) => {
        onAbort = () => {
          this.end(worker);
          resolve(stopped());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      const failed = new Promise<never>((_, reject) => {
        onError = () => reject(new Error('a worker thread stopped unexpectedly (out of memory?)'));
        worker.once('error', onError);
        worker.once('exit', onError);
      });
      const done = runInWorker<ShardCount, unknown>(worker, 'tour.countShard', [sc, index], { onProgress: (p) => ((nodes = p.done), onProgress?.(p)) });
      const outcome = await Promise.race([done, aborted, failed]);
      if (!signal?.aborted && this.all.has(worker)) this.idle.push(worker);
      return outcome;
    } catch (e) {
      this.end(worker);
      throw e;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      worker.off('error', onError);
      worker.off('exit', onError);
    }
  }

  /** Ends every thread (their boundary tables are freed). */
  close(): void {
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
  threads: number;
}

/**
 * Runs every shard of a count on up to `threads` local threads (each takes the next shard), with progress in
 * shards (a running shard counts by its share done). Stopped by the signal, it returns the shards finished.
 */
export async function countShardsLocally(sc: ShardedCount, options: { signal?: AbortSignal; onProgress?: (p: Progress) => void; threads?: number } = {}): Promise<ShardsDone> {
  const threads = Math.max(1, Math.min(options.threads ?? localCores(), sc.shards));
  const pool = new ShardThreads(threads);
  const counts = new Map<number, ShardCount>();
  const share = new Map<number, number>();
  const report = (): void => {
    let running = 0;
    for (const s of share.values()) running += s;
    options.onProgress?.({ done: counts.size + running, total: sc.shards, unit: 'shards' });
  };
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < sc.shards && !options.signal?.aborted) {
      const index = next++;
      share.set(index, 0);
      const outcome = await pool.run(sc, index, {
        signal: options.signal,
        onProgress: (p) => {
          share.set(index, p.total ? Math.min(1, p.done / p.total) : 0);
          report();
        },
      });
      share.delete(index);
      if (!outcome.finished) return;
      counts.set(index, outcome.value);
      report();
    }
  };
  try {
    await Promise.all(Array.from({ length: threads }, lane));
  } finally {
    pool.close();
  }
  return { counts, interrupted: counts.size < sc.shards, threads };
}
