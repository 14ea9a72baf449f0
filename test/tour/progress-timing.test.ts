// The tour counter's progress against the work done. Where a count pauses depends on the clock (a job pauses
// about every 20 ms to report), and the share it reports never falls, so the shares read here move a little
// with the machine's load: this file runs alone, after the others (see vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import type { Progress } from '../../src/core/run.js';
import * as tour from '../../src/tour/index.js';

describe('tour counts: progress', () => {
  it('progress follows the work: at a quarter, half and three quarters of the states it says so within 17 points', () => {
    // The whole-board program's forecast (closed tours of even boards are counted by halves unless the method is
    // named).
    for (const [w, h, closed] of [
      [6, 6, true],
      [5, 5, false],
      [5, 6, true],
    ] as const) {
      const whole = tour.countToursSync(Board.of(w, h), { closed, method: 'frontier' });
      expect(whole.finished).toBe(true);
      const quarter = Math.ceil(whole.nodes / 4);
      const j = tour.countToursJob(Board.of(w, h), { closed, method: 'frontier' });
      const said: number[] = [];
      for (let i = 0; i < 4; i++) {
        let last: Progress | undefined;
        j.runSync({ maxNodes: quarter, onProgress: (p) => (last = p) });
        said.push(100 * last!.share!);
      }
      expect(said[3]).toBe(100);
      // The forecast of the later steps is rough on the smallest board: 5×6 closed (16,519 states) says 35, 66 and
      // 74 % (6×6: 35, 59, 75; 5×5 open: 36, 49, 76). Its share is read at every pause and never falls, so the
      // forecast's high point at the end of a step is what it says until the work catches up.
      said
        .slice(0, 3)
        .forEach((p, i) => expect(Math.abs(p - 25 * (i + 1)), `${w}x${h}: ${said.join(', ')}`).toBeLessThanOrEqual(17));
    }
  });
});
