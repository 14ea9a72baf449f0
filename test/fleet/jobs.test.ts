// The fleet's long calls on the job contract: outcomes, node budgets and time limits, resuming, progress, partials.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../src/core/run.js';
import { createRng } from '../../src/core/prng.js';
import { cellCountsJob, cellCountsSync } from '../../src/fleet/cells.js';
import { countLayouts, countLayoutsJob, countLayoutsSync } from '../../src/fleet/count.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import { emptyKnowledge } from '../../src/fleet/game.js';
import { AUTO_EXACT_WORK, heatMapJob } from '../../src/fleet/heat.js';
import { FleetPlacer, placeFleetJob, placeLayoutsJob } from '../../src/fleet/place.js';
import { jobs } from '../../src/fleet/jobs.js';
import type { FleetLayout } from '../../src/fleet/problem.js';
import { uniformSamplerJob } from '../../src/fleet/sample.js';
import { gameSeeds, simulateJob, simulateSync } from '../../src/fleet/sim.js';
import { uniformLayoutSourceSync, uniformLayoutsJob } from '../../src/fleet/uniform.js';
import { bruteCount } from '../reference/fleet.js';
import { exactly, problemOf, smallProblems } from './count-problems.js';

const hasbro8 = problemOf(8, 8, ['5', '4', '3', '3', '2'], 'any');

/** Records progress and checks it never goes backwards. */
function watch(): { seen: Progress[]; onProgress: (p: Progress) => void } {
  const seen: Progress[] = [];
  return {
    seen,
    onProgress: (p) => {
      if (seen.length > 0) expect(p.done).toBeGreaterThanOrEqual(seen[seen.length - 1].done);
      seen.push(p);
    },
  };
}

/** Runs a job in slices of `maxNodes` nodes until it finishes; returns the value and how many runs it took. */
function inSlices<T>(
  job: { runSync(o: { maxNodes: number }): { finished: boolean; value?: T; stopped?: string } },
  maxNodes: number,
): { value: T; runs: number } {
  for (let runs = 1; ; runs++) {
    const o = job.runSync({ maxNodes });
    if (o.finished) return { value: o.value as T, runs };
    expect(o.stopped).toBe('nodes');
  }
}

describe('count as a job', () => {
  it('finishes with the count; async and sync agree', async () => {
    const sync = countLayoutsSync(hasbro8);
    expect(sync).toMatchObject({ finished: true, value: 571126760n });
    expect((await countLayouts(hasbro8)).finished && sync.finished && sync.nodes > 0).toBe(true);
  }, 60_000);

  it('a node budget and a time limit stop it, with no partial', () => {
    const byNodes = countLayoutsSync(hasbro8, { maxNodes: 10_000 });
    expect(byNodes).toMatchObject({ finished: false, stopped: 'nodes', partial: undefined });
    expect(byNodes.nodes).toBeGreaterThanOrEqual(10_000);
    const byTime = countLayoutsSync(problemOf(10, 10, ['5', '4', '4', '3', '3', '3', '2', '2', '2', '2'], 'none'), {
      timeoutMs: 50,
    });
    expect(byTime).toMatchObject({ finished: false, stopped: 'time' });
    expect(byTime.ms).toBeLessThan(1000);
  });

  it('runs again after a stop to the same answer as an unbroken run (random small problems)', () => {
    fc.assert(
      fc.property(smallProblems, fc.integer({ min: 1, max: 50 }), (p, slice) => {
        const { value } = inSlices(countLayoutsJob(p), slice);
        expect(value).toBe(BigInt(bruteCount(p)));
      }),
      { numRuns: 40 },
    );
  });

  it('progress moves forward and ends at its total, in states expanded', () => {
    const w = watch();
    const whole = countLayoutsSync(hasbro8, { onProgress: w.onProgress });
    const last = w.seen[w.seen.length - 1];
    expect(last).toMatchObject({ share: 1, done: whole.nodes, unit: 'states' });
    for (let i = 1; i < w.seen.length; i++)
      expect(w.seen[i].share!).toBeGreaterThanOrEqual(w.seen[i - 1].share! - 1e-12);
  });

  // Stopped at each fifth of its work (node budgets, not the clock), the progress says that share is done.
  // The old progress in cells passed said 28 / 38 / 47 / 57 % at 20 / 40 / 60 / 80 % of hasbro 8×8's states
  // (off by 0.23) and 42 / 50 / 58 / 68 % on classic 7×7 (off by 0.22); the forecast states are within 0.04 and 0.08.
  const evenly = (
    make: () => {
      runSync: (o?: { maxNodes?: number; onProgress?: (p: Progress) => void }) => { nodes: number; finished: boolean };
    },
    tolerance: number,
  ): void => {
    const all = make().runSync().nodes;
    const job = make();
    for (let k = 1; k <= 4; k++) {
      let last: Progress | undefined;
      const o = job.runSync({ maxNodes: Math.ceil(all / 5), onProgress: (p) => (last = { ...p }) });
      expect(o.finished).toBe(false);
      expect(Math.abs(last!.share! - o.nodes / all)).toBeLessThan(tolerance);
    }
  };

  it('progress goes forward evenly with the work: hasbro 8×8 and classic 7×7 counts, cell counts', () => {
    evenly(() => countLayoutsJob(hasbro8), 0.06);
    const classic7 = problemOf(7, 7, ['4', '3', '3', '2', '2', '2', '1', '1', '1', '1'], 'none');
    evenly(() => countLayoutsJob(classic7), 0.1);
    evenly(() => cellCountsJob(classic7), 0.05);
  }, 60_000);

  it('cells: stopped and resumed gives the same counts', () => {
    const p = problemOf(6, 6, ['3', '2', '2'], 'none');
    const whole = cellCountsSync(p);
    expect(whole.finished).toBe(true);
    const { value, runs } = inSlices(cellCountsJob(p), 200);
    expect(runs).toBeGreaterThan(1);
    expect(whole.finished && value).toEqual(whole.finished && whole.value);
  });

  it('the sampler: resumed after stops draws the same layouts for a seed', () => {
    const p = problemOf(6, 6, ['3', '2', '2'], 'none');
    const a = uniformSamplerJob(p).runSync();
    const { value: b } = inSlices(uniformSamplerJob(p), 300);
    expect(a.finished && exactly(a.value).sampleMany(createRng(5), 20)).toEqual(
      exactly(b).sampleMany(createRng(5), 20),
    );
  });
});

describe('place as a job', () => {
  const german8 = fleetProblem({ width: 8, height: 8, fleet: 'german' });

  it('a node budget stops it with the nodes spent; a proof of impossibility is a finished answer', () => {
    expect(placeFleetJob(german8, { method: 'search' }).runSync({ maxNodes: 100 })).toMatchObject({
      finished: false,
      stopped: 'nodes',
      nodes: 100,
    });
    const proof = placeFleetJob(fleetProblem({ width: 6, height: 6, fleet: 'classic' })).runSync();
    expect(proof).toMatchObject({ finished: true, value: { exists: false } });
  });

  it('resumed in slices, the same layout as an unbroken run for the same seed', () => {
    for (const method of ['rails', 'search'] as const) {
      const p = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
      const whole = new FleetPlacer(p).placeSync({ method, rng: createRng(3) });
      const { value } = inSlices(new FleetPlacer(p).placeJob({ method, rng: createRng(3) }), 7);
      expect(whole.finished && whole.value).toEqual(value);
    }
  });

  it('several layouts from one stream, as one placer gives them in turn; each search within limits of its own', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
    const placer = new FleetPlacer(p),
      rng = createRng(8);
    const one = (): FleetLayout => {
      const o = placer.placeSync({ method: 'rails', rng });
      if (!o.finished || !o.value.exists) throw new Error('no layout');
      return o.value.layout;
    };
    const want = [one(), one(), one()];
    const many = jobs.layouts(
      { width: 10, height: 10, fleet: 'classic' },
      {
        method: 'rails',
        seed: 8,
        samples: 3,
      },
    );
    const got = many.runSync();
    expect(got).toMatchObject({ finished: true, value: { layouts: want } });
    // Each layout's search gets the whole budget (a run-wide one of the same size would stop at the first).
    const each = placeLayoutsJob(p, 3, { method: 'search', rng: createRng(1), maxNodes: 15 }).runSync();
    expect(each.finished && each.value.layouts).toHaveLength(3);
    // A proof that none exists ends it, saying how; a search cut by its own limit says which.
    const none = placeLayoutsJob(fleetProblem({ width: 6, height: 6, fleet: 'classic' }), 2).runSync();
    expect(none).toMatchObject({ finished: true, value: { layouts: [], none: expect.stringMatching(/capacity/) } });
    const cut = placeLayoutsJob(german8, 2, { method: 'search', maxNodes: 50 }).runSync();
    expect(cut).toMatchObject({ finished: true, value: { layouts: [], cut: { stopped: 'nodes', nodes: 50 } } });
    // The run's own budget stops it with the layouts found so far.
    const stopped = placeLayoutsJob(p, 1000, { method: 'search', rng: createRng(2) }).runSync({ maxNodes: 200 });
    expect(stopped.finished).toBe(false);
    if (!stopped.finished) {
      expect(stopped.partial!.layouts.length).toBeGreaterThan(0);
      expect(stopped.partial!.layouts.length).toBeLessThan(1000);
    }
  });

  it('the signal stops it without throwing', async () => {
    const c = new AbortController();
    c.abort();
    expect(await new FleetPlacer(german8).place({ signal: c.signal })).toMatchObject({
      finished: false,
      stopped: 'signal',
    });
  });
});

describe('simulate as a job', () => {
  const p = fleetProblem({ width: 6, height: 6, fleet: '3,2,2', touch: 'any' });
  const source = uniformLayoutSourceSync(p);
  const layouts = source.finished
    ? exactly(source.value)
    : () => {
        throw new Error('no source');
      };

  it("draws game g's seed as gameSeeds does: a stopped run's partial is the first games of an unhurried run", () => {
    const whole = simulateSync(p, { games: 60, seed: 9, layouts });
    const fewer = simulateSync(p, { games: 25, seed: 9, layouts });
    const cut = simulateJob(p, { games: 60, seed: 9, layouts }).runSync({ maxNodes: 25 });
    expect(cut).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(!cut.finished && cut.partial!.shots).toEqual(whole.finished && whole.value.shots.slice(0, 25));
    expect(fewer.finished && fewer.value.shots).toEqual(whole.finished && whole.value.shots.slice(0, 25));
    // The stream is gameSeeds's: the run's seed generator's numbers in order.
    expect(gameSeeds(9, 3)).toEqual([
      createRng(9).nextU32(),
      ...(() => {
        const r = createRng(9);
        r.nextU32();
        return [r.nextU32(), r.nextU32()];
      })(),
    ]);
  });

  it('resumed after stops, the same games', () => {
    const whole = simulateSync(p, { games: 40, seed: 2, layouts });
    const { value } = inSlices(simulateJob(p, { games: 40, seed: 2, layouts }), 7);
    expect(whole.finished && whole.value).toEqual(value);
  });

  it('a huge run stopped by time answers at once with little memory, progress in games', () => {
    const w = watch();
    const t0 = performance.now();
    const o = simulateSync(p, { games: 100_000_000, seed: 1, layouts, timeoutMs: 200, onProgress: w.onProgress });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(o).toMatchObject({ finished: false, stopped: 'time' });
    expect(!o.finished && o.partial!.games).toBeGreaterThan(0);
    const last = w.seen[w.seen.length - 1];
    expect(last).toMatchObject({ unit: 'games' });
    expect(last.share).toBeCloseTo(last.done / 100_000_000, 12);
  });
});

describe('uniform layouts and heat as jobs', () => {
  it('uniform layouts: a stopped run keeps the layouts drawn so far', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
    const whole = uniformLayoutsJob(p, createRng(4), 5).runSync();
    const cut = uniformLayoutsJob(p, createRng(4), 5).runSync({ maxNodes: 12_000 });
    expect(whole.finished).toBe(true);
    if (cut.finished || !whole.finished) return;
    expect(cut.stopped).toBe('nodes');
    expect(cut.partial!.layouts).toEqual(exactly(whole.value).layouts.slice(0, cut.partial!.layouts.length));
  });

  it('sampled heat: a stopped run has the samples so far as its partial; resumed, the same map', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
    const k = emptyKnowledge(p);
    const whole = heatMapJob(p, k, { method: 'sampled', samples: 300, seed: 3 }).runSync();
    const job = heatMapJob(p, k, { method: 'sampled', samples: 300, seed: 3 });
    const cut = job.runSync({ maxNodes: 200 });
    expect(cut).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(!cut.finished && cut.partial!.samples).toBeGreaterThan(0);
    expect(!cut.finished && cut.partial!.samples).toBeLessThan(300);
    const rest = job.runSync();
    expect(rest.finished && rest.value).toEqual(whole.finished && whole.value);
  });

  it('auto heat samples where the exact count needs more work than auto gives it, whatever the clock', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
    const o = heatMapJob(p, emptyKnowledge(p), { samples: 200 }).runSync();
    expect(o).toMatchObject({ finished: true, value: { method: 'sampled', samples: 200, reason: 'large' } });
    // The exact method's work spent before the samples: the budget, not a time.
    expect(o.nodes).toBeGreaterThanOrEqual(AUTO_EXACT_WORK);
  });

  it('auto heat counts a small question exactly, and says so', () => {
    const p = fleetProblem({ width: 7, height: 7, fleet: '4,3,2,2' });
    const o = heatMapJob(p, emptyKnowledge(p)).runSync();
    expect(o).toMatchObject({ finished: true, value: { method: 'exact', reason: 'small' } });
    expect(o.nodes).toBeLessThan(AUTO_EXACT_WORK);
  });

  it('a sampler stopped short is unfinished, says how many it drew, and has no cap of its own', () => {
    // Hits at a1 and b1 on a narrow field: rejection accepts rarely, yet every sample asked for comes.
    const p = fleetProblem({ width: 6, height: 6, fleet: '3,3,2,2,2' });
    const k = emptyKnowledge(p);
    k.marks[0] = 2;
    k.marks[1] = 2;
    const whole = heatMapJob(p, k, { method: 'sampled', samples: 40, seed: 5 }).runSync();
    expect(whole).toMatchObject({ finished: true, value: { samples: 40, requested: 40, reason: 'asked' } });
    const reports: Array<{ share?: number; done: number; unit: string }> = [];
    const cut = heatMapJob(p, k, { method: 'sampled', samples: 40, seed: 5 }).runSync({
      maxNodes: Math.floor(whole.nodes / 2),
      onProgress: (pr) => reports.push(pr),
    });
    expect(cut).toMatchObject({ finished: false, stopped: 'nodes', partial: { requested: 40 } });
    const drew = !cut.finished ? cut.partial!.samples! : -1;
    expect(drew).toBeLessThan(40);
    expect(reports.at(-1)).toEqual({ share: drew / 40, done: drew, unit: 'layouts' });
  });
});
