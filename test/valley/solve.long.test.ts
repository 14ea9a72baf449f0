// Opt-in (several minutes): GRIDBITS_LONG=1 npx vitest run test/valley/solve.long.test.ts
// Every first move of King's Valley settled, each proof replayed against every defence on the reference generator.
import { describe, expect, it } from 'vitest';
import { finishedValue } from '../../src/core/job.js';
import {
  BOARD,
  createEngine,
  formatMove,
  formatPosition,
  legalMoves,
  play,
  solve,
  startPosition,
} from '../../src/valley/index.js';
import { replayStrategy } from './solve-check.js';

// White's first moves: the four that win and the six that lose (Black then wins); no first move draws.
const WINS = ['a1d4', 'b1b4', 'd1d4', 'e1b4'];

describe.skipIf(!process.env.GRIDBITS_LONG)("every first move of King's Valley", () => {
  it('wins after a1d4, b1b4, d1d4, e1b4 and loses after the six others, proofs replayed', async () => {
    const values: Record<string, string> = {};
    for (const m of legalMoves(startPosition()).map((x) => formatMove(x, BOARD))) {
      const after = play(startPosition(), m);
      const r = finishedValue(await solve(createEngine(after), { tableMegabytes: 1024, strategy: true }));
      values[m] = r.value === 'loss' ? 'white wins' : r.value === 'win' ? 'black wins' : String(r.value);
      expect(r.value === 'win' || r.value === 'loss', m).toBe(true);
      const replay = replayStrategy(formatPosition(after), r.strategy!, r.value === 'win', r.proofDepth!);
      expect(replay.longest).toBeLessThanOrEqual(r.proofDepth!);
    }
    for (const [m, v] of Object.entries(values)) expect(v, m).toBe(WINS.includes(m) ? 'white wins' : 'black wins');
  }, 3_600_000);
});
