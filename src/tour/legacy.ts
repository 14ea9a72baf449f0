// The tour engine's names as the package root exported them before 0.3 (deprecated): thin wrappers over 'gridbits/tour'.
import type { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { job, type Outcome } from '../core/job.js';
import type { Progress, RunOptions } from '../core/run.js';
import type { Piece } from '../pieces/piece.js';
import * as tour from './index.js';
import { budgetWords, searchStopWords } from './stopped.js';

function aborted(): never {
  throw new GridbitsError('ABORTED', 'stopped before finishing');
}

/** @deprecated Use `Query` from 'gridbits/tour'. */
export type TourQuery = tour.Query;
/** @deprecated Use `Answer` from 'gridbits/tour': `findTour` now says in its outcome when a budget stopped it. */
export type TourAnswer = Omit<tour.Answer, 'exists'> & {
  /** true: a tour exists; false: proved none exists; null: a budget ran out first. */
  exists: boolean | null;
};
/** @deprecated Use `SearchSwitches` from 'gridbits/tour'. */
export type SearchSwitches = tour.SearchSwitches;
/** @deprecated Use `SearchEvent` from 'gridbits/tour'. */
export type TourEvent = tour.SearchEvent;
/** @deprecated Use `SearchEventKind` from 'gridbits/tour'. */
export type TourEventKind = tour.SearchEventKind;
/** @deprecated Use the run options of `searchTour` from 'gridbits/tour'. */
export interface MachineLimits extends RunOptions {
  /** Largest number of backtracks (over all tries) before answering 'budget'. */
  maxBacktracks?: number;
}
/** @deprecated Use the outcome of `searchTour` from 'gridbits/tour'. */
export type MachineStatus = 'found' | 'none' | 'budget';

/** What a 0.1 machine run answered. @deprecated Use `searchTourJob`'s outcome. */
export interface MachineRun {
  /** 'found', 'none' (proved), or 'budget' (a limit ran out). */
  status: MachineStatus;
  /** Backtracks made so far. */
  backtracks: number;
  /** Search nodes visited so far. */
  nodes: number;
}

/** @deprecated Use `SearchMachine` from 'gridbits/tour', and `searchTourJob` for runs within limits. */
export class TourMachine extends tour.SearchMachine {
  /** @deprecated Runs until 'found', 'none' or 'budget' (a limit ran out; calling run again resumes); throws ABORTED on the signal. */
  run(limits: MachineLimits = {}): MachineRun {
    const { maxNodes = Infinity, maxBacktracks, timeoutMs, signal, onProgress } = limits;
    if (signal?.aborted) aborted();
    // maxNodes counted the machine's nodes from its start; the job's budget counts this run's.
    const left = maxNodes - this.nodes;
    if (left < 1) return { status: 'budget', backtracks: this.backtracks, nodes: this.nodes };
    const out = job((ctl) =>
      this.steps(ctl, maxBacktracks, () => ctl.report({ done: this.backtracks, unit: 'backtracks' })),
    ).runSync({
      maxNodes: left === Infinity ? undefined : Math.floor(left),
      timeoutMs,
      signal,
      onProgress,
    });
    if (!out.finished && out.stopped === 'signal') aborted();
    const status: MachineStatus = out.finished && out.value !== 'backtracks' ? out.value : 'budget';
    return { status, backtracks: this.backtracks, nodes: this.nodes };
  }
}

/** @deprecated Use `SearchOptions` with the run options, from 'gridbits/tour'. */
export interface SearchOptions extends RunOptions {
  /** Largest number of backtracks over all tries before answering 'budget'. */
  maxBacktracks?: number;
  /** The optimisations (all on by default). */
  switches?: tour.SearchSwitches;
}
/** @deprecated Use `SearchResult` from 'gridbits/tour' (a stopped search is an unfinished outcome there). */
export interface SearchResult {
  /** 'found', 'none', or 'budget' when a limit ran out first. */
  status: MachineStatus;
  /** The tour, when found. */
  path?: Int32Array;
  /** Backtracks made. */
  backtracks: number;
  /** Search nodes (moves). */
  nodes: number;
}
/** @deprecated Use `searchTourSync` from 'gridbits/tour'. */
export function searchTour(query: tour.Query, options: SearchOptions = {}): SearchResult {
  const m = new TourMachine(query, options.switches);
  const r = m.run(options);
  const out: SearchResult = { status: r.status, backtracks: r.backtracks, nodes: r.nodes };
  if (r.status === 'found') out.path = m.tour ?? undefined;
  return out;
}

/** @deprecated Use `findTourSync` from 'gridbits/tour'. A spent budget answers `exists: null`; the signal throws ABORTED. */
export function findTour(query: tour.Query, options: RunOptions = {}): TourAnswer {
  const out = tour.findTourSync(query, options);
  if (out.finished) return out.value;
  if (out.stopped === 'signal') aborted();
  const backtracks = out.partial?.backtracks ?? 0;
  return {
    exists: null,
    closed: query.closed,
    method: 'backtracking',
    backtracks,
    reason: searchStopWords(out.nodes, backtracks, out.partial?.theorem),
  };
}

/** @deprecated Use `TraceOptions` from 'gridbits/tour'. */
export type TraceOptions = tour.TraceOptions;
/** @deprecated Use `formatTrace` from 'gridbits/tour'. */
export const formatTrace = tour.formatTrace;
/** @deprecated Use `traceTour` from 'gridbits/tour'. */
export const traceTour = tour.traceTour;

/** @deprecated Use `TableCell` from 'gridbits/tour'. */
export type TableCell = tour.TableCell;
/** @deprecated Use `TableOptions` with the run options, from 'gridbits/tour'. */
export interface TableOptions extends tour.TableOptions {
  /** Wall-clock limit for the whole table; squares not decided in time are null. */
  timeoutMs?: number;
  /** Stops the table (ABORTED). */
  signal?: AbortSignal;
  /** Squares done of the board's. */
  onProgress?: (p: Progress) => void;
}
/** @deprecated Use `tableCellText` from 'gridbits/tour'. */
export const tableCellText = tour.tableCellText;

/** Nodes a square not reached before the deadline still gets (parity and easy tours take none). */
const GLANCE_NODES = 1 << 18;

function tableAsBefore(
  board: Board,
  piece: Piece,
  o: TableOptions,
  out: Outcome<tour.TableCell[], tour.TableCell[]>,
): tour.TableCell[] {
  if (out.finished) return out.value;
  if (out.stopped === 'signal') aborted();
  const cells = out.partial ?? [];
  for (let s = cells.length; s < board.cells; s++) {
    const glance = tour.tableCellJob(board, piece, s, o).runSync({ maxNodes: GLANCE_NODES });
    cells.push(glance.finished ? glance.value : { square: s, exists: null, backtracks: 0, nodes: glance.nodes });
  }
  return cells;
}

/** @deprecated Use `tableSync` from 'gridbits/tour'. Past the deadline every square still gets a short look. */
export function tourTable(board: Board, piece: Piece, options: TableOptions = {}): tour.TableCell[] {
  const { timeoutMs, signal, onProgress } = options;
  return tableAsBefore(
    board,
    piece,
    options,
    tour.tableSync(board, piece, { ...options, timeoutMs, signal, onProgress: onProgress && whole(onProgress) }),
  );
}

/** @deprecated Use `table` from 'gridbits/tour'. */
export async function tourTableAsync(
  board: Board,
  piece: Piece,
  options: TableOptions = {},
): Promise<tour.TableCell[]> {
  const { timeoutMs, signal, onProgress } = options;
  return tableAsBefore(
    board,
    piece,
    options,
    await tour.table(board, piece, { ...options, timeoutMs, signal, onProgress: onProgress && whole(onProgress) }),
  );
}

/** Progress in whole squares, as before. */
function whole(onProgress: (p: Progress) => void): (p: Progress) => void {
  return (p) => onProgress({ ...p, done: Math.floor(p.done) });
}

/** @deprecated Use `StartReason` from 'gridbits/tour' ('backtrack limit' there). */
export type StartReason = 'colour parity' | 'proved by exhaustive search' | 'found' | 'budget exhausted';
/** @deprecated Use `StartCell` from 'gridbits/tour'. */
export interface StartCell {
  /** The square. */
  square: number;
  /** true, false, or null when the backtracks ran out. */
  exists: boolean | null;
  /** How it was decided. */
  reason: StartReason;
}
/** @deprecated Use `StartOptions` with the run options, from 'gridbits/tour'. */
export interface StartOptions extends tour.StartOptions {
  /** Stops the search (ABORTED). */
  signal?: AbortSignal;
  /** Squares done of the board's. */
  onProgress?: (p: Progress) => void;
}
/** @deprecated Use `openTourStartsSync` from 'gridbits/tour'. */
export function openTourStarts(board: Board, piece: Piece, options: StartOptions = {}): StartCell[] {
  const out = tour.openTourStartsSync(board, piece, options);
  if (!out.finished) aborted();
  return out.value.map((c) => ({ ...c, reason: c.reason === 'backtrack limit' ? 'budget exhausted' : c.reason }));
}

/** @deprecated Use `COUNT_CONVENTION` from 'gridbits/tour'. */
export const COUNT_CONVENTION = tour.COUNT_CONVENTION;
/** @deprecated Use `countLimit` from 'gridbits/tour'. */
export const countLimit = tour.countLimit;
/** @deprecated Use `CountOptions` with the run options, from 'gridbits/tour'. */
export type CountOptions = Omit<tour.CountOptions, 'pastLimit'> & RunOptions;
/** @deprecated Use `Count` from 'gridbits/tour' (a stopped count is an unfinished outcome there). */
export interface TourCount extends tour.Count {
  /** False when a budget stopped the count: `count` is then a lower bound. */
  complete: boolean;
  /** Why the count is incomplete. */
  reason?: string;
}

function countAsBefore(board: Board, o: CountOptions, out: Outcome<tour.Count, tour.CountPartial>): TourCount {
  if (out.finished) return { ...out.value, complete: true };
  if (out.stopped === 'signal') aborted();
  const closed = o.closed ?? false;
  const convention = closed
    ? COUNT_CONVENTION.closed
    : o.from !== undefined
      ? COUNT_CONVENTION.openFrom
      : COUNT_CONVENTION.open;
  const p = out.partial ?? { count: 0n, method: 'frontier' as const };
  // 0.1 said 0 where the frontier program knows no lower bound.
  return {
    count: p.count ?? 0n,
    complete: false,
    closed,
    directed: !closed,
    convention,
    method: p.method,
    nodes: out.nodes,
    ...(p.peakStates !== undefined ? { peakStates: p.peakStates } : {}),
    reason: budgetWords(out.stopped, o),
  };
}

/** @deprecated Use `countToursSync` from 'gridbits/tour'. */
export function countTours(board: Board, options: CountOptions = {}): TourCount {
  return countAsBefore(board, options, tour.countToursSync(board, options));
}

/** @deprecated Use `countTours` from 'gridbits/tour' (async there). */
export async function countToursAsync(board: Board, options: CountOptions = {}): Promise<TourCount> {
  return countAsBefore(board, options, await tour.countTours(board, options));
}

/** @deprecated Use `EachCount` from 'gridbits/tour'. */
export interface EachCount extends tour.EachCount {
  /** False when a budget stopped the counts (later squares show 0). */
  complete: boolean;
  /** Why the counts are incomplete. */
  reason?: string;
}
/** @deprecated Use `countToursFromEach` from 'gridbits/tour' (its outcome says when a budget stopped it). */
export async function countToursFromEach(
  board: Board,
  options: Omit<CountOptions, 'from' | 'to' | 'closed'> = {},
): Promise<EachCount> {
  const out = await tour.countToursFromEach(board, options);
  if (out.finished) return { ...out.value, complete: true };
  if (out.stopped === 'signal') aborted();
  const p = out.partial ?? { counts: new Array<bigint>(board.cells).fill(0n), runs: 0 };
  return { counts: p.counts, runs: p.runs, complete: false, reason: budgetWords(out.stopped, options) };
}
/** @deprecated Use `symmetricSquares` from 'gridbits/tour'. */
export const symmetricSquares = tour.symmetricSquares;

/** @deprecated Use `AnalyzeOptions` from 'gridbits/tour'. */
export type AnalyzeOptions = tour.AnalyzeOptions;
/** @deprecated Use `Analysis` from 'gridbits/tour'. */
export type TourAnalysis = tour.Analysis;
/** @deprecated Use `Sums` from 'gridbits/tour'. */
export type TourSums = tour.Sums;
/** @deprecated Use `analyzeTour` from 'gridbits/tour'. */
export const analyzeTour = tour.analyzeTour;
/** @deprecated Use `isMove` from 'gridbits/tour'. */
export const isMove = tour.isMove;
/** @deprecated Use `ParsedTour` from 'gridbits/tour'. */
export type ParsedTour = tour.ParsedTour;
/** @deprecated Use `parseTour` from 'gridbits/tour'. */
export const parseTour = tour.parseTour;
/** @deprecated Use `EulerClosing` from 'gridbits/tour'. */
export type EulerClosing = tour.EulerClosing;
/** @deprecated Use `closeByEuler` from 'gridbits/tour'. */
export const closeByEuler = tour.closeByEuler;
/** @deprecated Use `eulerReversalAt` from 'gridbits/tour'. */
export const eulerReversalAt = tour.eulerReversalAt;
/** @deprecated Use `GalleryTour` from 'gridbits/tour'. */
export type GalleryTour = tour.GalleryTour;
/** @deprecated Use `GALLERY` from 'gridbits/tour'. */
export const GALLERY = tour.GALLERY;
/** @deprecated Use `galleryNames` from 'gridbits/tour'. */
export const galleryNames = tour.galleryNames;
/** @deprecated Use `galleryTour` from 'gridbits/tour'. */
export const galleryTour = tour.galleryTour;
/** @deprecated Use `Existence` from 'gridbits/tour'. */
export type Existence = tour.Existence;
/** @deprecated Use `existence` from 'gridbits/tour'. */
export const tourExistence = tour.existence;
/** @deprecated Use `knightClosedExists` from 'gridbits/tour'. */
export const knightClosedExists = tour.knightClosedExists;
/** @deprecated Use `knightOpenExists` from 'gridbits/tour'. */
export const knightOpenExists = tour.knightOpenExists;
/** @deprecated Use `fault` from 'gridbits/tour'. */
export const tourFault = tour.fault;
