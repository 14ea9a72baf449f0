// How much work the counting program has left: the states of the cells still to scan, forecast from the layer at hand,
// and the progress a count's passes report from it.
import { ForecastProgress, type JobControl } from '../core/job.js';
import type { CountPlan } from './count-plan.js';
import type { Layer } from './count-states.js';

/*
 * The states per cell rise over the first rows (the window and the ships placed fill out), stay level, and
 * fall over the last rows, where the window reaches past the board's end: hasbro on 10×10 has 1 state at the
 * first cell, 282,000 in the middle rows and 47 at the last, and most of the time goes to the level stretch,
 * so a count of cells passed is no measure of the work (9×9 said 48 % at three quarters of the time).
 *
 * The forecast is made at each cell from the layer about to be expanded. The fall: a window bit at offset d
 * stands for the cell d ahead, so at a later cell q no state has a bit at an offset ≥ cells − q; the states at
 * q are forecast as this layer's states whose highest window bit lies below that (read off a sample of the
 * layer), which is within 5–20 % on the level and falling stretches of hasbro, classic and touching fleets. The
 * rise: the growth over the last scan line, log(states now / states one line back), is taken to go on
 * shrinking by RISE_DECAY a line (0.3, tuned on hasbro and classic on 6×6 … 10×10; 0.5 and 0.6 were worse).
 * Progress from this forecast stays within 5 % of the share of states expanded on those boards, against up to
 * 29 % for cells passed. Fields with many shots (misses and hits) have irregular layers no forecast follows
 * closely; they are small and quick.
 */
const RISE_DECAY = 0.3;
/** States of a layer read for the forecast: enough for shares to about 1.5 %, cheap beside the layer's expansion. */
const SAMPLE = 4096;
/** The rise forecast at most multiplies the states by e^MAX_RISE. */
const MAX_RISE = 40;

/** The forecast of the states a pass has still to expand, remade at each cell. */
export class StateForecast {
  private readonly window: number;
  /** sizes[pos]: the states of the layer at pos, once reached. */
  private readonly sizes: Float64Array;
  /** below[t]: share of the sampled states whose highest window bit is below offset t. */
  private readonly below: Float64Array;

  /** @param decay how fast the growth per scan line shrinks (RISE_DECAY, tuned on the keyed states) */
  constructor(
    private readonly plan: CountPlan,
    private readonly decay = RISE_DECAY,
  ) {
    this.window =
      32 * (plan.maskWords - 1) + (plan.lastWindowMask === -1 ? 32 : 31 - Math.clz32(plan.lastWindowMask) + 1);
    this.sizes = new Float64Array(plan.cells + 1);
    this.below = new Float64Array(this.window + 1);
  }

  /**
   * At scan position pos, with `size` states in its layer (`sample`: that layer, or some of its states taken evenly
   * across it): the states the later positions are forecast to hold, summed.
   */
  ahead(pos: number, size: number, sample: Layer): number {
    const { plan, sizes, below, window } = this;
    const N = plan.cells,
      S = size,
      line = plan.rowLength;
    sizes[pos] = S;
    if (S === 0 || pos >= N - 1) return 0;
    highestBits(plan, sample, below, window);
    const back = pos >= line ? sizes[pos - line] : pos >= 1 ? sizes[pos - 1] : 0;
    let rise = 0;
    if (back > 0 && S > back) rise = pos >= line ? Math.log(S / back) : Math.log(S / back) * line;
    let sum = 0;
    for (let q = pos + 1; q < N; q++) {
      const lines = (q - pos) / line;
      const grow = Math.min(MAX_RISE, (rise * this.decay * (1 - this.decay ** lines)) / (1 - this.decay));
      const room = N - q;
      sum += S * Math.exp(grow) * (room >= window ? 1 : below[room]);
    }
    return sum;
  }
}

/**
 * Fills below[t] (t = 0..window) with the share of a strided sample of the layer whose window bits all lie below offset
 * t.
 */
function highestBits(plan: CountPlan, cur: Layer, below: Float64Array, window: number): void {
  const K = plan.keyWords,
    M = plan.maskWords,
    lw = plan.lastWindowMask,
    keys = cur.keys!;
  const step = Math.max(1, Math.floor(cur.size / SAMPLE));
  below.fill(0);
  let m = 0;
  for (let e = 0; e < cur.size; e += step) {
    m++;
    let top = -1;
    for (let j = M - 1; j >= 0 && top < 0; j--) {
      const x = j === M - 1 ? keys[e * K + j] & lw : keys[e * K + j];
      if (x !== 0) top = 32 * j + 31 - Math.clz32(x);
    }
    below[top + 1]++;
  }
  // Index t counted the states whose highest bit is t − 1: summed up to t, the states with every bit below t.
  let acc = 0;
  for (let t = 0; t <= window; t++) {
    acc += below[t];
    below[t] = acc / m;
  }
}

/**
 * Where a call's passes stand, in states expanded (its nodes): `done` so far, reported beside a total made of
 * the states forecast to go (StateForecast). Shared by the passes of one call. The total is raised
 * where a new forecast would lower the share done, so the share never goes back, and it ends exactly at
 * `done` — except when a pass is redone in BigInts (a total of 2^53 or more): the work has then really grown,
 * and the total says so once.
 */
export class PassProgress {
  /** States expanded so far by the call's passes. */
  done = 0;
  private readonly forecast = new ForecastProgress('states');

  /** @param backward true when a backward pass over the same layers follows the forward one */
  constructor(readonly backward: boolean) {}

  /** Reports `done` of done + `left` (the states forecast to go), the share kept from going back. */
  report<P>(ctl: JobControl<P>, left: number): void {
    this.forecast.report(ctl, this.done, left);
  }

  /** Reports the end: done of done. */
  finish<P>(ctl: JobControl<P>): void {
    this.forecast.finish(ctl, this.done);
  }

  /** The work grew (the pass is redone in BigInts): the share may go back this once. */
  regrow(): void {
    this.forecast.regrow();
  }
}
