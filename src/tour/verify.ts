// The in-engine tour checker: every tour the engine returns passes it first (O(cells), typed arrays only).
import type { Board } from '../core/board.js';
import type { Vector } from '../pieces/piece.js';

/**
 * Returns null when `path` visits every square of the board exactly once, each step being one of the
 * leaper's vectors (and, for a closed tour, the last square one leap from the first); else the reason.
 */
export function fault(board: Board, leaps: readonly Vector[], path: ArrayLike<number>, closed: boolean): string | null {
  const n = board.cells, w = board.width;
  if (path.length !== n) return `the path has ${path.length} squares, the board ${n}`;
  // A step (dx, dy) is looked up in a small table indexed by the offset, so the loop makes no allocations.
  let reach = 0;
  for (const [dx, dy] of leaps) reach = Math.max(reach, Math.abs(dx), Math.abs(dy));
  const span = 2 * reach + 1;
  const isLeap = new Uint8Array(span * span);
  for (const [dx, dy] of leaps) isLeap[(dy + reach) * span + dx + reach] = 1;
  if (w > 2 * reach && reach * (w + 1) <= 1 << 20) return fastFault(board, isLeap, reach, span, path, closed);
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

/**
 * The same check when the board is wider than twice the reach: then an index difference names one step
 * (dx, dy), so the loop tracks coordinates by adding, with no division per square.
 */
function fastFault(board: Board, isLeap: Uint8Array, reach: number, span: number, path: ArrayLike<number>, closed: boolean): string | null {
  const n = board.cells, w = board.width, h = board.height;
  const base = reach * w + reach;
  const size = 2 * base + 1;
  const stepX = new Int8Array(size), stepY = new Int8Array(size), valid = new Uint8Array(size);
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      if (isLeap[(dy + reach) * span + dx + reach] === 1) {
        const d = dy * w + dx + base;
        valid[d] = 1;
        stepX[d] = dx;
        stepY[d] = dy;
      }
    }
  }
  const seen = new Uint8Array(n);
  const first = path[0];
  if (!Number.isInteger(first) || first < 0 || first >= n) return `square ${first} at step 0 is off the board`;
  seen[first] = 1;
  let x = first % w, y = (first - x) / w, prev = first;
  for (let i = 1; i < n; i++) {
    const s = path[i];
    const d = s - prev + base;
    if (!(d >= 0 && d < size && valid[d] === 1)) {
      if (!Number.isInteger(s) || s < 0 || s >= n) return `square ${s} at step ${i} is off the board`;
      return `step ${i} from ${board.name(prev)} to ${board.name(s)} is not a leap`;
    }
    x += stepX[d];
    y += stepY[d];
    if (x < 0 || y < 0 || x >= w || y >= h) return `step ${i} from ${board.name(prev)} leaves the board`;
    if (seen[s] === 1) return `square ${board.name(s)} is visited twice (step ${i})`;
    seen[s] = 1;
    prev = s;
  }
  if (closed && n > 1) {
    const d = first - prev + base;
    const fx = first % w;
    if (!(d >= 0 && d < size && valid[d] === 1) || Math.abs(fx - x) > reach) return 'the last square is not a leap from the first';
  }
  return null;
}
