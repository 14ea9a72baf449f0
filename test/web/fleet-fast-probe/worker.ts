// The timing page's worker: the page's engine calls (a count, the heat map's exact cell counts), each job run as
// the page's worker runs the registry's jobs (async, within a time limit).
import { countLayoutsJob, emptyKnowledge, fleetProblem, heatMapJob, isTooLarge } from '../../../src/fleet/index.js';
import type { Ask } from './main.js';

self.onmessage = async (ev: MessageEvent<Ask>) => {
  const { job: which, touch } = ev.data;
  const problem = fleetProblem({ width: 10, height: 10, fleet: 'classic', touch });
  const t0 = performance.now();
  const limits = { timeoutMs: 600_000 };
  let said: string;
  if (which === 'count') {
    const out = await countLayoutsJob(problem).run(limits);
    said = out.finished ? `${out.value} layouts` : `stopped on ${out.stopped}`;
  } else {
    const out = await heatMapJob(problem, emptyKnowledge(problem), { method: 'exact' }).run(limits);
    if (!out.finished) said = `stopped on ${out.stopped}`;
    else if (isTooLarge(out.value)) said = out.value.reason;
    else said = `${out.value.method}, ${out.value.total} layouts`;
  }
  postMessage({ ms: performance.now() - t0, said });
};
