// The pieces engine's jobs by name, for running them in a worker (see core/worker.ts): plain arguments in, plain answers out.
import type { JobRegistry } from '../core/worker.js';

export const jobs = {} satisfies JobRegistry;
