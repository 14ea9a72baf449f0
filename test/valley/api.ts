// What the valley tests import: the engine's public face ('gridbits/valley') and core's outcome type.
export * from '../../src/valley/index.js';
export type { Outcome } from '../../src/core/job.js';
