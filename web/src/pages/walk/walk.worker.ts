// Web Worker for the Random walk page: the walk engine's jobs it runs (the survival map at any N, one square's
// value and distribution, the decay rate λ, the one-walk player's tally of many walks) and the page's quick
// estimates beside them, off the page's thread.
import { serve } from '../../worker/jobs.js';
import { WALK_JOBS } from './tasks.js';

serve(WALK_JOBS);
