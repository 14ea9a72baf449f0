// Time from the worker's answer to the drawn board on the Tours page, for large tours, in Debian's Chromium, and
// the two ways of painting a 1000×1000 board in the same page (a measurement, not a test:
// `npx tsx test/web/canvas-timing.ts [side ...]`; prints one JSON line per measurement; bench/web-canvas.bench.ts
// runs it).
import { launch } from './browser.js';
import { ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';
import { CHROMIUM, serviceMissing } from '../service.js';

/**
 * Records when the page last heard from a worker, every long task (main thread busy over 50 ms), and the start of
 * the first animation frame after the last picture drawn into a canvas (the drawing's task over, the frame shown).
 */
const PROBE = `(() => {
  const W = window.Worker;
  window.__lastMessage = 0;
  window.__longTasks = [];
  window.__drawn = 0;
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...a) {
    const r = draw.apply(this, a);
    requestAnimationFrame(() => { window.__drawn = performance.now(); });
    return r;
  };
  window.Worker = class extends W {
    constructor(...a) { super(...a); this.addEventListener('message', () => { window.__lastMessage = performance.now(); }); }
  };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})();`;

/**
 * Median ms to paint a 1000×1000 checkered board on an 800×800 canvas, square by square with fillRect (how the
 * canvas board drew every size before) and in one pass through ImageData (how it paints squares under 4 px now);
 * a one-pixel read-back makes the canvas finish its drawing inside the timing.
 */
// (Plain JavaScript in a string, as tsx would add helpers the page does not have to a function passed over.)
const PAINT = `(runs) => {
  const n = 1000, side = 800, cell = side / n;
  const light = '#f0d9b5', dark = '#b58863';
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const g = canvas.getContext('2d');
  const squares = () => {
    for (let r = 0; r < n; r++)
      for (let f = 0; f < n; f++) {
        g.fillStyle = (f + r) % 2 === 0 ? dark : light;
        g.fillRect(f * cell, (n - 1 - r) * cell, cell + 0.5, cell + 0.5);
      }
  };
  const words = () => {
    const img = new ImageData(n, n);
    const px = new Uint32Array(img.data.buffer);
    const dw = 0xff6388b5, lw = 0xffb5d9f0; // the same colours as little-endian RGBA words
    for (let r = 0; r < n; r++) for (let f = 0; f < n; f++) px[(n - 1 - r) * n + f] = (f + r) % 2 === 0 ? dw : lw;
    const tmp = document.createElement('canvas');
    tmp.width = tmp.height = n;
    tmp.getContext('2d').putImageData(img, 0, 0);
    g.drawImage(tmp, 0, 0, side, side);
  };
  const time = (paint) => {
    const t = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      paint();
      g.getImageData(0, 0, 1, 1);
      t.push(performance.now() - t0);
    }
    return Math.round(t.sort((a, b) => a - b)[runs >> 1]);
  };
  return { fillRectMs: time(squares), imageDataMs: time(words) };
}`;

interface Timing {
  /** From navigation to the worker's answer (its last message). */
  answerMs: number;
  /** From the worker's answer to the frame after the last canvas drawing (the path drawn over the board). */
  displayMs: number;
  /** From navigation to that frame, or to the end of the last long task if later: the board and path on screen. */
  settledMs: number;
  /** Sum of all the page's long tasks: main-thread time, mostly drawing the board and the path. */
  busyMs: number;
  /** Per arrow key on the focused board: wall time until the cursor has moved, and long-task time. */
  keyMs: number;
  keyBusyMs: number;
}

const missing = serviceMissing(CHROMIUM);
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
      await page.waitForTimeout(300);
      const [last, drawn, tasks] = (await page.evaluate(
        '[window.__lastMessage, window.__drawn, window.__longTasks]',
      )) as [number, number, [number, number][]];
      const end = Math.max(last, drawn, ...tasks.map(([s, d]) => s + d));
      const busy = (ts: [number, number][]): number => ts.reduce((a, [, d]) => a + d, 0);
      // Five cursor moves on the focused board (a1 to f1), each redrawing it.
      await page.locator('canvas.board-canvas').focus();
      await page.waitForTimeout(300);
      const seen = (await page.evaluate('window.__longTasks.length')) as number;
      const t0 = Date.now();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction(
        'document.querySelector(".canvas-wrap [aria-live]").textContent.startsWith("f1")',
        undefined,
        { timeout: 60_000 },
      );
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      const keyMs = (Date.now() - t0) / 5;
      const keyTasks = ((await page.evaluate('window.__longTasks')) as [number, number][]).slice(seen);
      all.push({
        answerMs: Math.round(last),
        displayMs: Math.round(end - last),
        settledMs: Math.round(end),
        busyMs: Math.round(busy(tasks)),
        keyMs: Math.round(keyMs),
        keyBusyMs: Math.round(busy(keyTasks) / 5),
      });
    }
    const med = (f: (t: Timing) => number): number => all.map(f).sort((a, b) => a - b)[all.length >> 1];
    const keys = ['answerMs', 'displayMs', 'settledMs', 'busyMs', 'keyMs', 'keyBusyMs'] as const;
    console.log(JSON.stringify({ side, runs, ...Object.fromEntries(keys.map((k) => [k, med((t) => t[k])])) }));
  }
  console.log(
    JSON.stringify({
      paint: (await page.evaluate(`(${PAINT})(${runs})`)) as { fillRectMs: number; imageDataMs: number },
    }),
  );
} finally {
  await browser.close();
  await served.stop();
}
