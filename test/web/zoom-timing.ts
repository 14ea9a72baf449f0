// Frame time while zooming a large tour on the Tours page, in Debian's Chromium (a measurement, not a test:
// `npx tsx test/web/zoom-timing.ts [side ...]`; prints one JSON line per side): wheel steps in and out about the
// middle of the board, each timed from the wheel event to the end of the frame that shows it (the board, the
// path and the labels drawn), through the pixel-picture zooms and the zooms where the path is drawn as lines;
// busyMsPerStep is the page's main-thread time per step (the browser's TaskDuration), which waits for no one.
import { launch } from './browser.js';
import { ensureWebBuilt } from './build.js';
import { startServe } from './serve-process.js';
import { CHROMIUM, serviceMissing } from '../service.js';

// (Plain JavaScript in a string, as tsx would add helpers the page does not have to a function passed over.)
const ZOOM = `async (steps) => {
  const el = document.querySelector('canvas.board-canvas');
  const r = el.getBoundingClientRect();
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => done()), 0)));
  const times = [];
  for (const dy of [...Array(steps).fill(-120), ...Array(steps).fill(120)]) {
    const t0 = performance.now();
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: dy, clientX: r.left + r.width * 0.4, clientY: r.top + r.height * 0.6, bubbles: true, cancelable: true }));
    await frame();
    times.push([performance.now() - t0, Number(document.querySelector('.board-range').dataset.zoom)]);
  }
  return times;
}`;

const missing = serviceMissing(CHROMIUM);
if (missing) {
  console.error(`zoom-timing: ${missing}`);
  process.exit(2);
}
const sides = process.argv.slice(2).map(Number);
ensureWebBuilt();
const served = await startServe();
const browser = await launch();
try {
  const page = await browser.context.newPage();
  for (const side of sides.length ? sides : [400, 1000]) {
    await page.goto('about:blank');
    await page.goto(`${served.url}#/tours?board=${side}x${side}&from=e5`);
    await page.waitForSelector(`canvas.path-overlay[data-shown="${side * side}"]`, { timeout: 60_000 });
    await page.waitForTimeout(500);
    // The renderer's main-thread time (CPU, not waiting for it), from the browser's own counters.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const task = async (): Promise<number> =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
    const busy0 = await task();
    const times = (await page.evaluate(`(${ZOOM})(${Number(process.env.STEPS ?? 30)})`)) as [number, number][];
    const busyMs = Math.round((((await task()) - busy0) / times.length) * 10) / 10;
    await cdp.detach();
    const ms = times.map(([t]) => t).sort((a, b) => a - b);
    const q = (p: number): number => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] * 10) / 10;
    if (process.env.VERBOSE)
      console.log(JSON.stringify(times.map(([t, z]) => [Math.round(t), Math.round(z * 10) / 10])));
    console.log(
      JSON.stringify({
        side,
        steps: times.length,
        maxZoom: Math.round(Math.max(...times.map(([, z]) => z))),
        medianMs: q(0.5),
        p90Ms: q(0.9),
        maxMs: q(1),
        busyMsPerStep: busyMs,
      }),
    );
  }
} finally {
  await browser.close();
  await served.stop();
}
