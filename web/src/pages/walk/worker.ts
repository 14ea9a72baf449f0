// The Random walk page's worker, made on demand: the survival map, one square's answers and the tally of many walks
// run on it, off the page's thread.

export function makeWorker(): Worker {
  return new Worker(new URL('./walk.worker.ts', import.meta.url), { type: 'module', name: 'walk' });
}
