// The hunting AI: picks the next shot from what it knows — the most probable cell under uniform layouts that
// match the replies (posterior), a plain per-ship placement density, or a random cell (the baselines).
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import { PosteriorEstimator } from './ai-posterior.js';
import { conditionedProblem, UNKNOWN, type Knowledge } from './game.js';
import type { FleetProblem } from './problem.js';

export type HunterStrategy = 'posterior' | 'density' | 'random';
export const HUNTER_STRATEGIES: readonly HunterStrategy[] = ['posterior', 'density', 'random'];

export interface HunterOptions {
  strategy?: HunterStrategy;
  /** Weighted samples per shot for the posterior hunter (default DEFAULT_HUNTER_SAMPLES). */
  samples?: number;
}

export const DEFAULT_HUNTER_SAMPLES = 400;

export interface Hunter {
  readonly strategy: HunterStrategy;
  /** The next square to shoot: never one shot before, never outside the field. */
  choose(knowledge: Knowledge, rng: Rng): number;
}

/** The open cells (in the field, not shot) with the largest score; ties broken at random. */
function best(problem: FleetProblem, knowledge: Knowledge, score: ArrayLike<number>, rng: Rng): number {
  let top = -Infinity, ties = 0, pick = -1;
  for (let sq = 0; sq < knowledge.marks.length; sq++) {
    if (knowledge.marks[sq] !== UNKNOWN || problem.forbidden[sq]) continue;
    const v = score[sq];
    if (v > top) {
      top = v;
      ties = 1;
      pick = sq;
    } else if (v === top && rng.below(++ties) === 0) pick = sq;
  }
  if (pick < 0) throw new GridbitsError('BAD_INPUT', 'no square is left to shoot');
  return pick;
}

/**
 * The plain placement-density hunter of the published articles: every placement of every ship still afloat
 * that avoids misses and sunk ships scores its cells, ships taken one at a time as if independent; a placement
 * through hits scores far more (target mode), one lying wholly on hits not at all (it would have been sunk).
 */
export function placementDensity(problem: FleetProblem, knowledge: Knowledge): Float64Array {
  const { problem: cp, hits } = conditionedProblem(problem, knowledge);
  const { width: w, height: h } = cp;
  const isHit = new Uint8Array(w * h);
  for (const u of hits) isHit[u] = 1;
  const score = new Float64Array(w * h);
  for (const kind of cp.kinds) {
    for (const o of kind.orientations) {
      let mx = 0, my = 0;
      for (const [dx, dy] of o) [mx, my] = [Math.max(mx, dx), Math.max(my, dy)];
      for (let y = 0; y + my < h; y++) {
        for (let x = 0; x + mx < w; x++) {
          let ok = true, through = 0;
          for (const [dx, dy] of o) {
            const c = (y + dy) * w + x + dx;
            if (cp.forbidden[c]) ok = false;
            through += isHit[c];
          }
          if (!ok || through === o.length) continue;
          const weight = kind.count * (through > 0 ? 1000 ** through : 1);
          for (const [dx, dy] of o) score[(y + dy) * w + x + dx] += weight;
        }
      }
    }
  }
  return score;
}

export function createHunter(problem: FleetProblem, options: HunterOptions = {}): Hunter {
  const strategy = options.strategy ?? 'posterior';
  if (!HUNTER_STRATEGIES.includes(strategy)) throw new GridbitsError('BAD_ARGUMENT', `unknown hunter '${String(strategy)}' (${HUNTER_STRATEGIES.join(', ')})`);
  const samples = options.samples ?? DEFAULT_HUNTER_SAMPLES;
  if (!Number.isSafeInteger(samples) || samples < 1) throw new GridbitsError('BAD_ARGUMENT', `hunter samples must be a whole number ≥ 1, got ${samples}`);
  if (strategy === 'random') {
    const zero = new Float64Array(problem.width * problem.height);
    return { strategy, choose: (k, rng) => best(problem, k, zero, rng) };
  }
  if (strategy === 'density') return { strategy, choose: (k, rng) => best(problem, k, placementDensity(problem, k), rng) };
  const estimator = new PosteriorEstimator(problem);
  return {
    strategy,
    choose(k, rng) {
      let e = estimator.estimate(k, samples, rng);
      // Every sample ended in a dead end (a rare, tightly packed position): try harder, then fall back.
      if (e.completed === 0) e = estimator.estimate(k, samples * 16, rng);
      return best(problem, k, e.completed > 0 ? e.probability : placementDensity(problem, k), rng);
    },
  };
}
