// The Sea Battle page's own jobs, served by its worker beside the fleet engine's: the computer's shot, the odds
// shown to the player, and the estimate of the number of layouts. The hunter and the odds' estimator are kept
// between shots of one game (they learn the problem once).
import { job } from '../../../../src/core/job.js';
import { createRng } from '../../../../src/core/prng.js';
import { PosteriorEstimator } from '../../../../src/fleet/ai-posterior.js';
import { createHunter, type Hunter, type HunterStrategy } from '../../../../src/fleet/ai.js';
import type { SunkShip } from '../../../../src/fleet/game.js';
import { countEstimateJob } from './estimate.js';
import { buildProblem, problemKey, type ProblemSpec } from './state.js';

let hunter: { key: string; hunter: Hunter } | null = null;
let estimator: { key: string; estimator: PosteriorEstimator } | null = null;
/** Weighted layouts a round of the weighted heat estimate draws between two looks at its limits. */
const WEIGHTED_ROUND = 1000;
/** Weighted samples behind the odds shown to the player (the hunter takes 400 a shot). */
export const ODDS_SAMPLES = 2000;

/** A heat map from weighted layouts: the layouts drawn and Kish's effective number of them. */
interface WeightedHeat {
  probability: number[];
  samples: number;
  effective: number;
}

/** The shots so far, as the page sends them. */
export interface Shots {
  marks: number[];
  sunk: SunkShip[];
}

export const PAGE_JOBS = {
  /** The computer's next shot. */
  'page.hunt': (spec: ProblemSpec, strategy: HunterStrategy, shots: Shots, seed: number) =>
    job(function* () {
      const key = `${strategy} ${problemKey(spec)}`;
      if (hunter?.key !== key) hunter = { key, hunter: createHunter(buildProblem(spec), { strategy }) };
      // A pause between learning the problem and sampling the shot: a stop asked meanwhile is heard here.
      yield;
      return hunter.hunter.choose({ marks: Uint8Array.from(shots.marks), sunk: shots.sunk }, createRng(seed));
    }),
  /** The chance of a ship on each cell given the shots, from weighted samples. */
  'page.odds': (spec: ProblemSpec, shots: Shots, seed: number) =>
    job(function* () {
      const key = problemKey(spec);
      if (estimator?.key !== key) estimator = { key, estimator: new PosteriorEstimator(buildProblem(spec)) };
      yield;
      const e = estimator.estimator.estimate(
        { marks: Uint8Array.from(shots.marks), sunk: shots.sunk },
        ODDS_SAMPLES,
        createRng(seed),
      );
      return { probability: Array.from(e.probability), effective: e.effective };
    }),
  /**
   * The heat map estimated from up to `samples` weighted layouts (sequential importance sampling: each ship laid in
   * turn where it fits, the layout weighted by its number of choices), for fleets whose uniform layouts rejection
   * finds too slowly; drawn in rounds, so a stopped run's partial is the map of the rounds so far.
   */
  'page.heatWeighted': (spec: ProblemSpec, samples: number, seed: number) =>
    job<WeightedHeat, WeightedHeat>(function* (ctl) {
      const problem = buildProblem(spec);
      const e = new PosteriorEstimator(problem);
      const k = { marks: new Uint8Array(problem.width * problem.height), sunk: [] };
      const rng = createRng(seed);
      const acc = new Float64Array(k.marks.length);
      let drawn = 0,
        sumW = 0,
        sumW2 = 0;
      const map = (): WeightedHeat => ({
        probability: Array.from(acc, (a) => (sumW > 0 ? a / sumW : 0)),
        samples: drawn,
        effective: sumW2 > 0 ? (sumW * sumW) / sumW2 : 0,
      });
      ctl.partial = map;
      while (drawn < samples) {
        const r = e.estimate(k, Math.min(WEIGHTED_ROUND, samples - drawn), rng);
        let w = 0;
        for (const x of r.weight) {
          w += x;
          sumW2 += x * x;
        }
        for (let s = 0; s < acc.length; s++) acc[s] += r.probability[s] * w;
        sumW += w;
        drawn += Math.min(WEIGHTED_ROUND, samples - drawn);
        yield;
      }
      return map();
    }),
  /** An estimate of the number of layouts, refined for as long as it runs. */
  'page.countEstimate': (spec: ProblemSpec, seed: number) =>
    countEstimateJob(buildProblem(spec), createRng(seed), Number.MAX_SAFE_INTEGER),
};
