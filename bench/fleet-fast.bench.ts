// Benchmarks of the window program (counts as dense vectors over the ships left) beside the keyed program it replaced,
// run in this process.
import { Job, finishedValue } from '../src/core/job.js';
import { backwardPass } from '../src/fleet/count-back.js';
import { countLayoutsSync, forward } from '../src/fleet/count.js';
import { PassProgress } from '../src/fleet/count-forecast.js';
import { buildPlan } from '../src/fleet/count-plan.js';
import { fleetIndex } from '../src/fleet/count-index.js';
import { limbsFor, vecForward } from '../src/fleet/count-vec.js';
import { cellCountsSync } from '../src/fleet/cells.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import type { FleetProblem, Touch } from '../src/fleet/problem.js';
import { fmtMs } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';
import { isTooLarge, type TooLarge } from '../src/fleet/memory.js';
/** The answer of an exact call on a problem well within the memory cap. */
function exactly<T>(answer: T | TooLarge): T {
  if (isTooLarge(answer)) throw new Error(`unexpectedly too large: ${answer.reason}`);
  return answer;
}

/** The keyed program's count (one state per window and ships left), as countLayouts ran it before. */
function keyedCount(p: FleetProblem): bigint {
  return finishedValue(
    new Job<bigint>(function* (ctl) {
      return (yield* forward(p, false, ctl, 1)).total;
    }).runSync(),
  );
}

/** The keyed program's per-cell counts (forward keeping layers, backward with weights), as cellCounts ran it before. */
function keyedCells(p: FleetProblem): bigint[] {
  return finishedValue(
    new Job<bigint[]>(function* (ctl) {
      const fwd = yield* forward(p, true, ctl, 2);
      const { weights } = yield* backwardPass(fwd, true, false, ctl, fwd.progress);
      const sums = new Array<bigint>(p.width * p.height).fill(0n);
      fwd.plan.at.forEach((list, pos) =>
        list.forEach((pc, i) => {
          const w = weights![pos][i];
          for (const sq of pc.cells) sums[sq] += BigInt(w);
        }),
      );
      return sums;
    }).runSync(),
  );
}

/** The window program as it counted past 2^53 before the residue shadow: doubles, then a second pass in limbs. */
function limbsCount(p: FleetProblem): bigint {
  return finishedValue(
    new Job<bigint>(function* (ctl) {
      const plan = buildPlan(p),
        fi = fleetIndex(p, plan)!,
        progress = new PassProgress(false);
      let pass = yield* vecForward(plan, fi, 1, ctl, progress, 0, null, false);
      if (!pass.exact) pass = yield* vecForward(plan, fi, limbsFor(pass.approx), ctl, progress, 0, null, false);
      return pass.total;
    }).runSync(),
  );
}

/** Median wall time, CPU time and peak RSS of `samples` runs (peak read at every progress report and at the end). */
function timed<T>(
  f: (onProgress: () => void) => T,
  samples: number,
): { value: T; ms: number; cpuMs: number; peakMiB: number } {
  const ms: number[] = [],
    cpu: number[] = [];
  let peak = 0,
    value!: T;
  const look = (): void => void (peak = Math.max(peak, process.memoryUsage().rss));
  for (let i = 0; i < samples; i++) {
    const c0 = process.cpuUsage(),
      t0 = performance.now();
    value = f(look);
    look();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { value, ms: ms[samples >> 1], cpuMs: cpu[samples >> 1], peakMiB: peak / 2 ** 20 };
}

const classic = (touch: Touch): FleetProblem => fleetProblem({ width: 10, height: 10, fleet: 'classic', touch });
const note = (r: { cpuMs: number; peakMiB: number }): string =>
  `CPU ${fmtMs(r.cpuMs)}, peak RSS ${Math.round(r.peakMiB)} MiB`;

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const p = classic('none');
  const want = 1855545978831780n;
  const samples = Number(process.env.GRIDBITS_BENCH_SAMPLES ?? 3);

  const vc = timed((onProgress) => exactly(finishedValue(countLayoutsSync(p, { onProgress }))), samples);
  if (vc.value !== want) throw new Error(`count: ${vc.value}`);
  const kc = timed(() => keyedCount(p), 1);
  if (kc.value !== want) throw new Error(`keyed count: ${kc.value}`);
  rows.push({
    name: 'count: classic 10×10, no touching (windows × ships-left vectors)',
    medianMs: vc.ms,
    baseline: { name: 'keyed states (old)', medianMs: kc.ms },
    note: `${note(vc)}; old ${note(kc)}`,
  });

  const vh = timed((onProgress) => exactly(finishedValue(cellCountsSync(p, { onProgress }))), samples);
  const kh = timed(() => keyedCells(p), 1);
  if (vh.value.total !== want || vh.value.counts.some((c, i) => c !== kh.value[i]))
    throw new Error('cell counts differ from the keyed program');
  rows.push({
    name: 'cell counts (heat): classic 10×10, no touching',
    medianMs: vh.ms,
    baseline: { name: 'keyed states (old)', medianMs: kh.ms },
    target: '< 5 s in the page',
    note: `${note(vh)}; old ${note(kh)}`,
  });

  const published = { corner: 17012294240149696n, any: 1328786533779290712n };
  for (const touch of ['corner', 'any'] as const) {
    const r = timed((onProgress) => exactly(finishedValue(countLayoutsSync(classic(touch), { onProgress }))), 1);
    const b = timed(() => limbsCount(classic(touch)), 1);
    if (r.value !== published[touch] || b.value !== published[touch])
      throw new Error(`touch ${touch}: ${r.value}, limbs ${b.value}`);
    rows.push({
      name: `count: classic 10×10, touch ${touch} (past 2^53: one pass, a residue shadow mod 2^32)`,
      medianMs: r.ms,
      baseline: { name: 'doubles, then a second pass in limbs (old)', medianMs: b.ms },
      note: `${r.value} layouts; ${note(r)}; old ${note(b)}`,
    });
  }
  return {
    title: 'Fleet: the window program (exact counts and heat on the default fleet)',
    rows,
    notes: [
      'The keyed program keeps one state per (window of closed cells, ships left); the window program keeps one per window with a dense vector over the ships left (120 entries for classic): 540,176 windows against 20.9 million states on classic 10×10, so one hash look-up per window step instead of one per state step.',
      'Baselines run once (they take several seconds each); the machine is shared, so the CPU times are the steadier figures.',
      "Past 2^53 (the touching counts) the first pass keeps each entry's residue mod 2^32 beside its double from the layer before any value reaches 2^53; the double's rounding is bounded by γ_K·total (K: the most links into one window, summed over the layers the shadow ran: 8 on the corner count, the bound 17 layouts), far below 2^31, so the total is read from the double and the residue: no second pass in limbs.",
      "In Chromium (`npx tsx test/web/fleet-fast-timing.ts`: a fresh worker, the page's 50 ms slices, load average 7–10 on the 2 cores): exact heat 4.1–4.6 s (was 55 s cut off, web-caps), count 2.3 s (was 17.1 s), corner count 13.5 s (page: 64 s), touching count 59.7 s (page: 84 s). With the residue shadow (load average 9): exact heat 6.8 s, count 2.5 s, corner count 7.0 s, touching count 26.0 s.",
    ],
  };
}
