// Boards of squares a few device pixels wide, painted in one pass: one 32-bit word per square in an ImageData,
// scaled onto the canvas. Colour parsing and the square loop are plain code, tested in Node.

/** Below this many device pixels per square, canvases paint one pixel per square and scale the picture. */
export const PIXEL_CELL = 4;

// ImageData holds bytes R, G, B, A; a Uint32Array over it reads them in the machine's byte order.
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An opaque colour as the 32-bit word that puts R, G, B, 255 in an ImageData's bytes. */
export function rgbWord(r: number, g: number, b: number): number {
  return LITTLE ? ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0;
}

/**
 * R, G, B (0..255) and alpha (0..1) of '#rgb', '#rrggbb', 'rgb(…)', 'rgba(…)' or 'hsl(h s% l%)' (what the boards use).
 */
export function parseColor(css: string): [number, number, number, number] {
  const c = css.trim().toLowerCase();
  if (c.startsWith('#')) {
    const hex = c.length === 4 ? [...c.slice(1)].map((d) => d + d).join('') : c.slice(1);
    const n = parseInt(hex, 16);
    if (hex.length === 6 && Number.isFinite(n)) return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const m = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(c);
  if (m) {
    const parts = m[2].split(/[\s,/]+/).filter((p) => p !== '');
    const num = parts.map((p) => parseFloat(p));
    const alpha = parts.length > 3 ? (parts[3].endsWith('%') ? num[3] / 100 : num[3]) : 1;
    if (num.slice(0, 3).every(Number.isFinite)) {
      if (m[1].startsWith('rgb')) return [num[0], num[1], num[2], alpha];
      return [...hslToRgb(num[0], num[1] / 100, num[2] / 100), alpha];
    }
  }
  throw new Error(`colour not understood: ${css}`);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The colour `over` (alpha and all) laid on `under`, as an opaque word. */
export function colorWord(over: string, under?: string): number {
  const [r, g, b, a] = parseColor(over);
  if (a >= 1 || under === undefined) return rgbWord(r, g, b);
  const [r0, g0, b0] = parseColor(under);
  const mix = (x: number, y: number): number => Math.round(x * a + y * (1 - a));
  return rgbWord(mix(r, r0), mix(g, g0), mix(b, b0));
}

/** Words of CSS colours, parsed once each (heat maps reuse a few hundred strings). */
export class ColorWords {
  private readonly cache = new Map<string, number>();
  get(css: string, under?: string): number {
    const key = under === undefined ? css : `${css}|${under}`;
    let w = this.cache.get(key);
    if (w === undefined) {
      w = colorWord(css, under);
      this.cache.set(key, w);
    }
    return w;
  }
}

/**
 * Fills px (width × height words, top row first) with each square's word: square = rank * width + file, rank 0
 * at the bottom.
 */
export function paintSquares(
  px: Uint32Array,
  width: number,
  height: number,
  word: (square: number, file: number, rank: number) => number,
): void {
  for (let r = 0; r < height; r++) {
    const row = (height - 1 - r) * width,
      base = r * width;
    for (let f = 0; f < width; f++) px[row + f] = word(base + f, f, r);
  }
}

/** A canvas holding the ImageData, to be drawn scaled (putImageData itself never scales). */
export function imageCanvas(img: ImageData): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  c.getContext('2d')!.putImageData(img, 0, 0);
  return c;
}
