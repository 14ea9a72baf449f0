// Benchmarks of the random-walk engine: float survival (one square, whole board), exact fractions on 8×8,
// and the far horizon N = 10^9, each beside the plain 2-D array DP of the seed article in the same process.
import { Board } from '../src/core/board.js';
import { KNIGHT } from '../src/pieces/piece.js';
import { finishedValue } from '../src/core/job.js';
import {
  exactCountsSync,
  exactSurvivalMapSync,
  graph,
  survivalSync,
  survivalAtHorizon,
  survivalAtHorizonSync,
  survivalMapSync,
  type Graph,
} from '../src/walk/index.js';
import { fmtMs, keep, median, medianAuto } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

const JUMPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];

// The baseline: the DP as first written — a fresh w×h array of numbers per move, bounds tested per jump.
function plainSurvival(w: number, h: number, n: number): number[][] {
  let p: number[][] = Array.from({ length: w }, () => new Array<number>(h).fill(1));
  for (let step = 0; step < n; step++) {
    const q: number[][] = Array.from({ length: w }, () => new Array<number>(h).fill(0));
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        let sum = 0;
        for (const [dx, dy] of JUMPS) {
          const nx = x + dx,
            ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h) sum += p[nx][ny];
        }
        q[x][y] = sum / 8;
      }
    }
    p = q;
  }
  return p;
}

// The same DP with BigInt counts in 2-D arrays.
function plainCounts(w: number, h: number, n: number): bigint[][] {
  let c: bigint[][] = Array.from({ length: w }, () => new Array<bigint>(h).fill(1n));
  for (let step = 0; step < n; step++) {
    const d: bigint[][] = Array.from({ length: w }, () => new Array<bigint>(h).fill(0n));
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        let sum = 0n;
        for (const [dx, dy] of JUMPS)
          if (x + dx >= 0 && y + dy >= 0 && x + dx < w && y + dy < h) sum += c[x + dx][y + dy];
        d[x][y] = sum;
      }
    }
    c = d;
  }
  return c;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`walk bench: ${what}`);
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const g25 = graph(Board.of(25, 25), KNIGHT);
  const from = Board.of(25, 25).parse('a1');

  check(
    Math.abs(finishedValue(survivalSync(g25, from, 100)) - plainSurvival(25, 25, 100)[0][0]) < 1e-15,
    'float 25x25 disagrees with the plain DP',
  );
  const buildMs = medianAuto(() => graph(Board.of(25, 25), KNIGHT));
  const plain25 = median(() => plainSurvival(25, 25, 100), { samples: 9 });
  const one = medianAuto(() => finishedValue(survivalSync(g25, from, 100)));
  rows.push({
    name: 'float, 25×25, N = 100, one start square (a1)',
    medianMs: one,
    baseline: { name: 'plain 2-D DP', medianMs: plain25 },
    target: '< 1 ms',
    met: one < 1,
    note: `DP on the symmetry orbits reachable from a1; neighbour lists built once: ${fmtMs(buildMs)}`,
  });
  const whole = medianAuto(() => finishedValue(survivalMapSync(g25, 100)));
  rows.push({
    name: 'float, 25×25, N = 100, every start square',
    medianMs: whole,
    baseline: { name: 'plain 2-D DP', medianMs: plain25 },
    target: '< 5 ms',
    met: whole < 5,
    note: 'one backward pass gives every square',
  });
  const orbit = medianAuto(() => finishedValue(survivalAtHorizonSync(g25, from, 100)));
  rows.push({
    name: 'float, 25×25, N = 100, one square, on symmetry orbits with λ',
    medianMs: orbit,
    baseline: { name: 'plain 2-D DP', medianMs: plain25 },
    note: 'includes the decay-rate power iteration',
  });

  const g8 = graph(Board.of(8, 8), KNIGHT);
  const ex = finishedValue(exactCountsSync(g8, 100));
  const pc = plainCounts(8, 8, 100);
  check(
    ex.counts.every((c, s) => c === pc[s % 8][Math.floor(s / 8)]),
    'exact 8x8 disagrees with the plain BigInt DP',
  );
  const exact = median(() => finishedValue(exactCountsSync(g8, 100)), { samples: 9 });
  const plainExact = median(() => plainCounts(8, 8, 100), { samples: 9 });
  rows.push({
    name: 'exact, 8×8, N = 100, every start square',
    medianMs: exact,
    baseline: { name: 'plain 2-D BigInt DP', medianMs: plainExact },
    target: '< 1 s',
    met: exact < 1000,
    note: 'multi-word counts on the 10 symmetry orbits',
  });

  // The case: 25×25 with 100 steps, once refused (squares × steps = 12,800 was the limit).
  const ex25 = finishedValue(exactSurvivalMapSync(g25, 100));
  const pc25 = plainCounts(25, 25, 100);
  check(
    ex25.every((f, s) => f.numerator * 8n ** 100n === pc25[s % 25][Math.floor(s / 25)] * f.denominator),
    'exact 25x25 disagrees with the plain BigInt DP',
  );
  const exact25 = median(() => finishedValue(exactSurvivalMapSync(g25, 100)), { samples: 5 });
  const plainExact25 = median(() => plainCounts(25, 25, 100), { samples: 3 });
  rows.push({
    name: 'exact, 25×25, N = 100, every square in lowest terms',
    medianMs: exact25,
    baseline: { name: 'plain 2-D BigInt DP (counts only)', medianMs: plainExact25 },
    target: '< 1 s',
    met: exact25 < 1000,
    note: 'words summed as doubles per orbit, one carry pass; fractions reduced by the primes of k',
  });

  const far = medianAuto(() => finishedValue(survivalAtHorizonSync(g8, 0, 1_000_000_000)));
  const r = finishedValue(survivalAtHorizonSync(g8, 0, 1_000_000_000));
  const plainFar = median(() => plainSurvival(8, 8, 100_000), { samples: 3, warmup: 1 });
  rows.push({
    name: 'float, 8×8, N = 10^9, from a1',
    medianMs: far,
    baseline: { name: 'plain 2-D DP for N = 10^5 only (10^9 would take 10^4 times longer)', medianMs: plainFar },
    target: '< 10 ms',
    met: far < 10,
    note: `method ${r.method}, log10 p = ${r.log10.toFixed(3)}, λ = ${r.lambda.toFixed(12)}, relative error ≤ ${r.relativeError.toExponential(1)}`,
  });

  const g100 = graph(Board.of(100, 100), KNIGHT);
  const big = median(() => finishedValue(survivalAtHorizonSync(g100, 0, 1_000_000_000)), { samples: 3, warmup: 1 });
  const rb = finishedValue(survivalAtHorizonSync(g100, 0, 1_000_000_000));
  keep(rb);
  rows.push({
    name: 'float, 100×100, N = 10^9, from a1',
    medianMs: big,
    note: `method ${rb.method}, relative error ≤ ${rb.relativeError.toExponential(1)}; peak RSS of the bench process ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  });
  // Progress should follow the time: the share it says at a quarter, half and three quarters of a run.
  const evenness = async (g: Graph, steps: number, what: string): Promise<string> => {
    const seen: [number, number][] = [];
    const t0 = performance.now();
    const o = await survivalAtHorizon(g, 0, steps, {
      onProgress: (q) => seen.push([performance.now() - t0, q.share ?? 0]),
    });
    const T = performance.now() - t0;
    const at = (f: number): string => `${((seen.filter(([t]) => t <= f * T).pop()?.[1] ?? 0) * 100).toFixed(0)} %`;
    return `${what}, ${o.finished ? o.value.method : 'unfinished'} (${fmtMs(T)}): ${at(0.25)} / ${at(0.5)} / ${at(0.75)}`;
  };
  notes.push(
    `Progress at 25 / 50 / 75 % of the run's time (async far horizon from a1; progress in nodes beside a forecast of the power iteration's moves to go): ${await evenness(g100, 1_000_000_000, '100×100, N = 10^9')}; ` +
      `${await evenness(g100, 2000, '100×100, N = 2000')}; ${await evenness(graph(Board.of(30, 30), KNIGHT), 1_000_000_000, '30×30, N = 10^9')}. ` +
      "Before, the far horizon said 0 % until its end (its total counted the decay estimate's whole budget and 10^9 moves a squaring stood for); reports come about every 100 ms, so short runs show few.",
  );
  notes.push(
    'Limits, measured with `/usr/bin/time -v node dist/cli/main.js …` on this 2-core machine while three other sessions ran (load average 8–9, so about four times the idle time): ' +
      'EXACT_MAX_WORK = 8·10^9 (squares × steps × 32-bit words of the count): `walk 100x100 --from a1 --steps 2000 --exact` (3.8·10^9) 24.9 s, 66 MB; `walk 25x25 --from a1 --steps 10000 --exact` (5.9·10^9) 32.2 s, 65 MB; ' +
      '`walk 25x25 --from a1 --steps 100 --exact` 0.67 s with Node start-up. ' +
      'MAP_MAX_WORK = 3·10^9 (squares × steps, boards past squaring): `walk 100x100 --steps 300000 --all` (3·10^9) 38.0 s, 66 MB. ' +
      'FLOAT_MAX_WORK = 6·10^8 (the plain float DPs and `--distribution`): `walk 100x100 --from a1 --steps 100000 --distribution` (10^9) 105.6 s, 66 MB (load 11), so the limit sits at 60,000 steps there. ' +
      'SIMULATE_MAX_WORK = 5·10^9 (walks × steps): `walk 8x8 --from d4 --steps 100 --simulate 50000000` 51.5 and 58.3 s, 61 MB. ' +
      'HORIZON_MAX_STEPS stays 10^9: the far horizon costs the same at any N (`walk 100x100 --from a1 --steps 1000000000` 1.1–3.0 s, 66 MB) but its stated error grows like N. ' +
      'GRAPH_MAX_SIDE stays 100: past it the decay estimate on big boards gets few moves of its power iteration and the error it states grows. ' +
      'Mobility (pieces): `mobility knight --board 16384x16384` 2.1 s, 1.1 GB (the counts alone are 1 GB); it took 17.4 s row by row and 13–29 s set-wise before.',
  );
  notes.push(
    'Far horizons work on the orbits of the board symmetries (10 orbits on 8×8) and square the orbit operator with the exponent kept apart; boards with over 128 orbits run the DP until the two-move decay ratio settles and extrapolate.',
  );
  return { title: 'Random walks (walk)', rows, notes };
}
