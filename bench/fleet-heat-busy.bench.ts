// The classic fleet's heat map after five shots, exact, measured on a busy machine (two child processes keep
// both cores busy): auto's choice rests on the work, so the answer stays exact however long it takes here.
import { spawn, type ChildProcess } from 'node:child_process';
import { finishedValue } from '../src/core/job.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import { emptyKnowledge } from '../src/fleet/game.js';
import { heatMap, heatMapSync } from '../src/fleet/heat.js';
import type { BenchSection } from './types.js';
import { isTooLarge, type TooLarge } from '../src/fleet/memory.js';
/** The answer of an exact call on a problem well within the memory cap. */
function exactly<T>(answer: T | TooLarge): T {
  if (isTooLarge(answer)) throw new Error(`unexpectedly too large: ${answer.reason}`);
  return answer;
}

/** Five shots at the classic fleet on 10×10: a hit at e5, misses at f5, g5, a1 and j10 (as bench/stall.ts). */
function fiveShots(): { problem: ReturnType<typeof fleetProblem>; knowledge: ReturnType<typeof emptyKnowledge> } {
  const problem = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
  const knowledge = emptyKnowledge(problem);
  knowledge.marks[44] = 2;
  for (const c of [45, 46, 0, 99]) knowledge.marks[c] = 1;
  return { problem, knowledge };
}

/** Two busy loops in child processes, for the length of the measurement. */
function busy(): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

export async function run(): Promise<BenchSection> {
  const { problem, knowledge } = fiveShots();
  const quiet0 = performance.now();
  const quiet = exactly(finishedValue(heatMapSync(problem, knowledge, { method: 'exact' })));
  const quietMs = performance.now() - quiet0;
  const children = busy();
  try {
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const exactRun = await heatMap(problem, knowledge, { method: 'exact' });
    const exact = exactRun.finished ? { ...exactRun, value: exactly(exactRun.value) } : exactRun;
    const exactMs = performance.now() - t0;
    const t1 = performance.now();
    const autoRun = await heatMap(problem, knowledge);
    const auto = autoRun.finished ? { ...autoRun, value: exactly(autoRun.value) } : autoRun;
    const autoMs = performance.now() - t1;
    const autoMethod = auto.finished ? `${auto.value.method} (${auto.value.reason})` : `stopped: ${auto.stopped}`;
    const same = auto.finished && exact.finished && auto.value.total === exact.value.total;
    return {
      title: 'Fleet heat map on a busy machine (classic 10×10 after five shots)',
      rows: [
        { name: 'exact, this process alone', medianMs: quietMs, note: `${quiet.total} layouts match` },
        { name: 'exact, two busy loops beside it', medianMs: exactMs, note: `${exact.nodes} work units` },
        {
          name: 'auto, two busy loops beside it',
          medianMs: autoMs,
          target: 'exact, as when quiet',
          met: auto.finished && auto.value.method === 'exact' && same,
          note: autoMethod,
        },
      ],
      notes: [
        "auto chooses by the exact count's work (AUTO_EXACT_WORK work units), never by the clock: the load changes the time only",
        'one run each (the busy loops make a median meaningless); the machine is shared, so "alone" is not idle',
      ],
    };
  } finally {
    for (const c of children) c.kill();
  }
}
