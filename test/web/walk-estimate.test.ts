// The Random walk page's quick answers (web/src/pages/walk/estimate.ts) against the engine's exact ones: equal
// where nothing is extrapolated, within a small relative error of log10 at far horizons (the decay settles).
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import {
  distributionSync,
  graph,
  survivalAtHorizonSync,
  survivalMapSync,
  survivalMapAtHorizonSync,
} from '../../src/walk/index.js';
import {
  QUICK_WORK,
  distributionEstimate,
  quickMoves,
  reachedAfter,
  survivalEstimate,
  wantsQuick,
} from '../../web/src/pages/walk/estimate.js';

describe('quick answers of the Random walk page', () => {
  it('quickMoves keeps N when it fits, else the most that fits with N parity', () => {
    expect(quickMoves(64, 10)).toBe(10);
    const m = quickMoves(10_000, 1_000_001);
    expect(m % 2).toBe(1);
    expect(m * 10_000).toBeLessThanOrEqual(QUICK_WORK);
    expect(m).toBeGreaterThan(QUICK_WORK / 10_000 - 2);
    expect(quickMoves(10_000, 1_000_000) % 2).toBe(0);
    expect(wantsQuick(64, 10)).toBe(false);
    expect(wantsQuick(10_000, 20_000)).toBe(true);
  });

  it('with N within reach the estimate is the plain DP (8×8 knight, N = 10; 5×7 camel, N = 31)', () => {
    for (const [w, h, piece, n] of [
      [8, 8, 'knight', 10],
      [5, 7, 'camel', 31],
    ] as const) {
      const g = graph(Board.of(w, h), piece);
      const e = survivalEstimate(g, n);
      expect(e.extrapolated).toBe(false);
      const want = finishedValue(survivalMapSync(g, n));
      for (let s = 0; s < want.length; s++) expect(e.probability[s]).toBeCloseTo(want[s], 14);
      const d = distributionEstimate(g, 0, n);
      const dw = finishedValue(distributionSync(g, 0, n));
      for (let s = 0; s < want.length; s++) expect(d.probability[s]).toBeCloseTo(dw.probability[s], 14);
      expect(d.total.probability).toBeCloseTo(want[0], 12);
    }
  });

  it('far horizons: log10 close to the engine (8×8 and 33×31 knight within 1e-9 relative; 100×100 king within 10 %)', () => {
    // The knight's walks settle within the moves computed; the king's on 100×100 do not in 500 moves, and
    // Aitken's Δ² over spans of 50 brings its log10 from 26 % off (the last ratio alone) to 6.5 %.
    const cases: [number, number, string, number, number][] = [
      [8, 8, 'knight', 1_000_000_000, 1e-9],
      [33, 31, 'knight', 123_456, 1e-9],
      [100, 100, 'king', 20_001, 0.1],
    ];
    for (const [w, h, piece, n, tol] of cases) {
      const g = graph(Board.of(w, h), piece);
      const e = survivalEstimate(g, n);
      expect(e.extrapolated).toBe(true);
      const exact = finishedValue(survivalMapAtHorizonSync(g, n));
      for (const s of [0, g.board.cells - 1, Math.floor(g.board.cells / 2), w + 1]) {
        expect(Math.abs(e.log10[s] - exact.log10[s])).toBeLessThan(tol * Math.abs(exact.log10[s]));
      }
      // The distribution's total is the survival probability from its square.
      const from = w + 2;
      const d = distributionEstimate(g, from, n);
      const point = finishedValue(survivalAtHorizonSync(g, from, n));
      expect(Math.abs(d.total.log10 - point.log10)).toBeLessThan(tol * Math.abs(point.log10));
    }
  });

  it('the extrapolated distribution has the exact one shape (20×20 knight from c2, N = 30,001: log10 within 1e-6 relative)', () => {
    const g = graph(Board.of(20, 20), 'knight');
    const d = distributionEstimate(g, 22, 30_001);
    expect(d.extrapolated).toBe(true);
    const want = finishedValue(distributionSync(g, 22, 30_001));
    for (let s = 0; s < 400; s++) {
      if (want.log10[s] === -Infinity) expect(d.log10[s]).toBe(-Infinity);
      else expect(Math.abs(d.log10[s] - want.log10[s])).toBeLessThan(1e-6 * Math.abs(want.log10[s]));
    }
  });

  it('the distribution keeps the knight on its colour (8×8, N = 10^6 + 1 from a1: only light squares)', () => {
    const g = graph(Board.of(8, 8), 'knight');
    const d = distributionEstimate(g, 0, 1_000_001);
    for (let s = 0; s < 64; s++) {
      const dark = ((s % 8) + Math.floor(s / 8)) % 2 === 0;
      if (dark) expect(d.log10[s]).toBe(-Infinity);
      else expect(Number.isFinite(d.log10[s])).toBe(true);
    }
  });

  it('reachedAfter stops early and still gives the squares the plain move-by-move sets give', () => {
    // The checker: the set after each move from the one before, every move to the end, by moves' coordinates.
    const plain = (w: number, h: number, jumps: [number, number][], from: number, moves: number): number[] => {
      let cur = new Set([from]);
      for (let m = 0; m < moves; m++) {
        const next = new Set<number>();
        for (const s of cur) {
          const x = s % w,
            y = Math.floor(s / w);
          for (const [dx, dy] of jumps)
            if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h) next.add(s + dx + dy * w);
        }
        cur = next;
      }
      return [...cur].sort((a, b) => a - b);
    };
    const knight: [number, number][] = [
      [1, 2],
      [2, 1],
      [-1, 2],
      [-2, 1],
      [1, -2],
      [2, -1],
      [-1, -2],
      [-2, -1],
    ];
    const wazir: [number, number][] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ];
    const camel: [number, number][] = [
      [1, 3],
      [3, 1],
      [-1, 3],
      [-3, 1],
      [1, -3],
      [3, -1],
      [-1, -3],
      [-3, -1],
    ];
    for (const [w, h, piece, jumps] of [
      [8, 8, 'knight', knight],
      [3, 3, 'knight', knight],
      [7, 5, 'wazir', wazir],
      [9, 6, 'camel', camel],
    ] as const) {
      const g = graph(Board.of(w, h), piece);
      for (const from of [0, Math.floor((w * h) / 2)]) {
        for (const moves of [0, 1, 2, 3, 7, 40, 41]) {
          const got = [...reachedAfter(g, from, moves)].flatMap((v, s) => (v ? [s] : []));
          expect(got, `${w}×${h} ${piece} from ${from}, ${moves} moves`).toEqual(
            plain(w, h, jumps as unknown as [number, number][], from, moves),
          );
        }
      }
    }
  });
});
