// Web Worker for the Random walk page: the walk engine's jobs it runs (the survival map at any N, one square's
// value and distribution, the decay rate λ, the one-walk player's tally of many walks), served by their names in the
// library's registry, and the page's quick estimates beside them, off the page's thread.
import { jobs as walk } from '../../../../src/walk/jobs.js';
import { serve } from '../../worker/jobs.js';
import { quickJob } from './quick-job.js';
import type { WalkJobs } from './tasks.js';

serve({
  'walk.survivalMapAtHorizon': walk.survivalMapAtHorizon,
  'walk.survivalAtHorizon': walk.survivalAtHorizon,
  'walk.decayRate': walk.decayRate,
  'walk.distribution': walk.distribution,
  'walk.simulate': walk.simulate,
  'page.quick': quickJob,
} satisfies WalkJobs);
