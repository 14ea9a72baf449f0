// An engine job run within a page job's time limit (and node budget): the library's inner job with limits of
// its own, its progress reported as the page job's.
import type { Job, JobControl, Outcome } from '../../../src/core/job.js';

/** Runs an engine job inside the page job within its own time limit and node budget. */
export function sliced<T, P>(
  inner: Job<T, P>,
  ctl: JobControl<unknown>,
  timeoutMs: number,
  maxNodes = Infinity,
): Generator<void, Outcome<T, P>, void> {
  return inner.runWithin(ctl, { timeoutMs, maxNodes });
}
