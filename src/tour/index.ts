// The tour engine's public face (`gridbits/tour`): existence, finding, searching, tables, counting and checking tours.
/**
 * Knight's tours, and tours of any leaper, on any rectangle: whether one exists ({@link existence}), finding one
 * ({@link findTour}: theorems, constructions, Warnsdorff's rule, backtracking), the resumable search
 * ({@link SearchMachine}, {@link searchTour}), tables of tours from every start ({@link table}), exact counts
 * ({@link countTours}), analysis and checking ({@link analyzeTour}, {@link fault}).
 * @module tour
 */
export { methodWords, type Answer, type Query } from './types.js';
export { SearchMachine, type SearchEvent, type SearchEventKind, type SearchSwitches } from './machine.js';
export {
  SEARCH_BUDGET,
  searchTour,
  searchTourJob,
  searchTourSync,
  type TourSearchOptions,
  type TourSearchPartial,
  type TourSearchResult,
} from './search.js';
export { findTour, findTourJob, findTourSync, type FindOptions, type FindPartial } from './find.js';
export { formatTrace, traceTour, type TraceOptions } from './trace.js';
export {
  openTourStarts,
  openTourStartsJob,
  openTourStartsSync,
  table,
  tableCell,
  tableCellJob,
  tableCellSync,
  tableCellText,
  tableJob,
  tableSync,
  type StartCell,
  type StartOptions,
  type StartReason,
  type TableCell,
  type TableOptions,
} from './table.js';
export {
  COUNT_CONVENTION,
  COUNT_MAX_REACH,
  COUNT_MAX_SQUARES,
  countCheckpoint,
  countLimit,
  countTours,
  countToursJob,
  countToursSync,
  type Count,
  type CountAnswer,
  type CountCheckpoint,
  type CountOutOfReach,
  type TourCountOptions,
  type CountPartial,
} from './count.js';
export { checkpointBytes, readCheckpointHead, type CheckpointHead, type CheckpointStart } from './count-checkpoint.js';
export {
  countTourShardJob,
  forgetShardTables,
  shardTourCount,
  type ShardOutOfReach,
  type ShardedTourCount,
  type TourCountQuestion,
} from './count-shards.js';
export { DEFAULT_SHARDS, type ShardCount } from '../core/shards.js';
export {
  countToursFromEach,
  countToursFromEachJob,
  countToursFromEachSync,
  symmetricSquares,
  type EachAnswer,
  type EachCount,
  type EachOptions,
  type EachOutOfReach,
  type EachPartial,
} from './count-each.js';
export { analyzeTour, isLeap, type AnalyzeOptions, type Analysis, type Sums } from './analyze.js';
export { parseTour, type ParsedTour } from './parse.js';
export { checkTourTextJob, type ClosingAnswer, type TextCheck, type TextCheckOptions } from './check-text.js';
export { closeByEuler, type EulerClosing } from './euler.js';
export { GALLERY, galleryNames, galleryTour, type GalleryTour } from './gallery.js';
export { existence, knightClosedExists, knightOpenExists, type Existence } from './existence.js';
export { fault, type FaultOptions } from './verify.js';
export type { CountSpec, QuerySpec } from './jobs.js';
