// `npm run bench -- stall`: the longest event-loop stall of every registered job while it runs async (set-up
// included), against the promise of a turn at least every 20 ms.
import { JOB_NAMES, STALL_CASES, STALL_PROMISE_MS, firstWriteMicrosPerPage, measureStall } from './stall.js';
import type { BenchSection } from './types.js';

/** Each case runs this long at most: set-up and the first seconds of work are where a stall would be. */
const RUN_MS = 3000;
/** Runs of each case; the table gives the median of their longest stalls. */
const RUNS = 3;

export async function run(): Promise<BenchSection> {
  const missing = JOB_NAMES.filter((n) => !STALL_CASES.some((c) => c.name === n));
  if (missing.length > 0) throw new Error(`stall bench: no sample run for ${missing.join(', ')}`);
  // Before the cases: once they have run, a new array reuses memory they freed, whose pages are mapped already.
  const perPage = firstWriteMicrosPerPage();
  const rows: BenchSection['rows'] = [];
  for (const c of STALL_CASES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureStall(c, RUN_MS));
    const stalls = runs.map((r) => r.stallMs).sort((a, b) => a - b);
    const median = stalls[RUNS >> 1];
    const last = runs[runs.length - 1];
    rows.push({
      name: `${c.name}: ${c.what}`,
      medianMs: median,
      target: `≤ ${STALL_PROMISE_MS} ms`,
      met: median <= STALL_PROMISE_MS,
      note: `longest stall of ${RUNS} runs: ${stalls.map((s) => s.toFixed(1)).join(' / ')} ms; ${
        last.finished ? `finished in ${(last.ms / 1000).toFixed(2)} s` : `stopped at its ${RUN_MS / 1000} s limit`
      }`,
    });
  }
  return {
    title: 'Event-loop stalls: every registered job run async',
    rows,
    notes: [
      'The median column is the median over the runs of the longest time the event loop went without a turn while the job ran (a chain of setImmediate ticks, from the call to its end, its synchronous set-up included); the promise is a turn at least every 20 ms.',
      `Each run stops at ${RUN_MS / 1000} s (a time limit): set-up and the first seconds are where a stall would be. The cases are in bench/stall.ts.`,
      `A first write to a fresh 4 KiB page of memory cost ${perPage.toFixed(1)} µs on this machine (a new 16 MB array: ${((perPage * 4096) / 1000).toFixed(0)} ms; median of 5): large tables are made, cleared and grown in paced pieces, not at once.`,
    ],
  };
}
