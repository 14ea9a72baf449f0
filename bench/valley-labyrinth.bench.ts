// Benchmarks of the Labyrinth engine (7×7, two 32-bit halves): perft leaves per second through the generic
// Engine perft, beside the plain coordinate-loop reference generator of the tests in the same process.
import { createVariantEngine, perftSync, type Engine } from '../src/valley/index.js';

/** perft through the library's job (no limits: always finished). */
function enginePerft(e: Engine, depth: number): number {
  const o = perftSync(e, depth);
  return o.finished ? o.value : -1;
}
import { gridParse, gridPerft } from '../test/valley/grid-reference.js';
import { median, medianPair } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

const START = 'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0';
const EXPECTED = [1, 16, 288, 5984, 120870];

export async function run(): Promise<BenchSection> {
  const engine = createVariantEngine('labyrinth', START);
  const ref = gridParse(START);
  for (let d = 1; d <= 4; d++) {
    if (enginePerft(engine, d) !== EXPECTED[d] || gridPerft(ref, d) !== EXPECTED[d])
      throw new Error(`labyrinth bench: perft ${d} disagrees`);
  }
  const rows: BenchRow[] = [];
  const pair = medianPair(
    () => enginePerft(engine, 4),
    () => gridPerft(ref, 4),
    9,
  );
  rows.push({
    name: 'Labyrinth perft 4 from the start (120,870 leaves)',
    medianMs: pair.f,
    baseline: {
      name: 'plain reference perft (letter grid, coordinate loops, a new grid per move)',
      medianMs: pair.baseline,
    },
    note: `${(EXPECTED[4] / pair.f / 1000).toFixed(1)} M leaves/s; reference ${(EXPECTED[4] / pair.baseline / 1000).toFixed(2)} M leaves/s`,
  });
  const leaves5 = enginePerft(engine, 5);
  const ms5 = median(() => enginePerft(engine, 5), { samples: 5, inner: 1, warmup: 1 });
  rows.push({
    name: `Labyrinth perft 5 from the start (${leaves5.toLocaleString('en-US')} leaves)`,
    medianMs: ms5,
    note: `${(leaves5 / ms5 / 1000).toFixed(1)} M leaves/s; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  });
  return {
    title: "King's Valley Labyrinth perft (7×7)",
    rows,
    notes: [
      "Generic perft over the Engine interface (make/unmake through the interface), the last ply bulk-counted by the engine's mobility",
      '(one move per empty neighbour, less soldier slides that would stop on d4: no slide walked); slide ends from ray tables over two',
      '32-bit halves (nearest blocker by clz32), pillars folded into the occupancy. No target in the issue.',
      'perft runs as a job (perftSync here): a clone of the engine (its arrays copied, no string round trip), a forecast of each first',
      "move's leaves (its perft two plies short) for progress, then one step per first move, each counted by a plain recursive function.",
      'Before the job contract (0.1, 940d943) the last ply was counted by generate (every slide walked): 20.24× on an AMD EPYC, 7–10× on this machine.',
    ],
  };
}
