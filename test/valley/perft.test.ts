// perft through its full-move path (depth 4: two plies walked, then the incremental two-ply count) on positions
// of random games, against the plain reference generator.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import { START, createEngine, parsePosition, perftSync } from '../../src/valley/index.js';
import { refFormat, refMoves, refParse, refPerft, refPlay } from './reference.js';

describe("King's Valley perft on positions of random games", () => {
  it('counts depth 4 as the reference does', () => {
    const rng = createRng(2006);
    let checked = 0;
    for (let game = 0; game < 12; game++) {
      let p = refParse(START);
      for (let ply = 0; ply < 24; ply++) {
        const moves = refMoves(p);
        if (moves.length === 0) break;
        if (ply % 6 === 3) {
          const text = refFormat(p);
          expect(finishedValue(perftSync(createEngine(parsePosition(text)), 4)), text).toBe(refPerft(p, 4));
          checked++;
        }
        p = refPlay(p, moves[rng.below(moves.length)]);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
