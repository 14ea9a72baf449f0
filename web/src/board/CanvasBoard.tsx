// A board drawn on a canvas, for sizes too large for one button per square: zoom and pan (wheel, drag, pinch,
// keys, buttons), file and rank labels along the edges, a status line reading out the square under the pointer
// or the keyboard cursor, and numbers written on the squares once they are large enough to hold them.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { fileName, type Board } from '../../../src/core/board.js';
import { BoardViewport, type BoardViewportInfo } from './context.js';
import { heatColor, heatDark, keyTarget } from './keys.js';
import { ColorWords, imageCanvas, paintSquares } from './pixels.js';
import { useTouch } from '../controls/touch.js';
import { textSize, type BoardProps, type SquareView } from './types.js';
import {
  WHOLE,
  clampView,
  keepInView,
  labelStep,
  labelled,
  maxZoom,
  panBy,
  visibleRange,
  zoomAbout,
  type Viewport,
} from './viewport.js';

const LIGHT = '#f0d9b5',
  DARK = '#b58863',
  PIECE = '#1a5fb4',
  BLOCKER = '#3d3846',
  TARGET = 'rgba(38, 162, 105, 0.85)',
  TARGET_TINT = 'rgba(38, 162, 105, 0.3)',
  HEAT_TARGET = '#e5a50a';

/**
 * From this many CSS pixels a square is drawn by itself (piece discs, target dots, numbers); smaller squares are
 * the one-pixel-per-square picture, scaled (sharp edges from a device pixel up, averaged below).
 */
const BIG_CELL = 16;
/** A drag shorter than this (CSS pixels) is still a click. */
const CLICK_SLOP = 5;
/** Zoom per press of + or − or the buttons. */
const STEP = 2;

/** The board one pixel per square, built once per board and view: the picture every small-square frame crops. */
interface PixelPicture {
  board: Board;
  view: (s: number) => SquareView;
  canvas: HTMLCanvasElement;
  /** Some square has text (then the board says "zoom in to read the numbers" while squares are small). */
  hasText: boolean;
  /**
   * The squares holding a piece (the first PIECE_MARKS), marked over the picture so a piece a few pixels wide shows.
   */
  pieces: number[];
}

/** At most this many pieces are marked over a picture of small squares (a page has a handful). */
const PIECE_MARKS = 2000;

/** A drawn frame of the board (without the cursor), kept so cursor moves only copy it. */
interface Frame {
  board: Board;
  view: (s: number) => SquareView;
  v: Viewport;
  dw: number;
  dh: number;
  canvas: HTMLCanvasElement;
  /** Text that did not fit in its square. */
  hidden: boolean;
}

export function CanvasBoard({
  board,
  label,
  view,
  describe,
  onActivate,
  overlay,
  legend,
  onHover,
  idleReadout,
}: BoardProps) {
  const W = board.width,
    H = board.height;
  const canvas = useRef<HTMLCanvasElement>(null);
  const touch = useTouch();
  const [cursor, setCursor] = useState(0);
  const [focused, setFocused] = useState(false);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [readout, setReadout] = useState<number | null>(null);
  const [hiddenText, setHiddenText] = useState(false);
  // The view belongs to one board size: another size starts from the whole board.
  const sizeKey = `${W}x${H}`;
  const [held, setHeld] = useState<{ key: string; v: Viewport }>({ key: sizeKey, v: WHOLE });
  const cell1 = size.w > 0 ? size.w / W : 0;
  const max = maxZoom(W, H, size.w);
  const vp = clampView(held.key === sizeKey ? held.v : WHOLE, W, H, max);
  // The latest view, ahead of the state that redraws it (wheel and pointer events come faster than renders).
  const vpNow = useRef(vp);
  vpNow.current = vp;
  const setView = (next: Viewport): void => {
    const v = clampView(next, W, H, max);
    const was = vpNow.current;
    // Zooming past a limit changes nothing: nothing to draw.
    if (v.z === was.z && v.x === was.x && v.y === was.y) return;
    vpNow.current = v;
    setHeld({ key: sizeKey, v });
  };

  const current = cursor < board.cells ? cursor : 0;
  // The cursor as of the last key press, ahead of the state that redraws it (keys can come faster than renders).
  const live = useRef(current);
  if (live.current >= board.cells) live.current = current;
  const shownSquare = readout !== null && readout < board.cells ? readout : null;
  const read = (s: number | null): void => {
    setReadout(s);
    onHover?.(s);
  };
  const moveTo = (s: number): void => {
    live.current = s;
    setCursor(s);
    read(s);
  };

  useEffect(() => {
    const el = canvas.current!;
    // A new size only when it differs, so a resize that changes nothing draws nothing.
    const ro = new ResizeObserver(() =>
      setSize((old) =>
        old.w === el.clientWidth && old.h === el.clientHeight ? old : { w: el.clientWidth, h: el.clientHeight },
      ),
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const dpr = window.devicePixelRatio || 1;
  const pixels = useRef<PixelPicture | null>(null);
  const frame = useRef<Frame | null>(null);
  const pixelPicture = (): PixelPicture => {
    const p = pixels.current;
    if (p && p.board === board && p.view === view) return p;
    return (pixels.current = paintPixels(board, view));
  };

  useLayoutEffect(() => {
    const el = canvas.current!;
    // A board too thin to show a device pixel (1000×3 in a narrow column: its border takes all its height) draws
    // nothing: a canvas of no height cannot be drawn from.
    if (size.w === 0 || Math.round(size.h * (window.devicePixelRatio || 1)) === 0) return;
    const dw = Math.round(size.w * dpr),
      dh = Math.round(size.h * dpr);
    if (el.width !== dw || el.height !== dh) {
      el.width = dw;
      el.height = dh;
    }
    let f = frame.current;
    if (!f || f.board !== board || f.view !== view || f.v !== vp || f.dw !== dw || f.dh !== dh) {
      const c = f?.canvas ?? document.createElement('canvas');
      if (c.width !== dw || c.height !== dh) {
        c.width = dw;
        c.height = dh;
      }
      const hidden = drawFrame(c.getContext('2d')!, board, view, vp, size.w, dpr, pixelPicture);
      f = frame.current = { board, view, v: vp, dw, dh, canvas: c, hidden };
    }
    if (f.hidden !== hiddenText) setHiddenText(f.hidden);
    const g = el.getContext('2d')!;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, dw, dh);
    g.drawImage(f.canvas, 0, 0);
    if (focused) {
      const cell = cell1 * vp.z;
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      const x = (board.file(current) - vp.x) * cell,
        y = (H - 1 - board.rank(current) - vp.y) * cell;
      g.strokeStyle = '#e01b24';
      g.lineWidth = Math.max(2, cell * 0.12);
      g.strokeRect(x - 1, y - 1, cell + 2, cell + 2);
    }
  });

  /** The point of an event in CSS pixels from the squares' top-left corner (inside the canvas's border). */
  const local = (ev: { clientX: number; clientY: number }): [number, number] => {
    const el = canvas.current!;
    const rect = el.getBoundingClientRect();
    return [ev.clientX - rect.left - el.clientLeft, ev.clientY - rect.top - el.clientTop];
  };
  const squareAt = (ev: { clientX: number; clientY: number }): number | null => {
    if (cell1 === 0) return null;
    const [px, py] = local(ev);
    const v = vpNow.current,
      cell = cell1 * v.z;
    const f = Math.floor(v.x + px / cell);
    const r = H - 1 - Math.floor(v.y + py / cell);
    return board.contains(f, r) ? board.index(f, r) : null;
  };

  // Wheel zoom about the pointer (a native listener: it must be able to stop the page scrolling). Zooming out
  // of the whole board scrolls the page as usual.
  const wheel = useRef<(ev: WheelEvent) => void>(() => {});
  wheel.current = (ev: WheelEvent): void => {
    const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
    const v = vpNow.current;
    if (dy === 0 || cell1 === 0 || (dy > 0 && v.z <= 1)) return;
    ev.preventDefault();
    const [px, py] = local(ev);
    setView(zoomAbout(v, Math.exp(-dy * 0.002), px, py, cell1, W, H, max));
  };
  useEffect(() => {
    const el = canvas.current!;
    const on = (ev: WheelEvent): void => wheel.current(ev);
    el.addEventListener('wheel', on, { passive: false });
    return () => el.removeEventListener('wheel', on);
  }, []);

  // Drag pans; two fingers pinch and pan. A press that hardly moves stays a click.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, dragged: false });
  const onPointerDown = (ev: PointerEvent): void => {
    if (ev.pointerType === 'mouse' && ev.button !== 0) return;
    try {
      canvas.current!.setPointerCapture(ev.pointerId);
    } catch {
      // A pointer the browser no longer tracks (or a made-up one): the gesture works without capture.
    }
    pointers.current.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: 0, dragged: false };
    else gesture.current.dragged = true;
  };
  const onPointerMove = (ev: PointerEvent): void => {
    const ps = pointers.current;
    const p = ps.get(ev.pointerId);
    if (!p) {
      if (ev.pointerType !== 'touch') {
        const s = squareAt(ev);
        if (s !== shownSquare) read(s);
      }
      return;
    }
    if (ps.size === 1) {
      const dx = ev.clientX - p.x,
        dy = ev.clientY - p.y;
      p.x = ev.clientX;
      p.y = ev.clientY;
      const g = gesture.current;
      g.moved += Math.abs(dx) + Math.abs(dy);
      if (g.moved > CLICK_SLOP) g.dragged = true;
      if (g.dragged && vpNow.current.z > 1) setView(panBy(vpNow.current, dx, dy, cell1, W, H, max));
      return;
    }
    if (ps.size === 2 && cell1 > 0) {
      const [a, b] = [...ps.values()];
      const mid0 = [(a.x + b.x) / 2, (a.y + b.y) / 2],
        d0 = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = ev.clientX;
      p.y = ev.clientY;
      const mid1 = [(a.x + b.x) / 2, (a.y + b.y) / 2],
        d1 = Math.hypot(a.x - b.x, a.y - b.y);
      const moved = panBy(vpNow.current, mid1[0] - mid0[0], mid1[1] - mid0[1], cell1, W, H, max);
      const [px, py] = local({ clientX: mid1[0], clientY: mid1[1] });
      setView(d0 > 0 && d1 > 0 ? zoomAbout(moved, d1 / d0, px, py, cell1, W, H, max) : moved);
    }
  };
  const onPointerEnd = (ev: PointerEvent): void => {
    pointers.current.delete(ev.pointerId);
  };

  const zoomBy = (factor: number, about?: number): void => {
    const v = vpNow.current,
      cell = cell1 * v.z;
    if (cell1 === 0) return;
    let px = size.w / 2,
      py = size.h / 2;
    if (about !== undefined) {
      const x = (board.file(about) + 0.5 - v.x) * cell,
        y = (H - 0.5 - board.rank(about) - v.y) * cell;
      if (x >= 0 && x <= size.w && y >= 0 && y <= size.h) [px, py] = [x, y];
    }
    setView(zoomAbout(v, factor, px, py, cell1, W, H, max));
  };

  const onKeyDown = (ev: KeyboardEvent): void => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onActivate(live.current, ev.shiftKey);
      return;
    }
    if (ev.key === '+' || ev.key === '=' || ev.key === '-' || ev.key === '_' || ev.key === '0') {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      ev.preventDefault();
      if (ev.key === '0') setView(WHOLE);
      else zoomBy(ev.key === '+' || ev.key === '=' ? STEP : 1 / STEP, live.current);
      return;
    }
    if (ev.shiftKey && ev.key.startsWith('Arrow')) {
      // Shift and an arrow pan a quarter of the view, leaving the cursor where it is.
      ev.preventDefault();
      const d =
        ev.key === 'ArrowLeft' ? [1, 0] : ev.key === 'ArrowRight' ? [-1, 0] : ev.key === 'ArrowUp' ? [0, 1] : [0, -1];
      setView(panBy(vpNow.current, (d[0] * size.w) / 4, (d[1] * size.h) / 4, cell1, W, H, max));
      return;
    }
    const next = keyTarget(board, live.current, ev.key);
    if (next === null) return;
    ev.preventDefault();
    moveTo(next);
    // When zoomed, the view follows the cursor.
    setView(keepInView(vpNow.current, board.file(next), board.rank(next), W, H, max));
  };

  const info = useMemo<BoardViewportInfo>(
    () => ({ ...vp, width: size.w, height: size.h }),
    [vp.z, vp.x, vp.y, size.w, size.h],
  );

  // Labels along the edges: as many as fit, on round numbers.
  const cell = cell1 * vp.z;
  const range = visibleRange(vp, W, H);
  const files = [];
  const ranks = [];
  if (cell > 0) {
    const fileGap = 8 + 7 * fileName(W - 1).length;
    for (const f of labelled(range.f0, range.f1, labelStep(cell, fileGap))) {
      files.push(
        <span key={f} style={{ left: `${(f + 0.5 - vp.x) * cell}px` }}>
          {fileName(f)}
        </span>,
      );
    }
    for (const r of labelled(range.r0, range.r1, labelStep(cell, 15))) {
      ranks.push(
        <span key={r} style={{ top: `${(H - 0.5 - r - vp.y) * cell}px` }}>
          {r + 1}
        </span>,
      );
    }
  }
  const zoomed = vp.z > 1.0001;
  const zoomWords = `${vp.z < 10 ? Number(vp.z.toFixed(1)) : Math.round(vp.z)}×`;
  const corner = (f: number, r: number): string => `${fileName(f)}${r + 1}`;

  return (
    <div class="canvas-wrap" style={{ '--w': W, '--h': H }}>
      <div class="canvas-tools" role="group" aria-label="Zoom">
        <button type="button" class="small" onClick={() => zoomBy(1 / STEP)} disabled={!zoomed} aria-label="Zoom out">
          −
        </button>
        <button type="button" class="small" onClick={() => zoomBy(STEP)} disabled={vp.z >= max} aria-label="Zoom in">
          +
        </button>
        <button type="button" class="small" onClick={() => setView(WHOLE)} disabled={!zoomed}>
          Whole board
        </button>
        <span
          class="hint board-range"
          data-zoom={vp.z}
          data-view={`${corner(range.f0, range.r0)}:${corner(range.f1, range.r1)}`}
        >
          {zoomed
            ? `${zoomWords} · ${corner(range.f0, range.r0)} to ${corner(range.f1, range.r1)}`
            : `${W}×${H}, whole board`}
        </span>
      </div>
      <div class="canvas-grid">
        <div class="canvas-ranks" aria-hidden="true">
          {ranks}
        </div>
        <div class="canvas-stack">
          <canvas
            ref={canvas}
            class="board-canvas"
            style={{ touchAction: zoomed ? 'none' : 'pan-y' }}
            tabIndex={0}
            role="application"
            aria-label={`${label}. Arrow keys move the cursor; Enter or Space chooses the square; plus and minus zoom, 0 shows the whole board, shift and an arrow pan.`}
            onClick={(ev) => {
              if (gesture.current.dragged) {
                gesture.current.dragged = false;
                return;
              }
              const s = squareAt(ev);
              if (s === null) return;
              moveTo(s);
              onActivate(s, ev.shiftKey);
            }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onPointerLeave={(ev) => {
              if (ev.pointerType !== 'touch' && !pointers.current.has(ev.pointerId))
                read(focused ? live.current : null);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setFocused(true);
              read(live.current);
            }}
            onBlur={() => {
              setFocused(false);
              read(null);
            }}
          />
          <BoardViewport.Provider value={info}>{overlay}</BoardViewport.Provider>
        </div>
        <div class="canvas-files" aria-hidden="true">
          {files}
        </div>
      </div>
      <p class="board-readout" aria-live="polite">
        {shownSquare !== null
          ? describe(shownSquare)
          : (idleReadout ?? (touch ? 'Tap a square to read it.' : 'Hover or focus a square.'))}
      </p>
      {hiddenText && (
        <p class="hint board-numbers">
          {touch
            ? 'Pinch or use the + button to zoom in and read the numbers.'
            : 'Zoom in to read the numbers (wheel, pinch, the + button or the + key).'}
        </p>
      )}
      {legend !== undefined && (
        <div class="board-legend-slot">
          <BoardViewport.Provider value={info}>{legend}</BoardViewport.Provider>
        </div>
      )}
    </div>
  );
}

/**
 * Draws the view of the board into g (device pixels): small squares cropped from the one-pixel-per-square
 * picture, large ones one by one (only those in view). Returns whether some text in view did not fit.
 */
function drawFrame(
  g: CanvasRenderingContext2D,
  board: Board,
  view: (s: number) => SquareView,
  v: Viewport,
  cssWidth: number,
  dpr: number,
  pixels: () => PixelPicture,
): boolean {
  const W = board.width,
    H = board.height;
  const dw = g.canvas.width,
    dh = g.canvas.height;
  const cell = (cssWidth / W) * v.z;
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, dw, dh);
  if (cell < BIG_CELL) {
    const p = pixels();
    const sw = W / v.z,
      sh = H / v.z;
    // Squares of a device pixel or more keep sharp edges; smaller ones are averaged rather than dropped.
    g.imageSmoothingEnabled = sw > dw;
    g.drawImage(p.canvas, v.x, v.y, sw, sh, 0, 0, dw, dh);
    g.imageSmoothingEnabled = true;
    // Pieces as discs a few pixels wide, white-rimmed, over their squares.
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const r = Math.max(3.5, cell * 0.45);
    for (const s of p.pieces) {
      const x = (board.file(s) + 0.5 - v.x) * cell,
        y = (H - 0.5 - board.rank(s) - v.y) * cell;
      if (x < -r || y < -r || x > cssWidth + r || y > (H / v.z) * cell + r) continue;
      g.beginPath();
      g.arc(x, y, r, 0, 2 * Math.PI);
      g.fillStyle = PIECE;
      g.fill();
      g.strokeStyle = '#fff';
      g.lineWidth = 1.5;
      g.stroke();
    }
    return p.hasText;
  }
  g.setTransform(dpr, 0, 0, dpr, -v.x * cell * dpr, -v.y * cell * dpr);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  let font = '';
  let hidden = false;
  const { f0, f1, r0, r1 } = visibleRange(v, W, H);
  for (let r = r0; r <= r1; r++) {
    for (let f = f0; f <= f1; f++) {
      const s = board.index(f, r);
      const x = f * cell,
        y = (H - 1 - r) * cell;
      const sq = view(s);
      drawSquare(g, sq, x, y, cell, (f + r) % 2 === 0);
      // A piece's glyph sets its own font.
      if (sq.kind === 'piece') font = '';
      if (sq.text !== undefined && !sq.kind) {
        const size = textSize(sq.text, cell);
        if (size === 0) {
          hidden = true;
          continue;
        }
        const want = `${size}px system-ui, sans-serif`;
        if (want !== font) g.font = font = want;
        g.fillStyle = sq.heat !== undefined && heatDark(sq.heat) ? '#fff' : '#1b1b1b';
        g.fillText(sq.text, x + cell / 2, y + cell / 2);
      }
    }
  }
  return hidden;
}

/** One square at its size on screen: its colour, then a blocker, a piece (with its glyph) and the target mark. */
function drawSquare(
  g: CanvasRenderingContext2D,
  v: SquareView,
  x: number,
  y: number,
  cell: number,
  darkSquare: boolean,
): void {
  g.fillStyle = v.heat !== undefined ? heatColor(v.heat) : darkSquare ? DARK : LIGHT;
  // Overdraw by a hair so fractional cells leave no seams.
  g.fillRect(x, y, cell + 0.5, cell + 0.5);
  if (v.kind === 'blocker') {
    g.fillStyle = BLOCKER;
    g.fillRect(x + cell * 0.12, y + cell * 0.12, cell * 0.76, cell * 0.76);
  } else if (v.kind === 'piece') {
    g.fillStyle = PIECE;
    g.beginPath();
    g.arc(x + cell / 2, y + cell / 2, cell * 0.4, 0, 2 * Math.PI);
    g.fill();
    // A white rim keeps the piece visible on the darkest heat colours.
    g.strokeStyle = '#fff';
    g.lineWidth = Math.max(0.5, cell * 0.08);
    g.stroke();
    if (v.glyph && cell >= 24) {
      g.fillStyle = '#fff';
      g.font = `${Math.round(cell * 0.5)}px system-ui, sans-serif`;
      g.fillText(v.glyph, x + cell / 2, y + cell / 2 + cell * 0.03);
    }
  }
  if (!v.target) return;
  if (v.kind || v.heat !== undefined) {
    // A ring, so the piece, blocker or heat colour underneath stays visible.
    g.strokeStyle = v.kind ? TARGET : HEAT_TARGET;
    g.lineWidth = Math.max(2, cell * 0.1);
    g.strokeRect(x + g.lineWidth / 2, y + g.lineWidth / 2, cell - g.lineWidth, cell - g.lineWidth);
  } else {
    // A tinted square with a dot: the same green as the filled squares of the whole-board view.
    g.fillStyle = TARGET_TINT;
    g.fillRect(x, y, cell + 0.5, cell + 0.5);
    g.fillStyle = TARGET;
    g.beginPath();
    g.arc(x + cell / 2, y + cell / 2, cell * 0.2, 0, 2 * Math.PI);
    g.fill();
  }
}

/** The board one pixel per square: each square's colour written straight into the pixel buffer. */
function paintPixels(board: Board, view: (s: number) => SquareView): PixelPicture {
  const img = new ImageData(board.width, board.height);
  const words = new ColorWords();
  const light = words.get(LIGHT),
    dark = words.get(DARK),
    piece = words.get(PIECE),
    blocker = words.get(BLOCKER);
  const onLight = words.get(TARGET, LIGHT),
    onDark = words.get(TARGET, DARK),
    onHeat = words.get(HEAT_TARGET);
  let hasText = false;
  const pieces: number[] = [];
  paintSquares(new Uint32Array(img.data.buffer), board.width, board.height, (s, f, r) => {
    const v = view(s);
    if (v.text !== undefined) hasText = true;
    // What a few pixels can show: the piece or blocker, else a target, else the heat or the checkered square.
    if (v.kind === 'piece') {
      if (pieces.length < PIECE_MARKS) pieces.push(s);
      return piece;
    }
    if (v.kind === 'blocker') return blocker;
    if (v.heat !== undefined) return v.target ? onHeat : words.get(heatColor(v.heat));
    const darkSquare = (f + r) % 2 === 0;
    if (v.target) return darkSquare ? onDark : onLight;
    return darkSquare ? dark : light;
  });
  return { board, view, canvas: imageCanvas(img), hasText, pieces };
}
