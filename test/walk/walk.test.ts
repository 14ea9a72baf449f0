// Tests of the random-walk engine: hand cases, the seed puzzle, symmetry, exact against float, a plain
// reference DP on random boards and leapers, far horizons against the DP, and the simulation's interval.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { GridbitsError } from '../../src/core/error.js';
import { finishedValue } from '../../src/core/job.js';
import { createRng, type Rng } from '../../src/core/prng.js';
import { wilson } from '../../src/core/stats.js';
import { parsePiece } from '../../src/pieces/piece.js';
import {
  GRAPH_MAX_SIDE,
  decayRateSync,
  distributionSync,
  exactCountsSync,
  exactSurvivalMapSync,
  exactSurvivalSync,
  fractionText,
  graph,
  simulateWalks,
  simulateWalksSync,
  survivalSync,
  survivalAtHorizonSync,
  survivalMapSync,
  survivalMapAtHorizonSync,
  type Graph,
  type HorizonMethod,
} from '../../src/walk/index.js';
import { refCounts, refDistribution, refLeaps, refSurvival } from './reference.js';

const knight = parsePiece('knight');
const g8 = graph(Board.of(8, 8), knight);

// The finished answers of the sync calls: none is given a limit here, so each must finish.
const exact = (g: Graph, from: number, steps: number) => finishedValue(exactSurvivalSync(g, from, steps));
const exactMap = (g: Graph, steps: number) => finishedValue(exactSurvivalMapSync(g, steps));
const horizon = (g: Graph, from: number, steps: number, method?: HorizonMethod) =>
  finishedValue(survivalAtHorizonSync(g, from, steps, { method }));
const mapAtHorizon = (g: Graph, steps: number) => finishedValue(survivalMapAtHorizonSync(g, steps));
const simulated = (g: Graph, from: number, steps: number, trials: number, rng: Rng) =>
  finishedValue(simulateWalksSync(g, from, steps, trials, rng));
const at = (w: number, x: number, y: number): number => y * w + x;

function close(a: number, b: number, rel = 1e-12): boolean {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b)) + 1e-300;
}

describe('walk: hand cases and the seed puzzle', () => {
  it('3x3 from a1 in two moves: 1/16', () => {
    const g = graph(Board.of(3, 3), knight);
    // a1 → b3 or c2 (2 of 8); from each of them 2 of 8 moves stay: (2/8)·(2/8).
    expect(fractionText(exact(g, 0, 2))).toBe('1/16');
    expect(finishedValue(survivalSync(g, 0, 2))).toBe(1 / 16);
    // b2, the centre, has no knight moves at all.
    expect(fractionText(exact(g, 4, 1))).toBe('0/1');
  });

  it('N = 0 is certain; 1x1 loses the piece on the first move', () => {
    expect(finishedValue(survivalSync(g8, 27, 0))).toBe(1);
    expect(fractionText(exact(g8, 27, 0))).toBe('1/1');
    const g1 = graph(Board.of(1, 1), knight);
    expect(finishedValue(survivalSync(g1, 0, 1))).toBe(0);
    expect(fractionText(exact(g1, 0, 1))).toBe('0/1');
    expect(horizon(g1, 0, 1_000_000_000).log10).toBe(-Infinity);
  });

  it('8x8 from a1 in ten moves: 4669663/268435456', () => {
    expect(fractionText(exact(g8, 0, 10))).toBe('4669663/268435456');
    expect(finishedValue(survivalSync(g8, 0, 10))).toBeCloseTo(4669663 / 268435456, 15);
    // One move from d4 never leaves an 8x8 board; from a1 only 2 of 8 stay.
    expect(finishedValue(survivalSync(g8, 27, 1))).toBe(1);
    expect(finishedValue(survivalSync(g8, 0, 1))).toBe(0.25);
  });

  it('8x8 from a1: the two-move counts, the one-move map, the far horizon, the decay rate and a simulation', () => {
    expect(finishedValue(exactCountsSync(g8, 2)).total).toBe(64n);
    expect(exactMap(g8, 1)[27]).toEqual({ numerator: 1n, denominator: 1n });
    const h = horizon(g8, 0, 1_000_000_000);
    expect(h.method).toBe('squaring');
    expect(h.log10).toBeCloseTo(-124167783.094, 2);
    expect(finishedValue(decayRateSync(g8, 0)).lambda).toBeCloseTo(0.75133257288, 9);
    expect(mapAtHorizon(g8, 3).probability[0]).toBeCloseTo(finishedValue(survivalSync(g8, 0, 3)), 15);
    expect(simulated(g8, 0, 10, 1000, createRng(1)).trials).toBe(1000);
  });

  it('exact fractions reach far past the old limit (8x8 to N = 1000) and refuse beyond theirs, naming the float mode', () => {
    const f = exact(g8, 0, 1000);
    expect(f.denominator % 2n).toBe(0n);
    // p ≈ c·λ^1000 with λ ≈ 0.7513: about 2^-413 of 2^3000 sequences.
    expect(8n ** 1000n % f.denominator).toBe(0n);
    expect(f.denominator.toString(2).length - f.numerator.toString(2).length).toBeGreaterThan(400);
    expect(f.denominator.toString(2).length - f.numerator.toString(2).length).toBeLessThan(430);
    const g100 = graph(Board.of(100, 100), knight);
    expect(() => exact(g100, 0, 1_000_000)).toThrow(/exact fractions go up to.*survivalAtHorizon/);
    expect(() => exact(g100, 0, 1_000_000)).toThrow(GridbitsError);
  });

  it('refuses riders, sliders, huge boards and bad steps', () => {
    expect(() => graph(Board.of(8, 8), parsePiece('rook'))).toThrow(/leapers only/);
    expect(() => graph(Board.of(8, 8), parsePiece('rook-end'))).toThrow(GridbitsError);
    expect(GRAPH_MAX_SIDE).toBe(100);
    expect(() => graph(Board.of(101, 5), knight)).toThrow(/100x100/);
    expect(() => finishedValue(survivalSync(g8, 0, -1))).toThrow(GridbitsError);
    expect(() => finishedValue(survivalSync(g8, 0, 1.5))).toThrow(GridbitsError);
    expect(() => finishedValue(survivalSync(g8, 64, 1))).toThrow(GridbitsError);
  });
});

describe('walk: properties against a plain reference DP', () => {
  const leaper = fc.constantFrom<[number, number][]>(
    [[1, 2]],
    [[0, 1]],
    [[1, 1]],
    [[1, 3]],
    [[0, 2]],
    [[2, 3]],
    [
      [1, 2],
      [0, 1],
      [1, 1],
    ],
    [
      [1, 2],
      [0, 3],
    ],
  );
  const specOf = (parts: [number, number][]): string => parts.map(([a, b]) => `${a},${b}`).join('+');

  it('the whole-board map, the distribution and the exact fractions match the reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        leaper,
        fc.integer({ min: 0, max: 12 }),
        fc.nat(),
        (w, h, parts, n, pick) => {
          const g = graph(Board.of(w, h), parsePiece(specOf(parts)));
          const leaps = refLeaps(parts);
          const ref = refSurvival(w, h, leaps, n);
          const map = finishedValue(survivalMapSync(g, n));
          const counts = refCounts(w, h, leaps, n);
          const exact = exactMap(g, n);
          const total = BigInt(leaps.length) ** BigInt(n);
          for (let x = 0; x < w; x++) {
            for (let y = 0; y < h; y++) {
              expect(close(map[at(w, x, y)], ref[x][y])).toBe(true);
              const f = exact[at(w, x, y)];
              // Lowest terms: the same value as counts/total, and cross-multiplied equal.
              expect(f.numerator * total).toBe(counts[x][y] * f.denominator);
              expect(close(Number(f.numerator) / Number(f.denominator), map[at(w, x, y)], 1e-12)).toBe(true);
            }
          }
          const x0 = pick % w,
            y0 = Math.floor(pick / w) % h;
          const d = finishedValue(distributionSync(g, at(w, x0, y0), n)).probability;
          const rd = refDistribution(w, h, leaps, x0, y0, n);
          let sum = 0;
          for (let x = 0; x < w; x++)
            for (let y = 0; y < h; y++) {
              expect(close(d[at(w, x, y)], rd[x][y])).toBe(true);
              sum += d[at(w, x, y)];
            }
          expect(close(sum, map[at(w, x0, y0)], 1e-12)).toBe(true);
        },
      ),
      { numRuns: 150, seed: 4 },
    );
  });

  it('the whole-board map is invariant under the board symmetries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        leaper,
        fc.integer({ min: 0, max: 30 }),
        (w, h, parts, n) => {
          const map = finishedValue(survivalMapSync(graph(Board.of(w, h), parsePiece(specOf(parts))), n));
          for (let x = 0; x < w; x++) {
            for (let y = 0; y < h; y++) {
              const v = map[at(w, x, y)];
              expect(close(map[at(w, w - 1 - x, y)], v)).toBe(true);
              expect(close(map[at(w, x, h - 1 - y)], v)).toBe(true);
              if (w === h) expect(close(map[at(w, y, x)], v)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 100, seed: 5 },
    );
  });

  it('far-horizon methods (DP on orbits, squaring, extrapolation) agree with the plain DP where both run', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        leaper,
        fc.integer({ min: 0, max: 400 }),
        fc.nat(),
        (w, h, parts, n, pick) => {
          const g = graph(Board.of(w, h), parsePiece(specOf(parts)));
          const from = pick % (w * h);
          const ref = refSurvival(w, h, refLeaps(parts), n)[from % w][Math.floor(from / w)];
          for (const method of ['dp', 'squaring', 'extrapolation'] as const) {
            const r = horizon(g, from, n, method);
            if (ref === 0) {
              expect(r.probability).toBe(0);
              continue;
            }
            expect(close(r.probability, ref, Math.max(1e-11, 2 * r.relativeError))).toBe(true);
            expect(Math.abs(r.log10 - Math.log10(ref))).toBeLessThan(Math.max(1e-10, 2 * r.relativeError));
          }
        },
      ),
      { numRuns: 120, seed: 6 },
    );
  });

  it('extrapolation and squaring agree with the scaled DP far beyond where doubles underflow, within the stated error', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        leaper,
        fc.integer({ min: 0, max: 5000 }),
        fc.nat(),
        (w, h, parts, n, pick) => {
          const g = graph(Board.of(w, h), parsePiece(specOf(parts)));
          const from = pick % (w * h);
          const dp = horizon(g, from, n, 'dp');
          for (const method of ['squaring', 'extrapolation'] as const) {
            const r = horizon(g, from, n, method);
            if (!Number.isFinite(dp.log10)) {
              expect(r.log10).toBe(-Infinity);
              continue;
            }
            // |Δ log10 p| ≈ relative error / ln 10; allow twice the stated errors of both.
            expect(Math.abs(r.log10 - dp.log10)).toBeLessThanOrEqual(
              (2 * (r.relativeError + dp.relativeError)) / Math.LN10 + 1e-12,
            );
          }
        },
      ),
      { numRuns: 150, seed: 8 },
    );
  });

  it('λ is the decay per move: p(N+2)/p(N) → λ² from the plain DP', () => {
    const r = horizon(g8, 0, 1_000_000_000);
    const p = refSurvival(8, 8, refLeaps([[1, 2]]), 402);
    expect(close(p[0][0] / refSurvival(8, 8, refLeaps([[1, 2]]), 400)[0][0], r.lambda ** 2, 1e-9)).toBe(true);
    expect(r.method).toBe('squaring');
    expect(r.probability).toBe(0);
    // log10 p ≈ log10 c + N log10 λ with the same c as at N = 10^6 (same parity).
    const r6 = horizon(g8, 0, 1_000_000);
    expect(close(r.log10 - r6.log10, (1e9 - 1e6) * Math.log10(r.lambda), 1e-8)).toBe(true);
    // c read off at N = 10^6 and 10^9 (both even) is the same constant.
    expect(Math.abs((r.log10c ?? NaN) - (r6.log10c ?? NaN))).toBeLessThan(1e-3);
    expect(horizon(graph(Board.of(1, 1), knight), 0, 5).log10c).toBeNull();
  });

  it('the whole-board map at any horizon matches the DP, and its log10 matches one-square answers at N = 10^9', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        leaper,
        fc.integer({ min: 0, max: 300 }),
        (w, h, parts, n) => {
          const g = graph(Board.of(w, h), parsePiece(specOf(parts)));
          const ref = refSurvival(w, h, refLeaps(parts), n);
          const m = mapAtHorizon(g, n);
          for (let x = 0; x < w; x++)
            for (let y = 0; y < h; y++) expect(close(m.probability[at(w, x, y)], ref[x][y], 1e-10)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
    const far = mapAtHorizon(g8, 1_000_000_000);
    for (const s of [0, 9, 27, 63])
      expect(Math.abs(far.log10[s] - horizon(g8, s, 1_000_000_000).log10)).toBeLessThan(1e-3);
    expect(far.probability[0]).toBe(0);
  });

  it('the distribution keeps log10 where doubles underflow; its total matches the survival at any horizon', () => {
    for (const [n, from] of [
      [0, 0],
      [7, 27],
      [3000, 0],
      [4001, 9],
    ]) {
      const d = finishedValue(distributionSync(g8, from, n));
      const h = horizon(g8, from, n);
      expect(Math.abs(d.total.log10 - h.log10)).toBeLessThan(1e-9);
      let best = -Infinity;
      for (const v of d.log10) best = Math.max(best, v);
      expect(best).toBeGreaterThan(d.total.log10 - 2);
      expect(best).toBeLessThanOrEqual(d.total.log10 + 1e-12);
    }
  });

  it('components that decay at different rates do not flush each other to 0 (alfil on 7x7)', () => {
    const alfil = parsePiece('alfil');
    const g = graph(Board.of(7, 7), alfil);
    const ref = refSurvival(7, 7, refLeaps([[2, 2]]), 300);
    const map = mapAtHorizon(g, 300);
    const logs = mapAtHorizon(g, 1_000_000_000).log10;
    for (let s = 0; s < 49; s++) {
      const one = horizon(g, s, 300);
      expect(close(one.probability, ref[s % 7][Math.floor(s / 7)], 1e-10)).toBe(true);
      expect(close(map.probability[s], ref[s % 7][Math.floor(s / 7)], 1e-10)).toBe(true);
      expect(Number.isFinite(logs[s])).toBe(true);
      expect(Math.abs(horizon(g, s, 1_000_000_000).log10 - logs[s])).toBeLessThan(1e-3);
    }
    // The decay rates differ between components: b2 (odd files and ranks, a 3x3 lattice) and a1 (4x4).
    expect(Math.abs(horizon(g, 8, 1000).lambda - horizon(g, 0, 1000).lambda)).toBeGreaterThan(0.01);
  });

  it('large boards beyond squaring extrapolate with the error stated, matching the DP at a mid horizon', () => {
    const g = graph(Board.of(60, 60), knight);
    const n = 3000;
    const dp = horizon(g, 0, n, 'dp');
    const ex = horizon(g, 0, n, 'extrapolation');
    expect(Math.abs(dp.log10 - ex.log10)).toBeLessThan(Math.max(1e-9, ex.relativeError));
  });
});

describe('walk: Monte-Carlo', () => {
  it('the Wilson 95% interval holds the exact value (fixed seeds)', () => {
    for (const [w, h, from, n, seed] of [
      [8, 8, 0, 10, 1],
      [8, 8, 27, 5, 2],
      [3, 3, 0, 2, 3],
      [5, 7, 12, 8, 4],
      [10, 10, 0, 20, 5],
    ]) {
      const g = graph(Board.of(w, h), knight);
      const f = exact(g, from, n);
      const p = Number(f.numerator) / Number(f.denominator);
      const s = simulated(g, from, n, 20_000, createRng(seed));
      expect(s.low).toBeLessThanOrEqual(p);
      expect(s.high).toBeGreaterThanOrEqual(p);
      expect(s.survived).toBe(simulated(g, from, n, 20_000, createRng(seed)).survived);
    }
  });

  it('the Wilson interval: textbook values, exact ends at 0 and at all successes', () => {
    // 0 of 10 and 10 of 10: [0, 0.2775] and [0.7225, 1] (Wilson 1927 with z = 1.96).
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.27753, 4);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(10, 10).low).toBeCloseTo(0.72247, 4);
    const mid = wilson(50, 100);
    expect(mid.low).toBeCloseTo(0.40383, 4);
    expect(mid.high).toBeCloseTo(0.59617, 4);
  });

  it('the sliced async simulation gives the same answer, reports progress and stops on abort', async () => {
    const progress: number[] = [];
    const a = await simulateWalks(g8, 0, 10, 300_000, createRng(9), { onProgress: (p) => progress.push(p.done) });
    expect(a.finished && a.value).toEqual(simulated(g8, 0, 10, 300_000, createRng(9)));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[progress.length - 1]).toBe(300_000);
    const c = new AbortController();
    c.abort();
    expect(await simulateWalks(g8, 0, 10, 1000, createRng(1), { signal: c.signal })).toMatchObject({
      finished: false,
      stopped: 'signal',
    });
    expect(() => simulated(g8, 0, 10, 0, createRng(1))).toThrow(GridbitsError);
    expect(() => simulated(g8, 0, 2_000_000, 10_000, createRng(1))).toThrow(/simulation limit/);
  });
});
