// findTour on every board from 1x1 to 30x30 (open from several starts, closed) and on a few large boards,
// each tour re-checked by the independent reference checker; answers of "none" match the theorems.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT } from '../../src/pieces/piece.js';
import { finishedValue } from '../../src/core/job.js';
import { findTourSync, knightClosedExists, knightOpenExists, type Answer, type Query } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

/** A tour that must be found or refuted (no limit is given but the default node budget). */
const found = (q: Query): Answer => finishedValue(findTourSync(q));

/** Whether a tour exists, every tour re-checked; null when the node budget ran out first. */
function check(q: Query): boolean | null {
  const out = findTourSync(q, { maxNodes: 200_000 });
  if (!out.finished) {
    expect(out.stopped, `${q.board}`).toBe('nodes');
    return null;
  }
  const a = out.value;
  if (a.exists) {
    expect(a.path, `${q.board} path`).toBeDefined();
    const why = tourProblem(q.board.width, q.board.height, a.path!, q.closed);
    expect(why, `${q.board} ${q.closed ? 'closed' : 'open'} from ${q.from}`).toBeNull();
    if (q.from !== undefined) expect(a.path![0]).toBe(q.from);
    if (q.to !== undefined) expect(a.path![a.path!.length - 1]).toBe(q.to);
  } else {
    expect(a.path).toBeUndefined();
    expect(a.reason.length).toBeGreaterThan(10);
  }
  return a.exists;
}

const sizes: [number, number][] = [];
for (let w = 1; w <= 30; w++) for (let h = 1; h <= 30; h++) sizes.push([w, h]);

describe('findTour sweep 1x1..30x30', () => {
  it('closed tours exactly where Schwenk says, each valid', () => {
    for (const [w, h] of sizes) {
      const board = Board.of(w, h);
      const e = check({ board, piece: KNIGHT, closed: true });
      expect(e, `${w}x${h} closed`).toBe(knightClosedExists(w, h));
      if (e && board.cells > 1) expect(check({ board, piece: KNIGHT, closed: true, from: board.cells - 1 })).toBe(true);
    }
  });

  it('open tours from a1 exactly where the rule says (and from the centre and a seeded square), each valid', () => {
    for (const [w, h] of sizes) {
      const board = Board.of(w, h);
      const e = check({ board, piece: KNIGHT, closed: false, from: 0 });
      if (Math.min(w, h) !== 3 || w * h < 12) expect(e, `${w}x${h} open from a1`).toBe(knightOpenExists(w, h));
      if (!knightOpenExists(w, h)) continue;
      if (Math.min(w, h) < 5) {
        // Strips: some squares start no tour; whatever the answer, it is decided (a tour or a proof).
        for (const s of [board.index(w >> 1, h >> 1), board.cells - 1, (w * 7 + h * 13) % board.cells]) {
          expect(
            check({ board, piece: KNIGHT, closed: false, from: s }),
            `${w}x${h} from ${board.name(s)}`,
          ).not.toBeNull();
        }
        continue;
      }
      const centre = board.index(w >> 1, h >> 1);
      if (board.cells % 2 === 0 || (board.file(centre) + board.rank(centre)) % 2 === 0)
        expect(check({ board, piece: KNIGHT, closed: false, from: centre })).toBe(true);
      const s = (w * 7 + h * 13) % board.cells;
      const major = board.cells % 2 === 0 || (board.file(s) + board.rank(s)) % 2 === 0;
      expect(check({ board, piece: KNIGHT, closed: false, from: s, seed: w + h })).toBe(major ? true : false);
    }
  });
});

describe('findTour with a fixed end', () => {
  it('finds or refutes on small boards', () => {
    for (const [w, h, from, to] of [
      [5, 5, 'a1', 'e5'],
      [6, 6, 'a1', 'f5'],
      [8, 8, 'b1', 'g8'],
      [3, 4, 'a1', 'c4'],
      [7, 7, 'd4', 'a1'],
      [5, 5, 'a1', 'b1'],
    ] as const) {
      const board = Board.of(w, h);
      const e = check({ board, piece: KNIGHT, closed: false, from: board.parse(from), to: board.parse(to) });
      expect(e, `${w}x${h} ${from}-${to}`).not.toBeNull();
    }
    expect(found({ board: Board.of(5, 5), piece: KNIGHT, closed: false, from: 0, to: 1 }).exists).toBe(false);
    // Only the end fixed: a tour from it, read backwards; the parity rule then speaks of the end.
    expect(check({ board: Board.of(4, 23), piece: KNIGHT, closed: false, to: 64 })).toBe(true);
    expect(found({ board: Board.of(5, 5), piece: KNIGHT, closed: false, to: 1 }).reason).toMatch(/cannot be the end/);
  });
  it('builds tours between any two squares of different colours on even boards (21x20 .. 300x300)', () => {
    let n = 0;
    for (const [w, h] of [
      [21, 20],
      [30, 30],
      [24, 35],
      [300, 300],
    ] as const) {
      const board = Board.of(w, h);
      for (let i = 0; i < 12; i++) {
        const from = (i * 7919 + 13) % board.cells,
          to = (i * 104729 + 5 * w + 1) % board.cells;
        if (from === to || (board.file(from) + board.rank(from) + board.file(to) + board.rank(to)) % 2 === 0) continue;
        expect(check({ board, piece: KNIGHT, closed: false, from, to }), `${w}x${h} ${from}-${to}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(15);
  });
  it('builds tours between any two majority-colour squares on odd boards (21x21 .. 101x103)', () => {
    let n = 0;
    for (const [w, h] of [
      [21, 21],
      [25, 31],
      [41, 25],
      [101, 103],
    ] as const) {
      const board = Board.of(w, h);
      const major = (s: number): boolean => (board.file(s) + board.rank(s)) % 2 === 0;
      for (let i = 0; i < 40 && n < 8 * (1 + [21, 25, 41, 101].indexOf(w)); i++) {
        const from = (i * 7919 + 13) % board.cells,
          to = (i * 104729 + 5 * w + 1) % board.cells;
        if (from === to || !major(from) || !major(to)) continue;
        expect(check({ board, piece: KNIGHT, closed: false, from, to }), `${w}x${h} ${from}-${to}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(15);
  });
});

describe('findTour on large boards', () => {
  it('101x103 open from a corner and from the centre', () => {
    const board = Board.of(101, 103);
    expect(check({ board, piece: KNIGHT, closed: false, from: 0 })).toBe(true);
    expect(check({ board, piece: KNIGHT, closed: false, from: board.index(50, 51) + 1 - 1 })).toBe(false);
    expect(check({ board, piece: KNIGHT, closed: false, from: board.index(50, 50) })).toBe(true);
  });
  it('200x200 and 1000x1000 closed', () => {
    expect(check({ board: Board.of(200, 200), piece: KNIGHT, closed: true, from: 12345 })).toBe(true);
    expect(check({ board: Board.of(1000, 1000), piece: KNIGHT, closed: true })).toBe(true);
  });
  it('strips 3x1001, 4x1000 (open) and 3x1000 (closed)', () => {
    expect(check({ board: Board.of(3, 1001), piece: KNIGHT, closed: false, from: 0 })).toBe(true);
    expect(check({ board: Board.of(4, 1000), piece: KNIGHT, closed: false, from: 0 })).toBe(true);
    expect(check({ board: Board.of(1000, 4), piece: KNIGHT, closed: false, from: 3999 })).toBe(true);
    expect(check({ board: Board.of(3, 1000), piece: KNIGHT, closed: true, from: 1500 })).toBe(true);
    const b3 = Board.of(3, 1001),
      b4 = Board.of(4, 1000);
    expect(check({ board: b3, piece: KNIGHT, closed: false, from: b3.parse('b500') })).toBe(true);
    expect(check({ board: b3, piece: KNIGHT, closed: false, from: b3.parse('c777') })).toBe(true);
    expect(check({ board: b4, piece: KNIGHT, closed: false, from: b4.parse('a500') })).toBe(true);
    expect(check({ board: b4, piece: KNIGHT, closed: false, from: b4.parse('b500') })).toBe(false);
    // Every square of an odd 3-row strip: the majority colour starts a tour, the other cannot.
    const b201 = Board.of(3, 201);
    for (let s = 0; s < b201.cells; s++) {
      expect(check({ board: b201, piece: KNIGHT, closed: false, from: s }), `3x201 from ${b201.name(s)}`).toBe(
        (b201.file(s) + b201.rank(s)) % 2 === 0,
      );
    }
  });
  it('different seeds give different tours, the same seed the same tour', () => {
    for (const [w, h, closed] of [
      [8, 8, true],
      [30, 30, true],
      [9, 9, false],
      [3, 40, true],
    ] as const) {
      const board = Board.of(w, h);
      const a = found({ board, piece: KNIGHT, closed, from: 0, seed: 1 }).path!;
      const c = found({ board, piece: KNIGHT, closed, from: 0, seed: 1 }).path!;
      expect(Array.from(a)).toEqual(Array.from(c));
      const seen = new Set<string>();
      for (let seed = 1; seed <= 4; seed++)
        seen.add(Array.from(found({ board, piece: KNIGHT, closed, from: 0, seed }).path!).join());
      expect(seen.size, `${w}x${h}`).toBeGreaterThan(1);
    }
  });
});
