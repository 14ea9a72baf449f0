// A gridbits job (by its name in src/jobs.ts) run for a command: in this thread, or in a worker thread when its
// steps may be long and synchronous (huge boards), so that Ctrl-C is answered within half a second either way.
// Progress goes to the one display; Ctrl-C stops the job, whose outcome then carries what it finished.
import { Worker } from 'node:worker_threads';
import type { Progress, RunOptions } from '../core/run.js';
import { runInWorker, type JobArgs, type JobName, type JobOutcome } from '../core/worker.js';
import { INTERRUPT_DEADLINE_MS, interruptible } from './io.js';
import { endIdleThread } from './thread-end.js';
import type { Output } from './output.js';

/** The engine of a job: 'tour' for 'tour.count'. */
type Engine = JobName extends `${infer E}.${string}` ? E : never;

/**
 * Each engine's jobs (the `jobs` that src/jobs.ts gathers under the engine's name), loaded when a command runs
 * one in this thread: a command then loads its own engine's code, not every engine's.
 */
const ENGINES: Record<Engine, () => Promise<{ jobs: object }>> = {
  pieces: () => import('../pieces/jobs.js'),
  tour: () => import('../tour/jobs.js'),
  walk: () => import('../walk/jobs.js'),
  valley: () => import('../valley/jobs.js'),
  fleet: () => import('../fleet/jobs.js'),
};

export interface CliJobOptions extends Pick<RunOptions, 'maxNodes' | 'timeoutMs'> {
  /** Names the work in the progress display ("tour-count 6x6"); the command's name by default. */
  label?: string;
  /** Run in a worker thread (for work whose single steps may take long). */
  inWorker?: boolean;
  /**
   * What the display shows of each progress report (the report itself by default): e.g. the share spent of a
   * time the user gave, for work whose own share is not known.
   */
  shown?: (p: Progress) => Progress;
}

/** Stopped by Ctrl-C before the worker could report: what is known (the nodes of its last progress). */
function abandoned<K extends JobName>(last: Progress | null, t0: number): JobOutcome<K> {
  const nodes = last?.done ?? 0;
  return { finished: false, stopped: 'signal', partial: undefined, nodes, ms: performance.now() - t0 } as JobOutcome<K>;
}

/**
 * What is left of a command's time limit (whole ms, at least 1): it counts from the command's start (performance.now()
 * in the CLI's thread: the process's), set-up included.
 */
export function timeLeft(timeoutMs: number): number {
  return Math.max(1, Math.ceil(timeoutMs - performance.now()));
}

/** Runs the named job with Ctrl-C, progress and the limits (the time limit from the command's start). */
export function runJob<K extends JobName>(
  out: Output,
  name: K,
  args: JobArgs<K>,
  options: CliJobOptions = {},
): Promise<JobOutcome<K>> {
  const { label, inWorker, shown, ...given } = options;
  const limits = given.timeoutMs === undefined ? given : { ...given, timeoutMs: timeLeft(given.timeoutMs) };
  const onProgress = (p: Progress): void => out.progress(shown ? shown(p) : p, label);
  return interruptible(out, async (signal) => {
    if (!inWorker) {
      const [engine, job] = name.split('.') as [Engine, string];
      const { jobs } = await ENGINES[engine]();
      const make = (jobs as Record<string, unknown>)[job] as (...a: JobArgs<K>) => {
        run(o: RunOptions): Promise<JobOutcome<K>>;
      };
      return make(...args).run({ ...limits, signal, onProgress });
    }
    const worker = new Worker(new URL('../worker.js', import.meta.url));
    const t0 = performance.now();
    let last: Progress | null = null;
    let answered = false;
    try {
      const done = runInWorker(worker, name, args, {
        ...limits,
        signal,
        onProgress: (p) => ((last = p), onProgress(p)),
      }).then((outcome) => ((answered = true), outcome));
      // A worker busy in one long synchronous step cannot answer the abort: past the deadline it is ended. Before
      // its first report (the worker still starting, or the job in its first step, which may take seconds on a huge
      // board) nothing it finished can come back: the answer is given at once, and the worker's ending begins now
      // (ending a thread that holds a large heap takes a while, and the process waits for it before it exits).
      const deadline = new Promise<JobOutcome<K>>((resolve) => {
        const give = (): void => resolve(abandoned<K>(last, t0));
        const onAbort = (): void => {
          if (last !== null) return void setTimeout(give, INTERRUPT_DEADLINE_MS * 0.6).unref();
          void worker.terminate();
          give();
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
      const failed = new Promise<never>((_, reject) => worker.once('error', reject));
      return await Promise.race([done, deadline, failed]);
    } finally {
      if (answered) void endIdleThread(worker);
      else void worker.terminate();
    }
  });
}
