// Timing helpers for the benchmarks: medians over repeated batches, and peak memory of a child process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Median time in ms of one call of f: runs batches of `inner` calls, `samples` times, after a warm-up.
 * Returns the median per call, so fast operations are measured in batches.
 */
export function median(f: () => unknown, options: { samples?: number; inner?: number; warmup?: number } = {}): number {
  const samples = options.samples ?? 15;
  const inner = options.inner ?? 1;
  const warm = options.warmup ?? Math.min(3, samples);
  let sink: unknown;
  for (let i = 0; i < warm; i++) for (let j = 0; j < inner; j++) sink = f();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    for (let j = 0; j < inner; j++) sink = f();
    times.push((performance.now() - t0) / inner);
  }
  keep(sink);
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/** Picks `inner` so that one batch takes about `targetMs`. */
export function autoInner(f: () => unknown, targetMs = 20): number {
  // The first calls may build tables or compile code: keep them out of the calibration.
  for (let i = 0; i < 3; i++) f();
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    const dt = performance.now() - t0;
    if (dt >= targetMs || n >= 1 << 24) return Math.max(1, Math.round((n * targetMs) / Math.max(dt, 1e-3)));
    n *= 4;
  }
}

/** Median of a fast operation with the batch size chosen automatically. */
export function medianAuto(f: () => unknown, samples = 15): number {
  return median(f, { samples, inner: autoInner(f) });
}

// A store to the heap the optimiser must keep, so it cannot drop the work that made the value.
const sinkHole: { value: unknown } = { value: undefined };
/** Keeps a value alive so the optimiser cannot drop the work that made it. */
export function keep(v: unknown): void {
  sinkHole.value = v;
}

/** Runs a command and returns its wall time (ms) and peak RSS (MiB), via GNU time when present. */
export function measureProcess(
  cmd: string,
  args: string[],
): { ms: number; peakMiB: number | null; stdout: string; code: number } {
  const t0 = performance.now();
  const hasTime = spawnSync('sh', ['-c', 'command -v /usr/bin/time'], { encoding: 'utf8' }).stdout.trim() !== '';
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  let peakMiB: number | null = null;
  if (hasTime) {
    const lines = r.stderr.trim().split('\n');
    const kb = Number(lines[lines.length - 1]);
    if (Number.isFinite(kb)) peakMiB = kb / 1024;
  }
  return { ms, peakMiB, stdout: r.stdout, code: r.status ?? -1 };
}

export function fmtMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(1)} ns`;
}

/**
 * Medians of f and of its baseline, measured in alternating batches so both see the same machine load
 * (on a shared machine a ratio of two separately timed medians can swing by 2×).
 */
export function medianPair(f: () => unknown, baseline: () => unknown, samples = 31): { f: number; baseline: number } {
  const innerF = autoInner(f, 5),
    innerB = autoInner(baseline, 5);
  const tf: number[] = [],
    tb: number[] = [];
  let sinkValue: unknown;
  for (let i = 0; i < samples; i++) {
    let t0 = performance.now();
    for (let j = 0; j < innerF; j++) sinkValue = f();
    tf.push((performance.now() - t0) / innerF);
    t0 = performance.now();
    for (let j = 0; j < innerB; j++) sinkValue = baseline();
    tb.push((performance.now() - t0) / innerB);
  }
  keep(sinkValue);
  tf.sort((a, b) => a - b);
  tb.sort((a, b) => a - b);
  return { f: tf[samples >> 1], baseline: tb[samples >> 1] };
}

/** Writes `dir`/RESULTS.md from the latest result of every section (`dir`/results/*.md). */
export function writeResults(dir: string): void {
  const results = join(dir, 'results');
  const parts = existsSync(results)
    ? readdirSync(results)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => readFileSync(join(results, f), 'utf8'))
    : [];
  const head = [
    '# gridbits benchmark results',
    '',
    "Written by `npm run bench` (one section per bench/*.bench.ts; `npm run bench -- NAME` reruns one section) and `npm run bench:open-plan` (the 8×8 open count's plan).",
    'Medians of repeated runs; ratios are against a baseline run in the same process.',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'RESULTS.md'), head + '\n' + parts.join('\n'));
}
