// A path of moves drawn over a board view (pass it as BoardView's `overlay`): SVG over the button board, a
// canvas over the canvas board (following its zoom); the start is marked green, the end red, the square reached
// last ringed.
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { Board } from '../../../src/core/board.js';
import { DOM_SIDE } from './Board.js';
import { BoardViewport, type BoardViewportInfo } from './context.js';
import { PIXEL_CELL, imageCanvas, rgbWord } from './pixels.js';
import { visibleRange } from './viewport.js';

export interface PathOverlayProps {
  board: Board;
  path: ArrayLike<number>;
  /** How many squares of the path are drawn (the animation's position); the whole path by default. */
  count?: number;
  /** Join the end back to the start once the whole path is drawn. */
  closed?: boolean;
  /**
   * Whether the drawn part is finished (its last square marked as the end, red) rather than still growing
   * (marked as the moving head, yellow); by default, when the whole path is drawn.
   */
  complete?: boolean;
  /**
   * On a canvas board, whether to draw the lines between squares of this many CSS pixels (the ends are marked
   * either way), e.g. not once the numbers written on the squares can be read; at every size by default.
   */
  lines?: (cell: number) => boolean;
}

/**
 * The colours a path is drawn in, for a legend beside it: the line between squares, the start's mark, the end's
 * (once the whole path is drawn, or `complete`) and the moving head's (while it grows).
 */
export const PATH_COLOURS = { line: '#1a5fb4', start: '#26a269', end: '#c01c28', head: '#f6d32d' } as const;
const { line: LINE, start: START, end: END, head: HEAD } = PATH_COLOURS;

/**
 * The colours of the visit order on boards of squares under 4 device pixels, where the path colours each square
 * it has reached instead of drawing lines: the first move's, then the last move's (for a legend, e.g.
 * `<LegendRamp colours={VISIT_COLOURS} …>`).
 */
export const VISIT_COLOURS: readonly string[] = ['rgb(38, 162, 105)', 'rgb(26, 95, 180)'];

/**
 * Whether the path over a board shown at this view colours squares by visit order (VISIT_COLOURS) rather than
 * drawing lines: on a canvas board (`view` from the `BoardViewport` context, null on a button board) whose
 * squares are under PIXEL_CELL device pixels at its zoom.
 */
export function coloursByVisit(board: Board, view: BoardViewportInfo | null): boolean {
  return view !== null && view.width > 0 && squaresByVisit((view.width / board.width) * view.z);
}

/** Squares of this many CSS pixels are coloured by visit order: under PIXEL_CELL device pixels. */
function squaresByVisit(cell: number): boolean {
  return cell * (window.devicePixelRatio || 1) < PIXEL_CELL;
}

export function PathOverlay(props: PathOverlayProps) {
  const { board } = props;
  return board.width <= DOM_SIDE && board.height <= DOM_SIDE ? <SvgPath {...props} /> : <CanvasPath {...props} />;
}

function shown(p: PathOverlayProps): number {
  return Math.max(0, Math.min(p.path.length, p.count ?? p.path.length));
}

function complete(p: PathOverlayProps, n: number): boolean {
  return p.complete ?? n === p.path.length;
}

function SvgPath(p: PathOverlayProps) {
  const { board, path } = p;
  const n = shown(p);
  const x = (s: number): number => board.file(s) + 0.5;
  const y = (s: number): number => board.height - 0.5 - board.rank(s);
  const pts: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    pts.push(`${x(path[i])},${y(path[i])}`);
    names.push(board.name(path[i]));
  }
  const whole = complete(p, n) && n > 1;
  if (whole && p.closed) pts.push(pts[0]);
  const side = Math.max(board.width, board.height);
  // Lines a little thinner on crowded boards, never thinner than a pixel or so.
  const stroke = side <= 8 ? 0.06 : side <= 16 ? 0.09 : 0.14;
  // Rings, so a number written on the square stays readable.
  const ring = (s: number, colour: string, r: number) => (
    <circle cx={x(s)} cy={y(s)} r={r} fill="none" stroke={colour} stroke-width={0.08} />
  );
  return (
    <svg
      class="path-overlay"
      viewBox={`0 0 ${board.width} ${board.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-path={names.join(' ')}
      data-closed={whole && p.closed ? '' : undefined}
    >
      {n > 1 && (
        <polyline
          points={pts.join(' ')}
          fill="none"
          stroke={LINE}
          stroke-width={stroke}
          stroke-linejoin="round"
          stroke-linecap="round"
          opacity={0.85}
        />
      )}
      {n > 0 && ring(path[0], START, 0.38)}
      {n > 1 && ring(path[n - 1], whole ? END : HEAD, 0.38)}
    </svg>
  );
}

function CanvasPath(p: PathOverlayProps) {
  const { board, path, closed } = p;
  const n = shown(p);
  const ref = useRef<HTMLCanvasElement>(null);
  const zoom = useContext(BoardViewport);
  const [size, setSize] = useState({ w: 0, h: 0 });
  // The squares coloured so far, kept between frames so an animation colours only the squares it adds.
  const visits = useRef<Visits | null>(null);
  const index = useRef<PathIndex | null>(null);
  useEffect(() => {
    const el = ref.current!;
    // A new size only when it differs, so a resize that changes nothing draws nothing.
    const ro = new ResizeObserver(() =>
      setSize((old) =>
        old.w === el.clientWidth && old.h === el.clientHeight ? old : { w: el.clientWidth, h: el.clientHeight },
      ),
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const z = zoom?.z ?? 1,
    vx = zoom?.x ?? 0,
    vy = zoom?.y ?? 0;
  useEffect(() => {
    const el = ref.current!;
    // A board too thin to show a device pixel (1000×3 in a narrow column: its border takes all its height) draws
    // nothing: a canvas of no height cannot be drawn from.
    if (size.w === 0 || Math.round(size.h * (window.devicePixelRatio || 1)) === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const dw = Math.round(size.w * dpr),
      dh = Math.round(size.h * dpr);
    if (el.width !== dw || el.height !== dh) {
      el.width = dw;
      el.height = dh;
    }
    const g = el.getContext('2d')!;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, dw, dh);
    if (n === 0) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const W = board.width,
      H = board.height;
    const cell = (size.w / W) * z;
    const x = (s: number): number => (board.file(s) + 0.5 - vx) * cell;
    const y = (s: number): number => (H - 0.5 - board.rank(s) - vy) * cell;
    const whole = complete(p, n);
    if (squaresByVisit(cell)) {
      // Squares smaller than a few device pixels: lines would only paint the board solid, so each square the
      // path has reached is coloured by when it was reached (green early, blue late), one pixel per square;
      // a zoomed view crops that one picture.
      visits.current = visited(visits.current, board, path, n);
      const v = visits.current;
      if (v.put !== v.n) {
        v.picture.getContext('2d')!.putImageData(v.img, 0, 0);
        v.put = v.n;
      }
      g.setTransform(1, 0, 0, 1, 0, 0);
      const sw = W / z,
        sh = H / z;
      g.imageSmoothingEnabled = sw > dw;
      g.drawImage(v.picture, vx, vy, sw, sh, 0, 0, dw, dh);
      g.imageSmoothingEnabled = true;
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
    } else if (p.lines?.(cell) ?? true) {
      g.strokeStyle = LINE;
      g.lineWidth = Math.max(0.6, cell * 0.14);
      g.lineJoin = 'bevel';
      index.current = pathIndex(index.current, board, path);
      strokeVisible(g, index.current, n, whole && closed === true, { z, x: vx, y: vy }, x, y);
    }
    // Ends drawn at least a few pixels wide, so they show on boards of sub-pixel squares.
    const r = Math.max(4.5, cell * 0.3);
    const dot = (s: number, fill: string): void => {
      g.fillStyle = fill;
      g.beginPath();
      g.arc(x(s), y(s), r, 0, 2 * Math.PI);
      g.fill();
      g.strokeStyle = '#fff';
      g.lineWidth = 1;
      g.stroke();
    };
    dot(path[0], START);
    dot(path[n - 1], whole ? END : HEAD);
  }, [board, path, n, closed, size, p.complete, p.lines, z, vx, vy]);
  return <canvas ref={ref} class="path-overlay" aria-hidden="true" data-shown={n} />;
}

/** Moves per block of the path's index: a block's squares lie close together, as a tour's moves are short. */
const BLOCK = 256;

/** Bounding boxes of the path's blocks of BLOCK moves (files and ranks, min and max), built once per path. */
interface PathIndex {
  board: Board;
  path: ArrayLike<number>;
  length: number;
  /** Per block: min file, max file, min rank, max rank (moves i·BLOCK to (i+1)·BLOCK, both ends included). */
  box: Int32Array;
}

function pathIndex(last: PathIndex | null, board: Board, path: ArrayLike<number>): PathIndex {
  if (last && last.board === board && last.path === path && last.length === path.length) return last;
  const W = board.width,
    n = path.length;
  const blocks = Math.max(1, Math.ceil((n - 1) / BLOCK));
  const box = new Int32Array(blocks * 4);
  for (let b = 0; b < blocks; b++) {
    let f0 = W,
      f1 = -1,
      r0 = board.height,
      r1 = -1;
    const end = Math.min(n - 1, (b + 1) * BLOCK);
    for (let i = b * BLOCK; i <= end; i++) {
      const s = path[i],
        r = (s / W) | 0,
        f = s - r * W;
      if (f < f0) f0 = f;
      if (f > f1) f1 = f;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
    }
    box.set([f0, f1, r0, r1], b * 4);
  }
  return { board, path, length: n, box };
}

/**
 * Strokes the moves of the first n squares of the path that can reach the view (their squares' bounding box
 * overlapping it, by blocks of BLOCK moves first), in strokes of a few thousand segments: one path of a million
 * segments rasterises far slower, and a zoomed view of a large tour skips most of them.
 */
function strokeVisible(
  g: CanvasRenderingContext2D,
  index: PathIndex,
  n: number,
  close: boolean,
  v: { z: number; x: number; y: number },
  x: (s: number) => number,
  y: (s: number) => number,
): void {
  const { board, path, box } = index;
  const W = board.width;
  const { f0, f1, r0, r1 } = visibleRange(v, W, board.height);
  let drawn = 0;
  let open = false;
  g.beginPath();
  const segment = (a: number, b: number): void => {
    const ra = (a / W) | 0,
      rb = (b / W) | 0;
    const fa = a - ra * W,
      fb = b - rb * W;
    if (Math.max(fa, fb) < f0 || Math.min(fa, fb) > f1 || Math.max(ra, rb) < r0 || Math.min(ra, rb) > r1) {
      open = false;
      return;
    }
    if (!open) {
      g.moveTo(x(a), y(a));
      open = true;
    }
    g.lineTo(x(b), y(b));
    if ((++drawn & 4095) === 0) {
      g.stroke();
      g.beginPath();
      g.moveTo(x(b), y(b));
    }
  };
  for (let blk = 0, start = 1; start < n; blk++, start += BLOCK) {
    const k = blk * 4;
    if (box[k + 1] < f0 || box[k] > f1 || box[k + 3] < r0 || box[k + 2] > r1) {
      open = false;
      continue;
    }
    const end = Math.min(n, start + BLOCK);
    for (let i = start; i < end; i++) segment(path[i - 1], path[i]);
  }
  if (close && n > 1) segment(path[n - 1], path[0]);
  g.stroke();
}

interface Visits {
  board: Board;
  path: ArrayLike<number>;
  /** How many squares of the path img colours. */
  n: number;
  img: ImageData;
  /** A canvas of the same size, to scale img from (one for the whole animation). */
  picture: HTMLCanvasElement;
  /** How many squares the picture holds (img is put into it again only when it holds more). */
  put: number;
}

/**
 * The first n squares of the path, one pixel each (top row first), coloured by their place in it: green early,
 * blue late. Reuses the last picture of the same path when it holds no more squares than asked for.
 */
function visited(last: Visits | null, board: Board, path: ArrayLike<number>, n: number): Visits {
  const w = board.width,
    h = board.height;
  const same = last !== null && last.board === board && last.path === path && last.n <= n;
  const img = same ? last.img : new ImageData(w, h);
  const picture = same ? last.picture : imageCanvas(img);
  const px = new Uint32Array(img.data.buffer);
  const total = Math.max(1, path.length - 1);
  for (let i = same ? last.n : 0; i < n; i++) {
    const s = path[i];
    const t = i / total;
    // Green (38,162,105) to blue (26,95,180); the rank by division, as the square's index is rank * w + file.
    const r = (s / w) | 0;
    px[(h - 1 - r) * w + (s - r * w)] = rgbWord((38 - 12 * t) | 0, (162 - 67 * t) | 0, (105 + 75 * t) | 0);
  }
  return { board, path, n, img, picture, put: same ? last.put : -1 };
}
