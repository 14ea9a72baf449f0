// A plain reference for the search tests: depth-first search over plain coordinates, no pruning, no shared code.

/** Does a tour of the w×h board by these leaps exist from `from` (ending on `to`, or closed)? */
export function plainTourExists(
  w: number,
  h: number,
  leaps: ReadonlyArray<readonly [number, number]>,
  from: number,
  to: number | undefined,
  closed: boolean,
): boolean {
  const n = w * h;
  const seen = new Array<boolean>(n).fill(false);
  const next = (s: number): number[] => {
    const x = s % w,
      y = Math.floor(s / w);
    const out: number[] = [];
    for (const [dx, dy] of leaps) {
      const nx = x + dx,
        ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < w && ny < h) out.push(ny * w + nx);
    }
    return out;
  };
  const dfs = (s: number, count: number): boolean => {
    if (count === n) {
      if (closed) return n > 1 && next(s).includes(from);
      return to === undefined || s === to;
    }
    for (const t of next(s)) {
      if (seen[t]) continue;
      seen[t] = true;
      if (dfs(t, count + 1)) return true;
      seen[t] = false;
    }
    return false;
  };
  seen[from] = true;
  return dfs(from, 1);
}
