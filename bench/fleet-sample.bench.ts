// Benchmarks of exactly uniform fleet sampling (set-up, layouts per second) and of per-cell counts, with peak memory.
import { createRng, type Rng } from '../src/core/prng.js';
import { finishedValue } from '../src/core/job.js';
import { cellCountsSync } from '../src/fleet/cells.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import type { FleetProblem } from '../src/fleet/problem.js';
import { uniformSamplerSync } from '../src/fleet/sample.js';
import { keep, median } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';
import { isTooLarge, type TooLarge } from '../src/fleet/memory.js';
/** The answer of an exact call on a problem well within the memory cap. */
function exactly<T>(answer: T | TooLarge): T {
  if (isTooLarge(answer)) throw new Error(`unexpectedly too large: ${answer.reason}`);
  return answer;
}

/**
 * The baseline: 'place and retry' — each ship at a random position and direction, starting over from an
 * empty board whenever one does not fit. Fast, but not uniform (crowded layouts come up too rarely).
 */
function retrySample(p: FleetProblem, rng: Rng): number[][] {
  const { width: w, height: h } = p;
  const ships = p.kinds.flatMap((k) => new Array<typeof k>(k.count).fill(k));
  const reach = p.touch === 'none' ? 2 : p.touch === 'corner' ? 1 : 0;
  const owner = new Int32Array(w * h);
  for (;;) {
    owner.fill(0);
    const out: number[][] = [];
    let ok = true;
    for (const k of ships) {
      const o = k.orientations[rng.below(k.orientations.length)];
      const x0 = rng.below(w),
        y0 = rng.below(h);
      const cells = o.map(([dx, dy]) => [x0 + dx, y0 + dy]);
      ok = cells.every(([x, y]) => {
        if (x >= w || y >= h || owner[y * w + x]) return false;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const d = Math.abs(dx) + Math.abs(dy),
              nx = x + dx,
              ny = y + dy;
            if (d === 0 || d > reach || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            if (owner[ny * w + nx]) return false;
          }
        }
        return true;
      });
      if (!ok) break;
      for (const [x, y] of cells) owner[y * w + x] = 1;
      out.push(cells.map(([x, y]) => y * w + x));
    }
    if (ok) return out;
  }
}

function peakRss(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

function samplerRows(name: string, p: FleetProblem, target: number | undefined, rows: BenchRow[]): void {
  let peak = peakRss();
  const t0 = performance.now();
  const sampler = exactly(
    finishedValue(uniformSamplerSync(p, { onProgress: () => void (peak = Math.max(peak, peakRss())) })),
  );
  const setupMs = performance.now() - t0;
  const rng = createRng(1),
    rng2 = createRng(2);
  const batch = 1000;
  const c0 = process.cpuUsage(),
    w0 = performance.now();
  const ms = median(() => keep(sampler.sampleMany(rng, batch)), { samples: 9, warmup: 2 }) / batch;
  const c = process.cpuUsage(c0),
    share = (c.user + c.system) / 1000 / (performance.now() - w0);
  const oneMs =
    median(
      () => {
        for (let i = 0; i < batch; i++) keep(sampler.sample(rng));
      },
      { samples: 5, warmup: 1 },
    ) / batch;
  const retryMs =
    median(
      () => {
        for (let i = 0; i < 100; i++) keep(retrySample(p, rng2));
      },
      { samples: 5, warmup: 1 },
    ) / 100;
  const perSecond = 1000 / ms;
  rows.push({
    name: `${name}: one uniform layout (batches of ${batch})`,
    medianMs: ms,
    baseline: { name: "'place and retry' (biased)", medianMs: retryMs },
    ...(target === undefined
      ? {}
      : { target: `≥ ${target.toLocaleString('en-US')} layouts/s`, met: perSecond >= target }),
    note: `${Math.round(perSecond).toLocaleString('en-US')} layouts/s in batches (this process had ${(100 * Math.min(1, share)).toFixed(0)}% of a core meanwhile), ${Math.round(1000 / oneMs).toLocaleString('en-US')}/s one by one; one-time set-up ${(setupMs / 1000).toFixed(1)} s, peak RSS ${peak.toFixed(0)} MiB, ${sampler.total.toLocaleString('en-US')} layouts`,
  });
}

/** Shots from one fixed layout: every third cell of the board fired at (hits and misses). */
function midGame(p: FleetProblem): FleetProblem {
  const layout = exactly(finishedValue(uniformSamplerSync(p))).sample(createRng(5));
  const ship = new Uint8Array(p.width * p.height);
  for (const s of layout.ships) for (const c of s.cells) ship[c] = 1;
  const forbidden = new Uint8Array(ship.length),
    required = new Uint8Array(ship.length);
  for (let c = 0; c < ship.length; c += 3) (ship[c] ? required : forbidden)[c] = 1;
  return { ...p, forbidden, required };
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const classic = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
  const hasbro = fleetProblem({ width: 10, height: 10, fleet: 'hasbro' });
  samplerRows('classic on 10×10, no touching', classic, 10_000, rows);
  samplerRows('hasbro on 10×10, touching', hasbro, undefined, rows);

  const c1 = process.cpuUsage(),
    t1 = performance.now();
  keep(cellCountsSync(hasbro));
  const empty = performance.now() - t1,
    emptyCpu = process.cpuUsage(c1);
  rows.push({
    name: 'cellCounts, hasbro on 10×10, no shots',
    medianMs: empty,
    note: `one run, CPU ${((emptyCpu.user + emptyCpu.system) / 1e6).toFixed(1)} s: a forward pass keeping its layers, then a backward pass`,
  });
  const mid = midGame(hasbro);
  const midMs = median(() => keep(cellCountsSync(mid)), { samples: 5, warmup: 1 });
  rows.push({
    name: 'cellCounts, hasbro on 10×10, every third cell shot (hits and misses)',
    medianMs: midMs,
    note: `${exactly(finishedValue(cellCountsSync(mid))).total.toLocaleString('en-US')} layouts left`,
  });
  return {
    title: 'Sea Battle: uniform sampling and per-cell counts',
    rows,
    notes: [
      "Heat caps (kept: `fleet heat --samples` up to 10,000,000, exact heat up to 512 inclusion–exclusion terms): sampling is rejection, so its cost is the proposals — `node dist/cli/main.js fleet heat --method sampled --samples 20000 --json` (classic, 10×10) was still running after 204 s on the shared, heavily loaded 2-core machine (stopped by hand), and `fleet heat --board 300x300 --fleet classic` (10,000 samples) took 10.5 s, 325 MiB; a sampled heat map is bounded by its time limit (`timeoutMs`; a stopped run's partial is the map of the samples so far), not by the cap.",
      'Set-up: the counting program forward (keeping its layers) and backward (completions and links of the states that can finish); a sample then walks the links, choosing each step with probability (its completions) / (the state’s completions) — exact, no floating-point bias.',
    ],
  };
}
