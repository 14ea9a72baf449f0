// Every engine's jobs by name ('tour.count', 'fleet.heat', …): what a worker serving gridbits runs, and the
// types that check a call of runInWorker by the job's name.
import type { JobRegistry } from './core/worker.js';
import { jobs as fleet } from './fleet/jobs.js';
import { jobs as pieces } from './pieces/jobs.js';
import { jobs as tour } from './tour/jobs.js';
import { jobs as valley } from './valley/jobs.js';
import { jobs as walk } from './walk/jobs.js';

/** An engine's jobs under its prefix: `count` of the tour engine is `'tour.count'`. */
type Prefixed<E extends string, T> = { [K in keyof T & string as `${E}.${K}`]: T[K] };

function prefixed<E extends string, T extends JobRegistry>(engine: E, table: T): Prefixed<E, T> {
  return Object.fromEntries(Object.entries(table).map(([name, make]) => [`${engine}.${name}`, make])) as Prefixed<E, T>;
}

/** The jobs a worker serving gridbits runs, by engine and name. */
export const JOBS = {
  ...prefixed('pieces', pieces),
  ...prefixed('tour', tour),
  ...prefixed('walk', walk),
  ...prefixed('valley', valley),
  ...prefixed('fleet', fleet),
};

/** Every job's maker by its name: the types behind runInWorker's checks. */
export type JobsByName = typeof JOBS;
