// The King's Valley move list: one numbered pair a row, each move a button that shows the position after it, and
// the buttons that step through the game (the keys ← → Home End do the same, see stepPly).
import { useEffect, useRef } from 'preact/hooks';
import { movePairs } from './state.js';

/** Where a review stands, in words short enough for a phone: "Start of 12 moves", "Move 3 of 12: b1e4". */
function plyWords(ply: number, moves: readonly string[]): string {
  if (moves.length === 0) return 'No moves yet';
  if (ply === 0) return `Start of ${moves.length === 1 ? '1 move' : `${moves.length} moves`}`;
  return `Move ${ply} of ${moves.length}: ${moves[ply - 1]}`;
}

/** The stepping buttons' icons (drawn, as not every font has ⏮ and ⏭). */
const ICON = {
  first: 'M3 2h2v12H3zM14 2v12L6 8z',
  back: 'M12 2v12L4 8z',
  on: 'M4 2v12l8-6z',
  last: 'M11 2h2v12h-2zM2 2v12l8-6z',
};

export function ReviewButtons({
  ply,
  moves,
  onGo,
}: {
  ply: number;
  moves: readonly string[];
  onGo: (ply: number) => void;
}) {
  const n = moves.length;
  const step = (label: string, icon: string, to: number, disabled: boolean) => (
    <button type="button" class="small" aria-label={label} title={label} disabled={disabled} onClick={() => onGo(to)}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d={icon} fill="currentColor" />
      </svg>
    </button>
  );
  return (
    <div class="valley-review" role="group" aria-label="Step through the game">
      {step('Start position', ICON.first, 0, ply === 0)}
      {step('Previous move', ICON.back, Math.max(0, ply - 1), ply === 0)}
      <span class="valley-at" id="valley-at">
        {plyWords(ply, moves)}
      </span>
      {step('Next move', ICON.on, Math.min(n, ply + 1), ply >= n)}
      {step('Latest position', ICON.last, n, ply >= n)}
    </div>
  );
}

export function MoveList({
  moves,
  first,
  ply,
  onGo,
}: {
  moves: readonly string[];
  first: 'w' | 'b';
  ply: number;
  onGo: (ply: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  // The move shown stays in view inside the list (the page itself does not scroll).
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const cur = el.querySelector<HTMLElement>('[aria-current]');
    if (!cur) {
      if (ply >= moves.length) el.scrollTop = el.scrollHeight;
      return;
    }
    const top = cur.offsetTop - el.offsetTop,
      bottom = top + cur.offsetHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
  }, [ply, moves.length]);
  if (moves.length === 0) return <p class="muted valley-no-moves">No moves yet.</p>;
  const offset = first === 'b' ? 1 : 0;
  const button = (move: string | undefined, index: number) =>
    move === undefined ? (
      <span data-move="">…</span>
    ) : (
      <button
        type="button"
        data-move={move}
        data-ply={index + 1}
        aria-current={ply === index + 1 ? 'step' : undefined}
        onClick={() => onGo(index + 1)}
      >
        {move}
      </button>
    );
  return (
    <ol id="valley-moves" class="valley-moves" ref={list} aria-label="Moves: choose one to see the position after it">
      {movePairs(moves, first).map((row) => {
        const base = 2 * (row.number - 1) - offset;
        return (
          <li key={row.number} value={row.number}>
            {button(row.white, base)} {row.black !== undefined ? button(row.black, base + 1) : null}
          </li>
        );
      })}
    </ol>
  );
}
