// The King's Valley board in motion: a moved piece slides to its square (not at all when the person asks for
// reduced motion), and a piece can be dragged to one of its targets with a mouse, a pen or a finger.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/** How long a slide takes, in milliseconds. */
const SLIDE_MS = 160;
/** How far (CSS pixels) the pointer moves before a press on a piece becomes a drag. */
const DRAG_START = 6;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const squareEl = (root: HTMLElement, name: string): HTMLElement | null =>
  root.querySelector<HTMLElement>(`[data-square="${name}"]`);

/**
 * Slides the piece of a move just made (or taken back, when stepping back through the game) from where it stood:
 * `moves` are the moves up to the position shown; the slide is drawn when they grow or shrink by one (not after a
 * drag: the piece was dropped where it goes).
 */
export function useSlide(root: RefObject<HTMLElement | null>, moves: readonly string[]): void {
  const before = useRef<readonly string[]>(moves);
  useLayoutEffect(() => {
    const prev = before.current;
    before.current = moves;
    const el = root.current;
    // A piece dropped by a drag is where it goes already.
    const dropped = el?.dataset.dropped === '1';
    if (el) delete el.dataset.dropped;
    if (!el || dropped || reducedMotion() || typeof Element.prototype.animate !== 'function') return;
    const same = (a: readonly string[], b: readonly string[], n: number): boolean => {
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
      return true;
    };
    let from: string, to: string;
    if (moves.length === prev.length + 1 && same(moves, prev, prev.length)) {
      const m = moves[moves.length - 1];
      [from, to] = [m.slice(0, 2), m.slice(2)];
    } else if (prev.length === moves.length + 1 && same(prev, moves, moves.length)) {
      const m = prev[prev.length - 1];
      [from, to] = [m.slice(2), m.slice(0, 2)];
    } else return;
    const start = squareEl(el, from)?.getBoundingClientRect();
    const end = squareEl(el, to);
    const glyph = end?.querySelector<HTMLElement>('.glyph');
    if (!start || !end || !glyph) return;
    const stop = end.getBoundingClientRect();
    const dx = start.left - stop.left,
      dy = start.top - stop.top;
    glyph.classList.add('moving');
    const a = glyph.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      duration: SLIDE_MS,
      easing: 'ease-out',
    });
    const done = (): void => glyph.classList.remove('moving');
    a.onfinish = done;
    a.oncancel = done;
  }, [moves.join(',')]);
}

/** What a drag asks of the page. */
export interface DragHandlers {
  /** Whether the piece on this square may move now. */
  movable(square: string): boolean;
  /** Its destinations now. */
  targets(square: string): string[];
  /** The piece is lifted: show its targets. */
  onLift(square: string): void;
  /** Dropped on one of its targets. */
  onDrop(from: string, to: string): void;
}

/**
 * Drags pieces on the board inside `root` with pointer events: a press on a movable piece that moves a few pixels
 * lifts it (its targets shown), the glyph follows the pointer, and letting go on a target plays the move; anywhere
 * else it goes back, still chosen. A press that does not move stays a click, so click-click and the keys still work.
 *
 * A finger's tap on a square chooses it when the finger lifts, not when the browser's click comes: Chromium gives no
 * click at all for a tap that follows a swipe too soon (seen here: up to about half a second after a drag, longer
 * on a busy machine), so the tap after a drag was lost. The browser's own click for such a tap is then ignored.
 */
export function usePieceDrag(root: RefObject<HTMLElement | null>, handlers: DragHandlers): void {
  const live = useRef(handlers);
  live.current = handlers;
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let press: { id: number; from: string; x: number; y: number; dragging: boolean; movable: boolean } | null = null;
    /** The browser's click is not the board's: it follows a drag, or a finger's tap already chose the square. */
    let eatClick = false;
    let eatTimer: ReturnType<typeof setTimeout> | undefined;
    const eatClicksFor = (ms: number): void => {
      eatClick = true;
      clearTimeout(eatTimer);
      eatTimer = setTimeout(() => (eatClick = false), ms);
    };
    const glyph = (): HTMLElement | null =>
      press ? (squareEl(el, press.from)?.querySelector<HTMLElement>('.glyph') ?? null) : null;
    const settle = (): void => {
      const g = glyph();
      if (g) {
        g.style.transform = '';
        g.classList.remove('dragging');
      }
      press = null;
    };
    const down = (ev: PointerEvent): void => {
      if (press || (ev.pointerType === 'mouse' && ev.button !== 0)) return;
      eatClick = false;
      const name = (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
      if (!name) return;
      const movable = live.current.movable(name);
      // A mouse's press on an empty square is left to the click; a finger's tap is the board's (see above).
      if (!movable && ev.pointerType === 'mouse') return;
      press = { id: ev.pointerId, from: name, x: ev.clientX, y: ev.clientY, dragging: false, movable };
    };
    const move = (ev: PointerEvent): void => {
      if (!press || ev.pointerId !== press.id) return;
      const dx = ev.clientX - press.x,
        dy = ev.clientY - press.y;
      if (!press.dragging) {
        if (Math.hypot(dx, dy) < DRAG_START) return;
        if (!press.movable) {
          press = null;
          return;
        }
        press.dragging = true;
        live.current.onLift(press.from);
      }
      ev.preventDefault();
      const g = glyph();
      if (g) {
        g.classList.add('dragging');
        g.style.transform = `translate(${dx}px, ${dy}px)`;
      }
    };
    const up = (ev: PointerEvent): void => {
      if (!press || ev.pointerId !== press.id) return;
      const { from, dragging } = press;
      const at = document.elementFromPoint(ev.clientX, ev.clientY)?.closest<HTMLElement>('[data-square]')
        ?.dataset.square;
      if (!dragging) {
        press = null;
        if (ev.pointerType === 'mouse' || at !== from) return;
        // A finger's tap: the square is chosen now, by a click of the board's own; the browser's, if it comes, is
        // the same tap's.
        squareEl(el, from)?.click();
        eatClicksFor(1000);
        return;
      }
      // The click that follows a drag is the drag's, not a square's choice: eaten until this event's turn is over.
      eatClicksFor(0);
      const drop = at && at !== from && live.current.targets(from).includes(at) ? at : null;
      // The move is played after this turn: the touch's own end event still finds the piece it started on (a
      // browser that loses it may miss the next tap), and the piece stays where it was dropped until drawn there.
      setTimeout(() => {
        settle();
        if (drop) {
          el.dataset.dropped = '1';
          live.current.onDrop(from, drop);
        }
      }, 0);
    };
    const cancel = (ev: PointerEvent): void => {
      if (press && ev.pointerId === press.id) settle();
    };
    const click = (ev: MouseEvent): void => {
      if (!eatClick || !ev.isTrusted) return;
      eatClick = false;
      ev.stopPropagation();
      ev.preventDefault();
    };
    el.addEventListener('pointerdown', down);
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    el.addEventListener('click', click, true);
    return () => {
      el.removeEventListener('pointerdown', down);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      el.removeEventListener('click', click, true);
      clearTimeout(eatTimer);
    };
  }, []);
}
