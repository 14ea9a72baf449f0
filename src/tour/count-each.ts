// Open tour counts from every start square, one count per orbit of the board's symmetries, as a job.
//
// Method: none of its own: the counts of count.ts (frontier-based search or backtracking), one from a square of
// each class of squares that the board's symmetries map onto each other.
import type { Board } from '../core/board.js';
import { job, type Job, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { GridbitsError } from '../core/error.js';
import { checkBoard, checkCountShape, checkSquare } from './check.js';
import { budgeted, prepareCount, type TourCountOptions, type CountRun } from './count.js';

/** Directed open tours from every square. */
export interface EachCount {
  /** Always true here: every count is exact (see `EachOutOfReach`). */
  complete: true;
  /** Directed open tours starting on each square (index = square). */
  counts: bigint[];
  /** Counts actually run: one per class of squares the board's symmetries map onto each other. */
  runs: number;
}

/**
 * What a stopped count from every square has: lower bounds (0 on squares not reached, and on the square a frontier
 * count was on).
 */
export interface EachPartial {
  /** A lower bound of the count from each square (index = square). */
  counts: bigint[];
  /** Counts finished before the stop. */
  runs: number;
}

/**
 * Counts from every square the counter could not finish: the count from one class of squares met a limit of
 * the counter's own (see `CountOutOfReach`). What it had, as a stopped run's partial, and the limit in words.
 */
export interface EachOutOfReach extends EachPartial {
  /** Always false here: the counts are lower bounds. */
  complete: false;
  /** The limit the counter met, in words. */
  reason: string;
}

/** What counts from every square answer: all of them, or why the counter could not finish (`complete` tells). */
export type EachAnswer = EachCount | EachOutOfReach;

/** Options of `countToursFromEach`: those of a count, without the ends. */
export type EachOptions = Omit<TourCountOptions, 'from' | 'to' | 'closed'>;

/**
 * The images of a square under the board's symmetries (the 4 of a rectangle, the 8 of a square board). A leaper's
 * moves are symmetric under all of them, so every square of one class starts as many tours.
 */
export function symmetricSquares(board: Board, square: number): number[] {
  checkSquare(checkBoard(board, 'board'), square, 'square');
  const w = board.width,
    h = board.height;
  const f = board.file(square),
    r = board.rank(square);
  const images: [number, number][] = [
    [f, r],
    [w - 1 - f, r],
    [f, h - 1 - r],
    [w - 1 - f, h - 1 - r],
  ];
  if (w === h) images.push([r, f], [w - 1 - r, f], [r, h - 1 - f], [w - 1 - r, h - 1 - f]);
  return [...new Set(images.map(([x, y]) => board.index(x, y)))];
}

/**
 * Directed open tours from every square (A165134's per-square table) as a job: one count per class of
 * symmetric squares, each checked (and refused past `countLimit`) before the first runs. Progress is in
 * percent over all the counts.
 */
export function countToursFromEachJob(board: Board, options: EachOptions = {}): Job<EachAnswer, EachPartial> {
  checkCountShape(checkBoard(board, 'board'), options, 'options');
  for (const k of ['from', 'to', 'closed'] as const)
    if ((options as TourCountOptions)[k] !== undefined)
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `options.${k}: counts from every square are of open tours from each square`,
      );
  const reps: number[] = [];
  const seen = new Uint8Array(board.cells);
  for (let s = 0; s < board.cells; s++) {
    if (seen[s] === 1) continue;
    reps.push(s);
    for (const t of symmetricSquares(board, s)) seen[t] = 1;
  }
  // Each count is prepared when it starts (a prepared frontier program holds its tables); the first is
  // prepared now, so a refusal comes at once.
  const first = prepareCount(board, { ...options, from: reps[0] });
  return job<EachAnswer, EachPartial>(function* (ctl) {
    const counts = new Array<bigint>(board.cells).fill(0n);
    let runs = 0;
    let current: CountRun | null = null;
    const fill = (s: number, c: bigint): void => {
      for (const t of symmetricSquares(board, s)) counts[t] = c;
    };
    const partial = (): EachPartial => {
      const out = counts.slice();
      if (current !== null && runs < reps.length)
        for (const t of symmetricSquares(board, reps[runs])) out[t] = current.partial().count ?? 0n;
      return { counts: out, runs };
    };
    ctl.partial = partial;
    for (; runs < reps.length;) {
      current = runs === 0 ? first : prepareCount(board, { ...options, from: reps[runs] });
      const i = runs;
      const r = yield* current.steps(ctl, (share) => ctl.report({ share: (i + share) / reps.length }));
      if (!r.complete) return { complete: false, reason: r.reason, ...partial() };
      fill(reps[runs], r.count);
      runs++;
    }
    return { complete: true, counts, runs };
  });
}

/**
 * Directed open tours from every square (see `countToursFromEachJob`), giving the event loop a turn about every 20 ms.
 */
export function countToursFromEach(
  board: Board,
  options: EachOptions & RunOptions = {},
): Promise<Outcome<EachAnswer, EachPartial>> {
  return countToursFromEachJob(board, budgeted(options)).run(options);
}

/** As `countToursFromEach`, run to its end or a limit without giving the event loop a turn. */
export function countToursFromEachSync(
  board: Board,
  options: EachOptions & RunOptions = {},
): Outcome<EachAnswer, EachPartial> {
  return countToursFromEachJob(board, budgeted(options)).runSync(options);
}
