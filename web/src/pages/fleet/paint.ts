// Painting squares with the mouse: press on a square to toggle it, drag to give the squares passed over the
// same value; a click that follows the press is not counted twice; Enter and Space still toggle one square.
import { useEffect, useMemo, useRef } from 'preact/hooks';

/** paint(name, on): set the square on or off (null: toggle); returns the value it now has. */
export type Paint = (name: string, on: boolean | null) => boolean;

function squareOf(ev: Event): string | undefined {
  return (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
}

export function usePainter(paint: Paint) {
  const value = useRef<boolean | null>(null);
  const pressed = useRef<{ name: string; at: number } | null>(null);
  const latest = useRef(paint);
  latest.current = paint;
  useEffect(() => {
    const up = (): void => {
      value.current = null;
    };
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
    return () => {
      removeEventListener('pointerup', up);
      removeEventListener('pointercancel', up);
    };
  }, []);
  return useMemo(
    () => ({
      onPointerDown(ev: PointerEvent) {
        const name = squareOf(ev);
        if (ev.button !== 0 || !name) return;
        pressed.current = { name, at: Date.now() };
        value.current = latest.current(name, null);
      },
      onPointerOver(ev: PointerEvent) {
        const name = squareOf(ev);
        if (value.current === null || (ev.buttons & 1) === 0 || !name) return;
        latest.current(name, value.current);
      },
      /** The board's own activation (a click, Enter or Space). */
      activate(name: string) {
        const p = pressed.current;
        pressed.current = null;
        if (p && p.name === name && Date.now() - p.at < 1500) return;
        latest.current(name, null);
      },
    }),
    [],
  );
}
