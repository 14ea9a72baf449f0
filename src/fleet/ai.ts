// The hunting AI: picks the next shot from what it knows — the placement density swept along the smallest ship's
// lattice (the default and the strongest), the most probable cell under uniform layouts that match the replies
// (posterior), the plain per-ship placement density, or a random cell (the baselines).
import { GridbitsError } from '../core/error.js';
import type { Rng } from '../core/prng.js';
import { PosteriorEstimator } from './ai-posterior.js';
import { huntingLattice, onLattice } from './ai-lattice.js';
import { conditionedProblem, conditionOf, UNKNOWN, type Conditioned, type Knowledge } from './game.js';
import { forEachFieldPlacement } from './placements.js';
import { checkKnowledgeShape, checkOptions, checkProblem, shown } from './args.js';
import type { FleetProblem } from './problem.js';
import { HUNTER_STRATEGIES, type HunterStrategy } from './hunters.js';

export { HUNTER_STRATEGIES, type HunterStrategy };

/** How createHunter builds its hunter. */
export interface HunterOptions {
  /** How the hunter picks its shots (default 'lattice'). */
  strategy?: HunterStrategy;
  /** Weighted samples per shot for the posterior hunter (default DEFAULT_HUNTER_SAMPLES). */
  samples?: number;
}

/** Weighted samples per shot the posterior hunter takes unless told otherwise. */
export const DEFAULT_HUNTER_SAMPLES = 400;

/** A hunting AI: picks the next shot from what is known. */
export interface Hunter {
  /** How it picks its shots. */
  readonly strategy: HunterStrategy;
  /**
   * The next square to shoot: never one shot before, never outside the field, never water the touch rule implies next
   * to a sunk ship.
   */
  choose(knowledge: Knowledge, rng: Rng): number;
}

/**
 * The open cells with the largest score, ties broken at random: not shot, and not forbidden by the conditioned
 * problem (outside the field, or water the touch rule implies next to a sunk ship). Only if the record leaves no
 * such cell (it contradicts itself) does any unshot cell in the field do.
 */
function best(
  problem: FleetProblem,
  knowledge: Knowledge,
  score: ArrayLike<number>,
  rng: Rng,
  conditioned?: Conditioned,
): number {
  const closed = (conditioned ?? conditionOf(problem, knowledge)).problem.forbidden;
  const pick = bestOf(knowledge, closed, score, rng);
  if (pick >= 0) return pick;
  const any = bestOf(knowledge, problem.forbidden, score, rng);
  if (any < 0) throw new GridbitsError('BAD_INPUT', 'no square is left to shoot');
  return any;
}

function bestOf(knowledge: Knowledge, closed: ArrayLike<number>, score: ArrayLike<number>, rng: Rng): number {
  let top = -Infinity,
    ties = 0,
    pick = -1;
  for (let sq = 0; sq < knowledge.marks.length; sq++) {
    if (knowledge.marks[sq] !== UNKNOWN || closed[sq]) continue;
    const v = score[sq];
    if (v > top) {
      top = v;
      ties = 1;
      pick = sq;
    } else if (v === top && rng.below(++ties) === 0) pick = sq;
  }
  return pick;
}

/**
 * The plain placement-density hunter of the published articles: every placement of every ship still afloat
 * that avoids misses and sunk ships scores its cells, ships taken one at a time as if independent; a placement
 * through hits scores far more (target mode), one lying wholly on hits not at all (it would have been sunk).
 */
export function placementDensity(problem: FleetProblem, knowledge: Knowledge): Float64Array {
  // conditionedProblem checks the problem and the record.
  return densityOf(conditionedProblem(problem, knowledge));
}

function densityOf({ problem: cp, hits }: Conditioned): Float64Array {
  const isHit = new Uint8Array(cp.width * cp.height);
  for (const u of hits) isHit[u] = 1;
  const score = new Float64Array(cp.width * cp.height);
  cp.kinds.forEach((kind, k) => {
    forEachFieldPlacement(cp, k, (cells) => {
      let through = 0;
      for (const c of cells) through += isHit[c];
      if (through === cells.length) return;
      const weight = kind.count * (through > 0 ? 1000 ** through : 1);
      for (const c of cells) score[c] += weight;
    });
  });
  return score;
}

/**
 * The lattice hunter: the placement density while a hit is unresolved (target mode); while hunting, the densest
 * cell of the smallest straight ship's lattice (see huntingLattice), so that the shots that look for the other
 * ships also sweep the hardest one to find in a pattern that wastes none of them.
 */
function latticeScore(problem: FleetProblem, conditioned: Conditioned): Float64Array {
  const score = densityOf(conditioned);
  const lattice = conditioned.hits.length === 0 ? huntingLattice(conditioned.problem) : null;
  if (lattice === null) return score;
  for (let sq = 0; sq < score.length; sq++) {
    if (lattice.coverage[sq] === 0 || !onLattice(sq, problem.width, lattice.step, lattice.residue)) score[sq] = -1;
  }
  return score;
}

/**
 * A hunter for the problem (default strategy 'lattice').
 *
 * @example
 * ```ts
 * import { createRng } from 'gridbits/core';
 * import { createHunter, emptyKnowledge, fleetProblem } from 'gridbits/fleet';
 * const problem = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
 * const square = createHunter(problem).choose(emptyKnowledge(problem), createRng(1));
 * ```
 */
export function createHunter(problem: FleetProblem, options: HunterOptions = {}): Hunter {
  checkProblem(problem);
  checkOptions(options, ['strategy', 'samples']);
  const strategy = options.strategy ?? 'lattice';
  if (!HUNTER_STRATEGIES.includes(strategy))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `options.strategy must be one of ${HUNTER_STRATEGIES.join(', ')}, got ${shown(strategy)}`,
    );
  const samples = options.samples ?? DEFAULT_HUNTER_SAMPLES;
  if (!Number.isSafeInteger(samples) || samples < 1)
    throw new GridbitsError('BAD_ARGUMENT', `options.samples must be a whole number ≥ 1, got ${shown(samples)}`);
  if (strategy === 'random') {
    const zero = new Float64Array(problem.width * problem.height);
    return {
      strategy,
      choose(k, rng) {
        checkKnowledgeShape(problem, k);
        return best(problem, k, zero, rng);
      },
    };
  }
  if (strategy === 'density') {
    return {
      strategy,
      choose(k, rng) {
        checkKnowledgeShape(problem, k);
        const c = conditionOf(problem, k);
        return best(problem, k, densityOf(c), rng, c);
      },
    };
  }
  if (strategy === 'lattice') {
    return {
      strategy,
      choose(k, rng) {
        checkKnowledgeShape(problem, k);
        const c = conditionOf(problem, k);
        return best(problem, k, latticeScore(problem, c), rng, c);
      },
    };
  }
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
