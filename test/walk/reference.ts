// Plain reference walks for the tests, sharing no code with src/walk: (x, y) loops over a 2-D array.

/** The 8 (or 4) vectors (±a, ±b), (±b, ±a) of an (a, b) leaper, written out longhand. */
export function refLeaps(parts: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of parts) {
    for (const [x, y] of [
      [a, b],
      [a, -b],
      [-a, b],
      [-a, -b],
      [b, a],
      [b, -a],
      [-b, a],
      [-b, -a],
    ]) {
      if (!out.some(([p, q]) => p === x && q === y)) out.push([x, y]);
    }
  }
  return out;
}

/** P[x][y] of surviving n moves from (x, y), by the forward recursion "from each square, average over moves". */
export function refSurvival(w: number, h: number, leaps: [number, number][], n: number): number[][] {
  let p: number[][] = [];
  for (let x = 0; x < w; x++) p.push(new Array<number>(h).fill(1));
  for (let step = 0; step < n; step++) {
    const q: number[][] = [];
    for (let x = 0; x < w; x++) {
      q.push([]);
      for (let y = 0; y < h; y++) {
        let total = 0;
        for (const [dx, dy] of leaps) {
          const nx = x + dx,
            ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h) total += p[nx][ny];
        }
        q[x].push(total / leaps.length);
      }
    }
    p = q;
  }
  return p;
}

/** The number of surviving move sequences (BigInt), the same recursion. */
export function refCounts(w: number, h: number, leaps: [number, number][], n: number): bigint[][] {
  let c: bigint[][] = [];
  for (let x = 0; x < w; x++) c.push(new Array<bigint>(h).fill(1n));
  for (let step = 0; step < n; step++) {
    c = c.map((col, x) =>
      col.map((_, y) => {
        let t = 0n;
        for (const [dx, dy] of leaps)
          if (x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h) t += c[x + dx][y + dy];
        return t;
      }),
    );
  }
  return c;
}

/** Where the walker stands after n moves from (x0, y0): mass spread forward. */
export function refDistribution(
  w: number,
  h: number,
  leaps: [number, number][],
  x0: number,
  y0: number,
  n: number,
): number[][] {
  let d: number[][] = Array.from({ length: w }, () => new Array<number>(h).fill(0));
  d[x0][y0] = 1;
  for (let step = 0; step < n; step++) {
    const e: number[][] = Array.from({ length: w }, () => new Array<number>(h).fill(0));
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        for (const [dx, dy] of leaps) {
          if (x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h) e[x + dx][y + dy] += d[x][y] / leaps.length;
        }
      }
    }
    d = e;
  }
  return d;
}
