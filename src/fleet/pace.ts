// Pacing of work that is not the job's nodes: the memory of a new table mapped in a part at a time, and set-up work
// (tables built before the first node) run in short stretches.
import type { JobControl } from '../core/job.js';

/**
 * Pages of a new buffer written between two looks at the pacing, and the nodes (states expanded) a page stands
 * for: the system maps a page in on its first write, which on some machines takes 10 µs or more a page (a
 * hundred states' worth), and a hash table written at random pays for most of its pages within its first
 * thousand entries. Mapped in beforehand, a part at a time, that cost no longer lands in one stretch of work.
 */
const PAGES = 16;
const NODES_PER_PAGE = 64;

/** The longest stretch of this work between two pauses, whatever the pacing says (ms). */
const ASIDE_MS = 1;

/**
 * Runs `touch(pages)` (which maps in the next `pages` pages of a new buffer and says when every page is) under
 * the job's pacing: each part brings the job's next pause sooner by the nodes it stands for, without counting as
 * nodes, and a pause also comes once a stretch of it has run ASIDE_MS.
 */
export function* touchPages<P>(ctl: JobControl<P>, touch: (pages: number) => boolean): Generator<void, void, void> {
  yield* aside(ctl, () => touch(PAGES), PAGES * NODES_PER_PAGE);
}

/** Bytes in a page of memory. */
const PAGE_BYTES = 4096;

/**
 * Maps in the pages of a new typed array (nothing written to it yet) under the job's pacing, as touchPages does: for
 * an array the work then writes all over at once (a layer built along links to random windows).
 */
export function* mapIn<P>(ctl: JobControl<P>, fresh: Float64Array | Int32Array): Generator<void, void, void> {
  const step = PAGE_BYTES / fresh.BYTES_PER_ELEMENT;
  let at = 0;
  yield* touchPages(ctl, (pages) => {
    const end = Math.min(fresh.length, at + pages * step);
    for (; at < end; at += step) fresh[at] = 0;
    return at >= fresh.length;
  });
}

/**
 * The size of the next chunk of a job's hot loop: `most` units, or fewer where the job wants its next pause sooner
 * (at least 1). A chunk that ends where the pacer asks lets the pacer cut stretches finer than `most` while the code
 * is not yet compiled or a unit costs more than usual; once it runs fast, chunks are `most` units again.
 */
export function chunk<P>(ctl: JobControl<P>, most: number): number {
  return Math.max(1, Math.min(most, ctl.checkAt - ctl.nodes));
}

/**
 * Runs `part()` (the next part of some work aside from the job's nodes; true once the work is done) until done,
 * under the job's pacing: each part brings the job's next pause sooner by `nodes` (what it stands for), without
 * counting as nodes, and a pause also comes once a stretch of it has run ASIDE_MS.
 */
export function* aside<P>(ctl: JobControl<P>, part: () => boolean, nodes = 0): Generator<void, void, void> {
  let start = now();
  while (!part()) {
    ctl.checkAt -= nodes;
    if (ctl.nodes >= ctl.checkAt || now() - start >= ASIDE_MS) {
      yield;
      start = now();
    }
  }
}

/**
 * Runs `work` (a generator that yields between short parts of some set-up and returns its result) under the job's
 * pacing, as `aside` does: set-up that would take longer than a stretch when the code is not yet compiled or the
 * tables are large pauses where the work allows.
 */
export function* asideSteps<T, P>(ctl: JobControl<P>, work: Generator<void, T, void>): Generator<void, T, void> {
  let value: T | undefined;
  yield* aside(ctl, () => {
    const r = work.next();
    if (r.done) value = r.value;
    return r.done === true;
  });
  return value as T;
}

/** Runs `work` (as for asideSteps) to its end at once: the same set-up outside a job. */
export function allSteps<T>(work: Generator<void, T, void>): T {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
  }
}

function now(): number {
  return globalThis.performance.now();
}
