// Web Worker for the Sea Battle page: placing a fleet (uniform, rails, search), counting layouts and the heat
// map, off the page's thread.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { finishedJob, job, type Job } from '../../../../src/core/job.js';
import { createRng } from '../../../../src/core/prng.js';
import { PosteriorEstimator } from '../../../../src/fleet/ai-posterior.js';
import { createHunter, type Hunter, type HunterStrategy } from '../../../../src/fleet/ai.js';
import type { SunkShip } from '../../../../src/fleet/game.js';
import {
  countLayoutsJob,
  emptyKnowledge,
  heatMapJob,
  isTooLarge,
  placeFleetJob,
  uniformLayoutsJob,
  type FleetLayout,
} from '../../../../src/fleet/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { sliced } from '../../worker/sliced.js';
import { countEstimateJob, heatEstimateJob, type CountEstimate } from './estimate.js';
import { COUNT_BUDGET_MS, buildProblem, problemKey, type Method, type ProblemSpec } from './state.js';

export type FleetRequest =
  | { kind: 'place'; spec: ProblemSpec; method: Method; seed: number }
  | { kind: 'count'; spec: ProblemSpec }
  | { kind: 'heat'; spec: ProblemSpec }
  | { kind: 'heat-estimate'; spec: ProblemSpec; seed: number; ms: number }
  | { kind: 'count-estimate'; spec: ProblemSpec; seed: number; ms: number }
  | { kind: 'hunt'; spec: ProblemSpec; strategy: HunterStrategy; marks: number[]; sunk: SunkShip[]; seed: number }
  | { kind: 'odds'; spec: ProblemSpec; marks: number[]; sunk: SunkShip[]; seed: number };

export type FleetResult =
  | { kind: 'place'; exists: boolean | null; layout: string[][]; shipKinds: number[]; reason: string; detail: string }
  | { kind: 'count'; count: string | null; reason?: string }
  | { kind: 'count-estimate'; estimate: CountEstimate }
  | { kind: 'heat'; method: 'exact' | 'sampled'; total?: string; samples?: number; probability: number[]; why?: string }
  | { kind: 'hunt'; square: number }
  | { kind: 'odds'; probability: number[]; effective: number };

let hunter: { key: string; hunter: Hunter } | null = null;
let estimator: { key: string; estimator: PosteriorEstimator } | null = null;
/** Weighted samples behind the odds shown to the player (the hunter takes 400 a shot). */
const ODDS_SAMPLES = 2000;
/**
 * How long the exact heat map may run before the samples answer instead. The default fleet takes 4.1–4.6 s in
 * Chromium on this machine under load (bench/results/fleet-fast.md), so a minute leaves it room many times
 * over; only big boards (which mostly stop sooner, at the memory cap) are out of reach.
 */
export const EXACT_HEAT_MS = 60_000;
/** How long the sampled map drawn in the exact one's place may run (its layouts so far then answer). */
const SAMPLED_HEAT_MS = 20_000;
/** Layouts the first heat estimate stops at, if its time allows so many. */
const ESTIMATE_SAMPLES = 100_000;

/**
 * A quick answer as a job (cast: core's page handler asks for Job<T, unknown>, which Job<T, never> is not assignable
 * to).
 */
const quick = (value: FleetResult): Job<FleetResult, unknown> =>
  finishedJob(value) as unknown as Job<FleetResult, unknown>;

function named(board: Board, layout: FleetLayout): string[][] {
  return layout.ships.map((s) => s.cells.map((c) => board.name(c)));
}

servePage<FleetRequest, FleetResult>(self as unknown as Endpoint, (req) => {
  const problem = buildProblem(req.spec);
  const board = Board.of(problem.width, problem.height);
  if (req.kind === 'hunt') {
    const key = `${req.strategy} ${problemKey(req.spec)}`;
    if (hunter?.key !== key) hunter = { key, hunter: createHunter(problem, { strategy: req.strategy }) };
    return quick({
      kind: 'hunt',
      square: hunter.hunter.choose({ marks: Uint8Array.from(req.marks), sunk: req.sunk }, createRng(req.seed)),
    });
  }
  if (req.kind === 'odds') {
    const key = problemKey(req.spec);
    if (estimator?.key !== key) estimator = { key, estimator: new PosteriorEstimator(problem) };
    const e = estimator.estimator.estimate(
      { marks: Uint8Array.from(req.marks), sunk: req.sunk },
      ODDS_SAMPLES,
      createRng(req.seed),
    );
    return quick({ kind: 'odds', probability: Array.from(e.probability), effective: e.effective });
  }
  if (req.kind === 'heat-estimate') {
    // The first answer: the uniform layouts drawn in `ms` (a few more if that gave too few to say anything).
    const sampled = heatEstimateJob(problem, ESTIMATE_SAMPLES, req.seed);
    return job<FleetResult, unknown>(function* (ctl) {
      let out = yield* sliced(sampled, ctl, req.ms);
      for (let extra = 0; !out.finished && (out.partial?.samples ?? 0) < 30 && extra < 4; extra++)
        out = yield* sliced(sampled, ctl, req.ms);
      // Sampled: never too large.
      const h = out.finished ? (isTooLarge(out.value) ? undefined : out.value) : out.partial;
      return {
        kind: 'heat',
        method: 'sampled',
        samples: h?.samples ?? 0,
        probability: h ? Array.from(h.probability) : new Array<number>(board.cells).fill(0),
      };
    });
  }
  if (req.kind === 'count-estimate') {
    const estimate = countEstimateJob(problem, createRng(req.seed), Number.MAX_SAFE_INTEGER);
    return job<FleetResult, unknown>(function* (ctl) {
      const out = yield* sliced(estimate, ctl, req.ms);
      return { kind: 'count-estimate', estimate: out.finished ? out.value : out.partial! };
    });
  }
  if (req.kind === 'count') {
    const count = countLayoutsJob(problem);
    return job<FleetResult, unknown>(function* (ctl) {
      const out = yield* sliced(count, ctl, COUNT_BUDGET_MS);
      if (out.finished && !isTooLarge(out.value)) return { kind: 'count', count: String(out.value) };
      if (out.finished)
        return { kind: 'count', count: null, reason: 'This fleet has too many layouts on this board to count here.' };
      return {
        kind: 'count',
        count: null,
        reason: `The count stopped after ${COUNT_BUDGET_MS / 1000} s without finishing: this fleet has too many layouts on this board to count here.`,
      };
    });
  }
  if (req.kind === 'heat') {
    // Exact by counting; the samples answer only when that is out of reach (too large, or past EXACT_HEAT_MS).
    const knowledge = emptyKnowledge(problem);
    return job<FleetResult, unknown>(function* (ctl) {
      let why: string;
      try {
        const out = yield* sliced(heatMapJob(problem, knowledge, { method: 'exact' }), ctl, EXACT_HEAT_MS);
        const h = out.finished ? out.value : undefined;
        if (isTooLarge(h)) why = 'this board has too many layouts to count every one here';
        else if (h) {
          return {
            kind: 'heat',
            method: 'exact',
            ...(h.total !== undefined ? { total: String(h.total) } : {}),
            probability: Array.from(h.probability),
          };
        } else why = `counting every layout did not finish in ${EXACT_HEAT_MS / 1000} s on this board`;
      } catch (e) {
        if (!(e instanceof GridbitsError) || e.code !== 'LIMIT') throw e;
        why = 'this board has too many layouts to count every one here';
      }
      const out = yield* sliced(heatMapJob(problem, knowledge, { method: 'sampled', seed: 2 }), ctl, SAMPLED_HEAT_MS);
      const h = out.finished ? (isTooLarge(out.value) ? undefined : out.value) : out.partial;
      return {
        kind: 'heat',
        method: 'sampled',
        samples: h?.samples ?? 0,
        probability: h ? Array.from(h.probability) : new Array<number>(board.cells).fill(0),
        why,
      };
    });
  }
  if (req.method === 'uniform') {
    // Rejection first (milliseconds for the classic fleet), the exact counts only when it stalls.
    const uniform = uniformLayoutsJob(problem, createRng(req.seed), 1);
    return job<FleetResult, unknown>(function* (ctl) {
      const r = yield* uniform.within(ctl);
      if (isTooLarge(r))
        throw new GridbitsError(
          'LIMIT',
          'uniform layouts need the exact counts here, and this board has too many layouts',
        );
      if (r.layouts.length === 0)
        return {
          kind: 'place',
          exists: false,
          layout: [],
          shipKinds: [],
          reason: 'no layout of this fleet fits the board under these rules',
          detail: '0 layouts',
        };
      const layout = r.layouts[0];
      const detail =
        r.total === undefined
          ? 'every layout equally likely (drawn by rejection)'
          : `one of ${r.total.toLocaleString('en')} layouts, each equally likely`;
      return {
        kind: 'place',
        exists: true,
        layout: named(board, layout),
        shipKinds: layout.ships.map((s) => s.kind),
        reason: '',
        detail,
      };
    });
  }
  const place = placeFleetJob(problem, { method: req.method, rng: createRng(req.seed) });
  return job<FleetResult, unknown>(function* (ctl) {
    const r = yield* place.within(ctl);
    const detail = `${r.nodes.toLocaleString('en')} search nodes`;
    if (!r.exists) return { kind: 'place', exists: false, layout: [], shipKinds: [], reason: r.reason, detail };
    return {
      kind: 'place',
      exists: true,
      layout: named(board, r.layout),
      shipKinds: r.layout.ships.map((s) => s.kind),
      reason: '',
      detail,
    };
  });
});
