// Benchmark of the Sea Battle hunter: shots to sink a uniform hasbro fleet (5,4,3,3,2, touching allowed) on
// 10×10 — the posterior hunter beside the plain per-ship placement-density hunter and random firing, all on
// the same layouts in the same process.
import { createRng } from '../src/core/prng.js';
import { createHunter, type HunterStrategy } from '../src/fleet/ai.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import { RejectionSampler } from '../src/fleet/reject.js';
import { gameSeeds, playOut, shotStats, type ShotStats } from '../src/fleet/sim.js';
import type { BenchRow, BenchSection } from './types.js';

const LONG = process.env.GRIDBITS_BENCH_LONG === '1';
/** Games per hunter: GRIDBITS_BENCH_GAMES, else 10,000 with GRIDBITS_BENCH_LONG=1, else 300 (about a minute). */
const GAMES = Number(process.env.GRIDBITS_BENCH_GAMES ?? (LONG ? 10_000 : 300));

function play(strategy: HunterStrategy, games: number): { stats: ShotStats; msPerGame: number } {
  const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
  const layouts = new RejectionSampler(p);
  const hunter = createHunter(p, { strategy });
  const shots: number[] = [];
  const t0 = performance.now();
  for (const seed of gameSeeds(2026, games)) {
    const rng = createRng(seed);
    const layout = layouts.sample(rng, 1e9)!;
    shots.push(playOut(p, layout, hunter, rng));
  }
  return { stats: shotStats(shots), msPerGame: (performance.now() - t0) / games };
}

const describe = (s: ShotStats): string => `mean ${s.mean.toFixed(2)}, median ${s.median}, min ${s.min}, max ${s.max} shots over ${s.games} games`;

export async function run(): Promise<BenchSection> {
  const random = play('random', GAMES);
  const density = play('density', GAMES);
  const posterior = play('posterior', GAMES);
  const base = { name: 'placement-density hunter (time per game)', medianMs: density.msPerGame };
  const rows: BenchRow[] = [
    { name: 'random firing, per game', medianMs: random.msPerGame, note: describe(random.stats) },
    { name: 'plain per-ship placement-density hunter, per game', medianMs: density.msPerGame, note: describe(density.stats) },
    {
      name: 'posterior hunter (importance-sampled uniform layouts matching the replies, 400 samples a shot), per game',
      medianMs: posterior.msPerGame,
      baseline: base,
      target: 'mean < 42 over 10,000 games, no game over 70',
      met: posterior.stats.games >= 10_000 && posterior.stats.mean < 42 && posterior.stats.max <= 70,
      note: `${describe(posterior.stats)}${posterior.stats.games < 10_000 ? ' (fewer than the 10,000 games of the target: GRIDBITS_BENCH_LONG=1 runs them)' : ''}; peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    },
  ];
  return {
    title: 'Sea Battle hunter (fleet sim)',
    rows,
    notes: [
      'Each game: an exactly uniform hasbro layout on 10×10, touching allowed (rejection sampling), then the hunter until every ship is sunk; the reply to a sinking shot names the ship (so its cells are known). The three hunters play the same layouts (same seeds).',
      "The posterior hunter shoots the cell most likely to hold a ship under uniform layouts matching every reply (hits must be covered, misses and sunk ships' cells are empty, and no ship may lie wholly on hits, for it would have been reported sunk), estimated by sequential importance sampling with the free-phase fits counted on row bit words.",
      'Medians here are mean times per game over the whole run (one run per hunter); the shot figures are the point of this section.',
    ],
  };
}
