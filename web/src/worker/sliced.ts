// An engine job run within a page job's time limit, in slices, so the page's progress and Cancel get through.
import type { Job, JobControl, Outcome } from '../../../src/core/job.js';

/** Slices of an engine job between two of the page job's pauses (so its progress reaches the page). */
const SLICE_MS = 50;

/**
 * Runs an engine job in slices within the page's time limit (and its node budget), pausing between slices so
 * the page job's progress and cancellation get through; the engine job resumes where each slice stopped.
 */
export function* sliced<T, P>(
  inner: Job<T, P>,
  ctl: JobControl<unknown>,
  timeoutMs: number,
  maxNodes = Infinity,
): Generator<void, Outcome<T, P>, void> {
  const end = performance.now() + timeoutMs;
  let spent = 0;
  for (;;) {
    const left = maxNodes - spent;
    const out = inner.runSync({
      timeoutMs: Math.max(0, Math.min(SLICE_MS, end - performance.now())),
      ...(left === Infinity ? {} : { maxNodes: left }),
      onProgress: (p) => ctl.report(p.done, p.total, p.unit),
    });
    spent = out.nodes;
    if (out.finished || (out.stopped === 'time' && performance.now() >= end) || out.stopped !== 'time') return out;
    ctl.spend();
    yield;
  }
}
