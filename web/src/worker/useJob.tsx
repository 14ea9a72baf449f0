// Preact glue for JobRunner: a hook holding a job's state and a status line with a progress bar and Cancel.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Progress } from '../../../src/core/run.js';
import { JobRunner, type JobRegistry, type Task, type WorkerLike } from './jobs.js';

export type JobState<Res> =
  | { status: 'idle' }
  | { status: 'running'; progress: Progress | null; label: string }
  | { status: 'done'; result: Res }
  | { status: 'cancelled' }
  | { status: 'error'; message: string };

export interface Job<Req, Res> {
  state: JobState<Res>;
  start(request: Req, label: string): void;
  /** Stops the job; its state says "cancelled". */
  cancel(): void;
  /** Stops the job, if any, and forgets it (back to idle): for when its answer is no longer wanted. */
  reset(): void;
  /** Starts the worker ahead of a request that is likely to come (see JobRunner.warm). */
  warm(): void;
}

/**
 * One background request at a time, answered by the task's jobs on the page's worker (those of `here` on the page
 * itself while they are quick: see JobRunner); starting another cancels the one running. The worker ends with the
 * page.
 */
export function useJob<Req, Res, R extends JobRegistry>(
  create: () => WorkerLike,
  task: Task<Req, Res, R>,
  here?: Partial<R>,
): Job<Req, Res> {
  const runner = useMemo(() => new JobRunner<Req, Res, R>(create, task, here), []);
  const [state, setState] = useState<JobState<Res>>({ status: 'idle' });
  const generation = useRef(0);
  useEffect(() => () => runner.terminate(), [runner]);
  return useMemo(
    () => ({
      state,
      start(request: Req, label: string) {
        const gen = ++generation.current;
        const live = (): boolean => gen === generation.current;
        setState({ status: 'running', progress: null, label });
        runner
          .run(request, {
            // A report that changes nothing shown (the share rounds as before) draws nothing: the page is not
            // redrawn ten times a second for the same "3 %".
            onProgress: (progress) =>
              live() &&
              setState((cur) =>
                cur.status === 'running' && cur.label === label && percent(cur.progress) === percent(progress)
                  ? cur
                  : { status: 'running', progress, label },
              ),
          })
          .then(
            (result) => live() && setState({ status: 'done', result }),
            (e: unknown) => {
              if (!live()) return;
              const aborted = (e as { code?: string })?.code === 'ABORTED';
              setState(
                aborted ? { status: 'cancelled' } : { status: 'error', message: (e as Error)?.message ?? String(e) },
              );
            },
          );
      },
      cancel() {
        if (!runner.busy) return;
        // Said at once, in the same render as whatever the page changes beside the cancel (its effects then see
        // a cancelled job, not one still running).
        generation.current++;
        runner.cancel();
        setState({ status: 'cancelled' });
      },
      reset() {
        generation.current++;
        runner.cancel();
        setState({ status: 'idle' });
      },
      warm() {
        runner.warm();
      },
    }),
    [state, runner],
  );
}

/** The share of a job done as its status line shows it: whole percents, or none when the total is unknown. */
function percent(p: Progress | null): number | undefined {
  return p?.share !== undefined ? Math.min(100, Math.round(100 * p.share)) : undefined;
}

/** "Computing … 40 %" with a bar (indeterminate when the total is unknown) and a Cancel button. */
export function JobStatus({ state, onCancel }: { state: JobState<unknown>; onCancel: () => void }) {
  if (state.status === 'cancelled')
    return (
      <p class="job" role="status">
        Cancelled.
      </p>
    );
  if (state.status === 'error')
    return (
      <p class="job error" role="alert">
        {state.message}
      </p>
    );
  if (state.status !== 'running') return null;
  const pct = percent(state.progress);
  return (
    <div class="job" role="status" aria-live="polite">
      <span>
        {state.label}
        {/* A fixed width for the share, so the bar and Cancel keep still while it counts up. */}{' '}
        <span class="job-share">{pct !== undefined ? `${pct} %` : '…'}</span>
      </span>
      <progress max={100} value={pct} aria-label={state.label} />
      <button type="button" class="small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
