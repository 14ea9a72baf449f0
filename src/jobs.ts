// Every job by name ('tour.count', 'fleet.heat', …): what a worker serving gridbits runs, and the types that
// check a call of runInWorker by the job's name. Arguments and answers are plain data (structured-cloneable).
import { jobs as fleet } from './fleet/jobs.js';
import { jobs as pieces } from './pieces/jobs.js';
import { jobs as tour } from './tour/jobs.js';
import { jobs as valley } from './valley/jobs.js';
import { jobs as walk } from './walk/jobs.js';

/**
 * The jobs a worker serving gridbits runs, by name: `runInWorker(worker, name, args, options)` starts one with
 * these arguments and answers with its outcome.
 */
export const JOBS = {
  /** Moves of a piece from every square of a board (`mobilityJob`). */
  'pieces.mobility': pieces.mobility,
  /** The squares a set of pieces attacks, as bitboard words (`attackSetJob`). */
  'pieces.attacks': pieces.attacks,
  /** A verified tour, or the proof that none exists (`findTourJob`). */
  'tour.find': tour.find,
  /** The backtracking search alone (`searchTourJob`). */
  'tour.search': tour.search,
  /** The per-start table (`tableJob`). */
  'tour.table': tour.table,
  /** The squares that start an open tour (`openTourStartsJob`). */
  'tour.starts': tour.starts,
  /** An exact count (`countToursJob`). */
  'tour.count': tour.count,
  /** Directed open tours from every square (`countToursFromEachJob`). */
  'tour.each': tour.each,
  /** One shard of a count split by `shardTourCount` (`countTourShardJob`): its part of the total. */
  'tour.countShard': tour.countShard,
  /** A tour written as text, read and checked (`checkTourTextJob`). */
  'tour.check': tour.check,
  /** The chance of staying on from one square, in floating point (`survivalJob`). */
  'walk.survival': walk.survival,
  /** That chance from every square (`survivalMapJob`). */
  'walk.survivalMap': walk.survivalMap,
  /** Walks that stay on the board, counted exactly by square (`exactCountsJob`). */
  'walk.exactCounts': walk.exactCounts,
  /** The exact chance of staying on from every square (`exactSurvivalMapJob`). */
  'walk.exactSurvivalMap': walk.exactSurvivalMap,
  /** The exact chance of staying on from one square (`exactSurvivalJob`). */
  'walk.exactSurvival': walk.exactSurvival,
  /** The chance of staying on at any number of moves (`survivalAtHorizonJob`). */
  'walk.survivalAtHorizon': walk.survivalAtHorizon,
  /** That chance from every square (`survivalMapAtHorizonJob`). */
  'walk.survivalMapAtHorizon': walk.survivalMapAtHorizon,
  /** The rate at which the chance decays per move (`decayRateJob`). */
  'walk.decayRate': walk.decayRate,
  /** Where the piece stands after `steps` moves from `from`, with log10 of every entry. */
  'walk.distribution': walk.distribution,
  /** `trials` walks drawn from `createRng(seed)` (seed default 1, as the CLI's), by `simulateWalksJob`. */
  'walk.simulate': walk.simulate,
  /** Leaves `depth` plies below the position. */
  'valley.perft': valley.perft,
  /** Perft by first move. */
  'valley.divide': valley.divide,
  /** The best move by iterative deepening. */
  'valley.search': valley.search,
  /** The value of a 5×5 position (standard rules). */
  'valley.solve': valley.solve,
  /** Players against each other. */
  'valley.match': valley.match,
  /** A layout or a proof that none exists, by 'search' (default) or the Sea Battle article's shuffled 'rails'. */
  'fleet.place': fleet.place,
  /** `samples` layouts by 'search' or 'rails' from one seed, each search within limits of its own. */
  'fleet.layouts': fleet.layouts,
  /** The exact number of layouts. */
  'fleet.count': fleet.count,
  /** One shard of a count split by `shardLayoutCount` (`countLayoutShardJob`): its part of the total. */
  'fleet.countShard': fleet.countShard,
  /** `count` exactly uniform layouts from the counting program's sampler. */
  'fleet.sample': fleet.sample,
  /** The layouts covering each cell, and the total. */
  'fleet.cells': fleet.cells,
  /** The heat map given the shots so far. */
  'fleet.heat': fleet.heat,
  /** `count` exactly uniform layouts, by rejection where it accepts, else the exact counts. */
  'fleet.uniform': fleet.uniform,
  /** The hunter against `games` uniform layouts; a stopped run's partial holds the games played. */
  'fleet.sim': fleet.sim,
};

/** Every job's maker by its name: the types behind runInWorker's checks. */
export type JobsByName = typeof JOBS;
