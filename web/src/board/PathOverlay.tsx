// A path of moves drawn over a board view (pass it as BoardView's `overlay`): SVG over the button board, a
// canvas over the canvas board; the start is marked green, the end red, the square reached last ringed.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Board } from '../../../src/core/board.js';
import { DOM_SIDE } from './Board.js';
import { PIXEL_CELL, drawScaled, imageCanvas, rgbWord } from './pixels.js';

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
}

const LINE = '#1a5fb4', START = '#26a269', END = '#c01c28', HEAD = '#f6d32d';

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
  const ring = (s: number, colour: string, r: number) => <circle cx={x(s)} cy={y(s)} r={r} fill="none" stroke={colour} stroke-width={0.08} />;
  return (
    <svg
      class="path-overlay"
      viewBox={`0 0 ${board.width} ${board.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-path={names.join(' ')}
      data-closed={whole && p.closed ? '' : undefined}
    >
      {n > 1 && <polyline points={pts.join(' ')} fill="none" stroke={LINE} stroke-width={stroke} stroke-linejoin="round" stroke-linecap="round" opacity={0.85} />}
      {n > 0 && ring(path[0], START, 0.38)}
      {n > 1 && ring(path[n - 1], whole ? END : HEAD, 0.38)}
    </svg>
  );
}

function CanvasPath(p: PathOverlayProps) {
  const { board, path, closed } = p;
  const n = shown(p);
  const ref = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  // The squares coloured so far, kept between frames so an animation colours only the squares it adds.
  const visits = useRef<Visits | null>(null);
  useEffect(() => {
    const el = ref.current!;
    // A new size only when it differs, so a resize that changes nothing draws nothing.
    const ro = new ResizeObserver(() => setSize((old) => (old.w === el.clientWidth && old.h === el.clientHeight ? old : { w: el.clientWidth, h: el.clientHeight })));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    const el = ref.current!;
    if (size.w === 0) return;
    const dpr = window.devicePixelRatio || 1;
    el.width = Math.round(size.w * dpr);
    el.height = Math.round(size.h * dpr);
    const g = el.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, size.w, size.h);
    if (n === 0) return;
    const cell = size.w / board.width;
    const x = (s: number): number => (board.file(s) + 0.5) * cell;
    const y = (s: number): number => (board.height - 0.5 - board.rank(s)) * cell;
    const whole = complete(p, n);
    if (cell * dpr < PIXEL_CELL) {
      // Squares smaller than a few device pixels: lines would only paint the board solid, so each square the
      // path has reached is coloured by when it was reached (green early, blue late), one pixel per square.
      visits.current = visited(visits.current, board, path, n);
      const v = visits.current;
      v.picture.getContext('2d')!.putImageData(v.img, 0, 0);
      drawScaled(g, v.picture, size.w, size.h, el.width);
    } else {
      g.strokeStyle = LINE;
      g.lineWidth = Math.max(0.6, cell * 0.14);
      g.lineJoin = 'bevel';
      // Strokes of a few thousand segments each: one path of a million segments rasterises far slower.
      g.beginPath();
      g.moveTo(x(path[0]), y(path[0]));
      for (let i = 1; i < n; i++) {
        g.lineTo(x(path[i]), y(path[i]));
        if ((i & 4095) === 0) {
          g.stroke();
          g.beginPath();
          g.moveTo(x(path[i]), y(path[i]));
        }
      }
      if (whole && closed) g.lineTo(x(path[0]), y(path[0]));
      g.stroke();
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
  }, [board, path, n, closed, size, p.complete]);
  return <canvas ref={ref} class="path-overlay" aria-hidden="true" data-shown={n} />;
}

interface Visits {
  board: Board;
  path: ArrayLike<number>;
  /** How many squares of the path img colours. */
  n: number;
  img: ImageData;
  /** A canvas of the same size, to scale img from (one for the whole animation). */
  picture: HTMLCanvasElement;
}

/**
 * The first n squares of the path, one pixel each (top row first), coloured by their place in it: green early,
 * blue late. Reuses the last picture of the same path when it holds no more squares than asked for.
 */
function visited(last: Visits | null, board: Board, path: ArrayLike<number>, n: number): Visits {
  const w = board.width, h = board.height;
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
  return { board, path, n, img, picture };
}
