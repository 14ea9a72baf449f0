// Web Worker for the King's Valley page's analysis: the page's analysis job (the solver on the position after
// one legal move), which keeps each move's search here between the page's requests.
import { serve } from '../../worker/jobs.js';
import { ANALYSIS_JOBS } from './analysis-job.js';

serve(ANALYSIS_JOBS);
