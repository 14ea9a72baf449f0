// Plain reference implementations for the tests: coordinate loops over sets of numbers, sharing no code
// with the bitboard engines they check.

export type Vec = readonly [number, number];

export interface NaivePiece {
  leaps: readonly Vec[];
  rides: readonly Vec[];
  slides: readonly Vec[];
}

/** All 8 sign/swap variants of (m, n), repeats removed. */
export function eightWays(m: number, n: number): Vec[] {
  const out = new Map<string, Vec>();
  for (const [a, b] of [
    [m, n],
    [n, m],
    [-m, n],
    [-n, m],
    [m, -n],
    [n, -m],
    [-m, -n],
    [-n, -m],
  ]) {
    out.set(`${a + 0},${b + 0}`, [a + 0, b + 0]);
  }
  return [...out.values()];
}

/** Targets of one piece on (x, y) of a w×h board, with `occupied` a set of indices y*w+x. */
export function naiveTargets(
  w: number,
  h: number,
  piece: NaivePiece,
  x: number,
  y: number,
  occupied: Set<number>,
): Set<number> {
  const out = new Set<number>();
  const on = (a: number, b: number): boolean => a >= 0 && b >= 0 && a < w && b < h;
  for (const [dx, dy] of piece.leaps) if (on(x + dx, y + dy)) out.add((y + dy) * w + x + dx);
  for (const [dx, dy] of piece.rides) {
    let a = x + dx,
      b = y + dy;
    while (on(a, b)) {
      out.add(b * w + a);
      if (occupied.has(b * w + a)) break;
      a += dx;
      b += dy;
    }
  }
  for (const [dx, dy] of piece.slides) {
    let a = x,
      b = y;
    while (on(a + dx, b + dy) && !occupied.has((b + dy) * w + a + dx)) {
      a += dx;
      b += dy;
    }
    if (a !== x || b !== y) out.add(b * w + a);
  }
  return out;
}

/** Union of the targets of pieces on every square of `from`; the pieces count as occupied. */
export function naiveAttacks(
  w: number,
  h: number,
  piece: NaivePiece,
  from: Set<number>,
  occupied: Set<number>,
): Set<number> {
  const occ = new Set([...occupied, ...from]);
  const out = new Set<number>();
  for (const s of from) for (const t of naiveTargets(w, h, piece, s % w, Math.floor(s / w), occ)) out.add(t);
  return out;
}

/** Square name the long way: file letters in bijective base 26, rank from 1. */
export function naiveName(w: number, s: number): string {
  let f = (s % w) + 1;
  let letters = '';
  while (f > 0) {
    const r = (f - 1) % 26;
    letters = String.fromCharCode(97 + r) + letters;
    f = Math.floor((f - 1) / 26);
  }
  return letters + String(Math.floor(s / w) + 1);
}

/** Connected components (4- or 8-connected) of a set of cells by breadth-first search. */
export function naiveComponents(w: number, h: number, cells: Set<number>, conn: 4 | 8): number[][] {
  const seen = new Set<number>();
  const out: number[][] = [];
  const steps =
    conn === 4
      ? [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]
      : [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ];
  for (const s of [...cells].sort((a, b) => a - b)) {
    if (seen.has(s)) continue;
    const comp: number[] = [];
    const queue = [s];
    seen.add(s);
    while (queue.length > 0) {
      const c = queue.pop()!;
      comp.push(c);
      const x = c % w,
        y = Math.floor(c / w);
      for (const [dx, dy] of steps) {
        const a = x + dx,
          b = y + dy;
        const t = b * w + a;
        if (a >= 0 && b >= 0 && a < w && b < h && cells.has(t) && !seen.has(t)) {
          seen.add(t);
          queue.push(t);
        }
      }
    }
    out.push(comp.sort((a, b) => a - b));
  }
  return out;
}
