// The walk engine's jobs by name, to run in a worker (core/worker.ts): plain arguments in, plain answers out.
import { boardFrom, type BoardSize } from '../core/board.js';
import { checkString, checkTask } from '../core/check.js';
import { createRng } from '../core/prng.js';
import type { JobRegistry } from '../core/job.js';
import { parsePiece } from '../pieces/piece.js';
import { distributionJob, survivalJob, survivalMapJob } from './float.js';
import { exactCountsJob, exactSurvivalJob, exactSurvivalMapJob } from './exact.js';
import { graph, type Graph } from './graph.js';
import { decayRateJob, survivalAtHorizonJob, survivalMapAtHorizonJob, type HorizonMethod } from './horizon.js';
import { simulateWalksJob } from './simulate.js';

/** A walk task in plain data: the board as `'8x8'` or `{ width, height }`, the piece as its spec (default knight). */
export interface WalkTask {
  /** The board: `'8x8'` or `{ width, height }`. */
  board: BoardSize;
  /** The leaper's spec, e.g. `'knight'`, `'1,3'`, `'knight+king'` (default knight). */
  piece?: string;
  /** Moves of the walk. */
  steps: number;
}

/** A walk task from one square: its index or its name (`'a1'`). */
export interface WalkFromTask extends WalkTask {
  /** The start square: an index or a name like `'a1'`. */
  from: number | string;
}

function graphOf(task: WalkTask): Graph {
  checkTask(task, '{ board, piece?, steps, … }');
  const board = boardFrom(task.board, 'task.board');
  return graph(board, parsePiece(task.piece === undefined ? 'knight' : checkString(task.piece, 'task.piece')));
}

function fromOf(g: Graph, task: WalkFromTask): number {
  return typeof task.from === 'string' ? g.board.parse(task.from) : task.from;
}

/** The walk jobs: 'walk.survival', 'walk.survivalMap', 'walk.exactCounts', 'walk.exactSurvival', … */
export const jobs = {
  /** The chance of staying on from every square, in floating point (`survivalMapJob`). */
  survivalMap: (task: WalkTask) => survivalMapJob(graphOf(task), task.steps),
  /** The chance of staying on from one square, in floating point (`survivalJob`). */
  survival: (task: WalkFromTask) => {
    const g = graphOf(task);
    return survivalJob(g, fromOf(g, task), task.steps);
  },
  exactCounts: (task: WalkTask) => exactCountsJob(graphOf(task), task.steps),
  exactSurvivalMap: (task: WalkTask) => exactSurvivalMapJob(graphOf(task), task.steps),
  exactSurvival: (task: WalkFromTask) => {
    const g = graphOf(task);
    return exactSurvivalJob(g, fromOf(g, task), task.steps);
  },
  survivalAtHorizon: (task: WalkFromTask & { method?: HorizonMethod }) => {
    const g = graphOf(task);
    return survivalAtHorizonJob(g, fromOf(g, task), task.steps, { method: task.method });
  },
  survivalMapAtHorizon: (task: WalkTask) => survivalMapAtHorizonJob(graphOf(task), task.steps),
  decayRate: (task: Omit<WalkFromTask, 'steps'>) => {
    checkTask(task, '{ board, piece?, from }');
    const g = graphOf({ ...task, steps: 0 });
    return decayRateJob(g, fromOf(g, { ...task, steps: 0 }));
  },
  /** Where the piece stands after `steps` moves from `from`, with log10 of every entry. */
  distribution: (task: WalkFromTask) => {
    const g = graphOf(task);
    return distributionJob(g, fromOf(g, task), task.steps);
  },
  /** `trials` walks drawn from `createRng(seed)` (seed default 1, as the CLI's). */
  simulate: (task: WalkFromTask & { trials: number; seed?: number }) => {
    const g = graphOf(task);
    return simulateWalksJob(g, fromOf(g, task), task.steps, task.trials, createRng(task.seed ?? 1));
  },
} satisfies JobRegistry;
