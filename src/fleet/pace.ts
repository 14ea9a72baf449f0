// Pacing of work that is not the job's nodes: the memory of a new table mapped in a part at a time.
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
  let start = now();
  while (!touch(PAGES)) {
    ctl.checkAt -= PAGES * NODES_PER_PAGE;
    if (ctl.nodes >= ctl.checkAt || now() - start >= ASIDE_MS) {
      yield;
      start = now();
    }
  }
}

function now(): number {
  return globalThis.performance.now();
}
