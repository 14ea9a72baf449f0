// Web Worker for the Sea Battle page: the fleet engine's jobs it runs (placing a fleet, counting layouts, the heat
// map, uniform layouts), served by their names in the library's registry, and the page's own jobs beside them.
import { jobs as fleet } from '../../../../src/fleet/jobs.js';
import { serve } from '../../worker/jobs.js';
import { PAGE_JOBS } from './page-jobs.js';
import type { FleetJobs } from './tasks.js';

serve({
  'fleet.place': fleet.place,
  'fleet.uniform': fleet.uniform,
  'fleet.count': fleet.count,
  'fleet.heat': fleet.heat,
  ...PAGE_JOBS,
} satisfies FleetJobs);
