// Whether the person points with a finger: pages then say "tap" and "press and hold" where a mouse user reads
// "click" and "hover". A touch screen with a mouse beside it counts as a mouse.
import { useEffect, useState } from 'preact/hooks';

const QUERY = '(hover: none) and (pointer: coarse)';

function touchNow(): boolean {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

/** True on a touch screen with no mouse; follows the device if that changes (a tablet's keyboard and pad). */
export function useTouch(): boolean {
  const [touch, setTouch] = useState(touchNow);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const m = matchMedia(QUERY);
    const update = (): void => setTouch(m.matches);
    m.addEventListener('change', update);
    return () => m.removeEventListener('change', update);
  }, []);
  return touch;
}

/** The word for the person's main gesture: "Tap" or "Click" (capitalised as given by `start`). */
export function pointWord(touch: boolean, start = false): string {
  const w = touch ? 'tap' : 'click';
  return start ? w[0].toUpperCase() + w.slice(1) : w;
}
