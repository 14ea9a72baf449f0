// The walk engine's pre-0.2 root names (src/walk/legacy.ts): every one is there, and they behave as before.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import { parsePiece } from '../../src/pieces/piece.js';
import * as legacy from '../../src/walk/legacy.js';

const OLD_NAMES = [
  'WALK_MAX_SIDE',
  'squareOrbits',
  'walkGraph',
  'FLOAT_MAX_STEPS',
  'distribution',
  'distributionWithLog',
  'survival',
  'survivalMap',
  'EXACT_MAX_WORK',
  'exactCounts',
  'exactSurvival',
  'exactSurvivalMap',
  'fractionText',
  'reduceFraction',
  'HORIZON_MAX_STEPS',
  'MAP_MAX_WORK',
  'decayRate',
  'survivalAtHorizon',
  'survivalMapAtHorizon',
  'SIMULATE_MAX_WORK',
  'simulate',
  'simulateAsync',
  'wilson',
];

describe('walk legacy names', () => {
  it('has every value the package root exported from walk before', () => {
    for (const name of OLD_NAMES) expect(legacy, name).toHaveProperty(name);
    expect(legacy.WALK_MAX_SIDE).toBe(100);
    expect(legacy.EXACT_MAX_WORK).toBe(12800);
  });

  it('sync stays sync and answers as before', () => {
    const g = legacy.walkGraph(Board.of(8, 8), parsePiece('knight'));
    expect(legacy.fractionText(legacy.exactSurvival(g, 0, 10))).toBe('4669663/268435456');
    expect(legacy.exactCounts(g, 2).total).toBe(64n);
    expect(legacy.exactSurvivalMap(g, 1)[27]).toEqual({ numerator: 1n, denominator: 1n });
    const h = legacy.survivalAtHorizon(g, 0, 1_000_000_000);
    expect(h.method).toBe('squaring');
    expect(h.log10).toBeCloseTo(-124167783.094, 2);
    expect(legacy.decayRate(g, 0).lambda).toBeCloseTo(0.75133257288, 9);
    expect(legacy.survivalMapAtHorizon(g, 3).probability[0]).toBeCloseTo(legacy.survival(g, 0, 3), 15);
    const s = legacy.simulate(g, 0, 10, 1000, createRng(1));
    expect(s.trials).toBe(1000);
  });

  it('simulateAsync resolves to the simulation and rejects with ABORTED on a fired signal, as before', async () => {
    const g = legacy.walkGraph(Board.of(8, 8), parsePiece('knight'));
    expect(await legacy.simulateAsync(g, 0, 10, 5000, createRng(2))).toEqual(
      legacy.simulate(g, 0, 10, 5000, createRng(2)),
    );
    const c = new AbortController();
    c.abort();
    await expect(legacy.simulateAsync(g, 0, 10, 1000, createRng(1), { signal: c.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });
});
