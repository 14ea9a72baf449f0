// The longest stall of the event loop while an async call runs: the promise that a long call gives the event
// loop a turn at least every 20 ms, set-up included, measured; and a sample run of every registered job.
import { JOBS, type JobsByName } from '../src/jobs.js';
import type { JobArgs, JobName } from '../src/core/worker.js';
import { emptyKnowledge } from '../src/fleet/game.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import { shardTourCount as tourShards } from '../src/tour/count-shards.js';
import { layoutCountQuestion, shardLayoutCount as fleetShards } from '../src/fleet/count-shards.js';

/** The promise: a turn at least this often (ms). */
export const STALL_PROMISE_MS = 20;

/**
 * Runs `work` and measures the longest time the event loop went without a turn, from the call (its synchronous
 * set-up counts) to its end: a chain of setImmediate ticks notes the gaps between them.
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; ms: number }> {
  const t0 = performance.now();
  let last = t0,
    worst = 0,
    running = true;
  const tick = (): void => {
    const t = performance.now();
    if (t - last > worst) worst = t - last;
    last = t;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  const end = performance.now();
  if (end - last > worst) worst = end - last;
  return { value, stallMs: worst, ms: end - t0 };
}

/** A registered job with the arguments of a sample run (each meant to run at least a second or so when whole). */
export interface StallCase<K extends JobName = JobName> {
  name: K;
  what: string;
  args: () => JobArgs<K>;
}

function stallCase<K extends JobName>(name: K, what: string, args: () => JobArgs<K>): StallCase {
  return { name, what, args } as unknown as StallCase;
}

const classic = { width: 10, height: 10, fleet: 'classic', touch: 'none' } as const;
const hasbro = { width: 10, height: 10, fleet: 'hasbro', touch: 'any' } as const;

/** Five shots at the classic fleet: the heat map the issue measured (2 s of CPU exact when idle). */
function fiveShots() {
  const k = emptyKnowledge(fleetProblem(classic));
  const cells = [44, 45, 46, 0, 99];
  k.marks[cells[0]] = 2; // hit
  for (const c of cells.slice(1)) k.marks[c] = 1; // misses
  return k;
}

/** A sample run of every job in the registry (the test of this file checks none is missing). */
export const STALL_CASES: StallCase[] = [
  stallCase('pieces.mobility', 'queen on 4096×4096', () => [{ board: '4096x4096', piece: 'queen' }]),
  stallCase('pieces.attacks', 'knights on every square of 4096×4096', () => [
    { board: '4096x4096', piece: 'knight', from: Array.from({ length: 4096 }, (_, i) => i * 4097) },
  ]),
  stallCase('tour.find', 'zebra on 8×8 from a1 (none exists)', () => [
    { width: 8, height: 8, piece: 'zebra', closed: false, from: 0 },
  ]),
  stallCase('tour.search', 'backtracking, zebra on 8×8 from a1', () => [
    { width: 8, height: 8, piece: 'zebra', closed: false, from: 0 },
  ]),
  stallCase('tour.count', 'open knight tours of 6×6', () => [{ width: 6, height: 6 }]),
  stallCase('tour.countShard', 'a shard of 6×8 closed, joined by halves', () => {
    const sc = tourShards({ width: 6, height: 8, piece: 'knight', closed: true }, 16);
    return [sc, 3];
  }),
  stallCase('tour.table', 'per-start table, 8×8 knight', () => [{ width: 8, height: 8 }, 'knight']),
  stallCase('tour.starts', 'open-tour starts, 9×9 knight', () => [{ width: 9, height: 9 }, 'knight']),
  stallCase('tour.each', 'open tours from each square, 5×6', () => [{ width: 5, height: 6 }]),
  // Walk boards go up to 100×100, the exact DP up to EXACT_MAX_WORK, the map up to squares × steps = MAP_MAX_WORK.
  stallCase('walk.survival', 'knight 100×100 from a1, 50,000 steps', () => [
    { board: '100x100', from: 'a1', steps: 50_000 },
  ]),
  stallCase('walk.survivalMap', 'knight 100×100, 10,000 steps', () => [{ board: '100x100', steps: 10_000 }]),
  stallCase('walk.exactCounts', 'knight 100×100, 1000 steps', () => [{ board: '100x100', steps: 1000 }]),
  stallCase('walk.exactSurvivalMap', 'knight 100×100, 1000 steps', () => [{ board: '100x100', steps: 1000 }]),
  stallCase('walk.exactSurvival', 'knight 100×100 from a1, 1000 steps', () => [
    { board: '100x100', from: 'a1', steps: 1000 },
  ]),
  stallCase('walk.survivalAtHorizon', 'knight 100×100 from a1, 100,000 steps by the DP', () => [
    { board: '100x100', from: 'a1', steps: 100_000, method: 'dp' },
  ]),
  stallCase('walk.survivalMapAtHorizon', 'knight 50×50, 10⁶ steps', () => [{ board: '50x50', steps: 1e6 }]),
  stallCase('walk.decayRate', 'knight 100×100 from a1', () => [{ board: '100x100', from: 'a1' }]),
  stallCase('walk.distribution', 'knight 100×100 from a1, 20,000 steps', () => [
    { board: '100x100', from: 'a1', steps: 20_000 },
  ]),
  stallCase('walk.simulate', 'knight 100×100 from the centre, 10⁵ walks of 1000 steps', () => [
    { board: '100x100', from: 5050, steps: 1000, trials: 1e5, seed: 1 },
  ]),
  stallCase('valley.perft', 'standard start, depth 8', () => ['standard', undefined, 8]),
  stallCase('valley.divide', 'standard start, depth 8', () => ['standard', undefined, 8]),
  stallCase('valley.search', 'standard start, depth 12', () => ['standard', undefined, { depth: 12 }]),
  stallCase('valley.solve', 'the start position (its 256 MB table)', () => ['sskss/5/5/5/SSKSS w 0']),
  stallCase('valley.match', 'level 3 against level 3, 4 games', () => [
    { a: { kind: 'ai', level: 3 }, b: { kind: 'ai', level: 3 }, games: 4 },
  ]),
  stallCase('fleet.place', 'classic fleet on 10×10, search', () => [classic, { method: 'search', seed: 1 }]),
  stallCase('fleet.layouts', '2000 classic layouts on 10×10 by search', () => [
    classic,
    { method: 'search', seed: 1, samples: 2000 },
  ]),
  stallCase('fleet.count', 'hasbro on 10×10, touching', () => [hasbro]),
  stallCase('fleet.countShard', 'a shard of hasbro 10×10, touching', () => [
    fleetShards(layoutCountQuestion(fleetProblem(hasbro)), 8),
    0,
  ]),
  stallCase('fleet.sample', '1000 uniform layouts, classic 10×10', () => [classic, 1, 1000]),
  stallCase('fleet.cells', 'cell counts, classic 10×10', () => [classic]),
  stallCase('fleet.heat', 'classic 10×10 after five shots (auto)', () => [classic, fiveShots(), {}]),
  stallCase('fleet.uniform', '10,000 uniform layouts, classic 10×10', () => [classic, 1, 10_000]),
  stallCase('fleet.sim', '200 games of the default hunter, classic 10×10', () => [classic, { games: 200, seed: 1 }]),
];

/** Runs one case within `timeoutMs` and measures its longest stall. */
export async function measureStall(
  c: StallCase,
  timeoutMs: number,
): Promise<{ stallMs: number; ms: number; finished: boolean }> {
  const make = JOBS[c.name] as unknown as (...a: unknown[]) => {
    run(o: { timeoutMs: number }): Promise<{ finished: boolean }>;
  };
  const r = await longestStall(() => make(...(c.args() as unknown[])).run({ timeoutMs }));
  return { stallMs: r.stallMs, ms: r.ms, finished: r.value.finished };
}

/**
 * What a first write to a fresh 4 KiB page of memory costs here (µs, the median of 5 runs over a new 16 MB
 * array): the reason large tables are made and cleared in paced pieces rather than at once.
 */
export function firstWriteMicrosPerPage(): number {
  const PAGE = 4096,
    BYTES = 16 << 20;
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const a = new Uint8Array(BYTES);
    const t0 = performance.now();
    for (let i = 0; i < BYTES; i += PAGE) a[i] = 1;
    runs.push(((performance.now() - t0) * 1000) / (BYTES / PAGE));
  }
  return runs.sort((x, y) => x - y)[2];
}

/** Every job name the registry serves. */
export const JOB_NAMES = Object.keys(JOBS) as Array<keyof JobsByName>;
