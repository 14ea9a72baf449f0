// Open tour counts from every start square, one count per orbit of the board's symmetries.
import type { Board } from '../core/board.js';
import type { Progress } from '../core/run.js';
import { countToursAsync, type CountOptions } from './count.js';

export interface EachCount {
  /** Directed open tours starting on each square (index = square); a lower bound where `complete` is false. */
  counts: bigint[];
  complete: boolean;
  /** Counts actually run: one per class of squares the board's symmetries map onto each other. */
  runs: number;
  reason?: string;
}

/**
 * The images of a square under the board's symmetries (the 4 of a rectangle, the 8 of a square board). A leaper's
 * moves are symmetric under all of them, so every square of one class starts as many tours.
 */
export function symmetricSquares(board: Board, square: number): number[] {
  const w = board.width, h = board.height;
  const f = board.file(square), r = board.rank(square);
  const images: [number, number][] = [[f, r], [w - 1 - f, r], [f, h - 1 - r], [w - 1 - f, h - 1 - r]];
  if (w === h) images.push([r, f], [w - 1 - r, f], [r, h - 1 - f], [w - 1 - r, h - 1 - f]);
  return [...new Set(images.map(([x, y]) => board.index(x, y)))];
}

/** Directed open tours from every square (A165134's per-square table), yielding between slices. */
export async function countToursFromEach(board: Board, options: Omit<CountOptions, 'from' | 'to' | 'closed'> = {}): Promise<EachCount> {
  const counts = new Array<bigint>(board.cells).fill(-1n);
  const reps: number[] = [];
  for (let s = 0; s < board.cells; s++) {
    if (counts[s] !== -1n) continue;
    reps.push(s);
    for (const t of symmetricSquares(board, s)) counts[t] = 0n;
  }
  let complete = true;
  let reason: string | undefined;
  const started = Date.now();
  for (let i = 0; i < reps.length; i++) {
    const s = reps[i];
    const timeoutMs = options.timeoutMs === undefined ? undefined : Math.max(1, options.timeoutMs - (Date.now() - started));
    const onProgress = options.onProgress && ((p: Progress) => options.onProgress?.({ done: i * (p.total ?? 1) + p.done, total: reps.length * (p.total ?? 1), unit: p.unit }));
    const r = await countToursAsync(board, { ...options, from: s, timeoutMs, onProgress });
    for (const t of symmetricSquares(board, s)) counts[t] = r.count;
    if (!r.complete) {
      complete = false;
      reason = r.reason;
      break;
    }
  }
  return { counts, complete, runs: reps.length, ...(reason ? { reason } : {}) };
}
