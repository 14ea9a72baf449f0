// The names the package root exported from the fleet engine before 0.2: all still there, behaving as they did.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import * as legacy from '../../src/fleet/legacy.js';
import { problemOf } from './count-problems.js';

/** The old root's fleet names, read from the engine's index as it was (git show 64d41a5:src/fleet/index.ts). */
const OLD_VALUES = [
  'MAX_SHIP_CELLS',
  'isConnectedShape',
  'isStraight',
  'normaliseShape',
  'parseShape',
  'shapeClassId',
  'shapeId',
  'shapeOrientations',
  'shapeText',
  'straightShape',
  'FLEETS',
  'FLEET_TOUCH_RULES',
  'fleetKinds',
  'fleetProblem',
  'parseFleet',
  'parseTouch',
  'shipCount',
  'FLEET_MAX_SIDE',
  'checkFleetBoardSize',
  'mergeFleetForbidden',
  'parseFleetBoard',
  'parseFleetForbidList',
  'parseFleetMask',
  'fleetPlacements',
  'fleetPlacementBitboard',
  'fleetPlacementCells',
  'fleetPlacementHalo',
  'FleetPlacer',
  'placeFleet',
  'placeFleetAsync',
  'checkFleetLayout',
  'parseFleetLayoutGrid',
  'countLayouts',
  'countLayoutsSync',
  'createUniformSampler',
  'createUniformSamplerSync',
  'uniformBelow',
  'uniformBelowBig',
  'DEFAULT_HEAT_SAMPLES',
  'heatMap',
  'FleetGame',
  'checkKnowledge',
  'conditionedProblem',
  'emptyKnowledge',
  'recordShot',
  'DEFAULT_HUNTER_SAMPLES',
  'HUNTER_STRATEGIES',
  'createHunter',
  'placementDensity',
  'PosteriorEstimator',
  'fleetGameSeeds',
  'fleetPlayOut',
  'fleetShotStats',
  'simulateFleetGames',
  'SHOTS_FORMAT',
  'parseShots',
  'RejectionSampler',
  'rejectionLayouts',
  'cellCounts',
  'cellCountsSync',
  'uniformFleetLayoutSource',
  'uniformFleetLayouts',
];

describe('fleet legacy names', () => {
  it('every old value name is exported, and every non-core one is marked deprecated', () => {
    for (const name of OLD_VALUES) expect(legacy, name).toHaveProperty(name);
    const text = readFileSync(new URL('../../src/fleet/legacy.ts', import.meta.url), 'utf8');
    for (const name of OLD_VALUES.filter((n) => !n.startsWith('uniformBelow'))) {
      expect(text, name).toMatch(
        new RegExp(`@deprecated[^\\n]*\\*/\\nexport (const|class|function|async function) ${name}\\b`),
      );
    }
  });

  it('sync stays sync, async stays async, and answers are plain values', async () => {
    const p = problemOf(10, 10, ['2', '2'], 'any');
    expect(legacy.countLayoutsSync(p)).toBe(15626n);
    expect(await legacy.countLayouts(p)).toBe(15626n);
    const r = legacy.placeFleet(p, { method: 'rails', rng: createRng(1) });
    expect(r.exists).toBe(true);
    expect((await legacy.placeFleetAsync(p)).exists).toBe(true);
    expect(legacy.cellCountsSync(p).total).toBe(15626n);
    expect(legacy.createUniformSamplerSync(p).total).toBe(15626n);
  });

  it('a spent budget answers as it did: a thrown LIMIT for counts, exists: null for placement', () => {
    const german = problemOf(10, 10, ['5', '4', '4', '3', '3', '3', '2', '2', '2', '2'], 'none');
    expect(() => legacy.countLayoutsSync(german, { maxNodes: 1000 })).toThrow(/budget exhausted after 1000 states/);
    const placer = new legacy.FleetPlacer(legacy.fleetProblem({ width: 8, height: 8, fleet: 'german' }));
    const r = placer.place({ method: 'search', maxNodes: 100 });
    expect(r).toMatchObject({ exists: null, nodes: 100 });
    expect(r.exists === null && r.reason).toMatch(/^budget exhausted \(maxNodes 100\) after 100 nodes/);
  });

  it('a simulation stopped by time says stopped: time, as before', async () => {
    const p = legacy.fleetProblem({ width: 6, height: 6, fleet: '3,2', touch: 'any' });
    const layouts = await legacy.uniformFleetLayoutSource(p);
    const r = await legacy.simulateFleetGames(p, { games: 100_000_000, seed: 1, layouts, timeoutMs: 100 });
    expect(r.stopped).toBe('time');
    expect(r.games).toBeLessThan(r.requested);
  });
});
