// Problems for the counting and sampling tests, built by the reference code only (no engine code).
import fc from 'fast-check';
import { isTooLarge, type TooLarge } from '../../src/fleet/memory.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { refProblem } from '../reference/fleet.js';

type Touch = FleetProblem['touch'];

/** The answer of an exact call on a problem well within the memory cap (a TooLarge answer fails the test). */
export function exactly<T>(answer: T | TooLarge): T {
  if (isTooLarge(answer)) throw new Error(`unexpectedly too large: ${answer.reason}`);
  return answer;
}

/** A problem from plain ship descriptions, built by the reference (no engine code). */
export function problemOf(
  w: number,
  h: number,
  ships: string[],
  touch: Touch,
  options: { mirror?: boolean; forbidden?: number[]; required?: number[] } = {},
): FleetProblem {
  const r = refProblem(w, h, ships, touch, options);
  return {
    ...r,
    forbidden: r.forbidden as Uint8Array,
    required: r.required as Uint8Array,
    kinds: r.kinds.map((k, i) => ({ name: `kind${i}`, ...k })),
  };
}

/** Random small problems: up to 20 cells, up to three ships from straight and polyomino shapes, any rules. */
export const smallProblems = fc
  .record({
    w: fc.integer({ min: 1, max: 5 }),
    h: fc.integer({ min: 1, max: 5 }),
    ships: fc.array(fc.constantFrom('1', '2', '3', '4', '##/#.', '###/.#.', '##/##', '.##/##.'), {
      minLength: 1,
      maxLength: 3,
    }),
    touch: fc.constantFrom<Touch>('none', 'corner', 'any'),
    mirror: fc.boolean(),
    forbidSeed: fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 5 }),
    requireSeed: fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 2 }),
  })
  .filter((r) => r.w * r.h <= 20)
  .map((r) => {
    const n = r.w * r.h;
    const required = r.requireSeed.map((x) => x % n);
    const forbidden = r.forbidSeed.map((x) => x % n).filter((c) => !required.includes(c));
    return problemOf(r.w, r.h, r.ships, r.touch, { mirror: r.mirror, forbidden, required });
  });
