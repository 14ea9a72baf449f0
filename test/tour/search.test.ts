import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, GridbitsError, finishedValue, job } from '../../src/core/index.js';
import { KNIGHT, parsePiece } from '../../src/pieces/index.js';
import {
  SearchMachine,
  searchTourSync,
  tableCellJob,
  type Query,
  type TourSearchOptions,
  type TourSearchResult,
} from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';
import { plainTourExists } from './search-reference.js';
import { runs } from '../long.js';

/** Checks the steps of a tour of a compound leaper (king, 1,1+0,2) against its leap list. */
function compoundProblem(
  w: number,
  leaps: ReadonlyArray<readonly [number, number]>,
  path: Int32Array,
  closed: boolean,
): string | null {
  const ok = (a: number, b: number) =>
    leaps.some(([dx, dy]) => (b % w) - (a % w) === dx && Math.floor(b / w) - Math.floor(a / w) === dy);
  for (let i = 1; i < path.length; i++) if (!ok(path[i - 1], path[i])) return `step ${i} is not a leap`;
  if (closed && path.length > 1 && !ok(path[path.length - 1], path[0])) return 'not closed';
  return null;
}

/** A search that must finish (no limit is given). */
const searched = (query: Query, options: TourSearchOptions = {}): TourSearchResult =>
  finishedValue(searchTourSync(query, options));

describe('searchTour', () => {
  it('finds verified open and closed tours where they exist', () => {
    for (const [w, h, closed] of [
      [8, 8, false],
      [8, 8, true],
      [5, 5, false],
      [6, 6, true],
      [3, 4, false],
      [3, 10, true],
      [20, 20, false],
      [1, 1, false],
    ] as const) {
      const board = Board.of(w, h);
      for (const from of w * h === 12 ? [0, 11] : [0, board.cells >> 1, board.cells - 1]) {
        const r = searched({ board, piece: KNIGHT, closed, from });
        expect(r.status, `${w}x${h} ${closed} ${from}`).toBe('found');
        expect(tourProblem(w, h, r.path!, closed)).toBeNull();
        expect(r.path![0]).toBe(from);
      }
    }
  });

  it('proves that no tour exists', () => {
    expect(searched({ board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 }).status).toBe('none');
    expect(searched({ board: Board.of(4, 4), piece: KNIGHT, closed: false }).status).toBe('none');
    expect(searched({ board: Board.of(3, 8), piece: KNIGHT, closed: true, from: 0 }).status).toBe('none');
    expect(searched({ board: Board.of(4, 8), piece: KNIGHT, closed: true, from: 5 }).status).toBe('none');
    // The paper's 3×7 cell: the centre of the board (the paper's (2,4)).
    expect(
      searched({ board: Board.of(7, 3), piece: KNIGHT, closed: false, from: Board.of(7, 3).parse('d2') }).status,
    ).toBe('none');
    // Parity: an odd board has no closed tour; a minority-colour square starts no open tour.
    expect(searched({ board: Board.of(5, 5), piece: KNIGHT, closed: true, from: 0 })).toMatchObject({
      status: 'none',
      backtracks: 0,
    });
    expect(searched({ board: Board.of(5, 5), piece: KNIGHT, closed: false, from: 1 })).toMatchObject({
      status: 'none',
      backtracks: 0,
    });
  });

  it('ends on a fixed square', () => {
    const board = Board.of(6, 6);
    // Ends of a1's colour have none on an even board (parity); the others a tour, checked independently.
    for (const to of [1, 7, 35 - 1, 20]) {
      const r = searched({ board, piece: KNIGHT, closed: false, from: 0, to });
      const sameColour = ((board.file(to) + board.rank(to)) & 1) === 0;
      expect(r.status, `a1 to ${board.name(to)}`).toBe(sameColour ? 'none' : 'found');
      if (sameColour) continue;
      expect(tourProblem(6, 6, r.path!, false)).toBeNull();
      expect(r.path![35]).toBe(to);
    }
    // Same colour at both ends of an even board: parity says no.
    expect(searched({ board, piece: KNIGHT, closed: false, from: 0, to: 2 })).toMatchObject({
      status: 'none',
      backtracks: 0,
    });
  });

  it('answers budget honestly and rejects bad queries', () => {
    const board = Board.of(6, 6);
    // A backtrack allowance (the table's, per start square): a tour that needs no backtrack is found even with
    // an allowance of 0; the allowance is never overrun.
    const cell = (b: Board, switches?: TourSearchOptions['switches'], maxSquareNodes = 0) =>
      finishedValue(tableCellJob(b, KNIGHT, 0, { maxSquareNodes, switches }).runSync());
    expect(cell(board)).toMatchObject({ exists: true, backtracks: 0 });
    const plain = { warnsdorff: false, deadCells: false, restarts: false };
    expect(cell(board, plain)).toMatchObject({ exists: null, backtracks: 0 });
    // The allowance is checked at each backtrack: the square stops at the first one past it, never earlier.
    const short = cell(Board.of(4, 4), plain, 3);
    expect(short).toMatchObject({ exists: null });
    expect(short.nodes).toBeGreaterThanOrEqual(3);
    const longer = cell(Board.of(4, 4), plain, short.nodes + 1);
    expect(longer.nodes).toBeGreaterThan(short.nodes);
    expect(longer.backtracks).toBeGreaterThan(short.backtracks);
    // Node budgets, time limits and the signal stop the search itself, with the backtracks made so far.
    expect(
      searchTourSync(
        { board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 },
        { maxNodes: 5, switches: plain },
      ),
    ).toMatchObject({ finished: false, stopped: 'nodes', nodes: 5, partial: { backtracks: expect.any(Number) } });
    expect(
      searchTourSync({ board: Board.of(10, 4), piece: KNIGHT, closed: false, from: 11 }, { timeoutMs: 1 }),
    ).toMatchObject({ finished: false, stopped: 'time' });
    const ac = new AbortController();
    ac.abort();
    expect(
      searchTourSync({ board: Board.of(10, 4), piece: KNIGHT, closed: false, from: 11 }, { signal: ac.signal }),
    ).toMatchObject({ finished: false, stopped: 'signal' });
    const bad = (f: () => unknown, code: string) => {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(GridbitsError);
        expect((e as GridbitsError).code).toBe(code);
      }
    };
    bad(() => searched({ board, piece: KNIGHT, closed: false, from: 0, to: 0 }), 'BAD_ARGUMENT');
    bad(() => searched({ board, piece: KNIGHT, closed: true, from: 0, to: 3 }), 'BAD_ARGUMENT');
    bad(() => searched({ board, piece: KNIGHT, closed: false, from: 36 }), 'OFF_BOARD');
    bad(() => searched({ board, piece: parsePiece('rook'), closed: false, from: 0 }), 'BAD_PIECE');
  });

  it('without a start, tries every start; the proof covers them all', () => {
    const b = Board.of(4, 3);
    const r = searched({ board: b, piece: KNIGHT, closed: false, to: 0 });
    expect(r.status).toBe('found');
    expect(tourProblem(4, 3, r.path!, false)).toBeNull();
    expect(r.path![11]).toBe(0);
    expect(searched({ board: b, piece: KNIGHT, closed: false, to: b.parse('b2') }).status).toBe('none');
    expect(searched({ board: Board.of(1, 1), piece: KNIGHT, closed: false, to: 0 }).status).toBe('none');
    expect(searched({ board: Board.of(1, 1), piece: KNIGHT, closed: false }).path).toEqual(Int32Array.of(0));
  });

  it('is deterministic for a seed, and seeds vary the tour', () => {
    const board = Board.of(8, 8);
    const q = (seed: number) => searched({ board, piece: KNIGHT, closed: false, from: 27, seed }).path!.join(',');
    expect(q(5)).toBe(q(5));
    expect(new Set([1, 2, 3, 4, 5].map(q)).size).toBeGreaterThan(1);
  });

  it('agrees with a plain reference search on random small boards, pieces and starts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('knight', 'knight', 'knight', 'king', 'camel', 'zebra', '1,1+0,2'),
        fc.record({
          parity: fc.boolean(),
          deadCells: fc.boolean(),
          warnsdorff: fc.boolean(),
          restarts: fc.boolean(),
          connectivity: fc.boolean(),
        }),
        (w, h, closed, a, b, spec, switches) => {
          if (w * h > 20 && spec !== 'knight') return;
          const board = Board.of(w, h);
          const piece = parsePiece(spec);
          // Every fifth query leaves the start open: the machine then tries every start.
          const from = a % 5 === 0 ? undefined : a % board.cells;
          let to: number | undefined = closed || b % 3 === 0 ? undefined : b % board.cells;
          if (to === from) to = undefined;
          const r = searched({ board, piece, closed, from, to }, { switches: { ...switches, goodRet: 3 } });
          const starts =
            from !== undefined ? [from] : closed ? [0] : [...Array(board.cells).keys()].filter((s) => s !== to);
          const want = starts.some((s) => plainTourExists(w, h, piece.leaps, s, to, closed));
          expect(r.status, `${w}x${h} ${spec} ${closed} ${from}->${to}`).toBe(want ? 'found' : 'none');
          if (r.path) {
            if (from !== undefined) expect(r.path[0]).toBe(from);
            expect(new Set(r.path).size).toBe(board.cells);
            if (to !== undefined) expect(r.path[r.path.length - 1]).toBe(to);
            const mn = { knight: [1, 2], camel: [1, 3], zebra: [2, 3] }[spec as string];
            if (mn) expect(tourProblem(w, h, r.path, closed, mn[0], mn[1])).toBeNull();
            else expect(compoundProblem(w, piece.leaps, r.path, closed)).toBeNull();
          }
        },
      ),
      { numRuns: runs(100, 600) },
    );
  });

  it('is a state machine that pauses at a node limit and resumes', () => {
    const board = Board.of(5, 5);
    const m = new SearchMachine(
      { board, piece: KNIGHT, closed: false, from: 0 },
      { warnsdorff: false, restarts: false, deadCells: false },
    );
    const upTo = (maxNodes?: number) => finishedValue(job((ctl) => m.steps(ctl, maxNodes)).runSync());
    // The limit counts the machine's nodes in all, checked before each backtrack.
    expect(upTo(5)).toBe('limit');
    const first = { nodes: m.nodes, backtracks: m.backtracks };
    expect(first.nodes).toBeGreaterThanOrEqual(5);
    expect(upTo(first.nodes + 7)).toBe('limit');
    expect(m.nodes).toBeGreaterThanOrEqual(first.nodes + 7);
    expect(m.backtracks).toBeGreaterThan(first.backtracks);
    expect(upTo()).toBe('found');
    expect(tourProblem(5, 5, m.tour!, false)).toBeNull();
  });
});
