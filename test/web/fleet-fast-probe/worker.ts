// The timing page's worker: the page's own engine calls (a count, the heat map's exact cell counts) in the page's
// slices.
import { job } from '../../../src/core/job.js';
import { countLayoutsJob, emptyKnowledge, fleetProblem, heatMapJob } from '../../../src/fleet/index.js';
import { sliced } from '../../../web/src/worker/sliced.js';
import type { Ask } from './main.js';

self.onmessage = (ev: MessageEvent<Ask>) => {
  const { job: which, touch } = ev.data;
  const problem = fleetProblem({ width: 10, height: 10, fleet: 'classic', touch });
  const t0 = performance.now();
  const inner =
    which === 'count' ? countLayoutsJob(problem) : heatMapJob(problem, emptyKnowledge(problem), { method: 'exact' });
  const outer = job<string, unknown>(function* (ctl) {
    const out = yield* sliced<unknown, unknown>(inner as never, ctl, 600_000);
    if (!out.finished) return `stopped on ${out.stopped}`;
    const v = out.value as bigint | { method: string; total?: bigint };
    return typeof v === 'bigint' ? `${v} layouts` : `${v.method}, ${v.total} layouts`;
  });
  const o = outer.runSync();
  postMessage({ ms: performance.now() - t0, said: o.finished ? o.value : 'stopped' });
};
