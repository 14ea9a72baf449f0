import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph } from '../../src/tour/count-graph.js';
import { Board, finishedValue, isGridbitsError } from '../../src/core/index.js';
import { job } from '../../src/core/job.js';
import { prepareCount } from '../../src/tour/count.js';
import { KNIGHT, parsePiece } from '../../src/pieces/index.js';
import {
  countLimit,
  countTours,
  countToursFromEach,
  countToursSync,
  symmetricSquares,
  type Count,
} from '../../src/tour/index.js';

// A plain reference counter sharing no code with the engine: recursive search over (x, y) coordinates.
// Open: directed Hamiltonian paths (from `from` only, if given). Closed: undirected Hamiltonian cycles.
function referenceCount(w: number, h: number, closed: boolean, m = 1, n = 2, from?: [number, number]): number {
  const moves: [number, number][] = [];
  for (const [a, b] of [
    [m, n],
    [n, m],
  ])
    for (const sa of [1, -1]) for (const sb of [1, -1]) moves.push([a * sa, b * sb]);
  const uniq = [...new Set(moves.map(([a, b]) => `${a},${b}`))].map(
    (s) => s.split(',').map(Number) as [number, number],
  );
  const seen: boolean[][] = Array.from({ length: w }, () => new Array<boolean>(h).fill(false));
  const total = w * h;
  let count = 0;
  const go = (x: number, y: number, depth: number, sx: number, sy: number): void => {
    if (depth === total) {
      if (!closed) count++;
      else if (total > 1 && uniq.some(([a, b]) => x + a === sx && y + b === sy)) count++;
      return;
    }
    for (const [a, b] of uniq) {
      const nx = x + a,
        ny = y + b;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[nx][ny]) continue;
      seen[nx][ny] = true;
      go(nx, ny, depth + 1, sx, sy);
      seen[nx][ny] = false;
    }
  };
  const starts: [number, number][] = closed ? [[0, 0]] : from ? [from] : [];
  if (!closed && !from) for (let x = 0; x < w; x++) for (let y = 0; y < h; y++) starts.push([x, y]);
  for (const [x, y] of starts) {
    seen[x][y] = true;
    go(x, y, 1, x, y);
    seen[x][y] = false;
  }
  return closed ? count / 2 : count;
}

/** A count that must finish (no limit is given), exactly. */
const counted = (board: Board, options: Parameters<typeof countToursSync>[1] = {}): Count => {
  const a = finishedValue(countToursSync(board, options));
  if (!a.complete) throw new Error(`${board}: ${a.reason}`);
  return a;
};
const count = (w: number, h: number, closed: boolean, extra: Parameters<typeof countToursSync>[1] = {}): bigint =>
  counted(Board.of(w, h), { closed, ...extra }).count;

describe('tour counts against OEIS', () => {
  it('directed open tours on n×n (A165134): 1, 0, 0, 0, 1728', () => {
    expect([1, 2, 3, 4, 5].map((n) => count(n, n, false))).toEqual([1n, 0n, 0n, 0n, 1728n]);
  });

  it('directed open tours on 3×n (A118067) and 4×n (twice A079137)', () => {
    expect([4, 5, 6, 7, 8, 9, 10].map((n) => count(3, n, false))).toEqual([16n, 0n, 0n, 104n, 792n, 1120n, 6096n]);
    expect([3, 4, 5, 6, 7, 8].map((n) => count(4, n, false))).toEqual([16n, 0n, 164n, 1488n, 12756n, 62176n]);
  });

  // 6×6 open, 5×8 open, 6×8 and 5×10 closed run in count.long.test.ts (GRIDBITS_LONG=1).
  it('long strips: 3×28 (A118067: 58641619298000), 4×20 (twice A079137: 20241304810488)', () => {
    expect(count(3, 28, false)).toBe(58641619298000n);
    expect(count(20, 4, false)).toBe(2n * 20241304810488n);
  });

  it('directed open tours on 5×6 (twice A083386: 18784)', () => {
    expect(count(5, 6, false)).toBe(37568n);
  });

  it("the 5×5 table of tours per start square (A165134's example: 304 from a corner, 64 from the centre)", () => {
    const b = Board.of(5, 5);
    const table = [
      [304, 0, 56, 0, 304],
      [0, 56, 0, 56, 0],
      [56, 0, 64, 0, 56],
      [0, 56, 0, 56, 0],
      [304, 0, 56, 0, 304],
    ];
    for (let r = 0; r < 5; r++)
      for (let f = 0; f < 5; f++) expect(counted(b, { from: b.index(f, r) }).count).toBe(BigInt(table[r][f]));
  });

  it('undirected closed tours: 3×10 = 16, 3×12 = 176 (A070030), 5×6 = 8, 5×8 = 44202, 6×6 = 9862 (A001230)', () => {
    expect(count(3, 10, true)).toBe(16n);
    expect(count(12, 3, true)).toBe(176n);
    expect(count(5, 6, true)).toBe(8n);
    expect(count(6, 5, true)).toBe(8n);
    expect(count(5, 8, true)).toBe(44202n);
    expect(count(6, 6, true)).toBe(9862n);
  });

  it('no closed tours where Schwenk says none: odd boards, 4×n, 3×4, 3×6, 3×8', () => {
    for (const [w, h] of [
      [1, 1],
      [5, 5],
      [3, 7],
      [4, 5],
      [4, 6],
      [3, 4],
      [3, 6],
      [3, 8],
      [2, 6],
    ])
      expect(count(w, h, true)).toBe(0n);
  });

  // Counts past 2^53 stay exact in two 32-bit halves (past 2^64 they switch to BigInt): 4×24 (A079137) runs in
  // count.long.test.ts.
  it('the BigInt counts give the same numbers as the counts in two 32-bit halves', () => {
    for (const [w, h, closed] of [
      [5, 5, false],
      [3, 10, false],
      [5, 6, true],
      [4, 7, false],
    ] as const) {
      const g = buildCountGraph(Board.of(w, h), KNIGHT);
      const small = frontierCount(g, { closed, ends: [] });
      const big = frontierCount(g, { closed, ends: [], big: true });
      expect(big.count).toBe(small.count);
      expect(big.nodes).toBe(small.nodes);
    }
  });
});

describe('tour counts against a plain reference search', () => {
  it('every board up to 20 squares, open and closed, both methods', () => {
    for (let w = 1; w <= 5; w++) {
      for (let h = 1; w * h <= 20; h++) {
        for (const closed of [false, true]) {
          const want = BigInt(referenceCount(w, h, closed));
          expect(count(w, h, closed, { method: 'frontier' }), `${w}x${h} ${closed}`).toBe(want);
          expect(count(w, h, closed, { method: 'backtracking' }), `${w}x${h} ${closed}`).toBe(want);
        }
      }
    }
  });

  it('tours from every square and between two squares add up', () => {
    for (const [w, h] of [
      [3, 4],
      [4, 3],
      [5, 3],
      [3, 7],
    ]) {
      const b = Board.of(w, h);
      let sum = 0n;
      for (let s = 0; s < b.cells; s++) {
        const from = counted(b, { from: s }).count;
        expect(from).toBe(BigInt(referenceCount(w, h, false, 1, 2, [b.file(s), b.rank(s)])));
        sum += from;
        if (w * h <= 12) {
          let ends = 0n;
          for (let t = 0; t < b.cells; t++) if (t !== s) ends += counted(b, { from: s, to: t }).count;
          expect(ends).toBe(from);
          expect(counted(b, { from: s, to: (s + 5) % b.cells, method: 'backtracking' }).count).toBe(
            counted(b, { from: s, to: (s + 5) % b.cells }).count,
          );
        }
      }
      expect(sum).toBe(counted(b).count);
    }
  });

  it('other leapers on random small boards (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (w, h, m, n, closed) => {
          if (w * h > 16) return;
          const piece = parsePiece(`${m},${n}`);
          expect(counted(Board.of(w, h), { piece, closed }).count).toBe(BigInt(referenceCount(w, h, closed, m, n)));
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });
});

describe('counts from every square', () => {
  it('equal the reference per square and sum to the total; 4×3 starts only on the a- and d-files', async () => {
    for (const [w, h] of [
      [3, 4],
      [4, 3],
      [3, 7],
      [5, 4],
    ]) {
      const b = Board.of(w, h);
      const each = finishedValue(await countToursFromEach(b));
      for (let s = 0; s < b.cells; s++)
        expect(each.counts[s]).toBe(BigInt(referenceCount(w, h, false, 1, 2, [b.file(s), b.rank(s)])));
      expect(each.counts.reduce((x, y) => x + y, 0n)).toBe(counted(b).count);
    }
    const starts = finishedValue(await countToursFromEach(Board.of(4, 3)))
      .counts.map((c, s) => (c > 0n ? Board.of(4, 3).name(s) : ''))
      .filter(Boolean);
    expect(starts.sort()).toEqual(['a1', 'a2', 'a3', 'd1', 'd2', 'd3']);
    expect(finishedValue(await countToursFromEach(Board.of(5, 5))).runs).toBe(6);
    // A time limit stops them with a lower bound for every square and the counts finished so far.
    const stopped = await countToursFromEach(Board.of(6, 6), { timeoutMs: 20 });
    expect(stopped).toMatchObject({ finished: false, stopped: 'time' });
    if (!stopped.finished) {
      expect(stopped.partial?.counts.length).toBe(36);
      expect(stopped.partial!.runs).toBeLessThan(6);
    }
    expect(symmetricSquares(Board.of(5, 5), 0).sort((x, y) => x - y)).toEqual([0, 4, 20, 24]);
  });
});

describe('budgets, limits and cancellation', () => {
  it('refuses boards past the limit without a budget, naming it', () => {
    expect(countLimit(Board.of(9, 9))).toMatch(/limit is 13/);
    expect(countLimit(Board.of(8, 8))).toMatch(/limit of 42 for open tours this wide/);
    expect(countLimit(Board.of(6, 6), KNIGHT, true)).toBeNull();
    try {
      countToursSync(Board.of(8, 8));
      expect.unreachable();
    } catch (e) {
      expect(isGridbitsError(e) && e.code === 'LIMIT').toBe(true);
    }
  });

  it('a budget that runs out stops the count: backtracking has a lower bound, the frontier program none', () => {
    const r = countToursSync(Board.of(6, 6), { maxNodes: 1000 });
    expect(r).toMatchObject({ finished: false, stopped: 'nodes', partial: { count: null, method: 'frontier' } });
    const dfs = countToursSync(Board.of(9, 9), { maxNodes: 200_000 });
    expect(dfs.finished).toBe(false);
    if (dfs.finished) return;
    expect(dfs.stopped).toBe('nodes');
    expect(dfs.partial?.method).toBe('backtracking');
    expect(dfs.partial!.count! > 0n).toBe(true);
  });

  it('stops on an abort signal; the async form gives the same counts', async () => {
    const c = new AbortController();
    c.abort();
    expect(await countTours(Board.of(6, 6), { closed: true, signal: c.signal })).toMatchObject({
      finished: false,
      stopped: 'signal',
    });
    expect(finishedValue(await countTours(Board.of(5, 5))).count).toBe(1728n);
    const seen: number[] = [];
    finishedValue(await countTours(Board.of(3, 8), { onProgress: (p) => seen.push(p.share!) }));
    expect(seen[seen.length - 1]).toBe(1); // the share done, weighted by the work
  });

  it("a limit of the counter's own met while counting is an answer that says so, not an exception", () => {
    // The cap on states held at once, lowered: the whole board's program, then the halves' (6×6 closed).
    for (const [board, options, method] of [
      [Board.of(5, 5), { from: 0 }, undefined],
      [Board.of(6, 6), { closed: true }, 'halves'],
    ] as const) {
      const run = prepareCount(board, { piece: KNIGHT, ...options }, 500);
      const out = job((ctl) => run.steps(ctl, () => undefined)).runSync();
      expect(out.finished).toBe(true);
      const a = finishedValue(out);
      expect(a).toMatchObject({ complete: false, count: null, method: 'frontier', nodes: expect.any(Number) });
      expect(a.complete === false && a.reason).toMatch(/needs more than 500 states at once/);
      expect(a.complete === false && a.split).toBe(method);
      expect(a.complete === false && a.squaresAdded! < a.squares!).toBe(true);
    }
    // With the cap it has, the same counts finish.
    expect(counted(Board.of(5, 5), { from: 0 })).toMatchObject({ complete: true, count: 304n });
  });

  it('rejects riders and bad end squares', () => {
    expect(() => countToursSync(Board.of(4, 4), { piece: parsePiece('rook') })).toThrow(/leapers only/);
    expect(() => countToursSync(Board.of(4, 4), { to: 3 })).toThrow(/start square/);
    expect(() => countToursSync(Board.of(4, 4), { from: 3, to: 3 })).toThrow(/differ/);
    expect(() => countToursSync(Board.of(4, 4), { from: 16 })).toThrow(
      /from must be a square of the 4x4 board \(0 to 15\), got 16/,
    );
  });
});
