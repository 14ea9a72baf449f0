// Web Worker for the King's Valley page: the computer's move, chosen off the page's thread so the page never
// freezes, by the engine's search served by its name in the library's registry.
import { jobs as valley } from '../../../../src/valley/jobs.js';
import { serve } from '../../worker/jobs.js';
import type { AiJobs } from './tasks.js';

serve({ 'valley.search': valley.search } satisfies AiJobs);
