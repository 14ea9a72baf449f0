// The in-engine tour checker: every tour the engine returns passes it first (O(cells), typed arrays only).
import type { Board } from '../core/board.js';
import type { Vector } from '../pieces/piece.js';

/**
 * Returns null when `path` visits every square of the board exactly once, each step being one of the
 * leaper's vectors (and, for a closed tour, the last square one leap from the first); else the reason.
 */
export function tourFault(board: Board, leaps: readonly Vector[], path: ArrayLike<number>, closed: boolean): string | null {
  const n = board.cells, w = board.width;
  if (path.length !== n) return `the path has ${path.length} squares, the board ${n}`;
  // A step (dx, dy) is looked up in a small table indexed by the offset, so the loop makes no allocations.
  let reach = 0;
  for (const [dx, dy] of leaps) reach = Math.max(reach, Math.abs(dx), Math.abs(dy));
  const span = 2 * reach + 1;
  const isLeap = new Uint8Array(span * span);
  for (const [dx, dy] of leaps) isLeap[(dy + reach) * span + dx + reach] = 1;
  const seen = new Uint8Array(n);
  const step = (a: number, b: number): boolean => {
    const ax = a % w, bx = b % w;
    const dx = bx - ax, dy = ((b - bx) / w) - ((a - ax) / w);
    return dx >= -reach && dx <= reach && dy >= -reach && dy <= reach && isLeap[(dy + reach) * span + dx + reach] === 1;
  };
  for (let i = 0; i < n; i++) {
    const s = path[i];
    if (!Number.isInteger(s) || s < 0 || s >= n) return `square ${s} at step ${i} is off the board`;
    if (seen[s] === 1) return `square ${board.name(s)} is visited twice (step ${i})`;
    seen[s] = 1;
    if (i > 0 && !step(path[i - 1], s)) return `step ${i} from ${board.name(path[i - 1])} to ${board.name(s)} is not a leap`;
  }
  if (closed && n > 1 && !step(path[n - 1], path[0])) return 'the last square is not a leap from the first';
  return null;
}
