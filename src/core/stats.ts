// Statistics shared by the engines: the Wilson score interval for an estimated proportion.
import { checkInt, refuse } from './check.js';

/** A confidence interval for a proportion. */
export interface Interval {
  /** The lower end. */
  low: number;
  /** The upper end. */
  high: number;
}

const Z95 = 1.959963984540054;

/** The Wilson score interval for `survived` successes in `trials` at normal quantile z (95 % by default). */
export function wilson(survived: number, trials: number, z = Z95): Interval {
  checkInt(trials, 'trials', 0);
  checkInt(survived, 'survived', 0, trials);
  if (typeof z !== 'number' || !(z > 0 && z < 100)) refuse('z', 'a normal quantile above 0 (1.96 for 95 %)', z);
  if (trials === 0) return { low: 0, high: 1 };
  const p = survived / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denom;
  // At 0 or all successes the bound is 0 or 1 exactly; rounding would leave it a hair inside.
  return {
    low: survived === 0 ? 0 : Math.max(0, centre - half),
    high: survived === trials ? 1 : Math.min(1, centre + half),
  };
}
