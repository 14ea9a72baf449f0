// The probe page's side: runs one measurement in a fresh worker (so each starts with an empty heap) and ends
// the worker when it passes its time limit; test/web/caps-timing.ts calls window.probe through page.evaluate.
import type { ProbeRequest, ProbeAnswer } from './probe.worker.js';

export type ProbeResult = ProbeAnswer | { timedOut: true; ms: number } | { error: string; ms: number };

async function probe(request: ProbeRequest, limitMs: number): Promise<ProbeResult> {
  const worker = new Worker(new URL('./probe.worker.ts', import.meta.url), { type: 'module', name: 'probe' });
  const t0 = performance.now();
  try {
    return await new Promise<ProbeResult>((resolve) => {
      const timer = setTimeout(() => resolve({ timedOut: true, ms: performance.now() - t0 }), limitMs);
      worker.onmessage = (ev: MessageEvent<ProbeAnswer | { error: string }>) => {
        clearTimeout(timer);
        resolve('error' in ev.data ? { error: ev.data.error, ms: performance.now() - t0 } : ev.data);
      };
      worker.onerror = (ev) => {
        clearTimeout(timer);
        resolve({ error: ev.message, ms: performance.now() - t0 });
      };
      worker.postMessage(request);
    });
  } finally {
    worker.terminate();
  }
}

(window as unknown as { probe: typeof probe }).probe = probe;
document.body.dataset.ready = 'true';
