// A board drawn on a canvas, for sizes too large for one button per square: click or keyboard cursor, a live
// region tells screen readers where the cursor is.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Board } from '../../../src/core/board.js';
import { heatColor, heatDark, keyTarget } from './keys.js';
import { ColorWords, PIXEL_CELL, drawScaled, imageCanvas, paintSquares } from './pixels.js';
import type { BoardProps, SquareView } from './types.js';

const LIGHT = '#f0d9b5', DARK = '#b58863', PIECE = '#1a5fb4', BLOCKER = '#3d3846', TARGET = 'rgba(38, 162, 105, 0.85)', HEAT_TARGET = '#e5a50a';

export function CanvasBoard({ board, label, view, describe, onActivate, overlay }: BoardProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [cursor, setCursor] = useState(0);
  const [focused, setFocused] = useState(false);
  const [width, setWidth] = useState(0);
  const current = cursor < board.cells ? cursor : 0;
  // The cursor as of the last key press, ahead of the state that redraws it (keys can come faster than renders).
  const live = useRef(current);
  if (live.current >= board.cells) live.current = current;
  const moveTo = (s: number): void => {
    live.current = s;
    setCursor(s);
  };

  useEffect(() => {
    const el = canvas.current!;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const dpr = window.devicePixelRatio || 1;
  // Squares a few device pixels wide are painted one pixel each, in one pass, and scaled up.
  const pixel = width > 0 && (width / board.width) * dpr < PIXEL_CELL;
  // The board's picture, redrawn only when the board, its view or its size change; the cursor is drawn over it.
  // (A pixel picture does not depend on the width, so resizing only rescales it.)
  const pictureWidth = pixel ? 0 : width;
  const picture = useMemo(
    () => (pixel ? pixelPicture(board, view) : pictureWidth === 0 ? null : squarePicture(board, view, pictureWidth, dpr)),
    [board, view, pictureWidth, pixel, dpr],
  );

  useEffect(() => {
    const el = canvas.current!;
    if (picture === null) return;
    const cell = width / board.width;
    el.width = Math.round(width * dpr);
    el.height = Math.round(cell * board.height * dpr);
    const g = el.getContext('2d')!;
    if (pixel) drawScaled(g, picture, el.width, el.height, el.width);
    else g.drawImage(picture, 0, 0);
    if (focused) {
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      const x = board.file(current) * cell, y = (board.height - 1 - board.rank(current)) * cell;
      g.strokeStyle = '#e01b24';
      g.lineWidth = Math.max(2, cell * 0.12);
      g.strokeRect(x - 1, y - 1, cell + 2, cell + 2);
    }
  }, [picture, board, pixel, dpr, width, current, focused]);

  const squareAt = (ev: MouseEvent): number | null => {
    const el = canvas.current!;
    const rect = el.getBoundingClientRect();
    const f = Math.floor(((ev.clientX - rect.left) / rect.width) * board.width);
    const r = board.height - 1 - Math.floor(((ev.clientY - rect.top) / rect.height) * board.height);
    return board.contains(f, r) ? board.index(f, r) : null;
  };

  return (
    <div class="canvas-wrap" style={{ '--w': board.width, '--h': board.height }}>
      <div class="canvas-stack">
        <canvas
          ref={canvas}
          class="board-canvas"
          tabIndex={0}
          role="application"
          aria-label={`${label}. Arrow keys move the cursor; Enter or Space chooses the square.`}
          onClick={(ev) => {
            const s = squareAt(ev);
            if (s === null) return;
            moveTo(s);
            onActivate(s, ev.shiftKey);
          }}
          onKeyDown={(ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              onActivate(live.current, ev.shiftKey);
              return;
            }
            const next = keyTarget(board, live.current, ev.key);
            if (next === null) return;
            ev.preventDefault();
            moveTo(next);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        {overlay}
      </div>
      <p class="sr-only" aria-live="polite">
        {focused ? describe(current) : ''}
      </p>
      <p class="hint">
        {board.width}×{board.height}: drawn on a canvas. Cursor: {board.name(current)}
      </p>
    </div>
  );
}

/** The board one pixel per square: each square's colour written straight into the pixel buffer. */
function pixelPicture(board: Board, view: (s: number) => SquareView): HTMLCanvasElement {
  const img = new ImageData(board.width, board.height);
  const words = new ColorWords();
  const light = words.get(LIGHT), dark = words.get(DARK), piece = words.get(PIECE), blocker = words.get(BLOCKER);
  const onLight = words.get(TARGET, LIGHT), onDark = words.get(TARGET, DARK), onHeat = words.get(HEAT_TARGET);
  paintSquares(new Uint32Array(img.data.buffer), board.width, board.height, (s, f, r) => {
    const v = view(s);
    // What a few pixels can show: the piece or blocker, else a target, else the heat or the checkered square.
    if (v.kind === 'piece') return piece;
    if (v.kind === 'blocker') return blocker;
    if (v.heat !== undefined) return v.target ? onHeat : words.get(heatColor(v.heat));
    const darkSquare = (f + r) % 2 === 0;
    if (v.target) return darkSquare ? onDark : onLight;
    return darkSquare ? dark : light;
  });
  return imageCanvas(img);
}

/** The board at its size on screen, square by square: pieces, blockers, targets and numbers drawn in full. */
function squarePicture(board: Board, view: (s: number) => SquareView, width: number, dpr: number): HTMLCanvasElement {
  const el = document.createElement('canvas');
  const cell = width / board.width;
  el.width = Math.round(width * dpr);
  el.height = Math.round(cell * board.height * dpr);
  const g = el.getContext('2d')!;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  // Numbers only where up to three digits fit in a square.
  const big = cell >= 22;
  g.font = `${Math.round(cell * 0.42)}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (let s = 0; s < board.cells; s++) {
    const f = board.file(s), r = board.rank(s);
    const x = f * cell, y = (board.height - 1 - r) * cell;
    const v = view(s);
    g.fillStyle = v.heat !== undefined ? heatColor(v.heat) : (f + r) % 2 === 0 ? DARK : LIGHT;
    // Overdraw by a hair so fractional cells leave no seams.
    g.fillRect(x, y, cell + 0.5, cell + 0.5);
    if (v.kind === 'blocker') {
      g.fillStyle = BLOCKER;
      g.fillRect(x + cell * 0.12, y + cell * 0.12, cell * 0.76, cell * 0.76);
    } else if (v.kind === 'piece') {
      g.fillStyle = PIECE;
      g.beginPath();
      g.arc(x + cell / 2, y + cell / 2, Math.max(0.8, cell * 0.4), 0, 2 * Math.PI);
      g.fill();
      // A white rim keeps the piece visible on the darkest heat colours.
      g.strokeStyle = '#fff';
      g.lineWidth = Math.max(0.5, cell * 0.08);
      g.stroke();
    }
    if (v.target) {
      g.fillStyle = TARGET;
      if (v.kind || v.heat !== undefined) {
        // A ring, so the piece, blocker or heat colour underneath stays visible.
        g.strokeStyle = v.kind ? TARGET : HEAT_TARGET;
        g.lineWidth = Math.max(1, cell * 0.1);
        g.strokeRect(x + g.lineWidth / 2, y + g.lineWidth / 2, cell - g.lineWidth, cell - g.lineWidth);
      } else if (cell < 4) {
        g.fillRect(x, y, cell, cell);
      } else {
        g.beginPath();
        g.arc(x + cell / 2, y + cell / 2, cell * 0.18, 0, 2 * Math.PI);
        g.fill();
      }
    }
    if (big && v.text !== undefined && !v.kind) {
      g.fillStyle = v.heat !== undefined && heatDark(v.heat) ? '#fff' : '#1b1b1b';
      g.fillText(v.text, x + cell / 2, y + cell / 2);
    }
  }
  return el;
}
