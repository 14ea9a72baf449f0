// Every engine's jobs by name ('tour.count', 'fleet.place', …): what a worker serving gridbits can run.
import type { JobRegistry } from './core/worker.js';
import { jobs as fleet } from './fleet/jobs.js';
import { jobs as pieces } from './pieces/jobs.js';
import { jobs as tour } from './tour/jobs.js';
import { jobs as valley } from './valley/jobs.js';
import { jobs as walk } from './walk/jobs.js';

function prefixed(prefix: string, table: JobRegistry): JobRegistry {
  return Object.fromEntries(Object.entries(table).map(([name, make]) => [`${prefix}.${name}`, make]));
}

/** The jobs a worker serving gridbits runs, by engine and name. */
export const JOBS: JobRegistry = {
  ...prefixed('pieces', pieces),
  ...prefixed('tour', tour),
  ...prefixed('walk', walk),
  ...prefixed('valley', valley),
  ...prefixed('fleet', fleet),
};
