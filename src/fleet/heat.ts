// The heat map: for every cell, the probability that it holds a ship under uniform layouts matching what is
// known (misses, hits, sunk ships) — exact by counting where feasible, else sampled with Wilson intervals.
import { GridbitsError } from '../core/error.js';
import { createRng } from '../core/prng.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { wilson } from '../core/stats.js';
import { checkKnowledgeShape, checkOptions, checkProblem, RUN_KEYS } from './args.js';
import { cellCountsOf } from './cells.js';
import { checkKnowledge, conditionedProblem, type Knowledge } from './game.js';
import { FleetPlacer } from './place.js';
import { placementSteps, type FleetPlacements } from './placements.js';
import { allSteps, asideSteps } from '../core/pace.js';
import { isTooLarge, type TooLarge } from './memory.js';
import type { FleetProblem } from './problem.js';
import { RejectionSampler } from './reject.js';

/** How the heat map is made: exact by counting, sampled, or auto (exact when the count is small, else sampled). */
export type HeatMethod = 'auto' | 'exact' | 'sampled';

/** How to make a heat map. */
export interface HeatOptions {
  /** auto (default): exact when the count takes at most {@link AUTO_EXACT_WORK} work units, else sampled. */
  method?: HeatMethod;
  /** Layouts drawn by the sampled method (default 10,000). */
  samples?: number;
  /** The sampled method's seed (default 1). */
  seed?: number;
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
  /** Sampled: the layouts asked for (more than `samples` only in the partial map of a stopped run). */
  requested?: number;
  /** Sampled: each cell's interval's low end. */
  low?: Float64Array;
  /** Sampled: each cell's interval's high end. */
  high?: Float64Array;
  /** Sampled: the share of proposals accepted by the rejection sampler. */
  acceptance?: number;
  /**
   * Why this method: 'asked' (the method named), 'small' (auto: the count fitted its work), 'large' (auto: the
   * count needed more work than auto gives it, or more memory than a count may take).
   */
  reason: 'asked' | 'small' | 'large';
}

/** Layouts the sampled method draws unless told otherwise. */
export const DEFAULT_HEAT_SAMPLES = 10_000;
/** Inclusion–exclusion terms the exact method accepts (sets of ships that could lie wholly on hits). */
const MAX_TERMS = 512;
/**
 * The work (the counting program's units, the job's nodes) auto lets the exact method take before it samples
 * instead: about 3 s of one core. The choice rests on the question alone, never on the clock or the load: the
 * classic fleet on 10×10 takes about 1.5 million (empty or after a few shots), hasbro's empty board 23 million.
 */
export const AUTO_EXACT_WORK = 4_000_000;

interface Prepared {
  cp: FleetProblem;
  hits: number[];
  pl: FleetPlacements;
  /** Placements lying wholly on hits: a layout with one of them would have had that ship reported sunk. */
  onHits: number[];
}

/** The set-up of a heat map (knowledge checked already), in parts as placementSteps makes the placements. */
function* prepare(problem: FleetProblem, knowledge: Knowledge): Generator<void, Prepared, void> {
  const { problem: cp, hits } = conditionedProblem(problem, knowledge);
  const pl = yield* placementSteps(cp);
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
 * The terms of the exact method's inclusion–exclusion: the sets of ships lying wholly on hits that can stand
 * together (each a list of placements), or null past MAX_TERMS of them.
 */
function exclusionTerms(prep: Prepared): number[][] | null {
  const { cp, pl, onHits } = prep;
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
  return terms.length > MAX_TERMS ? null : terms;
}

/**
 * Exact: layouts of the conditioned problem, less those with a ship wholly on hits, by inclusion–exclusion
 * over the sets S of such ships that can stand together: Σ_S (−1)^|S| · (layouts containing S). Gives up
 * (null) once its counts have spent `work` nodes between them (auto's choice; Infinity for the exact method), and
 * answers TooLarge when a count passes the counting program's memory cap.
 */
function* exactHeat(
  knowledge: Knowledge,
  prep: Prepared,
  terms: number[][],
  ctl: JobControl<HeatMap>,
  work: number,
  reason: HeatMap['reason'],
): Generator<void, HeatMap | TooLarge | null, void> {
  const { cp, pl } = prep;
  const n = cp.width * cp.height;
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
    if (spent >= work) return null;
    const run = yield* cellCountsOf({ ...cp, forbidden, required, kinds }).runWithin(ctl, {
      ...(work === Infinity ? {} : { maxNodes: Math.max(1, work - spent) }),
      onProgress: (p) => ctl.report({ share: (t + (p.share ?? 0)) / terms.length, done: p.done, unit: p.unit }),
    });
    spent += run.nodes;
    if (!run.finished) return null;
    const sub = run.value;
    if (isTooLarge(sub)) return sub;
    const sign = term.length % 2 === 0 ? 1n : -1n;
    total += sign * sub.total;
    for (let sq = 0; sq < n; sq++) counts[sq] += sign * sub.counts[sq];
    for (const p of term)
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) counts[pl.cellList[j]] += sign * sub.total;
  }
  const probability = new Float64Array(n);
  for (let sq = 0; sq < n; sq++)
    probability[sq] = knownCell(knowledge, sq) ?? (total > 0n ? ratio(counts[sq], total) : 0);
  return { method: 'exact', consistent: total > 0n, probability, total, counts, reason };
}

/** a / b as a double, exact enough for counts far past 2^53. */
function ratio(a: bigint, b: bigint): number {
  const shift = BigInt(Math.max(0, b.toString(2).length - 60));
  return Number(a >> shift) / Number(b >> shift);
}

/**
 * Sampled: exactly uniform, independent layouts by rejection (reject.ts); Wilson intervals then hold. A complete
 * search first proves whether any layout matches (rejection could never tell); then the sampler draws until it
 * has its samples, with no cap of its own: only the run's limits stop it short, and the outcome is then
 * unfinished, its partial the map of the layouts drawn so far.
 */
function* sampledHeat(
  knowledge: Knowledge,
  prep: Prepared,
  samples: number,
  seed: number,
  ctl: JobControl<HeatMap>,
  reason: HeatMap['reason'],
): Generator<void, HeatMap, void> {
  const { cp } = prep;
  const n = cp.width * cp.height;
  const rng = createRng(seed);
  const sampler = new RejectionSampler(cp, prep.onHits, prep.pl);
  const hitCount = new Int32Array(n);
  let accepted = 0;
  const map = (): HeatMap => sampledMap(knowledge, hitCount, accepted, sampler.proposals, samples, reason);
  ctl.partial = map;
  ctl.report({ share: 0, done: 0, unit: 'layouts' });
  const placer = new FleetPlacer(cp, withoutPlacements(sampler.placements, prep.onHits));
  const found = sampler.hopeless ? null : yield* placer.placeJob().within(ctl);
  if (found === null || !found.exists) return map();
  const pl = sampler.placements;
  while (accepted < samples) {
    if (sampler.propose(rng)) {
      accepted++;
      for (const p of sampler.chosen)
        for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) hitCount[pl.cellList[j]]++;
      ctl.report({ share: accepted / samples, done: accepted, unit: 'layouts' });
    }
    if (ctl.spend()) yield;
  }
  return map();
}

/** The placements less the excluded ones (the cover lists rebuilt): for a search that must avoid them. */
function withoutPlacements(pl: FleetPlacements, excluded: readonly number[]): FleetPlacements {
  if (excluded.length === 0) return pl;
  const out = new Uint8Array(pl.count);
  for (const p of excluded) out[p] = 1;
  const keep: number[] = [];
  for (let p = 0; p < pl.count; p++) if (!out[p]) keep.push(p);
  const kindStart = new Int32Array(pl.kindStart.length);
  const cellStart = [0],
    cells: number[] = [],
    haloStart = [0],
    halo: number[] = [];
  keep.forEach((p, i) => {
    for (let k = pl.kind[p] + 1; k < kindStart.length; k++) kindStart[k] = i + 1;
    for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) cells.push(pl.cellList[j]);
    for (let j = pl.haloStart[p]; j < pl.haloStart[p + 1]; j++) halo.push(pl.haloList[j]);
    cellStart.push(cells.length);
    haloStart.push(halo.length);
  });
  const sq = pl.width * pl.height;
  const coverStart = new Int32Array(sq + 1);
  for (const c of cells) coverStart[c + 1]++;
  for (let s = 0; s < sq; s++) coverStart[s + 1] += coverStart[s];
  const fill = coverStart.slice(0, sq);
  const coverList = new Int32Array(cells.length);
  for (let i = 0; i < keep.length; i++)
    for (let j = cellStart[i]; j < cellStart[i + 1]; j++) coverList[fill[cells[j]]++] = i;
  return {
    width: pl.width,
    height: pl.height,
    count: keep.length,
    kindStart,
    kind: Int32Array.from(keep, (p) => pl.kind[p]),
    cellStart: Int32Array.from(cellStart),
    cellList: Int32Array.from(cells),
    haloStart: Int32Array.from(haloStart),
    haloList: Int32Array.from(halo),
    coverStart,
    coverList,
  };
}

/** The sampled map from `accepted` layouts, hitCount[sq] of them covering sq. */
function sampledMap(
  knowledge: Knowledge,
  hitCount: Int32Array,
  accepted: number,
  proposals: number,
  requested: number,
  reason: HeatMap['reason'],
): HeatMap {
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
    requested,
    low,
    high,
    acceptance: proposals > 0 ? accepted / proposals : 0,
    reason,
  };
}

/**
 * The job making the heat map of `problem` (the whole fleet on its field) given `knowledge` (the shots and
 * their replies). 'exact' counts (its stopped runs have no partial; a problem past the counting program's memory
 * cap is answered {@link TooLarge}, one with more than 512 ways for ships to lie wholly on the hits refused with
 * LIMIT where the job is made); 'sampled' draws `samples` uniform layouts
 * (a stopped run's partial is the map of the layouts drawn so far, `samples` of `requested`); 'auto' counts
 * when the count takes at most {@link AUTO_EXACT_WORK} nodes (and fits the count's memory cap), else samples —
 * the choice rests on the question, never on the clock, and the map's `reason` says which way it went. Its
 * nodes are the counting program's work units, then the search's and the sampler's proposals.
 *
 * @example
 * ```ts
 * import { emptyKnowledge, fleetProblem, heatMapSync, isTooLarge } from 'gridbits/fleet';
 * const problem = fleetProblem({ width: 6, height: 6, fleet: '3,2,2' });
 * const outcome = heatMapSync(problem, emptyKnowledge(problem));
 * if (outcome.finished && !isTooLarge(outcome.value)) console.log(outcome.value.method, outcome.value.probability[0]);
 * ```
 */
export function heatMapJob(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions = {},
): Job<HeatMap | TooLarge, HeatMap> {
  checkProblem(problem);
  checkKnowledgeShape(problem, knowledge);
  checkHeatOptions(options);
  const method = options.method ?? 'auto';
  const samples = options.samples ?? DEFAULT_HEAT_SAMPLES;
  const seed = options.seed ?? 1;
  checkKnowledge(problem, knowledge);
  // 'exact' refuses too many terms where the job is made, so its set-up runs here; the others make theirs in the
  // body under the job's pacing (the placements take about 10 ms at once while the code is not yet compiled).
  const early = method === 'exact' ? allSteps(prepare(problem, knowledge)) : null;
  const exactTerms = early && exclusionTerms(early);
  if (method === 'exact' && exactTerms === null)
    throw new GridbitsError('LIMIT', `exact heat: over ${MAX_TERMS} ways for ships to lie wholly on the hits`);
  return new Job<HeatMap | TooLarge, HeatMap>(
    function* (ctl) {
      if (early) return (yield* exactHeat(knowledge, early, exactTerms!, ctl, Infinity, 'asked'))!;
      ctl.report({ share: 0 });
      const prep = yield* asideSteps(ctl, prepare(problem, knowledge));
      if (method === 'sampled') return yield* sampledHeat(knowledge, prep, samples, seed, ctl, 'asked');
      const terms = exclusionTerms(prep);
      // Too many terms, more work than auto gives the count, or past its memory cap: the samples answer.
      const exact = terms && (yield* exactHeat(knowledge, prep, terms, ctl, AUTO_EXACT_WORK, 'small'));
      if (exact && !isTooLarge(exact)) return exact;
      return yield* sampledHeat(knowledge, prep, samples, seed, ctl, 'large');
    },
    { unit: 'states' },
  );
}

/** The options checked where the call is made: a method of the three, whole numbers of samples and seed. */
function checkHeatOptions(options: HeatOptions): void {
  checkOptions(options, ['method', 'samples', 'seed', ...RUN_KEYS]);
  const { method, samples, seed } = options;
  if (method !== undefined && method !== 'auto' && method !== 'exact' && method !== 'sampled')
    throw new GridbitsError('BAD_ARGUMENT', `options.method must be auto, exact or sampled, got ${String(method)}`);
  if (samples !== undefined && !(Number.isSafeInteger(samples) && samples >= 1))
    throw new GridbitsError('BAD_ARGUMENT', `options.samples must be a whole number ≥ 1, got ${String(samples)}`);
  if (seed !== undefined && !Number.isSafeInteger(seed))
    throw new GridbitsError('BAD_ARGUMENT', `options.seed must be a whole number, got ${String(seed)}`);
}

/** heatMapJob run to its end or its limits, giving the event loop a turn as it goes. */
export function heatMap(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions & RunOptions = {},
): Promise<Outcome<HeatMap | TooLarge, HeatMap>> {
  return heatMapJob(problem, knowledge, options).run(options);
}

/** heatMapJob run to its end or its limits on this thread. */
export function heatMapSync(
  problem: FleetProblem,
  knowledge: Knowledge,
  options: HeatOptions & RunOptions = {},
): Outcome<HeatMap | TooLarge, HeatMap> {
  return heatMapJob(problem, knowledge, options).runSync(options);
}
