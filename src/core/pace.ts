// Pacing of the work a job's body does besides its nodes (table work, a join's pairs of states, set-up, the
// memory of a new table mapped in a part at a time), brought into the job's pauses: one mechanism for every
// engine, so each keeps the promise of a turn at least every 20 ms whatever its work costs.
import { now, type JobControl } from './job.js';

/** The longest stretch of work besides the nodes between two pauses, whatever the pacing says (ms). */
const ASIDE_MS = 1;

/**
 * Work a job's body does besides its nodes (table work, a join's pairs of states), brought into its pacing: each
 * piece brings the job's next pause sooner by the nodes it stands for, without counting as nodes. The pacing is
 * tuned on the nodes, and this work may cost far more a node's worth than they do (a table doubled in a
 * process short of memory bandwidth), so a pause also comes once a stretch of it has run ASIDE_MS: the pacing
 * then sees a stretch of about that length, as it does for nodes.
 */
export class AsideWork {
  private start = 0;
  /** The pacing's next pause as this work left it: another value means a pause came since (a new stretch). */
  private checkAt = NaN;

  /**
   * @param control the job's control
   * @param perNode units of this work that take about as long as a node
   */
  constructor(
    private readonly control: JobControl<unknown>,
    private readonly perNode: number,
  ) {}

  /** Spends `units` of the work; true when the body should pause (yield) now. */
  spend(units: number): boolean {
    const c = this.control;
    const t = now();
    if (c.checkAt !== this.checkAt) this.start = t;
    c.checkAt -= units / this.perNode;
    this.checkAt = c.checkAt;
    return c.nodes >= c.checkAt || t - this.start >= ASIDE_MS;
  }
}

/**
 * Pages of a new buffer written between two looks at the pacing, and the nodes (states expanded) a page stands
 * for: the system maps a page in on its first write, which on some machines takes 10 µs or more a page (a
 * hundred states' worth), and a hash table written at random pays for most of its pages within its first
 * thousand entries. Mapped in beforehand, a part at a time, that cost no longer lands in one stretch of work.
 */
const PAGES = 16;
const NODES_PER_PAGE = 64;

/**
 * Runs `touch(pages)` (which maps in the next `pages` pages of a new buffer and says when every page is) under
 * the job's pacing: each part brings the job's next pause sooner by the nodes it stands for, without counting as
 * nodes, and a pause also comes once a stretch of it has run ASIDE_MS.
 */
export function* touchPages<P>(ctl: JobControl<P>, touch: (pages: number) => boolean): Generator<void, void, void> {
  yield* aside(ctl, () => touch(PAGES), PAGES * NODES_PER_PAGE);
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
  const work = new AsideWork(ctl as JobControl<unknown>, 1);
  while (!part()) if (work.spend(nodes)) yield;
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
