// Moving ships by hand on the Sea Battle board: press a ship and drag it (mouse or finger), or pick it with a
// click, a tap or Enter and put it down on a square (the arrow keys walk it there); R or Turn turns it; a ship from
// the harbour (the fleet's ships not on the board yet) is dragged or picked the same way. Every drop is judged by
// placing.ts and a refused one says why; the ship in hand is drawn over the board, green where it may go.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import type { FleetProblem } from '../../../../src/fleet/index.js';
import { pointWord } from '../../controls/touch.js';
import { ShipPicture } from './pictures.js';
import { cellsAt, dropped, dropRefusal, fromHarbour, harbour, lift, turned, type Held } from './placing.js';
import { canonicalOrientation, kindNames } from './shapes.js';

/** Stands in for a fleet that could not be built (the mover is off then). */
const NO_FLEET: FleetProblem = { width: 1, height: 1, forbidden: new Uint8Array(1), kinds: [], touch: 'none' };
/** A pointer that moves this far (CSS px) after pressing drags; less is a click or a tap. */
const DRAG_PX = 6;

interface Options {
  /** The fleet; null (no fleet: the message says why) leaves the board still. */
  problem: FleetProblem | null;
  board: Board;
  layout: string[][];
  setLayout: (layout: string[][]) => void;
  /** The Move tool is on: the board's presses and keys are the mover's. */
  on: boolean;
  touch: boolean;
}

/** The square under a point of the page's board, or null. */
function squareAt(board: Board, x: number, y: number): number | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('.fleet-edit-board [data-square]');
  return el?.dataset.square ? board.parse(el.dataset.square) : null;
}

export function useShipMover({ problem: maybe, board, layout, setLayout, on: asked, touch }: Options) {
  const on = asked && maybe !== null;
  const problem = maybe ?? NO_FLEET;
  const [held, setHeld] = useState<Held | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const drag = useRef<{ x: number; y: number; moved: boolean; what: string } | null>(null);
  /** The click that follows a press and release on `what` (a square or a harbour ship) until `until` is no choice. */
  const quiet = useRef({ what: '', until: 0 });
  const isQuiet = (what: string): boolean => quiet.current.what === what && Date.now() < quiet.current.until;
  const names = kindNames(problem.kinds);
  const latest = useRef({ held, at, layout });
  latest.current = { held, at, layout };
  const shipName = (h: Held): string => (h.kind === null ? 'cells' : names[h.kind]);

  const cancel = (why = ''): void => {
    drag.current = null;
    latest.current = { ...latest.current, held: null, at: null };
    setHeld(null);
    setAt(null);
    setNote(why);
  };
  // A new problem (another fleet, board or rule) drops whatever is in hand.
  useEffect(() => cancel(), [problem]);
  useEffect(() => {
    if (!on) cancel();
  }, [on]);

  /** Drops the ship in hand with its held cell on `s`; a refused drop keeps it in hand unless it was dragged. */
  const drop = (s: number, dragged: boolean): void => {
    const h = latest.current.held;
    if (!h) return;
    const why = dropRefusal(problem, board, latest.current.layout, h, s);
    if (why !== null) {
      if (dragged) cancel(`That drop was refused: ${why}. The ship went back.`);
      else setNote(`Not there: ${why}.`);
      return;
    }
    const cells = cellsAt(board, h, s).map((c) => board.name(c));
    setLayout(dropped(board, latest.current.layout, h, s));
    cancel(`The ${shipName(h)} now stands on ${cells.join(', ')}.`);
  };

  const pick = (h: Held, square: number | null, how: 'drag' | 'select', ev?: PointerEvent, what = ''): void => {
    latest.current = { ...latest.current, held: h, at: square };
    setHeld(h);
    setAt(square);
    drag.current = how === 'drag' && ev ? { x: ev.clientX, y: ev.clientY, moved: false, what } : null;
    const where = touch
      ? 'tap a square to put it there'
      : 'click a square or use the arrow keys and Enter to put it there';
    setNote(
      `The ${shipName(h)} is in hand: ${where}; ${touch ? 'Turn' : 'R or Turn'} turns it, ${touch ? 'Put back' : 'Esc'} leaves it.`,
    );
  };

  const turn = (): void => {
    const h = latest.current.held;
    if (!h) return;
    const t = turned(h);
    latest.current = { ...latest.current, held: t };
    setHeld(t);
    const s = latest.current.at;
    const why = s === null ? null : dropRefusal(problem, board, latest.current.layout, t, s);
    setNote(why === null ? `Turned the ${shipName(t)}.` : `Turned the ${shipName(t)}; it may not go here: ${why}.`);
  };

  // While a ship is in hand: the pointer drags it, R turns it, Esc puts it back. The listeners stay for the page's
  // life and read the newest state: a quick click's release may come before a render could add them.
  const act = useRef({ drop, turn, cancel, board });
  act.current = { drop, turn, cancel, board };
  useEffect(() => {
    const move = (ev: PointerEvent): void => {
      const d = drag.current;
      if (!d || !latest.current.held) return;
      if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < DRAG_PX) return;
      d.moved = true;
      const s = squareAt(act.current.board, ev.clientX, ev.clientY);
      if (s !== null) setAt(s);
    };
    const up = (ev: PointerEvent): void => {
      const d = drag.current;
      if (!d || !latest.current.held) return;
      drag.current = null;
      // The click that follows a press and release is not a second choice.
      quiet.current = { what: d.what, until: Date.now() + 600 };
      if (!d.moved) return; // a click or a tap: the ship stays in hand
      const s = squareAt(act.current.board, ev.clientX, ev.clientY);
      if (s === null) act.current.cancel('Dropped off the board: the ship went back.');
      else act.current.drop(s, true);
    };
    const key = (ev: KeyboardEvent): void => {
      if (!latest.current.held) return;
      const t = ev.target as HTMLElement | null;
      if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
      if (ev.key === 'r' || ev.key === 'R') {
        ev.preventDefault();
        act.current.turn();
      } else if (ev.key === 'Escape') {
        ev.preventDefault();
        act.current.cancel('Put back.');
      }
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
    addEventListener('keydown', key);
    return () => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
      removeEventListener('pointercancel', up);
      removeEventListener('keydown', key);
    };
  }, []);

  return {
    held,
    at,
    note,
    turn,
    cancel,
    /** A press on the board: on a ship (with none in hand) it is lifted for a drag. */
    onPointerDown(ev: PointerEvent): void {
      if (!on || latest.current.held || ev.button !== 0) return;
      const name = (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
      if (!name) return;
      const h = lift(problem, board, layout, board.parse(name));
      if (h) pick(h, board.parse(name), 'drag', ev, `square ${name}`);
    },
    /** The board's click, Enter or Space: puts the ship in hand down here, or picks up the ship here. */
    activate(s: number): void {
      if (isQuiet(`square ${board.name(s)}`)) return;
      const h = latest.current.held;
      const here = lift(problem, board, layout, s);
      if (h && !(here && here.from !== h.from)) drop(s, false);
      else if (here) pick(here, s, 'select');
      else setNote(`${pointWord(touch, true)} a ship to pick it up, or drag one from the harbour below.`);
    },
    /** The pointer or the keyboard's square over the board: the ship in hand follows it. */
    hover(s: number | null): void {
      if (latest.current.held && !drag.current && s !== null) setAt(s);
    },
    /** The ships still to place, each a button to drag onto the board or to pick (click, tap, Enter). */
    harbour: maybe && (
      <Harbour
        problem={problem}
        left={harbour(problem, board, layout)}
        touch={touch}
        onPick={(kind, ev) => {
          if (!on) return;
          const h = fromHarbour(problem, kind, canonicalOrientation(problem.kinds[kind].orientations));
          if (ev) {
            pick(h, null, 'drag', ev, `kind ${kind}`);
            return;
          }
          if (isQuiet(`kind ${kind}`)) return;
          // The keyboard's way on: the board's square that takes the keys, the ship over it.
          const sq = document.querySelector<HTMLElement>('.fleet-edit-board [data-square][tabindex="0"]');
          pick(h, sq?.dataset.square ? board.parse(sq.dataset.square) : 0, 'select');
          sq?.focus();
        }}
      />
    ),
  };
}

function Harbour({
  problem,
  left,
  touch,
  onPick,
}: {
  problem: FleetProblem;
  left: number[];
  touch: boolean;
  onPick: (kind: number, ev?: PointerEvent) => void;
}) {
  const names = kindNames(problem.kinds);
  const total = left.reduce((a, b) => a + b, 0);
  return (
    <div class="harbour" id="fleet-harbour" role="group" aria-label="Ships not on the board yet">
      <p class="harbour-title">
        {total === 0
          ? 'Every ship of the fleet is on the board.'
          : `Ships to place (${total}): ${touch ? 'tap one, then tap a square' : 'drag one onto the board, or click it and then a square'}.`}
      </p>
      {total > 0 && (
        <div class="harbour-ships">
          {left.map((n, k) =>
            n === 0 ? null : (
              <button
                key={k}
                type="button"
                class="harbour-ship"
                data-kind-name={names[k]}
                onPointerDown={(ev) => {
                  if (ev.button === 0) onPick(k, ev);
                }}
                onClick={() => onPick(k)}
              >
                <ShipPicture shape={canonicalOrientation(problem.kinds[k].orientations)} />
                <span class="sr-only">Pick up a {names[k]}: </span>
                <span>{n} left</span>
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}

/** The ship in hand drawn over the board where it would land: green where it may go, red where it may not. */
export function HeldGhost({ board, cells, ok, from }: { board: Board; cells: number[]; ok: boolean; from: number[] }) {
  const rect = (s: number, cls: string) => (
    <rect
      key={`${cls}${s}`}
      class={cls}
      x={board.file(s) + 0.06}
      y={board.height - 1 - board.rank(s) + 0.06}
      width={0.88}
      height={0.88}
      rx={0.1}
    />
  );
  return (
    <svg class="marks-overlay held-overlay" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
      {from.map((s) => rect(s, 'held-from'))}
      {cells.filter((s) => s >= 0).map((s) => rect(s, ok ? 'held-ok' : 'held-bad'))}
    </svg>
  );
}
