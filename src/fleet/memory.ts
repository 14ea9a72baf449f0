// The counting program's memory cap: the most one of its arrays may take, and the answer the exact methods give
// (instead of running until the machine is out of memory) for a problem that needs more.
import { thousands } from '../core/text.js';

/**
 * The largest buffer one table or array of the counting program may take: 2 GiB, sized to a machine of 24 GB,
 * which holds a count at this cap (its table and two layers) several times over. The classic fleet on 16×16
 * fits (6 minutes, 3.7 GB at most on 2 cores; at 512 MiB it was refused after 5 s); a problem that needs more (the
 * classic fleet on 100×100 needs tens of GB) is answered {@link TooLarge} instead of taking every byte of the
 * machine.
 */
export const MAX_TABLE_BYTES = 2 ** 31;

/**
 * What an exact method (a count, per-cell counts, the exact sampler, an exact heat map) answers when one step of
 * its counting program would need more than {@link MAX_TABLE_BYTES}: no answer, and why.
 */
export interface TooLarge {
  /** Always true: the problem is too large for the exact method. */
  tooLarge: true;
  /** Why, in words: "one step of the count would hold more than 33,554,432 states (512 MiB)". */
  reason: string;
}

/** True for the answer of an exact method that found the problem too large (see {@link TooLarge}). */
export function isTooLarge(answer: unknown): answer is TooLarge {
  return typeof answer === 'object' && answer !== null && (answer as Partial<TooLarge>).tooLarge === true;
}

/**
 * Raised inside the counting program when an array would pass the cap; the exact methods' jobs catch it and answer
 * {@link TooLarge}, so it never leaves a running job.
 */
export class PastMemoryCap extends Error {
  constructor(readonly answer: TooLarge) {
    super(answer.reason);
  }
}

/** The cap passed, as PastMemoryCap: one step would hold more than `most` `what` (items of one array's size). */
export function pastCap(most: number, what: string): PastMemoryCap {
  const size = MAX_TABLE_BYTES >= 2 ** 30 ? `${MAX_TABLE_BYTES / 2 ** 30} GiB` : `${MAX_TABLE_BYTES / 2 ** 20} MiB`;
  return new PastMemoryCap({
    tooLarge: true,
    reason: `one step of the count would hold more than ${thousands(Math.floor(most))} ${what} (${size})`,
  });
}

/** `n` items of `bytes` bytes each, or PastMemoryCap when one array of them would pass MAX_TABLE_BYTES. */
export function checkBytes(n: number, bytes: number, what = 'values'): number {
  if (n * bytes > MAX_TABLE_BYTES) throw pastCap(MAX_TABLE_BYTES / bytes, what);
  return n;
}

/**
 * The answer of a piece of exact work, or TooLarge when it passed the memory cap, or when the machine could not
 * give an array under it (a browser tab may hold less than the cap); any other error goes on up.
 */
export function* withinMemory<T>(work: Generator<void, T, void>): Generator<void, T | TooLarge, void> {
  try {
    return yield* work;
  } catch (e) {
    if (e instanceof PastMemoryCap) return e.answer;
    if (e instanceof RangeError && /allocation failed|out of memory/i.test(e.message))
      return { tooLarge: true, reason: 'one step of the count needs more memory than this machine could give' };
    throw e;
  }
}
