// The tour engine's calls on the job contract: answers, stops on a node budget, a time limit and a signal with
// their partial results, resuming after a stop, and progress that only grows, ends at its total and follows the work.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue, type Job, type Outcome } from '../../src/core/job.js';
import type { Progress } from '../../src/core/run.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import * as tour from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

const ZEBRA = parsePiece('zebra');
/** The zebra has no open tour of 8×8 from a1: the search proves it in about 146,000 nodes. */
const zebra8 = { board: Board.of(8, 8), piece: ZEBRA, closed: false, from: 0 };

/** Runs the job to its end in runs of `slice` nodes, checking each stop; returns the final value. */
function inSlices<T, P>(j: Job<T, P>, slice: number, onStop?: (o: Outcome<T, P>) => void): T {
  for (;;) {
    const o = j.runSync({ maxNodes: slice });
    if (o.finished) return o.value;
    expect(o.stopped).toBe('nodes');
    onStop?.(o);
  }
}

/** The progress a run reports, as shares; checks they never go back and end at the total. */
function shares(seen: Progress[]): number[] {
  const s = seen.map((p) => p.share ?? NaN);
  for (let i = 1; i < s.length; i++) expect(s[i]).toBeGreaterThanOrEqual(s[i - 1]);
  expect(s[s.length - 1]).toBe(1);
  return s;
}

describe('findTour', () => {
  it('finds a verified closed 8×8 tour and proves 4×4 has none, sync and async alike', async () => {
    const q = { board: Board.of(8, 8), piece: KNIGHT, closed: true };
    const a = tour.findTourSync(q);
    expect(a.finished).toBe(true);
    if (!a.finished) return;
    expect(a.value.exists).toBe(true);
    expect(tourProblem(8, 8, a.value.path!, true)).toBeNull();
    const b = await tour.findTour(q);
    expect(b.finished && Array.from(b.value.path!)).toEqual(Array.from(a.value.path!));
    const none = tour.findTourSync({ board: Board.of(4, 4), piece: KNIGHT, closed: true });
    expect(none).toMatchObject({ finished: true, value: { exists: false, method: 'theorem' } });
  });

  it('a node budget stops the search with its backtracks; running on gives the unbroken answer', () => {
    const whole = tour.findTourSync(zebra8, { maxNodes: Infinity });
    expect(whole).toMatchObject({ finished: true, value: { exists: false, method: 'backtracking' } });
    const j = tour.findTourJob(zebra8);
    const first = j.runSync({ maxNodes: 10_000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes', nodes: 10_000 });
    if (first.finished) return;
    expect(first.partial!.backtracks).toBeGreaterThan(0);
    const v = inSlices(j, 30_000);
    expect(whole.finished && v).toEqual(whole.finished && whole.value);
  });

  it('one default budget: findTour and findTourSync prove no zebra tour of 8×8, as the table does square by square', async () => {
    // From every start: about 5,000,000 nodes in all, within SEARCH_BUDGET; 2,000,000 (the old default) was not enough.
    const zebra = { board: Board.of(8, 8), piece: ZEBRA, closed: false };
    const sync = tour.findTourSync(zebra);
    expect(sync).toMatchObject({ finished: true, value: { exists: false, method: 'backtracking' } });
    expect(sync.nodes).toBeGreaterThan(2_000_000);
    expect(sync.nodes).toBeLessThanOrEqual(tour.SEARCH_BUDGET);
    expect(await tour.findTour(zebra)).toMatchObject({ finished: true, value: { exists: false }, nodes: sync.nodes });
    // The table with its default allowance per square: no square starts one, and the nodes add up to the same search.
    const t = finishedValue(tour.tableSync(Board.of(8, 8), ZEBRA));
    expect(t.filter((c) => c.exists !== false)).toEqual([]);
    expect(t.reduce((a, c) => a + c.nodes, 0)).toBeLessThanOrEqual(sync.nodes);
    // One start: findTour and the table's cell spend the same nodes (the same search); one budget decides both.
    const a1 = tour.findTourSync({ ...zebra, from: 0 });
    expect(a1).toMatchObject({ finished: true, value: { exists: false }, nodes: t[0].nodes });
    expect(tour.findTourSync({ ...zebra, from: 0 }, { maxNodes: t[0].nodes - 1 })).toMatchObject({ finished: false });
    expect(
      finishedValue(tour.tableCellSync(Board.of(8, 8), ZEBRA, 0, { maxSquareNodes: t[0].nodes - 1 })).exists,
    ).toBeNull();
  });

  it('a time limit and a signal stop it too, with the partial result', async () => {
    // A search of seconds (over 20 million nodes): the whole 8×8 one can end, warmed up, before its first pause.
    const zebra11 = { board: Board.of(11, 11), piece: ZEBRA, closed: false, from: 0 };
    const t = tour.findTourSync(zebra11, { timeoutMs: 1 });
    expect(t).toMatchObject({ finished: false, stopped: 'time' });
    // Stopped at the first report of backtracks made (a fixed delay could fire before the search starts).
    const ac = new AbortController();
    let heard = 0;
    const onProgress = (p: Progress): void => {
      if (p.unit === 'backtracks' && p.done > 0 && heard === 0) {
        heard = p.done;
        ac.abort();
      }
    };
    const s = await tour.findTour(zebra11, { signal: ac.signal, maxNodes: Infinity, onProgress });
    expect(s).toMatchObject({ finished: false, stopped: 'signal' });
    if (s.finished) return;
    expect(heard).toBeGreaterThan(0);
    expect(s.partial!.backtracks).toBeGreaterThanOrEqual(heard);
    // The search is deterministic: the same number of nodes under a budget leaves the same partial result.
    expect(tour.findTourSync(zebra11, { maxNodes: s.nodes })).toMatchObject({
      finished: false,
      stopped: 'nodes',
      nodes: s.nodes,
      partial: s.partial,
    });
  });

  it('library messages name options, not CLI flags', () => {
    expect(() => tour.findTourJob({ board: Board.of(5, 5), piece: KNIGHT, closed: true, to: 3 })).toThrow(
      /`to` or `closed`/,
    );
    expect(() => tour.countToursJob(Board.of(8, 8))).toThrow(/maxNodes.*timeoutMs/);
    for (const f of [
      () => tour.findTourJob({ board: Board.of(5, 5), piece: KNIGHT, closed: true, to: 3 }),
      () => tour.countToursJob(Board.of(8, 8)),
    ]) {
      expect(f).not.toThrow(/--/);
    }
  });
});

describe('searchTour and the table', () => {
  it('resuming after any budget gives the unbroken answer (property)', () => {
    const cases = [
      { board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 },
      { board: Board.of(5, 5), piece: KNIGHT, closed: false, from: 12 },
      { board: Board.of(3, 7), piece: KNIGHT, closed: false, from: 10 },
      { board: Board.of(6, 6), piece: KNIGHT, closed: true, from: 7 },
    ];
    const plain = { warnsdorff: false, deadCells: false, restarts: false };
    // Each unbroken answer is searched once; the runs differ in where the budgets cut the search.
    const wholes = new Map<string, ReturnType<typeof tour.searchTourSync>>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cases.length - 1 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.boolean(),
        (i, slice, off) => {
          const switches = off ? plain : {};
          const key = `${i} ${off}`;
          const whole = wholes.get(key) ?? tour.searchTourSync(cases[i], { switches });
          wholes.set(key, whole);
          expect(whole.finished).toBe(true);
          expect(inSlices(tour.searchTourJob(cases[i], { switches }), slice)).toEqual(whole.finished && whole.value);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('the table: same cells in slices, a time stop keeps the cells done, progress in squares ends at the total', () => {
    const board = Board.of(5, 5);
    const seen: Progress[] = [];
    const whole = tour.tableSync(board, KNIGHT, { onProgress: (p) => seen.push({ ...p }) });
    expect(whole.finished).toBe(true);
    if (!whole.finished) return;
    for (const c of whole.value) expect(c.exists).toBe(((board.file(c.square) + board.rank(c.square)) & 1) === 0);
    shares(seen);
    const stops: number[] = [];
    expect(inSlices(tour.tableJob(board, KNIGHT), 40, (o) => stops.push(o.finished ? -1 : o.partial!.length))).toEqual(
      whole.value,
    );
    expect(stops.length).toBeGreaterThan(2);
    for (let i = 1; i < stops.length; i++) expect(stops[i]).toBeGreaterThanOrEqual(stops[i - 1]);
    const t = tour.tableSync(Board.of(10, 4), KNIGHT, { maxSquareNodes: 1e9, timeoutMs: 20 });
    expect(t).toMatchObject({ finished: false, stopped: 'time' });
    if (!t.finished) {
      expect(t.partial!.length).toBeLessThan(40);
      t.partial!.forEach((c, i) => expect(c.square).toBe(i));
    }
    // The paper's LIM: a square past maxSquareNodes is undecided in a finished table.
    const lim = tour.tableSync(Board.of(10, 4), KNIGHT, { maxSquareNodes: 10 });
    expect(lim.finished && lim.value.filter((c) => c.exists === null).length).toBe(20);
  });

  it("openTourStarts: the 13 squares of a1's colour on 5×5", () => {
    const s = tour.openTourStartsSync(Board.of(5, 5), KNIGHT);
    expect(s.finished && s.value.filter((c) => c.exists).length).toBe(13);
    expect(s.finished && s.value.filter((c) => c.reason === 'colour parity').length).toBe(12);
  });
});

describe('countTours', () => {
  it('answers as before: 5×5 open 1728 (A165134), 6×6 closed 9862 (A001230), 3×4 from every square sums to 16', async () => {
    expect(tour.countToursSync(Board.of(5, 5))).toMatchObject({
      finished: true,
      value: { count: 1728n, method: 'frontier' },
    });
    expect(await tour.countTours(Board.of(6, 6), { closed: true })).toMatchObject({
      finished: true,
      value: { count: 9862n },
    });
    expect(tour.countToursSync(Board.of(5, 5), { method: 'backtracking' })).toMatchObject({
      finished: true,
      value: { count: 1728n },
    });
    const each = tour.countToursFromEachSync(Board.of(4, 3));
    expect(each.finished && each.value.counts.reduce((a, b) => a + b, 0n)).toBe(16n);
  });

  it('none by theorem: 0 at once, as the frontier program and backtracking find where they run', () => {
    // 99×99 closed has 9,801 squares, far past the counter's limits: the theorem answers all the same.
    expect(tour.countToursSync(Board.of(99, 99), { closed: true })).toMatchObject({
      finished: true,
      value: { count: 0n, method: 'theorem' },
    });
    for (const [w, h, closed, spec, from] of [
      [5, 5, true, 'knight', undefined],
      [4, 4, false, 'knight', undefined],
      [4, 6, true, 'knight', undefined],
      [5, 5, false, 'knight', 1],
      [5, 5, false, 'camel', undefined],
      [3, 6, false, 'knight', undefined],
    ] as const) {
      const board = Board.of(w, h);
      const piece = parsePiece(spec);
      const r = tour.countToursSync(board, { closed, piece, from });
      expect(r, `${w}x${h} ${spec}`).toMatchObject({
        finished: true,
        value: { count: 0n, method: 'theorem', nodes: 0 },
      });
      expect(r.finished && r.value.complete && r.value.theorem).toBeTruthy();
      // Small boards, so that both methods run to their end.
      for (const method of ['frontier', 'backtracking'] as const) {
        const m = tour.countToursSync(board, { closed, piece, from, method, pastLimit: true });
        expect(m.finished && m.value.count, `${w}x${h} ${spec} ${method}`).toBe(0n);
      }
    }
  });

  it('past the limit a budget answers with a lower bound; without one the count is refused', () => {
    // The frontier program completes no tour before its last square: no lower bound, but how far it got.
    const f = tour.countToursSync(Board.of(7, 7), { maxNodes: 20_000 });
    expect(f).toMatchObject({
      finished: false,
      stopped: 'nodes',
      nodes: 20_000,
      partial: { count: null, method: 'frontier', squares: 49 },
    });
    if (!f.finished) {
      expect(f.partial!.squaresAdded).toBeGreaterThan(0);
      expect(f.partial!.squaresAdded).toBeLessThan(49);
      expect(f.partial!.shareDone).toBeGreaterThan(0);
      expect(f.partial!.shareDone).toBeLessThan(1);
    }
    // 9×9's window is too wide for it: backtracking, whose partial count is a real lower bound.
    const w = tour.countToursSync(Board.of(9, 9), { maxNodes: 20_000 });
    expect(w).toMatchObject({ finished: false, stopped: 'nodes', partial: { method: 'backtracking' } });
    // 8×8 open tours are joined across the middle, class by class of their ends: stopped in the first class's tables.
    expect(tour.countToursSync(Board.of(8, 8), { maxNodes: 20_000 })).toMatchObject({
      finished: false,
      stopped: 'nodes',
      partial: { method: 'frontier', split: 'crossing', count: null },
    });
    expect(!w.finished && w.partial!.count! > 0n).toBe(true);
    const b = tour.countToursSync(Board.of(5, 5), { method: 'backtracking', maxNodes: 20_000 });
    expect(b.finished).toBe(false);
    // A lower bound: some of the 1,728 tours found in 20,000 nodes, not all.
    if (!b.finished) expect(b.partial!.count! > 0n && b.partial!.count! < 1728n).toBe(true);
    expect(tour.countToursSync(Board.of(6, 6), { timeoutMs: 20 })).toMatchObject({ finished: false, stopped: 'time' });
    expect(() => tour.countToursSync(Board.of(7, 7))).toThrow(/count anyway/);
  });

  it('limits sized to this machine: about a minute of counting or less without a budget', () => {
    for (const [w, h, closed] of [
      [6, 6, false],
      [6, 9, true],
      [5, 10, false],
      [5, 100, true],
      [4, 400, false],
      [3, 6666, false],
    ] as const) {
      expect(tour.countLimit(Board.of(w, h), KNIGHT, closed), `${w}x${h}`).toBeNull();
    }
    // Closed tours 6 wide with both sides even are counted by halves, which takes them up to 84 squares.
    expect(tour.countLimit(Board.of(6, 14), KNIGHT, true)).toBeNull();
    // Closed tours 7 wide by halves too, up to 7×8 (56 squares), and 7×7 (an odd length: 21 s).
    expect(tour.countLimit(Board.of(7, 8), KNIGHT, true)).toBeNull();
    expect(tour.countLimit(Board.of(8, 7), KNIGHT, true)).toBeNull();
    expect(tour.countLimit(Board.of(7, 7), KNIGHT, true)).toBeNull();
    // Odd lengths by halves: 6×11 closed, 5×11 open.
    expect(tour.countLimit(Board.of(6, 11), KNIGHT, true)).toBeNull();
    expect(tour.countLimit(Board.of(5, 11), KNIGHT, false)).toBeNull();
    // None by theorem, whatever the size: closed tours on an odd number of squares.
    expect(tour.countLimit(Board.of(7, 9), KNIGHT, true)).toBeNull();
    expect(tour.countLimit(Board.of(99, 99), KNIGHT, true)).toBeNull();
    for (const [w, h, closed] of [
      [6, 15, true],
      [6, 16, true],
      [4, 401, false],
      [7, 7, false],
      [7, 8, false],
      [7, 10, true],
      [7, 12, true],
    ] as const) {
      expect(tour.countLimit(Board.of(w, h), KNIGHT, closed), `${w}x${h}`).not.toBeNull();
    }
    // Open tours by halves (no start square): 6 wide up to 6×7 (28 s; 6×8 takes 104 s: with a budget), 5 wide up
    // to 5×20; from a square, the whole board's limits.
    for (const [w, h] of [
      [6, 6],
      [6, 7],
      [7, 6],
      [5, 20],
      [5, 19],
      [5, 12],
    ] as const)
      expect(tour.countLimit(Board.of(w, h)), `${w}x${h}`).toBeNull();
    for (const [w, h] of [
      [6, 8],
      [8, 6],
      [6, 10],
      [5, 21],
      [5, 22],
    ] as const)
      expect(tour.countLimit(Board.of(w, h)), `${w}x${h}`).not.toBeNull();
    expect(tour.countLimit(Board.of(6, 8), KNIGHT, false, 0)).toMatch(/limit of 36/);
    expect(tour.countLimit(Board.of(6, 7), KNIGHT, false, 0)).toMatch(/limit of 36/);
    expect(tour.countLimit(Board.of(5, 12), KNIGHT, false, 0)).toMatch(/limit of 50/);
    expect(tour.countLimit(Board.of(6, 8))).toMatch(/limit of 42 .*open tours, counted by halves/);
  });

  it('resuming after any budget gives the unbroken count (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<[number, number, boolean, 'frontier' | 'backtracking']>(
          [5, 5, false, 'frontier'],
          [4, 5, false, 'backtracking'],
          [3, 10, true, 'frontier'],
          [3, 8, true, 'backtracking'],
        ),
        fc.integer({ min: 500, max: 20_000 }),
        ([w, h, closed, method], slice) => {
          const whole = tour.countToursSync(Board.of(w, h), { closed, method });
          expect(inSlices(tour.countToursJob(Board.of(w, h), { closed, method }), slice)).toEqual(
            whole.finished && whole.value,
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it('progress only grows and ends at its total, for both methods and the count from every square', () => {
    for (const method of ['frontier', 'backtracking'] as const) {
      const seen: Progress[] = [];
      tour.countToursSync(Board.of(5, 5), { method, onProgress: (p) => seen.push({ ...p }) });
      shares(seen);
    }
    const seen: Progress[] = [];
    tour.countToursFromEachSync(Board.of(5, 5), { onProgress: (p) => seen.push({ ...p }) });
    shares(seen);
  });
});
