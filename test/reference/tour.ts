// An independent tour checker for the tests: plain coordinates, sharing no code with the tour finders.

/**
 * Returns null when `path` is a valid tour of a w×h board by the (m, n) leaper (closed: the last square is
 * one leap from the first), else the reason. Squares are indices y*w + x.
 */
export function tourProblem(
  w: number,
  h: number,
  path: ArrayLike<number>,
  closed: boolean,
  m = 1,
  n = 2,
): string | null {
  if (path.length !== w * h) return `path has ${path.length} squares, the board ${w * h}`;
  const seen = new Uint8Array(w * h);
  const leap = (a: number, b: number): boolean => {
    const dx = Math.abs((a % w) - (b % w));
    const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
    return (dx === m && dy === n) || (dx === n && dy === m);
  };
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (!Number.isInteger(s) || s < 0 || s >= w * h) return `square ${s} at step ${i} is off the board`;
    if (seen[s]) return `square ${s} visited twice (step ${i})`;
    seen[s] = 1;
    if (i > 0 && !leap(path[i - 1], s)) return `step ${i} from ${path[i - 1]} to ${s} is not a leap`;
  }
  if (closed && path.length > 1 && !leap(path[path.length - 1], path[0]))
    return 'the last square is not a leap from the first';
  return null;
}
