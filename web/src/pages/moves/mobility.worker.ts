// Web Worker for the Moves page: the pieces engine's mobility job, served by its name in the library's registry,
// for the heat maps of pieces whose vectors may reach one square twice (the page counts every other piece at once).
import { jobs as pieces } from '../../../../src/pieces/jobs.js';
import { serve } from '../../worker/jobs.js';
import type { MovesJobs } from './tasks.js';

serve({ 'pieces.mobility': pieces.mobility } satisfies MovesJobs);
