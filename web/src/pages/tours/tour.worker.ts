// Web Worker for the Tours page: the tour engine's jobs it runs (a tour found, the per-start table, exact counts),
// served by their names in the library's registry, off the page's thread.
import { jobs as tour } from '../../../../src/tour/jobs.js';
import { serve } from '../../worker/jobs.js';
import type { TourJobs } from './tasks.js';

serve({ 'tour.find': tour.find, 'tour.table': tour.table, 'tour.count': tour.count } satisfies TourJobs);
