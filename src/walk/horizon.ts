// Survival at any horizon (N up to 10^9) in floating point with the exponent kept apart: a DP over the
// orbits of the board's symmetries, repeated squaring of the orbit operator, or, on big boards, the DP run
// until the decay per two moves settles and extrapolated. Also the decay rate λ (probability ≈ c·λ^N).
import { GridbitsError } from '../core/error.js';
import { ForecastProgress, Job, job, type JobControl, type Outcome } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { checkOptions } from '../core/check.js';
import { checkGraph, checkSquare, checkSteps, squareOrbits, type Graph } from './graph.js';
import {
  DP_WORK,
  EPS,
  SQUARING_MAX_ORBITS,
  byDp,
  bySquaring,
  decayOf,
  reduced,
  scaledValue,
  squaringCost,
  type Reduced,
} from './orbit-ops.js';
import { HORIZON_MAX_STEPS } from './horizon-steps.js';

export { HORIZON_MAX_STEPS };

/** One square's survival at a far horizon, with the decay rate and the error. */
export interface HorizonResult {
  /** The probability as a double: 0 where it underflows (then read log10). */
  probability: number;
  /** Base-10 logarithm of the probability; -Infinity when it is exactly 0. */
  log10: number;
  /** The decay rate from this square: the probability falls like c·λ^N for large N (0 when it dies out). */
  lambda: number;
  /** An estimate of λ's absolute error (the last change of the power iteration, extrapolated). */
  lambdaError: number;
  /**
   * log10 of c in p ≈ c·λ^N, read off at this N: it settles as N grows (on bipartite leaper graphs, one
   * value for even N and one for odd N). null when λ is 0.
   */
  log10c: number | null;
  /** How it was computed: the scaled DP, repeated squaring of the orbit operator, or the DP extrapolated. */
  method: HorizonMethod;
  /**
   * The result's relative error: a rounding bound for dp and squaring (it grows like N, since p_N's relative
   * sensitivity to the operator is N), the extrapolation's estimated error otherwise.
   */
  relativeError: number;
}

/** The far-horizon methods: the scaled DP, repeated squaring of the orbit operator, the settled DP extrapolated. */
export const HORIZON_METHODS = ['dp', 'squaring', 'extrapolation'] as const;

/** A far-horizon method: one of {@link HORIZON_METHODS}. */
export type HorizonMethod = (typeof HORIZON_METHODS)[number];

/** Options of survivalAtHorizon: the method, when a caller wants one (tests compare them); chosen by cost otherwise. */
export interface HorizonOptions {
  /** Force a method instead of the cheapest. */
  method?: HorizonMethod;
}

/** The decay rate λ from one square (the probability falls like c·λ^N), with its estimated error. */
export interface DecayRate {
  /** λ, per move. */
  lambda: number;
  /** An estimate of λ's absolute error. */
  error: number;
  /** Moves of the power iteration it took. */
  iterations: number;
}

/** Survival from every square at one horizon: probability (0 where a double underflows) and log10 beside it. */
export interface SurvivalMap {
  /** probability[s]: P(still on the board) from square s, 0 where it underflows a double. */
  probability: Float64Array;
  /** log10[s]: its base-10 logarithm, -Infinity where it is exactly 0. */
  log10: Float64Array;
}

/**
 * Progress in nodes: those spent since the job began, of those plus the ones forecast to go, with the total
 * raised where a new forecast would lower the share done (so the share never goes back); it ends at done.
 */
class NodeProgress {
  readonly start: number;
  private readonly forecast = new ForecastProgress('moves');

  constructor(private readonly ctl: JobControl<unknown>) {
    this.start = ctl.nodes;
  }

  get done(): number {
    return this.ctl.nodes - this.start;
  }

  /** Reports done of done + `left`. */
  say(left: number): void {
    this.forecast.report(this.ctl, this.done, left);
  }

  /** Reports the end: done of done. */
  end(): void {
    this.forecast.finish(this.ctl, this.done);
  }
}

/** Moves the power iteration is first taken to need, before it has run (the forecast takes over at its first pause). */
const DECAY_GUESS = 64;

/**
 * The decay rate from `from`, as a job: λ² is the limit of p_{n+2}/p_n (two moves, since leaper graphs are
 * often bipartite and then the ±λ eigenvalues alternate), by power iteration on the orbit operator until the
 * ratio settles or its work budget runs out. A node is one move of the iteration; progress forecasts the moves
 * left from how fast the ratio converges.
 */
export function decayRateJob(g: Graph, from: number): Job<DecayRate> {
  checkGraph(g);
  checkSquare(g.board, from);
  return job(
    function* (ctl) {
      const progress = new NodeProgress(ctl);
      progress.say(DECAY_GUESS);
      // The orbits are set-up with a pause of their own (on a 100×100 board they take a few milliseconds).
      const r = reduced(g, from);
      yield;
      const d = yield* decayOf(r, 0, ctl, (left) => progress.say(left));
      progress.end();
      return d.rate;
    },
    { unit: 'moves' },
  );
}

/** decayRateJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function decayRate(g: Graph, from: number, options: RunOptions = {}): Promise<Outcome<DecayRate>> {
  return decayRateJob(g, from).run(options);
}

/** decayRateJob run to its end or a limit in one go. */
export function decayRateSync(g: Graph, from: number, options: RunOptions = {}): Outcome<DecayRate> {
  return decayRateJob(g, from).runSync(options);
}

/** The survival probability, λ, c and the error, by the method the cost (or `method`) picks. */
function* horizon(
  g: Graph,
  r: Reduced,
  steps: number,
  forced: HorizonMethod | undefined,
  ctl: JobControl<unknown>,
): Generator<void, HorizonResult, void> {
  // The method, once the decay estimate has made `decayMoves` moves: the DP is exact up to rounding; it runs
  // when cheap, or when the decay estimate already went as far.
  const pick = (decayMoves: number): HorizonMethod => {
    const far = decayMoves >= steps;
    if (
      forced === 'dp' ||
      (forced === undefined && (steps * (r.target.length + r.m) <= DP_WORK || (r.m > SQUARING_MAX_ORBITS && far)))
    )
      return 'dp';
    if (forced === 'extrapolation' && far) return 'dp';
    if (forced === 'squaring' || (forced === undefined && r.m <= SQUARING_MAX_ORBITS)) return 'squaring';
    return 'extrapolation';
  };
  const cost = (method: HorizonMethod): number =>
    method === 'dp' ? steps : method === 'squaring' ? squaringCost(r, steps) : 0;
  const progress = new NodeProgress(ctl);
  progress.say(DECAY_GUESS + cost(pick(DECAY_GUESS)));
  const decay = yield* decayOf(r, steps % 2, ctl, (left) => progress.say(left + cost(pick(progress.done + left))));
  const { lambda, error: lambdaError } = decay.rate;
  const maxDeg = Math.max(1, g.k);
  const done = (p: Omit<HorizonResult, 'log10c' | 'lambda' | 'lambdaError'>): HorizonResult => {
    progress.end();
    const log10c = lambda > 0 && Number.isFinite(p.log10) ? p.log10 - steps * Math.log10(lambda) : null;
    return { ...p, lambda, lambdaError, log10c };
  };
  const method = pick(decay.steps);
  if (method === 'dp') {
    progress.say(steps);
    const { v, log2 } = yield* byDp(r, steps, ctl, (left) => progress.say(left));
    return done({ ...scaledValue(v[r.fromOrbit], log2), method: 'dp', relativeError: steps * maxDeg * EPS });
  }
  if (method === 'squaring') {
    progress.say(cost('squaring'));
    const { v, log2 } = yield* bySquaring(r, steps, ctl, (left) => progress.say(left));
    // Squaring doubles the relative error of each power, so rounding adds up to about N·m·eps, like the DP's.
    const bits = Math.ceil(Math.log2(steps + 1));
    return done({
      ...scaledValue(v[r.fromOrbit], log2),
      method: 'squaring',
      relativeError: Math.min(1, (steps + 2 * bits) * r.m * EPS),
    });
  }
  // Big board and far horizon: from the settled DP (same parity as steps), p_N ≈ p_n · ratio^((N - n) / 2).
  const mant = decay.v[r.fromOrbit];
  if (mant === 0 || decay.ratio === 0)
    return done({ probability: 0, log10: -Infinity, method: 'extrapolation', relativeError: 0 });
  const half = (steps - decay.steps) / 2;
  const log2 = decay.log2 + half * Math.log2(decay.ratio);
  const relativeError = Math.min(
    1,
    half * (decay.ratioError / decay.ratio) + decay.contamination + decay.steps * maxDeg * EPS,
  );
  return done({ ...scaledValue(mant, log2), method: 'extrapolation', relativeError });
}

/**
 * P(still on the board after `steps` moves) from `from`, for any steps up to 10^9, with λ, c and the error, as
 * a job (a node is one move of the DP, or a squaring's multiply-adds counted in such moves; progress is in
 * these nodes, the power iteration's still to go forecast from how fast it converges). The method is chosen by cost
 * unless `options.method` names one.
 * @example
 * ```ts
 * import { Board } from 'gridbits/core';
 * import { graph, survivalAtHorizonSync } from 'gridbits/walk';
 * const out = survivalAtHorizonSync(graph(Board.of(8, 8), 'knight'), 0, 1_000_000_000);
 * if (out.finished) console.log(out.value.log10, out.value.lambda); // -124167783.09…, 0.7513…
 * ```
 */
export function survivalAtHorizonJob(
  g: Graph,
  from: number,
  steps: number,
  options: HorizonOptions = {},
): Job<HorizonResult> {
  checkGraph(g);
  checkSquare(g.board, from);
  checkSteps(steps, HORIZON_MAX_STEPS);
  checkOptions(options);
  const { method } = options;
  if (method !== undefined && !(HORIZON_METHODS as readonly unknown[]).includes(method)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `walk: options.method must be one of ${HORIZON_METHODS.join(', ')}, got ${String(method)}`,
    );
  }
  return job(
    function* (ctl) {
      ctl.report({ share: 0, done: 0, unit: 'moves' });
      const r = reduced(g, from);
      yield;
      return yield* horizon(g, r, steps, method, ctl);
    },
    { unit: 'moves' },
  );
}

/** survivalAtHorizonJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function survivalAtHorizon(
  g: Graph,
  from: number,
  steps: number,
  options: HorizonOptions & RunOptions = {},
): Promise<Outcome<HorizonResult>> {
  return survivalAtHorizonJob(g, from, steps, options).run(options);
}

/** survivalAtHorizonJob run to its end or a limit in one go. */
export function survivalAtHorizonSync(
  g: Graph,
  from: number,
  steps: number,
  options: HorizonOptions & RunOptions = {},
): Outcome<HorizonResult> {
  return survivalAtHorizonJob(g, from, steps, options).runSync(options);
}

/**
 * Squares × steps up to which survivalMapAtHorizon runs the DP on boards too big for squaring: about a minute
 * here (measured in bench/results/walk.md).
 */
export const MAP_MAX_WORK = 3_000_000_000;

/** The classes of orbits the map computes, each by the DP or by squaring; null when one is over MAP_MAX_WORK. */
function mapPlan(g: Graph, steps: number): { r: Reduced; squaring: boolean }[] | null {
  checkGraph(g);
  checkSteps(steps, HORIZON_MAX_STEPS);
  const orbits = squareOrbits(g);
  // One class per component of orbits: the DP of any of its orbits gives all of them.
  const classes: { r: Reduced; squaring: boolean }[] = [];
  const seen = new Uint8Array(orbits.reps.length);
  for (let o0 = 0; o0 < orbits.reps.length; o0++) {
    if (seen[o0] === 1) continue;
    const r = reduced(g, orbits.reps[o0], orbits);
    for (const o of r.members) seen[o] = 1;
    const work = steps * (r.target.length + r.m);
    if (work > DP_WORK && r.m > SQUARING_MAX_ORBITS && steps * g.board.cells > MAP_MAX_WORK) return null;
    classes.push({ r, squaring: work > DP_WORK && r.m <= SQUARING_MAX_ORBITS });
  }
  return classes;
}

/** True when survivalMapAtHorizon takes this board and horizon (false: it throws LIMIT, ask square by square). */
export function mapWithin(g: Graph, steps: number): boolean {
  return mapPlan(g, steps) !== null;
}

/**
 * P(still on the board after `steps` moves) from every square, with log10 beside it where a double
 * underflows, as a job: per connected class of orbits, by the scaled DP or repeated squaring (whichever is
 * cheaper), so N may reach 10^9 on boards with up to 128 orbits per class; beyond, squares × steps ≤
 * MAP_MAX_WORK (LIMIT otherwise, thrown here). A node is one move of a class's DP, or a squaring's
 * multiply-adds counted in such moves.
 */
export function survivalMapAtHorizonJob(g: Graph, steps: number): Job<SurvivalMap> {
  const plan = mapPlan(g, steps);
  if (plan === null) {
    throw new GridbitsError(
      'LIMIT',
      `walk: every square of ${g.board} at ${steps} steps is over the limit of squares × steps = ${MAP_MAX_WORK}; ask for one square at a time (survivalAtHorizon)`,
    );
  }
  const classes = plan;
  const orbits = squareOrbits(g);
  const n = g.board.cells;
  const costs = classes.map(({ r, squaring }) => (squaring ? squaringCost(r, steps) : steps));
  return job(
    function* (ctl) {
      const progress = new NodeProgress(ctl);
      let later = costs.reduce((a, b) => a + b, 0);
      progress.say(later);
      const probability = new Float64Array(n),
        log10 = new Float64Array(n);
      const perOrbit = new Float64Array(orbits.reps.length * 2);
      for (let c = 0; c < classes.length; c++) {
        const { r, squaring } = classes[c];
        later -= costs[c];
        const say = (left: number): void => progress.say(left + later);
        const { v, log2 } = squaring ? yield* bySquaring(r, steps, ctl, say) : yield* byDp(r, steps, ctl, say);
        for (let i = 0; i < r.m; i++) {
          const f = scaledValue(v[i], log2);
          perOrbit[2 * r.members[i]] = f.probability;
          perOrbit[2 * r.members[i] + 1] = f.log10;
        }
      }
      for (let s = 0; s < n; s++) {
        probability[s] = perOrbit[2 * orbits.orbit[s]];
        log10[s] = perOrbit[2 * orbits.orbit[s] + 1];
      }
      progress.end();
      return { probability, log10 };
    },
    { unit: 'moves' },
  );
}

/** survivalMapAtHorizonJob run to its end or a limit, giving the event loop a turn about every 20 ms. */
export function survivalMapAtHorizon(g: Graph, steps: number, options: RunOptions = {}): Promise<Outcome<SurvivalMap>> {
  return survivalMapAtHorizonJob(g, steps).run(options);
}

/** survivalMapAtHorizonJob run to its end or a limit in one go. */
export function survivalMapAtHorizonSync(g: Graph, steps: number, options: RunOptions = {}): Outcome<SurvivalMap> {
  return survivalMapAtHorizonJob(g, steps).runSync(options);
}
