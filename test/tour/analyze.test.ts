import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/index.js';
import { parsePiece } from '../../src/pieces/index.js';
import { GALLERY, analyzeTour, galleryTour, parseTour } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

// Independent line sums from a numbered grid (rows top rank first), sharing nothing with analyzeTour.
function gridOf(text: string): number[][] {
  return text
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
}

describe('the gallery', () => {
  it('every complete tour is valid by the independent checker, closed exactly where it says', () => {
    for (const entry of GALLERY) {
      const { tour } = galleryTour(entry.name);
      const a = analyzeTour(tour.board, tour.path, { numbers: tour.numbers, problems: tour.problems });
      if (entry.name === 'euler-60') {
        expect(a.valid).toBe(false);
        expect(tour.path.length).toBe(60);
        expect(tourProblem(8, 8, tour.path, false)).toMatch(/60 squares/);
        continue;
      }
      const { width: w, height: h } = tour.board;
      expect(tourProblem(w, h, tour.path, false), entry.name).toBeNull();
      expect(a.valid, entry.name).toBe(true);
      const closedByReference = tourProblem(w, h, tour.path, true) === null;
      expect(a.closed, entry.name).toBe(closedByReference);
    }
    expect(GALLERY.map((t) => t.name)).toEqual(
      expect.arrayContaining(['janisch', 'euler', 'dudeney', 'beverley', 'poem']),
    );
  });

  it("Janisch's tour: closed, semi-magic (260), not magic, and a half-turn maps steps 1–32 onto 33–64", () => {
    const { entry, tour } = galleryTour('janisch');
    const a = analyzeTour(tour.board, tour.path);
    expect(a.closed).toBe(true);
    expect(a.semiMagic).toBe(true);
    expect(a.magic).toBe(false);
    expect(a.sums.rows).toEqual(new Array(8).fill(260));
    expect(a.sums.columns).toEqual(new Array(8).fill(260));
    expect(a.halfTurnSymmetric).toBe(true);
    // Independently from the grid: cell (r, c) holding k ≤ 32 means cell (7 − r, 7 − c) holds k + 32.
    const g = gridOf(entry.grid);
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 8; c++) if (g[r][c] <= 32) expect(g[7 - r][7 - c]).toBe(g[r][c] + 32);
    const rowSums = g.map((row) => row.reduce((x, y) => x + y, 0));
    expect(rowSums).toEqual(new Array(8).fill(260));
    // Diagonals: a1 → h8 is grid (7 − r, r); the other runs from the top-left corner, grid (r, r).
    let up = 0,
      down = 0;
    for (let r = 0; r < 8; r++) {
      up += g[7 - r][r];
      down += g[r][r];
    }
    expect(a.sums.diagonals).toEqual([up, down]);
  });

  it("the poem's tour starts a1, c2 (as the seed decodes its first line) and closes back onto a1", () => {
    const { tour } = galleryTour('poem');
    const names = tour.path.map((sq) => tour.board.name(sq));
    expect(names.slice(0, 2)).toEqual(['a1', 'c2']);
    expect(tourProblem(8, 8, tour.path, true)).toBeNull();
  });

  it("Euler's 1759 tour is centrally symmetric but not semi-magic; Dudeney's misses magic by 4 on each diagonal", () => {
    const e = galleryTour('euler').tour;
    const ea = analyzeTour(e.board, e.path);
    expect(ea.closed && ea.halfTurnSymmetric).toBe(true);
    expect(ea.semiMagic).toBe(false);
    const d = galleryTour('dudeney').tour;
    const da = analyzeTour(d.board, d.path);
    expect(da.closed && da.semiMagic && !da.magic).toBe(true);
    expect([...da.sums.diagonals].sort()).toEqual([256, 264]);
  });

  it("Beverley's tour: open, semi-magic, every 2×2 block of a quarter sums to 130", () => {
    const { entry, tour } = galleryTour('beverley');
    const a = analyzeTour(tour.board, tour.path);
    expect(a.valid && !a.closed && a.semiMagic && !a.magic).toBe(true);
    const g = gridOf(entry.grid);
    for (let r = 0; r < 8; r += 2)
      for (let c = 0; c < 8; c += 2) expect(g[r][c] + g[r][c + 1] + g[r + 1][c] + g[r + 1][c + 1]).toBe(130);
  });

  it("Kumar's 6×10 tour: every file 183, ranks 305 and 305 ± 6, so not semi-magic", () => {
    const { tour } = galleryTour('kumar-6x10');
    const a = analyzeTour(tour.board, tour.path);
    expect(tour.board.toString()).toBe('10x6');
    expect(a.valid).toBe(true);
    expect(a.sums.columns).toEqual(new Array(10).fill(183));
    expect([...new Set(a.sums.rows)].sort()).toEqual([299, 305, 311]);
    expect(a.sums.diagonals).toEqual([]);
    expect(a.semiMagic).toBe(false);
  });

  it('unknown gallery names list the known ones', () => {
    expect(() => galleryTour('turk?')).toThrow(/known names: .*janisch/);
  });
});

describe('analyzeTour on broken tours', () => {
  const b = Board.of(5, 5);
  const good = galleryLikeTour();

  function galleryLikeTour(): number[] {
    // A 5×5 open tour (from the seed's 5×5 example shape), checked below by the reference.
    const t = parseTour(`1 20 17 12 3
16 11 2 7 18
21 24 19 4 13
10 15 6 23 8
25 22 9 14 5`);
    return t.path;
  }

  it('the 5×5 example is a valid open tour', () => {
    expect(tourProblem(5, 5, good, false)).toBeNull();
    const a = analyzeTour(b, good);
    expect(a.valid).toBe(true);
    expect(a.closed).toBe(false);
    expect(a.isPath).toBe(true);
    expect(a.errors).toEqual([]);
  });

  it('names a repeated square with its step numbers and the square left out', () => {
    const bad = [...good];
    bad[10] = bad[3];
    const a = analyzeTour(b, bad);
    expect(a.valid).toBe(false);
    expect(a.errors.join('\n')).toContain(`${b.name(bad[3])} is visited 2 times (steps 4, 11)`);
    expect(a.errors.join('\n')).toContain(`never visited: ${b.name(good[10])}`);
    expect(a.repeated).toEqual([bad[3]]);
    expect(a.missing).toEqual([good[10]]);
  });

  it('names a step that is not a knight move, and knows other leapers', () => {
    const bad = [...good];
    [bad[5], bad[6]] = [bad[6], bad[5]];
    const a = analyzeTour(b, bad);
    expect(a.valid).toBe(false);
    expect(a.badSteps.length).toBeGreaterThan(0);
    expect(a.errors.join('\n')).toMatch(new RegExp(`step 5→6 from ${b.name(bad[4])} to ${b.name(bad[5])}`));
    const wazirPath = [0, 1, 2, 5, 4, 3, 6, 7, 8];
    expect(analyzeTour(Board.of(3, 3), wazirPath, { piece: parsePiece('wazir') }).valid).toBe(true);
    expect(analyzeTour(Board.of(3, 3), wazirPath).valid).toBe(false);
  });

  it('sums lines for any rectangle and has no diagonals off square boards', () => {
    const t = parseTour('a1 c2 a3 b1 c3 a2 c1 b3');
    const a = analyzeTour(t.board, t.path);
    expect(t.board.toString()).toBe('3x3');
    expect(a.valid).toBe(false);
    expect(a.errors.join()).toContain('never visited: b2');
    const r = parseTour('a1 c2 a3 b1 d2 c4 a3', Board.of(4, 4));
    expect(analyzeTour(r.board, r.path).sums.diagonals.length).toBe(2);
    const strip = parseTour('a1 c2 a3 b1 c3 a2 c1 b3', Board.of(3, 4));
    expect(analyzeTour(strip.board, strip.path).sums.diagonals).toEqual([]);
  });
});

describe('analyzeTour against the reference checker (property)', () => {
  it('random edits of gallery tours: valid and closed exactly when the reference says so', () => {
    const tours = ['janisch', 'euler', 'dudeney', 'beverley', 'kumar-6x10'].map((n) => galleryTour(n).tour);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: tours.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('swap', 'copy', 'drop', 'rotate')), { maxLength: 3 }),
        (which, edits) => {
          const t = tours[which];
          let path = [...t.path];
          for (const [i0, j0, kind] of edits) {
            const i = i0 % path.length,
              j = j0 % path.length;
            if (kind === 'swap') [path[i], path[j]] = [path[j], path[i]];
            else if (kind === 'copy') path[i] = path[j];
            else if (kind === 'drop' && path.length > 2) path.splice(i, 1);
            else if (kind === 'rotate') path = [...path.slice(i), ...path.slice(0, i)];
          }
          const { width: w, height: h } = t.board;
          const a = analyzeTour(t.board, path);
          expect(a.valid).toBe(tourProblem(w, h, path, false) === null);
          expect(a.closed).toBe(tourProblem(w, h, path, true) === null);
          expect(a.errors.length === 0).toBe(a.valid);
          const total = path.reduce((sum, _s, k) => sum + k + 1, 0);
          expect(a.sums.rows.reduce((x, y) => x + y, 0)).toBe(total);
          expect(a.sums.columns.reduce((x, y) => x + y, 0)).toBe(total);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
