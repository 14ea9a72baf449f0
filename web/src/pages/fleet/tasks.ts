// The Sea Battle page's requests, answered by the fleet engine's jobs on the page's worker (placing a fleet,
// counting layouts, the heat map: exact by counting, sampled only where counting is out of reach) and by the
// page's own jobs (the computer's shot, the odds, the estimate of the count).
import { Board } from '../../../../src/core/board.js';
import { GridbitsError, isGridbitsError } from '../../../../src/core/error.js';
import { finishedValue, type Outcome } from '../../../../src/core/job.js';
import type { HunterStrategy } from '../../../../src/fleet/ai.js';
import type { SunkShip } from '../../../../src/fleet/game.js';
import { isTooLarge, type FleetLayout, type HeatMap, type TooLarge } from '../../../../src/fleet/index.js';
import type { JobsByName } from '../../../../src/jobs.js';
import type { RunJob } from '../../worker/jobs.js';
import type { CountEstimate } from './estimate.js';
import type { PAGE_JOBS } from './page-jobs.js';
import { COUNT_BUDGET_MS, fleetSpecOf, type Method, type ProblemSpec } from './state.js';
import { thousands } from '../../../../src/core/text.js';

/** The jobs the page's worker serves: the fleet engine's, and the page's own. */
export type FleetJobs = Pick<JobsByName, 'fleet.place' | 'fleet.uniform' | 'fleet.count' | 'fleet.heat'> &
  typeof PAGE_JOBS;

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
  | {
      kind: 'heat';
      method: 'exact' | 'sampled';
      total?: string;
      samples?: number;
      /** Weighted layouts only: what they are worth in independent uniform ones (Kish's effective size). */
      effective?: number;
      probability: number[];
      why?: string;
    }
  | { kind: 'hunt'; square: number }
  | { kind: 'odds'; probability: number[]; effective: number };

/**
 * How long the exact heat map may run before the samples answer instead. The default fleet takes 4.1–4.6 s in
 * Chromium on this machine under load (bench/results/fleet-fast.md), so a minute leaves it room many times
 * over; only big boards (which mostly stop sooner, at the memory cap) are out of reach.
 */
const EXACT_HEAT_MS = 60_000;
/** How long the sampled map drawn in the exact one's place may run (its layouts so far then answer). */
const SAMPLED_HEAT_MS = 20_000;
/** Layouts the first heat estimate stops at, if its time allows so many. */
const ESTIMATE_SAMPLES = 100_000;
/**
 * Uniform layouts rejection must find in the estimate's time to be the answer; short of them, the estimate comes
 * from weighted layouts instead (a drawn fleet on 10×10 beside the classic one: rejection
 * finds about 30 layouts in 3.5 s, the weighted sampler 20,000 worth about 1,300 uniform ones in 0.6 s).
 */
const ESTIMATE_LEAST = 250;
/** Weighted layouts the first estimate draws when rejection is too slow. */
const WEIGHTED_SAMPLES = 20_000;

function named(board: Board, layout: FleetLayout): string[][] {
  return layout.ships.map((s) => s.cells.map((c) => board.name(c)));
}

/** Answers one request with the jobs, in turn, on the page's worker. */
/** The answer of a sampled heat map (never too large), finished or stopped with the layouts drawn so far. */
function sampledHeat(out: Outcome<HeatMap | TooLarge, HeatMap>, cells: number): Extract<FleetResult, { kind: 'heat' }> {
  const h = out.finished ? (isTooLarge(out.value) ? undefined : out.value) : out.partial;
  return {
    kind: 'heat',
    method: 'sampled',
    samples: h?.samples ?? 0,
    probability: h ? Array.from(h.probability) : new Array<number>(cells).fill(0),
  };
}

export async function fleetTask(req: FleetRequest, run: RunJob<FleetJobs>): Promise<FleetResult> {
  const spec = fleetSpecOf(req.spec);
  const board = Board.of(req.spec.width, req.spec.height);
  switch (req.kind) {
    case 'hunt': {
      const shots = { marks: req.marks, sunk: req.sunk };
      return { kind: 'hunt', square: finishedValue(await run('page.hunt', [req.spec, req.strategy, shots, req.seed])) };
    }
    case 'odds': {
      const shots = { marks: req.marks, sunk: req.sunk };
      return { kind: 'odds', ...finishedValue(await run('page.odds', [req.spec, shots, req.seed])) };
    }
    case 'count-estimate': {
      const out = await run('page.countEstimate', [req.spec, req.seed], { timeoutMs: req.ms });
      return { kind: 'count-estimate', estimate: out.finished ? out.value : out.partial! };
    }
    case 'heat-estimate': {
      // The first answer: the uniform layouts drawn in `ms`; where rejection finds too few, weighted layouts (many
      // more, worth more, in at most four times as long) answer instead.
      const options = { method: 'sampled' as const, samples: ESTIMATE_SAMPLES, seed: req.seed };
      const empty = { marks: new Uint8Array(board.cells), sunk: [] };
      const first = await run('fleet.heat', [spec, empty, options], { timeoutMs: req.ms });
      if (first.finished || (first.partial?.samples ?? 0) >= ESTIMATE_LEAST) return sampledHeat(first, board.cells);
      const out = await run('page.heatWeighted', [req.spec, WEIGHTED_SAMPLES, req.seed], { timeoutMs: 4 * req.ms });
      const h = out.finished ? out.value : out.partial!;
      return {
        kind: 'heat',
        method: 'sampled',
        samples: h.effective > 0 ? h.samples : 0,
        effective: h.effective,
        probability: h.probability,
      };
    }
    case 'count': {
      const out = await run('fleet.count', [spec], { timeoutMs: COUNT_BUDGET_MS });
      if (out.finished && !isTooLarge(out.value)) return { kind: 'count', count: String(out.value) };
      if (out.finished)
        return { kind: 'count', count: null, reason: 'This fleet has too many layouts on this board to count here.' };
      return {
        kind: 'count',
        count: null,
        reason: `The count stopped after ${COUNT_BUDGET_MS / 1000} s without finishing: this fleet has too many layouts on this board to count here.`,
      };
    }
    case 'heat': {
      // Exact by counting; the samples answer only when that is out of reach (too large, or past EXACT_HEAT_MS).
      const empty = { marks: new Uint8Array(board.cells), sunk: [] };
      let why: string;
      try {
        const out = await run('fleet.heat', [spec, empty, { method: 'exact' }], { timeoutMs: EXACT_HEAT_MS });
        const h = out.finished ? out.value : undefined;
        if (isTooLarge(h)) why = 'this board has too many layouts to count every one here';
        else if (h !== undefined) {
          return {
            kind: 'heat',
            method: 'exact',
            ...(h.total !== undefined ? { total: String(h.total) } : {}),
            probability: Array.from(h.probability),
          };
        } else why = `counting every layout did not finish in ${EXACT_HEAT_MS / 1000} s on this board`;
      } catch (e) {
        if (!isGridbitsError(e) || e.code !== 'LIMIT') throw e;
        why = 'this board has too many layouts to count every one here';
      }
      const options = { method: 'sampled' as const, seed: 2 };
      const out = await run('fleet.heat', [spec, empty, options], { timeoutMs: SAMPLED_HEAT_MS });
      return { ...sampledHeat(out, board.cells), why };
    }
    case 'place': {
      if (req.method === 'uniform') {
        // Rejection first (milliseconds for the classic fleet), the exact counts only when it stalls.
        const r = finishedValue(await run('fleet.uniform', [spec, req.seed, 1]));
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
            : `one of ${thousands(r.total)} layouts, each equally likely`;
        const shipKinds = layout.ships.map((s) => s.kind);
        return { kind: 'place', exists: true, layout: named(board, layout), shipKinds, reason: '', detail };
      }
      const r = finishedValue(await run('fleet.place', [spec, { method: req.method, seed: req.seed }]));
      const detail = `${thousands(r.nodes)} search nodes`;
      if (!r.exists) return { kind: 'place', exists: false, layout: [], shipKinds: [], reason: r.reason, detail };
      const shipKinds = r.layout.ships.map((s) => s.kind);
      return { kind: 'place', exists: true, layout: named(board, r.layout), shipKinds, reason: '', detail };
    }
  }
}
