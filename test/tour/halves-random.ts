// The halves' count against the whole-board program on random boards and leapers: a property shared by the
// tests of the halves (count-halves.test.ts) and their long runs (count.long.test.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import { Board } from '../../src/core/board.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph } from '../../src/tour/count-graph.js';
import { halvesCount } from '../../src/tour/count-halves.js';

/**
 * The halves' count against the whole-board program on random boards with an even number of rows (up to
 * `maxCells` squares) and random leapers made of one or two parts; more than `nonzero` of the runs must have tours.
 */
export function againstWholeBoard(o: {
  closed: boolean;
  maxWidth: number;
  maxHalf: number;
  maxCells: number;
  seed: number;
  nonzero: number;
  odd?: boolean;
  /** Runs of the property (60 unless given). */
  runs?: number;
}): void {
  const parts = ['knight', '1,1', 'wazir', '0,2', '2,2'];
  let nonzero = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: o.maxWidth }),
      fc.integer({ min: 2, max: o.maxHalf }),
      fc.subarray(parts, { minLength: 1, maxLength: 2 }),
      (w, half, chosen) => {
        // An odd number of rows (at least 5) takes the two boards one row taller and one shorter.
        const h = o.odd ? 2 * half + 1 : 2 * half;
        if (w * h > o.maxCells) return;
        const piece = parsePiece(chosen.join('+'));
        const whole = frontierCount(buildCountGraph(Board.of(w, h), piece, w <= h ? 'shorter' : 'longer'), {
          closed: o.closed,
          ends: [],
        });
        if (whole.count > 0n) nonzero++;
        expect(halvesCount(w, h, piece, o.closed).count, `${w}x${h} ${piece.name}`).toBe(whole.count);
      },
    ),
    { numRuns: o.runs ?? 60, seed: o.seed },
  );
  expect(nonzero).toBeGreaterThan(o.nonzero);
}
