// The one contract for long work: a job is a resumable generator; one sync and one async driver run it within
// a node budget, a time limit and an abort signal, report progress, and say how it ended in one outcome shape.
import { GridbitsError } from './error.js';
import type { Progress, RunOptions } from './run.js';

/** What stopped a job before its end: its node budget, its time limit, or the abort signal. */
export type StopReason = 'nodes' | 'time' | 'signal';

/** A job that ran to its end: `value` is the whole answer. */
export interface Finished<T> {
  /** Always true here: the work ran to its end. */
  finished: true;
  /** The whole answer. */
  value: T;
  /** Work units (search nodes, states, games, …) spent, over every run of the job. */
  nodes: number;
  /** Wall-clock milliseconds of the runs, added up. */
  ms: number;
}

/** A job stopped before its end: `partial` is what it had, where that means something (a lower bound, the games played). */
export interface Unfinished<P> {
  /** Always false here: a limit or the signal stopped the work first. */
  finished: false;
  /** What stopped it. */
  stopped: StopReason;
  /** What the work had when it stopped, where that means something; see each job. */
  partial: P | undefined;
  /** Work units spent so far, over every run of the job. */
  nodes: number;
  /** Wall-clock milliseconds of the runs, added up. */
  ms: number;
}

/** How a run of a job ended. */
export type Outcome<T, P = never> = Finished<T> | Unfinished<P>;

/**
 * What a job's body talks to: it spends work units, says how far it is, and names its partial result. The body
 * yields (`yield;`) at points where it may pause; `spend` says when the drivers want such a point.
 */
export class JobControl<P = never> {
  /** Work units spent so far, over every run. */
  nodes = 0;
  /** Where the next safe point is wanted, in nodes (the drivers move it). */
  checkAt = 1;
  /** Progress as the body last set it. */
  readonly progress: Progress = { done: 0 };
  /** Set by the body: what the job has so far, for an unfinished outcome. */
  partial: (() => P) | undefined = undefined;

  /**
   * Spends `n` work units; true when the body should yield now (a check of budget, time and signal is due).
   * Cheap enough for an inner loop: one add and one compare.
   */
  spend(n = 1): boolean {
    return (this.nodes += n) >= this.checkAt;
  }

  /** Says how far the job is: `done` of `total` in `unit`. Progress should advance evenly with the work. */
  report(done: number, total?: number, unit?: string): void {
    const p = this.progress;
    p.done = done;
    if (total !== undefined) p.total = total;
    if (unit !== undefined) p.unit = unit;
  }
}

/**
 * Progress for work whose size is known only as a forecast: it reports the work done of done + the forecast of
 * what is left, and raises the total whenever a new forecast would lower the share done, so the share never
 * goes back; it ends at done of done.
 * @example
 * ```ts
 * const progress = new ForecastProgress('states');
 * progress.report(ctl, done, forecastLeft); // at each pause
 * progress.finish(ctl, done);               // at the end
 * ```
 */
export class ForecastProgress {
  private best = 0;

  /** @param unit what the work is counted in ('states', 'moves', …) */
  constructor(readonly unit: string) {}

  /** Reports `done` of done + `left`, the share kept from going back. */
  report(ctl: Pick<JobControl<unknown>, 'report'>, done: number, left: number): void {
    if (left <= 0) return this.finish(ctl, done);
    const share = done / (done + left);
    if (share > this.best) this.best = share;
    const total = this.best > 0 ? Math.max(done + 1, Math.round(done / this.best)) : Math.max(1, Math.round(left));
    ctl.report(done, total, this.unit);
  }

  /** Reports the end: done of done. */
  finish(ctl: Pick<JobControl<unknown>, 'report'>, done: number): void {
    ctl.report(done, done, this.unit);
  }

  /** The work grew (e.g. a pass is redone with wider numbers): the share may go back this once. */
  regrow(): void {
    this.best = 0;
  }
}

/** A job's body: a generator over a control, returning the answer. */
export type JobBody<T, P> = (control: JobControl<P>) => Generator<void, T, void>;

/** How often the async driver gives the event loop a turn, and how often progress is reported (ms). */
const SLICE_MS = 20;
const PROGRESS_MS = 100;

/**
 * A resumable piece of long work. `run` (async, yielding to the event loop about every 20 ms) and `runSync`
 * drive it within the run options; a run that stops on a limit leaves the job suspended, and running it again
 * goes on where it stopped (with fresh limits). Once finished, running it again gives the same outcome.
 */
export class Job<T, P = never> {
  private readonly control = new JobControl<P>();
  private generator: Generator<void, T, void> | null = null;
  private result: Finished<T> | null = null;
  private failure: unknown = undefined;
  private ms = 0;
  private running = false;

  /**
   * @param body the work, as a generator over the job's control
   * @param partial what the job has before its body first runs (for a run stopped at once); the body may set
   *   `control.partial` to a later one
   */
  constructor(
    private readonly body: JobBody<T, P>,
    partial?: () => P,
  ) {
    this.control.partial = partial;
  }

  /**
   * The job's steps under another job's control, for a job made of smaller ones:
   * `const count = yield* countJob.within(ctl);` (its work counts in the outer job's nodes and limits). With
   * `report`, the inner job's progress goes there instead of to the outer job (which says how far it is as a
   * whole: e.g. `(p) => ctl.report(i + p.done / (p.total ?? 1), parts)`).
   */
  within<Q>(control: JobControl<Q>, report?: (progress: Progress) => void): Generator<void, T, void> {
    return this.body((report === undefined ? control : partControl(control, report)) as unknown as JobControl<P>);
  }

  /** True once the job has run to its end. */
  get finished(): boolean {
    return this.result !== null;
  }

  /** Runs to the end or a limit without giving the event loop a turn (so a signal can fire only from elsewhere). */
  runSync(options: RunOptions = {}): Outcome<T, P> {
    const run = this.start(options, true);
    if (!('next' in run)) return run;
    try {
      for (;;) {
        const stop = run.next();
        if (stop !== undefined) return stop;
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs to the end or a limit, giving the event loop a turn about every 20 ms (signals, timers, progress). */
  async run(options: RunOptions = {}): Promise<Outcome<T, P>> {
    const run = this.start(options, false);
    if (!('next' in run)) return run;
    try {
      let turn = now() + SLICE_MS;
      for (;;) {
        const stop = run.next();
        if (stop !== undefined) return stop;
        if (now() >= turn) {
          await yieldToEventLoop();
          turn = now() + SLICE_MS;
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Checks the options and sets up one run: a stepper that returns the outcome once the run ends. */
  private start(
    options: RunOptions,
    sync: boolean,
  ): Finished<T> | Unfinished<P> | { next: () => Outcome<T, P> | undefined } {
    if (this.result) return this.result;
    if (this.failure !== undefined) throw this.failure;
    if (this.running) throw new GridbitsError('BAD_ARGUMENT', 'this job is already running');
    const { maxNodes, timeoutMs, signal, onProgress } = options;
    if (maxNodes !== undefined && maxNodes !== Infinity && !(Number.isSafeInteger(maxNodes) && maxNodes >= 1)) {
      throw new GridbitsError('BAD_ARGUMENT', `the node budget must be a whole number ≥ 1, got ${maxNodes}`);
    }
    if (timeoutMs !== undefined && !(timeoutMs >= 0))
      throw new GridbitsError('BAD_ARGUMENT', `the time limit must be ≥ 0 ms, got ${timeoutMs}`);
    const ctl = this.control;
    const t0 = now();
    const budgetEnd = maxNodes === undefined || maxNodes === Infinity ? Infinity : ctl.nodes + maxNodes;
    const deadline = timeoutMs === undefined ? Infinity : t0 + timeoutMs;
    // Nodes between checks: doubled while checks come faster than every half millisecond, halved when slower
    // than two, so a check costs little and a limit is noticed within a few milliseconds.
    // A synchronous run with no limit, signal or listener needs no checks: the body pauses only where it must.
    const unchecked = sync && budgetEnd === Infinity && deadline === Infinity && !signal && !onProgress;
    let every = unchecked ? Infinity : 1;
    let lastCheck = t0;
    let lastReport = -Infinity;
    const report = (force: boolean, t: number): void => {
      if (onProgress && (force || t - lastReport >= PROGRESS_MS)) {
        lastReport = t;
        onProgress({ ...ctl.progress });
      }
    };
    const stop = (stopped: StopReason, t: number): Unfinished<P> => {
      this.ms += t - t0;
      report(true, t);
      return { finished: false, stopped, partial: ctl.partial?.(), nodes: ctl.nodes, ms: this.ms };
    };
    this.running = true;
    if (signal?.aborted) return stop('signal', t0);
    this.generator ??= this.body(ctl);
    ctl.checkAt = Math.min(ctl.nodes + every, budgetEnd);
    const gen = this.generator;
    const next = (): Outcome<T, P> | undefined => {
      let r: IteratorResult<void, T>;
      try {
        r = gen.next();
      } catch (e) {
        this.failure = e;
        throw e;
      }
      const t = now();
      if (r.done) {
        this.ms += t - t0;
        report(true, t);
        this.result = { finished: true, value: r.value, nodes: ctl.nodes, ms: this.ms };
        return this.result;
      }
      if (signal?.aborted) return stop('signal', t);
      if (ctl.nodes >= budgetEnd) return stop('nodes', t);
      if (t >= deadline) return stop('time', t);
      const gap = t - lastCheck;
      lastCheck = t;
      if (unchecked) return undefined;
      if (gap < 0.5 && every < 2 ** 30) every *= 2;
      else if (gap > 2 && every > 1) every = Math.max(1, every >> 1);
      ctl.checkAt = Math.min(ctl.nodes + every, budgetEnd);
      report(false, t);
      return undefined;
    };
    return { next };
  }
}

/**
 * A control for a part of a job: its work, budget checks and safe points are the outer control's; its progress
 * goes to `report`.
 */
function partControl<Q>(outer: JobControl<Q>, report: (progress: Progress) => void): JobControl<Q> {
  const progress: Progress = { done: 0 };
  const part = {
    get nodes() {
      return outer.nodes;
    },
    set nodes(n: number) {
      outer.nodes = n;
    },
    get checkAt() {
      return outer.checkAt;
    },
    set checkAt(n: number) {
      outer.checkAt = n;
    },
    progress,
    partial: undefined,
    spend: (n = 1) => outer.spend(n),
    report(done: number, total?: number, unit?: string): void {
      progress.done = done;
      if (total !== undefined) progress.total = total;
      if (unit !== undefined) progress.unit = unit;
      report(progress);
    },
  };
  return part as unknown as JobControl<Q>;
}

/** A job from its body (and what it has before the body first runs, if that means something). */
export function job<T, P = never>(body: JobBody<T, P>, partial?: () => P): Job<T, P> {
  return new Job(body, partial);
}

/** A job that is done as soon as it runs, with this answer (for a quick case of a call that can run long). */
export function finishedJob<T>(value: T): Job<T> {
  return new Job(() => answerAtOnce(value));
}

// One generator function for every finished job (making one per call costs microseconds).
// eslint-disable-next-line require-yield
function* answerAtOnce<T>(value: T): Generator<void, T, void> {
  return value;
}

/** The answer of an outcome, or a LIMIT / ABORTED error saying what stopped it (for callers that need the whole answer). */
export function finishedValue<T>(outcome: Outcome<T, unknown>, what = 'the work'): T {
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  throw new GridbitsError(
    'LIMIT',
    `${what} did not finish within its ${outcome.stopped === 'time' ? 'time limit' : 'node budget'}`,
  );
}

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/**
 * Lets the event loop run (a signal's handler, progress output, Ctrl-C): setImmediate in Node, a MessageChannel
 * turn in browsers and Web Workers (setTimeout is clamped to 4 ms there), setTimeout elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        resolve();
      };
      ch.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
