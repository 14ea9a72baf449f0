// The core's public face: geometry, bitboards, diagrams, errors, PRNG, the job contract and the worker protocol.
/**
 * The core of gridbits: boards and square names, immutable bitboards, diagrams, the one error type, a seeded
 * PRNG, and the contract every long call follows — a {@link Job} run with {@link RunOptions} (signal, progress,
 * node budget, time limit) that answers with an {@link Outcome}, in place or in a worker ({@link runInWorker}).
 * @module core
 */
export { Board, MAX_CELLS, type BoardSize, MAX_SIDE, fileName, parseBoardSize, parseFileName } from './board.js';
export { Bitboard } from './bitboard.js';
export { components, dilate, floodFill, type Connectivity } from './flood.js';
export { parseDiagram, renderDiagram, type Layer, type ParsedDiagram } from './diagram.js';
export { GridbitsError, isGridbitsError, type ErrorCode } from './error.js';
export { createRng, uniformBelow, uniformBelowBig, type Rng } from './prng.js';
export { wilson, type Interval } from './stats.js';
export { PROGRESS_UNITS, shareOf, type Limits, type Progress, type ProgressUnit, type RunOptions } from './run.js';
export {
  Job,
  JobControl,
  finishedJob,
  finishedValue,
  job,
  type Finished,
  type InnerOptions,
  type JobBody,
  type JobSettings,
  type Outcome,
  type ProgressReport,
  type StopReason,
  type Unfinished,
} from './job.js';
export { DEFAULT_SHARDS, shardsTotal, type ShardCount, type ShardedCount } from './shards.js';
export { runInWorker, type Endpoint, type JobArgs, type JobName, type JobOutcome, type JobRegistry } from './worker.js';
