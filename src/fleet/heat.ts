// The heat map: for every cell, the probability that it holds a ship under uniform layouts matching what is
// known (misses, hits, sunk ships) — exact by counting where feasible, else sampled with Wilson intervals.
import { GridbitsError } from '../core/error.js';
import { createRng } from '../core/prng.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { wilson } from '../core/stats.js';
import { cellCountsJob } from './cells.js';
import { checkKnowledge, conditionedProblem, type Knowledge } from './game.js';
import { fleetPlacements, type FleetPlacements } from './placements.js';
import type { FleetProblem } from './problem.js';
import { RejectionSampler } from './reject.js';

/** How the heat map is made: exact by counting, sampled, or auto (exact when quick enough, else sampled). */
export type HeatMethod = 'auto' | 'exact' | 'sampled';

/** How to make a heat map. */
export interface HeatOptions {
  /** auto (default): exact within `exactTimeoutMs`, else sampled. */
  method?: HeatMethod;
  /** Layouts drawn by the sampled method (default 10,000). */
  samples?: number;
  /** The sampled method's seed (default 1). */
  seed?: number;
  /** How long auto gives the exact count before sampling (default 5 s). */
  exactTimeoutMs?: number;
}

/** Per cell, the chance that a ship covers it, and how that was found. */
export interface HeatMap {
  /** How the map was made. */
  method: 'exact' | 'sampled';
  /** Whether any layout matches what is known. */
  consistent: boolean;
  /** probability[sq]: the chance a ship covers sq (1 on hits and sunk cells, 0 on misses). */
  probability: Float64Array;
  /** Exact: the number of layouts matching, and per cell how many of them cover it. */
  total?: bigint;
  /** Exact: counts[sq] of the matching layouts cover sq. */
  counts?: bigint[];
  /** Sampled: the layouts drawn (uniform, independent) and a 95% Wilson interval per cell. */
  samples?: number;
  /** Sampled: each cell's interval's low end. */
  low?: Float64Array;
  /** Sampled: each cell's interval's high end. */
  high?: Float64Array;
  /** Sampled: the share of proposals accepted by the rejection sampler. */
  acceptance?: number;
}

/** Layouts the sampled method draws unless told otherwise. */
export const DEFAULT_HEAT_SAMPLES = 10_000;
/** Inclusion–exclusion terms the exact method accepts (sets of ships that could lie wholly on hits). */
const MAX_TERMS = 512;

interface Prepared {
  cp: FleetProblem;
  hits: number[];
  pl: FleetPlacements;
  /** Placements lying wholly on hits: a layout with one of them would have had that ship reported sunk. */
  onHits: number[];
}

function prepare(problem: FleetProblem, knowledge: Knowledge): Prepared {
  checkKnowledge(problem, knowledge);
  const { problem: cp, hits } = conditionedProblem(problem, knowledge);
  const pl = fleetPlacements(cp);
  const isHit = new Uint8Array(cp.width * cp.height);
  for (const u of hits) isHit[u] = 1;
  const onHits: number[] = [];
  for (let p = 0; p < pl.count; p++) {
    let all = true;
    for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1] && all; j++) all = isHit[pl.cellList[j]] === 1;
    if (all) onHits.push(p);
  }
  return { cp, hits, pl, onHits };
}

/** Known cells: 1 on hit and sunk cells, 0 on misses. */
function knownCell(knowledge: Knowledge, sq: number): number | undefined {
  const m = knowledge.marks[sq];
  return m === 2 || m === 3 ? 1 : m === 1 ? 0 : undefined;
}

/**
 * Exact: layouts of the conditioned problem, less those with a ship wholly on hits, by inclusion–exclusion
 * over the sets S of such ships that can stand together: Σ_S (−1)^|S| · (layouts containing S). Gives up
 * (null) once its counts have run `ms` between them.
 */
function* exactHeat(
  knowledge: Knowledge,
  prep: Prepared,
  ctl: JobControl<HeatMap>,
  ms: number,
): Generator<void, HeatMap | null, void> {
  const { cp, pl, onHits } = prep;
  const n = cp.width * cp.height;
  const terms: number[][] = [];
  const chosen: number[] = [];
  const used = new Array<number>(cp.kinds.length).fill(0);
  const compatible = (p: number, q: number): boolean => {
    for (let i = pl.cellStart[p]; i < pl.cellStart[p + 1]; i++) {
      for (let j = pl.haloStart[q]; j < pl.haloStart[q + 1]; j++) if (pl.cellList[i] === pl.haloList[j]) return false;
    }
    return true;
  };
  const grow = (from: number): void => {
    if (terms.length > MAX_TERMS) return;
    terms.push([...chosen]);
    for (let i = from; i < onHits.length; i++) {
      const p = onHits[i],
        k = pl.kind[p];
      if (used[k] >= cp.kinds[k].count || !chosen.every((q) => compatible(p, q))) continue;
      used[k]++;
      chosen.push(p);
      grow(i + 1);
      chosen.pop();
      used[k]--;
    }
  };
  grow(0);
  if (terms.length > MAX_TERMS)
    throw new GridbitsError('LIMIT', `exact heat: over ${MAX_TERMS} ways for ships to lie wholly on the hits`);
  let total = 0n,
    spent = 0;
  const counts = new Array<bigint>(n).fill(0n);
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t];
    const forbidden = Uint8Array.from(cp.forbidden);
    const required = Uint8Array.from(cp.required ?? new Uint8Array(n));
    const kinds = cp.kinds.map((k) => ({ ...k }));
    for (const p of term) {
      for (let j = pl.haloStart[p]; j < pl.haloStart[p + 1]; j++) forbidden[pl.haloList[j]] = 1;
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) required[pl.cellList[j]] = 0;
      kinds[pl.kind[p]].count--;
    }
    // A hit left in a fixed ship's halo can be covered by no other ship: the term counts nothing.
    if (required.some((r, sq) => r === 1 && forbidden[sq] === 1)) continue;
    const run = yield* cellCountsJob({ ...cp, forbidden, required, kinds }).runWithin(ctl, {
      timeoutMs: ms - spent,
      onProgress: (p) => ctl.report({ share: (t + (p.share ?? 0)) / terms.length }),
    });
    spent += run.ms;
    if (!run.finished) return null;
    const sub = run.value;
    const sign = term.length % 2 === 0 ? 1n : -1n;
    total += sign * sub.total;
    for (let sq = 0; sq < n; sq++) counts[sq] += sign * sub.counts[sq];
    for (const p of term)
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) counts[pl.cellList[j]] += sign * sub.total;
  }
  const probability = new Float64Array(n);
  for (let sq = 0; sq < n; sq++)
    probability[sq] = knownCell(knowledge, sq) ?? (total > 0n ? ratio(counts[sq], total) : 0);
  return { method: 'exact', consistent: total > 0n, probability, total, counts };
}

/** a / b as a double, exact enough for counts far past 2^53. */
function ratio(a: bigint, b: bigint): number {
  const shift = BigInt(Math.max(0, b.toString(2).length - 60));
  return Number(a >> shift) / Number(b >> shift);
}

/** Sampled: exactly uniform, independent layouts by rejection (reject.ts); Wilson intervals then hold. */
function* sampledHeat(
  knowledge: Knowledge,
  prep: Prepared,
  samples: number,
  seed: number,
  ctl: JobControl<HeatMap>,
): Generator<void, HeatMap, void> {
  const { cp } = prep;
  const n = cp.width * cp.height;
  const rng = createRng(seed);
  const sampler = new RejectionSampler(cp, prep.onHits);
  if (sampler.hopeless)
    return {
      method: 'sampled',
      consistent: false,
      probability: Float64Array.from({ length: n }, (_, sq) => knownCell(knowledge, sq) ?? 0),
      samples: 0,
      acceptance: 0,
    };
  const pl = sampler.placements;
  const hitCount = new Int32Array(n);
  const maxProposals = Math.max(1_000_000, samples * 20_000);
  let accepted = 0;
  ctl.partial = () => sampledMap(knowledge, hitCount, accepted, sampler.proposals);
  ctl.report({ share: 0, done: 0, unit: 'layouts' });
  while (accepted < samples && sampler.proposals < maxProposals) {
    if (sampler.propose(rng)) {
      accepted++;
      for (const p of sampler.chosen)
        for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) hitCount[pl.cellList[j]]++;
      ctl.report({ share: accepted / samples, done: accepted });
    }
    if (ctl.spend()) yield;
  }
  if (accepted === 0) {
    throw new GridbitsError(
      'LIMIT',
      `sampled heat: no layout accepted in ${sampler.proposals} proposals (the record may contradict itself, or be too tight for rejection sampling)`,
    );
  }
  return sampledMap(knowledge, hitCount, accepted, sampler.proposals);
}

/** The sampled map from `accepted` layouts, hitCount[sq] of them covering sq. */
function sampledMap(knowledge: Knowledge, hitCount: Int32Array, accepted: number, proposals: number): HeatMap {
  const n = hitCount.length;
  const probability = new Float64Array(n),
    low = new Float64Array(n),
    high = new Float64Array(n);
  for (let sq = 0; sq < n; sq++) {
    const known = knownCell(knowledge, sq);
    if (known !== undefined) {
      probability[sq] = low[sq] = high[sq] = known;
      continue;
    }
    probability[sq] = accepted > 0 ? hitCount[sq] / accepted : 0;
    const w = wilson(hitCount[sq], accepted);
    low[sq] = w.low;
    high[sq] = w.high;
  }
  return {
    method: 'sampled',
    consistent: accepted > 0,
    probability,
    samples: accepted,
    low,
    high,
    acceptance: proposals > 0 ? accepted / proposals : 0,
  };
}

/**
 * The job making the heat map of `problem` (the whole fleet on its field) given `knowledge` (the shots and
 * their replies). 'exact' counts (its stopped runs have no partial); 'sampled' draws uniform layouts (a
 * stopped run's partial is the map of the samples drawn so far); 'auto' counts for up to `exactTimeoutMs` of
 * running time, then samples. Its nodes are the counting program's states and the sampler's proposals.
 *
 * @example
 * ```ts
 * import { emptyKnowledge, fleetProblem, heatMapSync } from 'gridbits/fleet';
 * const problem = fleetProblem({ width: 6, height: 6, fleet: '3,2,2' });
 * const outcome = heatMapSync(problem, emptyKnowledge(problem));
 * if (outcome.finished) console.log(outcome.value.method, outcome.value.probability[0]);
 * ```
 */
export function heatMapJob(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions = {},
): Job<HeatMap, HeatMap> {
  const method = options.method ?? 'auto';
  const samples = options.samples ?? DEFAULT_HEAT_SAMPLES;
  if (!Number.isSafeInteger(samples) || samples < 1)
    throw new GridbitsError('BAD_ARGUMENT', `samples must be a whole number ≥ 1, got ${samples}`);
  const prep = prepare(problem, knowledge);
  return new Job(function* (ctl) {
    if (method === 'exact') return (yield* exactHeat(knowledge, prep, ctl, Infinity))!;
    if (method === 'auto') {
      try {
        const exact = yield* exactHeat(knowledge, prep, ctl, options.exactTimeoutMs ?? 5000);
        if (exact) return exact;
      } catch (e) {
        // Too large to count exactly (the table cap, too many terms): the samples answer instead.
        if (!(e instanceof GridbitsError) || e.code !== 'LIMIT') throw e;
      }
    }
    return yield* sampledHeat(knowledge, prep, samples, options.seed ?? 1, ctl);
  });
}

/** heatMapJob run to its end or its limits, giving the event loop a turn as it goes. */
export function heatMap(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions & RunOptions = {},
): Promise<Outcome<HeatMap, HeatMap>> {
  return heatMapJob(problem, knowledge, options).run(options);
}

/** heatMapJob run to its end or its limits on this thread. */
export function heatMapSync(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions & RunOptions = {},
): Outcome<HeatMap, HeatMap> {
  return heatMapJob(problem, knowledge, options).runSync(options);
}
