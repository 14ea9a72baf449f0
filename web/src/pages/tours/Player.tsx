// Timing for the Tours page's animations: a frame loop that hands out whole steps at a chosen rate, and the
// speed slider.
import { useEffect, useRef } from 'preact/hooks';
import { posOf, speedAt, speedWords } from './speed.js';

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

/**
 * The speed slider, from 1 step a second to `max`, saying what the speed means in its unit (and, given `total`
 * steps, how long the whole run takes at it).
 */
export function SpeedControl({
  id,
  speed,
  max,
  unit,
  total,
  onChange,
}: {
  id: string;
  speed: number;
  max: number;
  unit: string;
  total?: number;
  onChange: (speed: number) => void;
}) {
  const words = speedWords(speed, unit, total);
  return (
    <div class="speed">
      <label for={id}>Speed</label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={posOf(speed, max)}
        aria-valuetext={words}
        data-max={max}
        onInput={(ev) => onChange(speedAt(Number((ev.currentTarget as HTMLInputElement).value), max))}
      />
      <output for={id} id={`${id}-words`}>
        {words}
      </output>
    </div>
  );
}
