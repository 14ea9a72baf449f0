// A board of buttons, one per square: labelled with square names, keyboard-driven (roving focus), sized by CSS.
import { labelWithText } from './labels.js';
import { useId, useRef, useState } from 'preact/hooks';
import { fileName } from '../../../src/core/board.js';
import { heatColor, heatDark, keyTarget } from './keys.js';
import { textEms, type BoardProps } from './types.js';

/** The key that steps the same way on screen when the board is turned round (flip). */
const TURNED: Record<string, string> = {
  ArrowLeft: 'ArrowRight',
  ArrowRight: 'ArrowLeft',
  ArrowUp: 'ArrowDown',
  ArrowDown: 'ArrowUp',
  Home: 'End',
  End: 'Home',
  PageUp: 'PageDown',
  PageDown: 'PageUp',
};

export function DomBoard({ board, label, view, describe, onActivate, overlay, legend, onHover, flip }: BoardProps) {
  const [focus, setFocus] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const keysId = useId();
  const current = focus < board.cells ? focus : 0;

  // Steps from the square that has focus right now (not from state, which lags behind fast key presses) and
  // moves focus at once.
  const onKeyDown = (ev: KeyboardEvent): void => {
    const at = (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
    const next = keyTarget(board, at ? board.parse(at) : current, flip ? (TURNED[ev.key] ?? ev.key) : ev.key);
    if (next === null) return;
    ev.preventDefault();
    grid.current?.querySelector<HTMLButtonElement>(`[data-square="${board.name(next)}"]`)?.focus();
    setFocus(next);
  };

  /** The square an event happened in, if any (the board's overlays lie between squares). */
  const squareOf = (ev: Event): number | null => {
    const name = (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
    return name ? board.parse(name) : null;
  };

  // The square under the pointer or with focus, for pages that show more about it (onHover).
  const hovered = useRef<number | null>(null);
  const hover = (ev: Event): void => {
    if (!onHover) return;
    const s = squareOf(ev);
    if (s !== hovered.current) onHover((hovered.current = s));
  };
  // One listener on the board for every square's click and focus (two on each of a board's squares took a tenth of a
  // page's first drawing).
  const onClick = (ev: MouseEvent): void => {
    const s = squareOf(ev);
    if (s === null) return;
    setFocus(s);
    onActivate(s, ev.shiftKey);
  };
  const onFocusIn = (ev: FocusEvent): void => {
    const s = squareOf(ev);
    if (s !== null) setFocus(s);
    hover(ev);
  };
  const leave = (): void => {
    if (onHover && hovered.current !== null) onHover((hovered.current = null));
  };

  const rows = [];
  for (let row = 0; row < board.height; row++) {
    const r = flip ? row : board.height - 1 - row;
    for (let col = 0; col < board.width; col++) {
      const f = flip ? board.width - 1 - col : col;
      const s = board.index(f, r);
      const v = view(s);
      const cls = ['sq', (f + r) % 2 === 0 ? 'dark' : 'light'];
      if (v.kind) cls.push(v.kind);
      if (v.target) cls.push('target');
      const style =
        v.heat !== undefined
          ? { background: heatColor(v.heat), color: heatDark(v.heat) ? '#fff' : '#1b1b1b' }
          : undefined;
      rows.push(
        <button
          key={s}
          type="button"
          class={cls.join(' ')}
          style={style}
          data-square={board.name(s)}
          data-kind={v.kind}
          data-target={v.target ? '' : undefined}
          aria-label={labelWithText(describe(s), v.glyph ? undefined : v.text)}
          tabIndex={s === current ? 0 : -1}
        >
          {v.glyph ? (
            <span class="glyph" aria-hidden="true">
              {v.glyph}
            </span>
          ) : v.text !== undefined ? (
            <span class="count" aria-hidden="true" style={{ '--ems': textEms(v.text).toFixed(2) }}>
              {v.text}
            </span>
          ) : null}
        </button>,
      );
    }
  }
  const ranks = [];
  for (let r = board.height; r >= 1; r--) ranks.push(<span key={r}>{r}</span>);
  const files = [];
  for (let f = 0; f < board.width; f++) files.push(<span key={f}>{fileName(f)}</span>);
  if (flip) {
    ranks.reverse();
    files.reverse();
  }
  return (
    <div class="board-wrap" style={{ '--w': board.width, '--h': board.height }}>
      <div class="ranks" aria-hidden="true">
        {ranks}
      </div>
      <div
        class="board"
        role="group"
        aria-label={label}
        aria-describedby={keysId}
        ref={grid}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onMouseOver={hover}
        onFocusIn={onFocusIn}
        onMouseLeave={leave}
        onFocusOut={(ev) => {
          if (!grid.current?.contains(ev.relatedTarget as Node | null)) leave();
        }}
      >
        {rows}
        {overlay}
      </div>
      <div class="files" aria-hidden="true">
        {files}
      </div>
      <p id={keysId} class="sr-only">
        Arrow keys move between squares; Enter or Space chooses one.
      </p>
      {legend !== undefined && <div class="board-legend-slot">{legend}</div>}
    </div>
  );
}
