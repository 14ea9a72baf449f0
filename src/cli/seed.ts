// The seed of a run: the one given with --seed, or a fresh one, which every random command prints (text and JSON)
// so that --seed repeats the run exactly (the flag is command.ts's seedFlag).
import { randomInt } from 'node:crypto';
import { int, type Parsed } from './command.js';

/** Fresh seeds are below 2^31: short to type back, and within every engine's seed range. */
const FRESH_SEEDS = 2 ** 31;

/** The seed of this run: `--seed N` (0 up to `max`), else a fresh random one. */
export function seedOf(args: Parsed, max = Number.MAX_SAFE_INTEGER): number {
  return int(args, 'seed', 0, max) ?? randomInt(0, FRESH_SEEDS);
}
