import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/index.js';
import { analyzeTour, closeByEuler, galleryTour, parseTour } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

// Every directed open knight's tour of a small board, by a plain search (the test's own).
function allTours(w: number, h: number, limit: number): number[][] {
  const out: number[][] = [];
  const seen = new Uint8Array(w * h);
  const path: number[] = [];
  const jumps = [
    [1, 2],
    [2, 1],
    [-1, 2],
    [-2, 1],
    [1, -2],
    [2, -1],
    [-1, -2],
    [-2, -1],
  ];
  const go = (s: number): void => {
    if (out.length >= limit) return;
    path.push(s);
    seen[s] = 1;
    if (path.length === w * h) out.push([...path]);
    else {
      for (const [dx, dy] of jumps) {
        const x = (s % w) + dx,
          y = Math.floor(s / w) + dy;
        if (x >= 0 && y >= 0 && x < w && y < h && !seen[y * w + x]) go(y * w + x);
      }
    }
    seen[s] = 0;
    path.pop();
  };
  for (let s = 0; s < w * h; s++) go(s);
  return out;
}

describe("closeByEuler: Euler's reversal", () => {
  it("closes the seed's 60-square path exactly as Euler did: steps 52–60 renumbered backwards", () => {
    const { tour } = galleryTour('euler-60');
    const c = closeByEuler(tour.board, tour.path);
    expect(c).not.toBeNull();
    const closed = c!.path;
    // The seed's closed table (top rank first), with the four squares still unvisited as dots.
    const want = parseTour(`57 54 29 40 27 44 19 22
52 39 56 43 30 21 26 45
55 58 53 28 41 18 23 20
38 51 42 31  8 25 46 17
59 32 37  . 47 16  9 24
50  3 60 33 36  7 12 15
 1 34  5 48  . 14  . 10
 4 49  2 35  6 11  . 13`);
    expect(closed).toEqual(want.path);
    expect(c!.end).toBe('tail');
  });

  it('reopened gallery tours close again into valid closed tours (independent checker); 3×4 tours never close', () => {
    let tried = 0;
    for (const name of ['janisch', 'euler', 'dudeney']) {
      const { tour } = galleryTour(name);
      const b = tour.board;
      for (let r = 0; r < 64; r += 7) {
        const c = [...tour.path.slice(r), ...tour.path.slice(0, r)];
        // Open it the other way round: c0..ci, c63, c62, …, c(i+1) is a path when ci is a move from c63.
        for (let i = 1; i < 61; i++) {
          const open = [...c.slice(0, i + 1), ...c.slice(i + 1).reverse()];
          if (tourProblem(8, 8, open, false) !== null) continue;
          tried++;
          const closed = closeByEuler(b, open);
          expect(closed).not.toBeNull();
          expect(tourProblem(8, 8, closed!.path, true)).toBeNull();
          expect(analyzeTour(b, closed!.path).closed).toBe(true);
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
    for (const t of allTours(4, 3, 100)) expect(closeByEuler(Board.of(4, 3), t)).toBeNull();
  });

  it('keeps a closed tour; a path and its reverse close alike', () => {
    const j = galleryTour('janisch').tour;
    expect(closeByEuler(j.board, j.path)?.how).toBe('already closed');
    // Reversed tours swap the roles of head and tail: both directions of a closable tour close.
    // Euler's pair, looked for plainly: p[i] a move from the end and p[i + 1] a move from the start.
    const leap = (w: number, a: number, c: number): boolean =>
      Math.abs((a % w) - (c % w)) * Math.abs(Math.floor(a / w) - Math.floor(c / w)) === 2;
    const hasPair = (w: number, p: number[]): boolean =>
      p.some((s, i) => i + 1 < p.length && leap(w, s, p[p.length - 1]) && leap(w, p[i + 1], p[0]));
    // The first hundred open tours of 5×6 from a1 have no pair, either way round.
    const b = Board.of(5, 6);
    for (const t of allTours(5, 6, 100)) {
      const fwd = closeByEuler(b, t);
      const back = closeByEuler(b, [...t].reverse());
      expect(fwd === null).toBe(!hasPair(5, t));
      expect(fwd === null).toBe(back === null);
    }
    // Janisch's closed tour opened at its squares: each has a pair, and so has its reverse.
    let opened = 0;
    for (let i = 1; i < 62; i++) {
      const open = [...j.path.slice(0, i + 1), ...j.path.slice(i + 1).reverse()];
      if (tourProblem(8, 8, open, false) !== null) continue;
      opened++;
      const back = closeByEuler(j.board, [...open].reverse());
      expect(hasPair(8, open), `opened at ${i}`).toBe(true);
      expect(closeByEuler(j.board, open), `opened at ${i}`).not.toBeNull();
      expect(back, `opened at ${i}, reversed`).not.toBeNull();
      expect(tourProblem(8, 8, back!.path, true)).toBeNull();
    }
    expect(opened).toBeGreaterThan(2);
  });
});
