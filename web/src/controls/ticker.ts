// Timing for the playground's animations (a tour played, a search stepped, a walk played): a frame loop that
// hands out whole steps at a chosen rate.
import { useEffect, useRef } from 'preact/hooks';

/**
 * While `active`, calls `onSteps(n)` once a frame with the steps due at `perSecond`; it returns false to stop.
 * The latest callback is always used, so it may close over fresh state.
 */
export function useTicker(
  active: boolean,
  perSecond: number,
  onSteps: (n: number) => boolean,
  onStop: () => void,
): void {
  const cb = useRef(onSteps);
  cb.current = onSteps;
  const stop = useRef(onStop);
  stop.current = onStop;
  useEffect(() => {
    if (!active) return;
    let raf = 0;
    let last = performance.now();
    // The first step comes at once, so a press on Play shows movement right away.
    let due = 1;
    const frame = (now: number): void => {
      due += ((now - last) * perSecond) / 1000;
      last = now;
      const n = Math.floor(due);
      due -= n;
      if (n > 0 && !cb.current(n)) {
        stop.current();
        return;
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [active, perSecond]);
}
