// A one-off timing page (test/web/fleet-fast-timing.ts): runs one fleet job on 10×10 classic in a fresh worker and
// answers its time.
export type Ask = { job: 'count' | 'heat'; touch: 'none' | 'corner' | 'any' };
async function probe(ask: Ask): Promise<{ ms: number; said: string }> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise((resolve) => {
      worker.onmessage = (ev: MessageEvent<{ ms: number; said: string }>) => resolve(ev.data);
      worker.postMessage(ask);
    });
  } finally {
    worker.terminate();
  }
}
(window as unknown as { probe: typeof probe }).probe = probe;
document.body.dataset.ready = 'true';
