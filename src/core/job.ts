// The one contract for long work: a job is a resumable generator; one stepper runs it within a node budget, a
// time limit and an abort signal, for the sync and async drivers and for a job run inside another one.
import { GridbitsError } from './error.js';
import { checkFunction, checkOptions, checkRunOptions, isPlainObject, refuse } from './check.js';
import { checkLimits, checkUnit, type Limits, type Progress, type ProgressUnit, type RunOptions } from './run.js';

/** What stopped a job before its end: its node budget, its time limit, or the abort signal. */
export type StopReason = 'nodes' | 'time' | 'signal';

/** A job that ran to its end: `value` is the whole answer. */
export interface Finished<T> {
  /** Always true here: the work ran to its end. */
  finished: true;
  /** The whole answer. */
  value: T;
  /** Work units (search nodes, states, games, …: the job's unit) spent, over every run of the job. */
  nodes: number;
  /** Milliseconds of the job's runs, added up (wall clock; a job run inside another: the time it ran). */
  ms: number;
}

/** A job stopped before its end: `partial` is what it had, where that means something (a lower bound, games played). */
export interface Unfinished<P> {
  /** Always false here: a limit or the signal stopped the work first. */
  finished: false;
  /** What stopped it. */
  stopped: StopReason;
  /** What the work had when it stopped, where that means something; see each job. */
  partial: P | undefined;
  /** Work units spent so far, over every run of the job. */
  nodes: number;
  /** Milliseconds of the job's runs, added up (wall clock; a job run inside another: the time it ran). */
  ms: number;
}

/** How a run of a job ended. */
export type Outcome<T, P = never> = Finished<T> | Unfinished<P>;

/** What a job's progress report sets: any of the share done, the count and its unit. */
export interface ProgressReport {
  /** The share of the work done, from 0 to 1. */
  share?: number;
  /** Work done, in `unit`; left out, the progress counts the job's nodes. */
  done?: number;
  /** What `done` counts (the job's unit when left out). */
  unit?: ProgressUnit;
}

/**
 * What a job's body talks to: it spends work units, says how far it is, and names its partial result. The body
 * yields (`yield;`) at points where it may pause; `spend` says when the drivers want such a point.
 */
export class JobControl<P = never> {
  /** Work units spent so far, over every run. */
  nodes = 0;
  /** Where the next safe point is wanted, in nodes (the drivers move it). */
  checkAt = 1;
  /** Set by the body: what the job has so far, for an unfinished outcome. */
  partial: (() => P) | undefined = undefined;
  private share: number | undefined = undefined;
  private done: number | undefined = undefined;

  /** @param unit what the job's nodes count, and its progress unless the body names another */
  constructor(private unit: ProgressUnit = 'nodes') {
    checkUnit(unit, 'unit');
  }

  /**
   * Spends `n` work units; true when the body should yield now (a check of budget, time and signal is due).
   * Cheap enough for an inner loop: one add and one compare (and a compare that refuses what is not a count).
   */
  spend(n = 1): boolean {
    if (!(typeof n === 'number' && n >= 0 && n <= Number.MAX_SAFE_INTEGER))
      refuse('n', 'a number of work units ≥ 0', n);
    return (this.nodes += n) >= this.checkAt;
  }

  /**
   * Says how far the job is: the share done (0 … 1) where the size of the work is known, and the work done when
   * it is counted in something other than the job's nodes. Progress should advance evenly with the work.
   */
  report(progress: ProgressReport): void {
    // Checks that cost a compare or two, bodies report often: a report of nothing (rare) is checked in full.
    if (typeof progress !== 'object' || progress === null)
      refuse('progress', 'a report { share?, done?, unit? }', progress);
    const { share, done, unit } = progress;
    if (share === undefined && done === undefined && unit === undefined && !isPlainObject(progress)) {
      refuse('progress', 'a report { share?, done?, unit? }', progress);
    }
    if (share !== undefined) {
      if (!(typeof share === 'number' && Number.isFinite(share)))
        refuse('progress.share', 'a number from 0 to 1', share);
      this.share = Math.min(1, Math.max(0, share));
    }
    if (done !== undefined) {
      if (!(typeof done === 'number' && done >= 0 && done < Infinity)) refuse('progress.done', 'a number ≥ 0', done);
      this.done = done;
    }
    if (unit !== undefined && unit !== this.unit) {
      checkUnit(unit, 'progress.unit');
      this.unit = unit;
    }
  }

  /** The work done as last reported (the nodes spent where the body counts nothing else). */
  get doneSoFar(): number {
    return this.done ?? this.nodes;
  }

  /** The progress as last reported (the nodes spent where the body counts nothing else). */
  get progress(): Progress {
    const p: Progress = { done: this.done ?? this.nodes, unit: this.unit };
    if (this.share !== undefined) p.share = this.share;
    return p;
  }
}

/**
 * Progress for work whose size is known only as a forecast: it reports the share done of done + the forecast
 * of what is left, kept from going back, and the work done in its unit; it ends at a share of 1. A job's body
 * calls `progress.report(ctl, done, forecastLeft)` at each pause and `progress.finish(ctl, done)` at the end.
 */
export class ForecastProgress {
  private best = 0;

  /** @param unit what the work is counted in */
  constructor(readonly unit: ProgressUnit) {}

  /** Reports `done`, with the share done / (done + left) kept from going back. */
  report(ctl: Pick<JobControl<unknown>, 'report'>, done: number, left: number): void {
    if (left <= 0) return this.finish(ctl, done);
    const share = done / (done + left);
    if (share > this.best) this.best = share;
    ctl.report({ share: this.best, done, unit: this.unit });
  }

  /** Reports the end: a share of 1. */
  finish(ctl: Pick<JobControl<unknown>, 'report'>, done: number): void {
    ctl.report({ share: 1, done, unit: this.unit });
  }

  /** The work grew (e.g. a pass is redone with wider numbers): the share may go back this once. */
  regrow(): void {
    this.best = 0;
  }
}

/** A job's body: a generator over a control, returning the answer. */
export type JobBody<T, P> = (control: JobControl<P>) => Generator<void, T, void>;

/** What a job is made with besides its body. */
export interface JobSettings<P> {
  /** What the job's work units (its `nodes`) count; 'nodes' when left out. */
  unit?: ProgressUnit;
  /** What the job has before its body first runs (for a run stopped at once); the body may set a later one. */
  partial?: () => P;
}

/**
 * How long the async driver runs before it gives the event loop a turn, and how often progress is reported (ms):
 * a slice of 6 ms, plus the last stretch of work (the pacer aims at about a millisecond; a body keeps every
 * stretch, its set-up included, well under 12) and a collector's pause, keeps the promise of a turn at least every
 * 20 ms. With 8, a stretch of up to 2 ms and a pause left little room: on a loaded machine the 99th percentile of
 * the gaps between turns was 17–20 ms for fleet.sample, 13–16 with 6. Turns this often cost nothing measurable:
 * valley.perft at depth 8 and walk.simulate ran as fast with 16.
 */
const SLICE_MS = 6;
const PROGRESS_MS = 100;

/** What an inner job run with {@link Job.runWithin} takes: limits of its own and where its progress goes. */
export interface InnerOptions extends Limits {
  /** Hears the inner job's progress at each of its pauses; left out, the outer job reports it as its own. */
  onProgress?: (p: Progress) => void;
}

/**
 * A resumable piece of long work. `run` (async, giving the event loop a turn about every 20 ms) and `runSync`
 * drive it within the run options; `runWithin` runs it inside another job with limits of its own. A run that
 * stops on a limit leaves the job suspended, and running it again goes on where it stopped (with fresh limits).
 * Once finished, running it again gives the same outcome.
 */
export class Job<T, P = never> {
  private readonly control: JobControl<P>;
  private generator: Generator<void, T, void> | null = null;
  private result: Finished<T> | null = null;
  private failure: unknown = undefined;
  private ms = 0;
  private running = false;

  /**
   * @param body the work, as a generator over the job's control
   * @param settings the unit of its work, and what it has before its body first runs
   */
  constructor(
    private readonly body: JobBody<T, P>,
    settings: JobSettings<P> = {},
  ) {
    checkFunction(body, 'body');
    checkOptions(settings, 'settings');
    if (settings.unit !== undefined) checkUnit(settings.unit, 'settings.unit');
    if (settings.partial !== undefined) checkFunction(settings.partial, 'settings.partial');
    this.control = new JobControl<P>(settings.unit);
    this.control.partial = settings.partial;
  }

  /** True once the job has run to its end. */
  get finished(): boolean {
    return this.result !== null;
  }

  /**
   * The job's work as a part of another job, from its start: `const count = yield* countJob.within(ctl);` Its
   * work counts in the outer job's nodes and under its limits, and cannot stop on its own. With `report`, its
   * progress goes there instead of to the outer job (which then says how far it is as a whole: e.g.
   * `(p) => ctl.report({ share: (i + (p.share ?? 0)) / parts })`).
   */
  within<Q>(control: JobControl<Q>, report?: (progress: Progress) => void): Generator<void, T, void> {
    checkControl(control, 'control');
    if (report !== undefined) checkFunction(report, 'report');
    if (this.generator !== null || this.result !== null) {
      throw new GridbitsError('BAD_ARGUMENT', 'this job has already run: run it within another job only once, whole');
    }
    const ctl = report === undefined ? control : partControl(control, report);
    return this.body(ctl as unknown as JobControl<P>);
  }

  /**
   * Runs the job inside another job's body with limits of its own: `const out = yield* inner.runWithin(ctl,
   * { timeoutMs: 500 });` Its work counts in the outer job's nodes too, the outer job's limits and signal stop
   * both (the outer one pauses where the inner one is), and its own limits end this run with an unfinished
   * outcome, after which running it again goes on where it stopped. Its time is the time it ran.
   */
  *runWithin<Q>(outer: JobControl<Q>, options: InnerOptions = {}): Generator<void, Outcome<T, P>, void> {
    checkControl(outer, 'outer');
    checkRunOptions(options);
    const run = this.start(options, undefined, options.onProgress ?? forwardTo(outer), outer);
    if (!('step' in run)) return run;
    try {
      // The outer job pauses where the inner one does (and first, where its own check is due): the inner job's
      // pacing, a few milliseconds a stretch, then holds for both whatever the outer job's work costs elsewhere;
      // the outer job's limits and signal stop both there.
      for (let first = true; ; first = false) {
        if (!first || outer.nodes >= outer.checkAt) yield;
        const end = run.step();
        if (end !== undefined) return end;
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs to the end or a limit without giving the event loop a turn (so a signal can fire only from elsewhere). */
  runSync(options: RunOptions<P> = {}): Outcome<T, P> {
    checkRunOptions(options);
    const run = this.start(options, options.signal, listener(this.control, options));
    if (!('step' in run)) return run;
    try {
      for (;;) {
        const end = run.step();
        if (end !== undefined) return end;
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs to the end or a limit, giving the event loop a turn about every 20 ms (signals, timers, progress). */
  async run(options: RunOptions<P> = {}): Promise<Outcome<T, P>> {
    checkRunOptions(options);
    const run = this.start(options, options.signal, listener(this.control, options), undefined, true);
    if (!('step' in run)) return run;
    try {
      let turn = now() + SLICE_MS;
      for (;;) {
        const end = run.step();
        if (end !== undefined) return end;
        if (now() >= turn) {
          await yieldToEventLoop();
          turn = now() + SLICE_MS;
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Sets up one run: a stepper that advances the body to its next pause and returns the outcome once the run
   * ends. A run's time is the wall clock from its start; an inner job's is the time its body ran (its pauses
   * in the outer job are not its time).
   */
  private start(
    limits: Limits,
    signal: AbortSignal | undefined,
    onProgress: ((p: Progress) => void) | undefined,
    outer?: JobControl<unknown>,
    async = false,
  ): Outcome<T, P> | { step: () => Outcome<T, P> | undefined } {
    if (this.result) return this.result;
    if (this.failure !== undefined) throw this.failure;
    if (this.running) throw new GridbitsError('BAD_ARGUMENT', 'this job is already running');
    checkLimits(limits);
    const { maxNodes, timeoutMs } = limits;
    const ctl = this.control;
    const budgetEnd = maxNodes === undefined || maxNodes === Infinity ? Infinity : ctl.nodes + maxNodes;
    const timeLimit = timeoutMs ?? Infinity;
    // A synchronous run with no time limit, signal, listener or outer job needs no pacing: the body pauses only
    // where it must, or at the end of its budget.
    const unpaced = !async && outer === undefined && timeLimit === Infinity && !signal && !onProgress;
    const pacer = new Pacer(unpaced);
    const started = now();
    const msBefore = this.ms;
    let ran = 0;
    const spent = (t: number): number => (outer === undefined ? t - started : ran);
    let lastReport = -Infinity;
    // The first work done is reported at once, not at the next PROGRESS_MS: a listener showing the work as it
    // comes (a table's first decided square) shows it as soon as there is some.
    let nothingDone = ctl.doneSoFar === 0;
    const report = (force: boolean, t: number): void => {
      if (!onProgress) return;
      const first = nothingDone && ctl.doneSoFar > 0;
      if (force || first || outer !== undefined || t - lastReport >= PROGRESS_MS) {
        lastReport = t;
        if (first) nothingDone = false;
        onProgress(ctl.progress);
      }
    };
    const stop = (stopped: StopReason, t: number): Unfinished<P> => {
      this.ms = msBefore + spent(t);
      report(true, t);
      return { finished: false, stopped, partial: ctl.partial?.(), nodes: ctl.nodes, ms: this.ms };
    };
    // The next pause: when the pacer wants a check, within the budget, and (inside another job) when the outer
    // job wants one.
    const setCheck = (): void => {
      let at = Math.min(ctl.nodes + pacer.every, budgetEnd);
      if (outer !== undefined) at = Math.min(at, ctl.nodes + Math.max(1, outer.checkAt - outer.nodes));
      ctl.checkAt = at;
    };
    if (signal?.aborted) return stop('signal', now());
    this.running = true;
    this.generator ??= this.body(ctl);
    const gen = this.generator;
    const step = (): Outcome<T, P> | undefined => {
      // Set at each step, not after the last one: an inner job's allowance is what the outer job has left now
      // (set after the last step, it missed the outer job's pause since, and neither job's pacing could grow).
      setCheck();
      const t0 = now();
      const before = ctl.nodes;
      const at = ctl.checkAt;
      let r: IteratorResult<void, T>;
      try {
        r = gen.next();
      } catch (e) {
        this.failure = e;
        throw e;
      }
      const t = now();
      ran += t - t0;
      // Inside another job, the work is the outer job's too.
      if (outer !== undefined) outer.nodes += ctl.nodes - before;
      if (r.done) {
        this.ms = msBefore + spent(t);
        report(true, t);
        this.result = { finished: true, value: r.value, nodes: ctl.nodes, ms: this.ms };
        return this.result;
      }
      if (signal?.aborted) return stop('signal', t);
      if (ctl.nodes >= budgetEnd) return stop('nodes', t);
      if (spent(t) >= timeLimit) return stop('time', t);
      // The stretch's work: its nodes, and the work besides them that brought the pause sooner (see AsideWork).
      pacer.checked(t - t0, ctl.nodes - before + (at - ctl.checkAt), ctl.nodes >= ctl.checkAt);
      report(false, t);
      return undefined;
    };
    return { step };
  }
}

/**
 * How many nodes a body runs between two checks: doubled while a stretch takes under half a millisecond, and
 * cut in proportion when one takes over two (to about a millisecond's worth at the rate just measured), so a
 * check costs little and a limit is noticed within a few milliseconds even when the cost of a node changes
 * sharply.
 */
class Pacer {
  every: number;

  constructor(unpaced: boolean) {
    this.every = unpaced ? Infinity : 1;
  }

  /**
   * Takes the time the last stretch of the body ran, the work it did (in nodes' worth) and whether that was its
   * whole allowance. Only a stretch that spent its whole allowance says the allowance is too small: a body that
   * pauses of its own accord sooner says nothing of it.
   */
  checked(ms: number, spent: number, whole: boolean): void {
    if (this.every === Infinity) return;
    if (ms < 0.5) {
      if (whole && this.every < 2 ** 30) this.every *= 2;
    } else if (ms > 2 && this.every > 1) this.every = Math.max(1, Math.min(this.every, Math.floor(spent / ms)));
  }
}

/** The listener of a run's reports: its progress, and its partial result where it asks for one. */
function listener<P>(ctl: JobControl<P>, options: RunOptions<P>): ((p: Progress) => void) | undefined {
  const { onProgress, onPartial } = options;
  if (onPartial === undefined) return onProgress;
  return (p) => {
    onProgress?.(p);
    const partial = ctl.partial?.();
    if (partial !== undefined) onPartial(partial);
  };
}

/** Throws BAD_ARGUMENT unless `control` is a job's control (what a job's body is given). */
function checkControl(control: unknown, name: string): void {
  const c = control as Partial<JobControl<unknown>> | null;
  if (typeof c !== 'object' || c === null || typeof c.spend !== 'function' || typeof c.report !== 'function') {
    refuse(name, "a job's control (what its body is given)", control);
  }
}

/** Where an inner job's progress goes by default: to the outer job, as its own. */
function forwardTo(outer: JobControl<unknown>): (p: Progress) => void {
  return (p) => outer.report(p);
}

/**
 * A control for a part of a job: its work, budget checks and safe points are the outer control's; its progress
 * goes to `report`.
 */
function partControl<Q>(outer: JobControl<Q>, report: (progress: Progress) => void): JobControl<Q> {
  const own = new JobControl<Q>();
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
    get progress() {
      return own.progress;
    },
    partial: undefined,
    spend: (n = 1) => outer.spend(n),
    report(progress: ProgressReport): void {
      own.report(progress);
      own.nodes = outer.nodes;
      report(own.progress);
    },
  };
  return part as unknown as JobControl<Q>;
}

/** A job from its body (and the unit of its work, and what it has before the body first runs). */
export function job<T, P = never>(body: JobBody<T, P>, settings?: JobSettings<P>): Job<T, P> {
  return new Job(body, settings);
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

/**
 * The answer of an outcome, or a LIMIT / ABORTED error saying what stopped it: the one way from an outcome to an
 * exception, for callers that need the whole answer.
 */
export function finishedValue<T>(outcome: Outcome<T, unknown>, what = 'the work'): T {
  if (!isPlainObject(outcome) || typeof outcome.finished !== 'boolean')
    refuse('outcome', 'an outcome of a run', outcome);
  if (typeof what !== 'string') refuse('what', 'a string', what);
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', `${what} was stopped before it finished`);
  const limit = outcome.stopped === 'time' ? 'time limit' : 'node budget';
  throw new GridbitsError('LIMIT', `${what} did not finish within its ${limit}`);
}

/** The clock the pacing reads (ms): `performance.now()` where there is one. */
export const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

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

/**
 * Jobs a worker can start by name. Each maker takes structured-cloneable arguments (plain objects, arrays,
 * numbers, strings, bigints, typed arrays; no class instances or functions) and its job's answer is
 * structured-cloneable too, so both can cross the thread boundary.
 */
export type JobRegistry = Record<string, (...args: never[]) => Pick<Job<unknown, unknown>, 'run'>>;
