// The zoomed part of a canvas board: the zoom and the top-left corner shown, in squares, and the arithmetic of
// zooming about a point, panning, the visible squares and the edge labels that fit; plain code, tested in Node.

/**
 * What a canvas board shows: zoom `z` (1 = the whole board) and the top-left corner of the view, `x` squares
 * from the left edge and `y` squares from the top edge (fractions allowed).
 */
export interface Viewport {
  z: number;
  x: number;
  y: number;
}

export const WHOLE: Viewport = { z: 1, x: 0, y: 0 };

/** The largest square, in CSS pixels, a board is zoomed to (enough for a seven-digit number). */
const MAX_CELL_PX = 64;

/** The largest zoom of a board `w` squares wide drawn `cssWidth` pixels wide: squares up to MAX_CELL_PX. */
export function maxZoom(w: number, h: number, cssWidth: number): number {
  if (cssWidth <= 0) return 1;
  return Math.max(1, (MAX_CELL_PX * Math.max(w, h)) / cssWidth);
}

/** The view with its zoom in [1, max] and its corner kept on the board. */
export function clampView(v: Viewport, w: number, h: number, max: number): Viewport {
  const z = Math.min(max, Math.max(1, v.z));
  const x = Math.min(w - w / z, Math.max(0, v.x));
  const y = Math.min(h - h / z, Math.max(0, v.y));
  return z === v.z && x === v.x && y === v.y ? v : { z, x, y };
}

/**
 * The view zoomed by `factor` about the point (px, py), in CSS pixels from the canvas's top-left: the square
 * under that point stays under it. `cell` is a square's size in CSS pixels at zoom 1.
 */
export function zoomAbout(
  v: Viewport,
  factor: number,
  px: number,
  py: number,
  cell: number,
  w: number,
  h: number,
  max: number,
): Viewport {
  const z = Math.min(max, Math.max(1, v.z * factor));
  const bx = v.x + px / (cell * v.z),
    by = v.y + py / (cell * v.z);
  return clampView({ z, x: bx - px / (cell * z), y: by - py / (cell * z) }, w, h, max);
}

/** The view moved so the picture follows a drag of (dx, dy) CSS pixels. */
export function panBy(v: Viewport, dx: number, dy: number, cell: number, w: number, h: number, max: number): Viewport {
  return clampView({ z: v.z, x: v.x - dx / (cell * v.z), y: v.y - dy / (cell * v.z) }, w, h, max);
}

/** The view moved as little as possible so that square (file, rank) is wholly in it. */
export function keepInView(v: Viewport, file: number, rank: number, w: number, h: number, max: number): Viewport {
  const vw = w / v.z,
    vh = h / v.z;
  const row = h - 1 - rank;
  let { x, y } = v;
  if (file < x) x = file;
  else if (file + 1 > x + vw) x = file + 1 - vw;
  if (row < y) y = row;
  else if (row + 1 > y + vh) y = row + 1 - vh;
  return clampView({ z: v.z, x, y }, w, h, max);
}

/** The squares at least partly in view: files f0..f1 and ranks r0..r1, inclusive (rank 0 at the bottom). */
export function visibleRange(v: Viewport, w: number, h: number): { f0: number; f1: number; r0: number; r1: number } {
  const eps = 1e-9;
  const f0 = Math.max(0, Math.floor(v.x + eps)),
    f1 = Math.min(w - 1, Math.ceil(v.x + w / v.z - eps) - 1);
  const top = Math.max(0, Math.floor(v.y + eps)),
    bottom = Math.min(h - 1, Math.ceil(v.y + h / v.z - eps) - 1);
  return { f0, f1, r0: h - 1 - bottom, r1: h - 1 - top };
}

const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];

/** Every how many squares an edge label goes, so labels `gap` CSS pixels apart fit squares `cell` pixels wide. */
export function labelStep(cell: number, gap: number): number {
  for (const s of STEPS) if (s * cell >= gap) return s;
  return STEPS[STEPS.length - 1];
}

/**
 * The labelled lines between `from` and `to` (inclusive, counted from 0): every one when `step` is 1, else the
 * ones whose number counted from 1 is a multiple of `step` (5, 10, 15 … as on a ruler).
 */
export function labelled(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  const first = step === 1 ? from : Math.ceil((from + 1) / step) * step - 1;
  for (let i = first; i <= to; i += step) out.push(i);
  return out;
}
