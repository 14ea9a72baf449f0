// Opt-in (about a minute): GRIDBITS_LONG=1 npx vitest run test/tour/existence-search.long.test.ts
import { describe, it } from 'vitest';
import { checkBoard } from './existence-search-sweep.js';

describe.skipIf(!process.env.GRIDBITS_LONG)('the existence rules by exhaustive search: the long sweep', () => {
  it('3×n and 4×n for n = 9, 10 in both orientations', () => {
    for (const n of [9, 10]) {
      for (const m of [1, 2, 3, 4]) {
        checkBoard(m, n, m === 3 && n === 9);
        checkBoard(n, m, false);
      }
    }
  });

  it('the per-square reference search on 5×5, 4×6 and 6×4', () => {
    checkBoard(5, 5, true);
    checkBoard(4, 6, true);
    checkBoard(6, 4, true);
  });
});
