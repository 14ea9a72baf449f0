// "Your turn" on the Tours page, its logic in Node: the path a link gives, the squares a move away and their onward
// moves, Warnsdorff's hint and its ties, the verdict (checked by the plain tour checker of test/reference), Euler's
// closing; fast-check against plain arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import { closeByEuler, findTourSync } from '../../src/tour/index.js';
import {
  closeWords,
  hintWords,
  nextSquares,
  readPath,
  verdictOf,
  verdictWords,
  warnsdorffHint,
  writePath,
} from '../../web/src/pages/tours/play.js';
import { readState, writeState } from '../../web/src/pages/tours/state.js';
import { tourProblem } from '../reference/tour.js';

/** A knight's move between indices on a board w wide, by plain arithmetic. */
function knightMove(w: number, a: number, b: number): boolean {
  const dx = Math.abs((a % w) - (b % w)),
    dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return (dx === 1 && dy === 2) || (dx === 2 && dy === 1);
}

/** A random walk of the knight from `start` choosing by `picks`, stopping when stuck or out of picks. */
function walk(w: number, h: number, start: number, picks: number[]): number[] {
  const path = [start];
  const seen = new Set(path);
  for (const p of picks) {
    const last = path[path.length - 1];
    const free: number[] = [];
    for (let s = 0; s < w * h; s++) if (!seen.has(s) && knightMove(w, last, s)) free.push(s);
    if (free.length === 0) break;
    const s = free[p % free.length];
    path.push(s);
    seen.add(s);
  }
  return path;
}

describe('your turn: the path', () => {
  const b8 = Board.of(8, 8);

  it('reads a link as far as it is a path, and writes it back the same', () => {
    expect(readPath(b8, KNIGHT, 'a1-b3-c5')).toEqual([0, 17, 34]);
    expect(writePath(b8, [0, 17, 34])).toBe('a1-b3-c5');
    // A square not a move away, twice, off the board or not a name ends the path there.
    expect(readPath(b8, KNIGHT, 'a1-b3-b4-c5')).toEqual([0, 17]);
    expect(readPath(b8, KNIGHT, 'a1-b3-a1')).toEqual([0, 17]);
    expect(readPath(b8, KNIGHT, 'a1-z9')).toEqual([0]);
    expect(readPath(b8, KNIGHT, '%%-a1')).toEqual([]);
    expect(readPath(b8, KNIGHT, '')).toEqual([]);
  });

  it('any text read never throws, and what it reads is a path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (t) => {
        const p = readPath(b8, KNIGHT, t);
        for (let i = 1; i < p.length; i++) expect(knightMove(8, p[i - 1], p[i])).toBe(true);
        expect(new Set(p).size).toBe(p.length);
      }),
    );
  });

  it('the link keeps the mode and the path; the path begins on the Start square', () => {
    const s = readState(new URLSearchParams('board=5x5&mode=play&path=a1-b3'));
    expect(s).toMatchObject({ mode: 'play', path: 'a1-b3', from: 'a1' });
    expect(readState(new URLSearchParams('board=5x5&from=a1&mode=play&path=c3-b1'))).toMatchObject({
      from: 'c3',
      path: 'c3-b1',
    });
    expect(writeState(s)).toMatchObject({ board: '5x5', mode: 'play', path: 'a1-b3' });
    expect(writeState({ ...s, mode: 'tour' }).path).toBeUndefined();
  });
});

describe('your turn: the squares a move away and the hint', () => {
  it('onward moves are the unvisited squares a move on, as counted by hand (random walks on 5×5 to 8×8)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 8 }),
        fc.integer({ min: 5, max: 8 }),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 30 }),
        (w, h, start, picks) => {
          const board = Board.of(w, h);
          const path = walk(w, h, start % (w * h), picks);
          const seen = new Set(path);
          const last = path[path.length - 1];
          const next = nextSquares(board, KNIGHT, path);
          const want: [number, number][] = [];
          for (let s = 0; s < w * h; s++) {
            if (seen.has(s) || !knightMove(w, last, s)) continue;
            let onward = 0;
            for (let t = 0; t < w * h; t++) if (t !== s && !seen.has(t) && knightMove(w, s, t)) onward++;
            want.push([s, onward]);
          }
          expect(next.map((n) => [n.square, n.onward]).sort((a, b) => a[0] - b[0])).toEqual(want);
          const hint = warnsdorffHint(next);
          if (want.length === 0) expect(hint).toBeNull();
          else {
            const fewest = Math.min(...want.map((x) => x[1]));
            expect(hint).toEqual({ onward: fewest, squares: want.filter((x) => x[1] === fewest).map((x) => x[0]) });
          }
        },
      ),
    );
  });

  it('says one square, or explains a tie', () => {
    const b8 = Board.of(8, 8);
    // From a1 the knight has b3 (5 onward) and c2 (5 onward): a tie.
    const tie = warnsdorffHint(nextSquares(b8, KNIGHT, [0]))!;
    expect(tie.squares.length).toBe(2);
    expect(hintWords(b8, tie, true)).toMatch(/any of c2 and b3: they tie with the fewest onward moves \(5 each\)/);
    // The start: the corners have 2 moves each.
    const start = warnsdorffHint(nextSquares(b8, KNIGHT, []))!;
    expect(start).toEqual({ onward: 2, squares: [0, 7, 56, 63] });
    const one = warnsdorffHint(nextSquares(b8, KNIGHT, readPath(b8, KNIGHT, 'a1-b3-a5')))!;
    expect(one.squares.length).toBe(1);
    expect(hintWords(b8, one, true)).toMatch(/^From here, Warnsdorff's rule goes to [a-h][1-8]: it has the fewest/);
  });
});

describe('your turn: the verdict, checked by the plain checker', () => {
  it('a whole tour is open or closed as the checker says; a walk that ends early is stuck', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 7 }),
        fc.integer({ min: 5, max: 7 }),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
        (w, h, start, picks) => {
          const board = Board.of(w, h);
          const path = walk(w, h, start % (w * h), picks);
          const v = verdictOf(board, KNIGHT, path);
          if (path.length === w * h) {
            expect(tourProblem(w, h, path, false)).toBeNull();
            expect(v.kind).toBe(tourProblem(w, h, path, true) === null ? 'closed' : 'open');
          } else {
            expect(tourProblem(w, h, path, false)).not.toBeNull();
            expect(v).toEqual({ kind: 'stuck', visited: path.length, total: w * h });
          }
        },
      ),
    );
  });

  it("the engine's tours are full tours; its closed ones closed; the words say k of n", () => {
    const b6 = Board.of(6, 6);
    for (const closed of [false, true]) {
      const out = findTourSync({ board: b6, piece: KNIGHT, closed, from: 0 });
      const path = Array.from(out.finished ? out.value.path! : []);
      const v = verdictOf(b6, KNIGHT, path);
      if (closed) expect(v.kind).toBe('closed');
      expect(tourProblem(6, 6, path, v.kind === 'closed')).toBeNull();
    }
    const stuck = verdictOf(b6, KNIGHT, readPath(b6, KNIGHT, 'a1-b3-a5-c6-e5-f3-e1-c2-a3-b1'));
    expect(verdictWords(b6, stuck, 'knight', 'tap')).toMatch(
      /^(Stuck after 10 of 36 squares|10 of 36 squares visited)/,
    );
    expect(verdictWords(b6, { kind: 'empty' }, 'knight', 'tap')).toBe(
      "Tap any square to start your knight's tour there.",
    );
  });

  it("Euler's method closes an open tour where it can, and the result is a closed tour by the plain checker", () => {
    const b8 = Board.of(8, 8);
    let closedSome = 0;
    // Tours built as a person would by following the hint (ties taken in turn by the seed).
    for (let seed = 0; seed < 20; seed++) {
      const path = [seed % 64];
      for (;;) {
        const h = warnsdorffHint(nextSquares(b8, KNIGHT, path));
        if (h === null) break;
        path.push(h.squares[(seed + path.length) % h.squares.length]);
      }
      if (verdictOf(b8, KNIGHT, path).kind !== 'open') continue;
      expect(tourProblem(8, 8, path, false)).toBeNull();
      const c = closeWords(closeByEuler(b8, path, KNIGHT));
      if ('path' in c) {
        closedSome++;
        expect(tourProblem(8, 8, c.path, true)).toBeNull();
        expect(verdictOf(b8, KNIGHT, c.path).kind).toBe('closed');
        expect(c.how).toMatch(/^Closed by Euler's method: reversed steps/);
      } else expect(c.why).toMatch(/cannot close/);
    }
    expect(closedSome).toBeGreaterThan(0);
    // On 5×5 (25 squares) no tour is closed: Euler's method says why not.
    const five = Board.of(5, 5);
    const out = findTourSync({ board: five, piece: KNIGHT, closed: false, from: 0 });
    const open = Array.from(out.finished ? out.value.path! : []);
    expect(verdictOf(five, KNIGHT, open).kind).toBe('open');
    expect(closeWords(closeByEuler(five, open, KNIGHT))).toMatchObject({ why: expect.stringMatching(/cannot close/) });
  });

  it("the verdict meets the page's goal: Closed chosen, a tour that does not close is not closed; an End square, where it ends", () => {
    // Tours built by hand with Warnsdorff's rule (ties taken by the seed), judged against every goal and checked
    // by the plain checker and the last square.
    const kinds = new Set<string>();
    for (const [w, h] of [
      [5, 5],
      [6, 6],
      [8, 8],
    ]) {
      const board = Board.of(w, h);
      for (let seed = 0; seed < 12; seed++) {
        const path = [(seed * 7) % (w * h)];
        const seen = new Set(path);
        for (;;) {
          const last = path[path.length - 1];
          const free = [...Array(w * h).keys()].filter((t) => !seen.has(t) && knightMove(w, last, t));
          if (free.length === 0) break;
          const onward = (t: number): number =>
            [...Array(w * h).keys()].filter((u) => u !== t && !seen.has(u) && knightMove(w, t, u)).length;
          const fewest = Math.min(...free.map(onward));
          const tied = free.filter((t) => onward(t) === fewest);
          const t = tied[(seed + path.length) % tied.length];
          path.push(t);
          seen.add(t);
        }
        if (path.length !== w * h) continue;
        expect(tourProblem(w, h, path, false)).toBeNull();
        const closes = tourProblem(w, h, path, true) === null;
        const last = path[path.length - 1];
        const v = verdictOf(board, KNIGHT, path, { closed: true, end: null });
        expect(v.kind).toBe(closes ? 'closed' : 'not-closed');
        kinds.add(v.kind);
        if (!closes)
          expect(verdictWords(board, v, 'knight', 'tap', path[0], { closed: true, end: null })).toMatch(
            /^A tour, but not closed: all \d+ squares/,
          );
        for (const end of [last, (last + 1) % (w * h), path[0]]) {
          const e = verdictOf(board, KNIGHT, path, { closed: false, end });
          if (last !== end) {
            expect(e).toEqual({ kind: 'off-end', total: w * h, last, end });
            expect(verdictWords(board, e, 'knight', 'tap', path[0], { closed: false, end })).toBe(
              `A tour, but not to the End square: all ${w * h} squares, ending on ${board.name(last)}, not ${board.name(end)}.`,
            );
          } else {
            expect(e.kind).toBe(closes ? 'closed' : 'open');
            expect(verdictWords(board, e, 'knight', 'tap', path[0], { closed: false, end })).toContain(
              `ending on ${board.name(end)}, the End square`,
            );
          }
          kinds.add(e.kind);
        }
      }
    }
    expect([...kinds].sort()).toEqual(['closed', 'not-closed', 'off-end', 'open']);
    // While it goes, the words say where it starts and what it aims for.
    const b6 = Board.of(6, 6);
    const one = verdictOf(b6, KNIGHT, [14], { closed: true, end: null });
    expect(verdictWords(b6, one, 'knight', 'click', 14, { closed: true, end: null })).toBe(
      'Your knight starts on c3, the Start square: click a marked square to move on (8 to choose from), or click another square to start there instead; a closed tour ends a move from c3.',
    );
  });

  it('other leapers: the camel on 8×8 moves (1,3)', () => {
    const b8 = Board.of(8, 8);
    const camel = parsePiece('camel');
    expect(readPath(b8, camel, 'a1-b4-e5')).toEqual([0, 25, 36]);
    expect(readPath(b8, camel, 'a1-b3')).toEqual([0]);
  });
});
