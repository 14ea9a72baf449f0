// The attack-set job: every method (whole-board shifts, the sweep by ranks, steps) equals a plain per-square
// loop on random boards, pieces and blockers, also past 2^20 cells; budgets stop it with the ranks done, and it
// resumes to the same answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adoptWords, Bitboard } from '../../src/core/bitboard.js';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import type { Progress } from '../../src/core/run.js';
import { attackSet, attackSetJob, attackSetSync, sweepJob } from '../../src/pieces/attack-set.js';
import { attacks } from '../../src/pieces/attacks.js';
import { makePiece, parsePiece, type Piece } from '../../src/pieces/piece.js';
import type { AttackMethod } from '../../src/pieces/sweep.js';
import { eightWays, naiveAttacks, type NaivePiece, type Vec } from '../reference/naive.js';

const sorted = (xs: Iterable<number>): number[] => [...xs].sort((a, b) => a - b);
const METHODS: AttackMethod[] = ['shifts', 'rows', 'steps'];

/** A job of one method answering the squares, and its partial as rows and squares. */
function byMethod(how: AttackMethod | 'auto', piece: Piece, from: Bitboard, occ: Bitboard | undefined) {
  return sweepJob(
    piece,
    from,
    occ,
    how,
    (board, w) => adoptWords(board, w).squares(),
    (board, rows, w) => ({ rows, squares: adoptWords(board, w).squares() }),
  );
}

const vec = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })).filter(([m, n]) => m + n > 0);
const oneWay = fc
  .tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 }))
  .filter(([x, y]) => x !== 0 || y !== 0);

/**
 * Random pieces: leapers, riders and sliders expanded 8 ways, or one-way vectors of each kind (a pawn's capture, a
 * one-way rider).
 */
const pieceArb: fc.Arbitrary<NaivePiece> = fc
  .oneof(
    fc
      .record({
        leaps: fc.array(vec, { maxLength: 2 }),
        rides: fc.array(vec, { maxLength: 2 }),
        slides: fc.array(vec, { maxLength: 2 }),
      })
      .map((p) => {
        const expand = (vs: [number, number][]): Vec[] => [
          ...new Map(vs.flatMap(([m, n]) => eightWays(m, n)).map((v) => [`${v}`, v])).values(),
        ];
        return { leaps: expand(p.leaps), rides: expand(p.rides), slides: expand(p.slides) };
      }),
    fc.record({
      leaps: fc.uniqueArray(oneWay, { maxLength: 3, selector: String }),
      rides: fc.uniqueArray(oneWay, { maxLength: 2, selector: String }),
      slides: fc.uniqueArray(oneWay, { maxLength: 2, selector: String }),
    }),
  )
  .filter((p) => p.leaps.length + p.rides.length + p.slides.length > 0);

/** Boards of every shape that matters to row bitsets: under 32 wide, a multiple of 32, odd widths, tall and flat. */
const sizeArb = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 })),
  fc.tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 40 })),
  fc.tuple(fc.constantFrom(32, 64, 96), fc.integer({ min: 1, max: 20 })),
  fc.tuple(fc.integer({ min: 90, max: 140 }), fc.integer({ min: 1, max: 6 })),
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 30, max: 90 })),
);

const scene = sizeArb.chain(([w, h]) =>
  fc.record({
    w: fc.constant(w),
    h: fc.constant(h),
    from: fc.uniqueArray(fc.nat(w * h - 1), { minLength: 1, maxLength: Math.min(40, w * h) }),
    occupied: fc.uniqueArray(fc.nat(w * h - 1), { maxLength: Math.min(60, w * h) }),
    piece: pieceArb,
  }),
);

describe('attack-set job', () => {
  it('each method (shifts, rows, steps) equals the plain per-square loop (fast-check)', () => {
    fc.assert(
      fc.property(scene, ({ w, h, from, occupied, piece }) => {
        const board = Board.of(w, h);
        const p = makePiece('random', { leaps: [...piece.leaps], rides: [...piece.rides], slides: [...piece.slides] });
        const want = sorted(naiveAttacks(w, h, piece, new Set(from), new Set(occupied)));
        const f = Bitboard.fromSquares(board, from),
          o = Bitboard.fromSquares(board, occupied);
        for (const how of METHODS) expect(finishedValue(byMethod(how, p, f, o).runSync()), how).toEqual(want);
        expect(finishedValue(byMethod('rows', p, f, undefined).runSync())).toEqual(
          sorted(naiveAttacks(w, h, piece, new Set(from), new Set())),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('long vectors: rays along the ranks stepping 32 files or more, and leaps across many words (fast-check)', () => {
    const big = fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 31, max: 70 }))
      .map(([m, n]) => eightWays(m, n));
    fc.assert(
      fc.property(
        fc.integer({ min: 70, max: 200 }),
        fc.integer({ min: 1, max: 80 }),
        big,
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (w, h, vs, rf, ro) => {
          const board = Board.of(w, h);
          const from = [...new Set(rf.map((x) => x % (w * h)))],
            occupied = [...new Set(ro.map((x) => x % (w * h)))];
          for (const piece of [
            { leaps: [], rides: vs, slides: [] },
            { leaps: vs, rides: [], slides: [] },
            { leaps: [], rides: [], slides: vs },
          ]) {
            const want = sorted(naiveAttacks(w, h, piece, new Set(from), new Set(occupied)));
            const p = makePiece('long', {
              leaps: [...piece.leaps],
              rides: [...piece.rides],
              slides: [...piece.slides],
            });
            for (const how of METHODS)
              expect(
                finishedValue(
                  byMethod(how, p, Bitboard.fromSquares(board, from), Bitboard.fromSquares(board, occupied)).runSync(),
                ),
                how,
              ).toEqual(want);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('boards past 2^20 cells: attacks(), the job and the sweep by ranks equal the plain loop (fast-check)', () => {
    const huge = fc
      .tuple(fc.integer({ min: 1025, max: 3000 }), fc.integer({ min: 1025, max: 1400 }), pieceArb)
      .chain(([w, h, piece]) =>
        fc.record({
          w: fc.constant(w),
          h: fc.constant(h),
          piece: fc.constant(piece),
          // Pieces near the edges and corners too, where rays and leaps leave the board.
          from: fc.uniqueArray(fc.oneof(fc.nat(w * h - 1), fc.constantFrom(0, w - 1, w * h - 1, w * (h - 1), w + 1)), {
            minLength: 1,
            maxLength: 6,
          }),
          occupied: fc.uniqueArray(fc.nat(w * h - 1), { maxLength: 40 }),
        }),
      );
    fc.assert(
      fc.property(huge, ({ w, h, from, occupied, piece }) => {
        const board = Board.of(w, h);
        expect(board.cells).toBeGreaterThan(1 << 20);
        const p = makePiece('random', { leaps: [...piece.leaps], rides: [...piece.rides], slides: [...piece.slides] });
        const f = Bitboard.fromSquares(board, from),
          o = Bitboard.fromSquares(board, occupied);
        const want = sorted(naiveAttacks(w, h, piece, new Set(from), new Set(occupied)));
        expect(attacks(p, f, o).squares()).toEqual(want);
        expect(finishedValue(attackSetSync(p, f, o)).squares()).toEqual(want);
        expect(finishedValue(byMethod('rows', p, f, o).runSync())).toEqual(want);
      }),
      { numRuns: 25 },
    );
  });

  it('stops on a node budget with the ranks done exact, and resumes to the unbroken answer (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('knight', 'queen', 'camel+king', 'rook-end', '0,2*+1,0'),
        fc.constantFrom<AttackMethod>('rows', 'steps'),
        fc.integer({ min: 1, max: 200 }),
        (spec, how, every) => {
          const w = 37,
            h = 23,
            board = Board.of(w, h);
          const from = Bitboard.fromSquares(board, [3, 40, 200, 333, 500, 700, 850]);
          const occ = Bitboard.fromSquares(board, [5, 41, 120, 260, 600]);
          const whole = finishedValue(byMethod(how, parsePiece(spec), from, occ).runSync());
          const j = byMethod(how, parsePiece(spec), from, occ);
          let stops = 0;
          let before = 0;
          for (;;) {
            const out = j.runSync({ maxNodes: every });
            if (out.finished) {
              expect(out.value).toEqual(whole);
              if (how === 'rows') expect(stops).toBeGreaterThan(0);
              return;
            }
            stops++;
            expect(out.stopped).toBe('nodes');
            const { rows, squares } = out.partial!;
            // The ranks done only grow, and stay within the board.
            expect(rows).toBeGreaterThanOrEqual(before);
            expect(rows).toBeLessThanOrEqual(h);
            before = rows;
            expect(squares).toEqual(whole.filter((s) => s < rows * w));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a 16384×16384 board: 3 knights by steps, many by ranks; a budget of k ranks stops after k ranks', async () => {
    const board = Board.of(16384, 16384);
    const knight = parsePiece('knight');
    const few = Bitboard.fromSquares(
      board,
      ['a1', 'h8', 'p5'].map((s) => board.parse(s)),
    );
    const out = attackSetSync(knight, few);
    expect(out.finished && out.value.names().sort()).toEqual(
      'b3 c2 f7 f9 g6 g10 i6 i10 j7 j9 n4 n6 o3 o7 q3 q7 r4 r6'.split(' ').sort(),
    );
    // Stopped after the first knight (a1): the next (p5) stands on rank 5 and reaches 2 ranks down, so ranks 1-2 are
    // done.
    const one = attackSetSync(knight, few, undefined, { maxNodes: 1 });
    expect(one).toMatchObject({ finished: false, stopped: 'nodes', partial: { rows: 2 } });
    expect(one.finished === false && one.partial!.attacks.names()).toEqual(['c2']);
    // Two whole ranks of knights (ranks 101 and 102): the sweep by ranks (one pass, upward), stopped in whole ranks.
    const two = Bitboard.fromSquares(
      board,
      Array.from({ length: 2 * 16384 }, (_, i) => 100 * 16384 + i),
    );
    const reports: Progress[] = [];
    const j = attackSetJob(knight, two);
    const first = j.runSync({ maxNodes: 16384 * 150, onProgress: (p) => reports.push({ ...p }) });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes', partial: { rows: 150 } });
    // Ranks 99 to 104 are attacked on every file, nothing else.
    expect(first.finished === false && first.partial!.attacks.count()).toBe(6 * 16384);
    const whole = await attackSet(knight, two);
    expect(whole.finished && whole.value.count()).toBe(6 * 16384);
    const resumed = j.runSync({ onProgress: (p) => reports.push({ ...p }) });
    expect(resumed.finished && whole.finished && resumed.value.equals(whole.value)).toBe(true);
    for (let i = 1; i < reports.length; i++) expect(reports[i].done).toBeGreaterThanOrEqual(reports[i - 1].done);
    expect(reports[reports.length - 1]).toEqual({ share: 1, done: 16384, unit: 'rows' });
  });

  it('a signal stops it, and an aborted run gives the empty start as its partial', async () => {
    const board = Board.of(4096, 4096);
    const rank = Bitboard.fromSquares(
      board,
      Array.from({ length: 4096 }, (_, f) => 2000 * 4096 + f),
    );
    const c = new AbortController();
    c.abort();
    const s = await attackSet(parsePiece('queen'), rank, undefined, { signal: c.signal });
    expect(s).toMatchObject({ finished: false, stopped: 'signal' });
    expect(s.finished === false && s.partial!.rows).toBe(0);
    expect(s.finished === false && s.partial!.attacks.isEmpty()).toBe(true);
  });
});
