// Time from the worker's answer to the drawn board on the Tours page, for large tours, in Debian's Chromium
// (a measurement, not a test: `npx tsx test/web/canvas-timing.ts [side ...]`; prints one JSON line per run).
import { chromiumMissing, launch } from './browser.js';
import { ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';

/** Records when the page last heard from a worker and every long task (main thread busy over 50 ms). */
const PROBE = `(() => {
  const W = window.Worker;
  window.__lastMessage = 0;
  window.__longTasks = [];
  window.Worker = class extends W {
    constructor(...a) { super(...a); this.addEventListener('message', () => { window.__lastMessage = performance.now(); }); }
  };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})();`;

interface Timing {
  /** From navigation to the worker's answer (its last message). */
  answerMs: number;
  /** From the worker's answer to the end of the last long task after it (the path drawn over the board). */
  displayMs: number;
  /** From navigation to the end of the last long task: the board and the path on screen. */
  settledMs: number;
  /** Sum of all the page's long tasks: main-thread time, mostly drawing the board and the path. */
  busyMs: number;
}

const missing = chromiumMissing();
if (missing) {
  console.error(`canvas-timing: ${missing}`);
  process.exit(2);
}
const sides = process.argv.slice(2).map(Number);
const runs = Number(process.env.RUNS ?? 3);
ensureWebBuilt();
const served = await startServe();
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.addInitScript(PROBE);
  for (const side of sides.length ? sides : [400, 1000]) {
    const all: Timing[] = [];
    for (let k = 0; k < runs; k++) {
      await page.goto('about:blank');
      await page.goto(`${served.url}#/tours?board=${side}x${side}&from=e5`);
      await page.waitForSelector('#tour-answer[data-exists="true"]', { timeout: 60_000 });
      await page.waitForSelector(`canvas.path-overlay[data-shown="${side * side}"]`, { timeout: 60_000 });
      // Let every pending frame and effect run, then read the probe.
      const [last, tasks] = await page.evaluate(async () => {
        const w = window as unknown as { __lastMessage: number; __longTasks: [number, number][] };
        for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20)));
        return [w.__lastMessage, w.__longTasks] as const;
      });
      const end = Math.max(last, ...tasks.map(([s, d]) => s + d));
      all.push({ answerMs: Math.round(last), displayMs: Math.round(end - last), settledMs: Math.round(end), busyMs: Math.round(tasks.reduce((a, [, d]) => a + d, 0)) });
    }
    const med = (f: (t: Timing) => number): number => all.map(f).sort((a, b) => a - b)[all.length >> 1];
    const keys = ['answerMs', 'displayMs', 'settledMs', 'busyMs'] as const;
    console.log(JSON.stringify({ side, runs, ...Object.fromEntries(keys.map((k) => [k, med((t) => t[k])])) }));
  }
} finally {
  await browser.close();
  await served.stop();
}
