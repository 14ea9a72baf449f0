// The one-pass pixel painting of large boards, without a browser: colours parsed as the boards write them, the
// words put the right bytes in an ImageData, squares land on the right pixels (a1 bottom-left); the zoomed
// view's arithmetic (zoom about a point, the squares in view, edge labels).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatColor } from '../../web/src/board/keys.js';
import { ColorWords, colorWord, paintSquares, parseColor, rgbWord } from '../../web/src/board/pixels.js';
import { clampView, keepInView, labelStep, labelled, visibleRange, zoomAbout } from '../../web/src/board/viewport.js';

/** The R, G, B, A bytes a word puts in memory (what an ImageData's data holds). */
const bytes = (word: number): number[] => [...new Uint8Array(new Uint32Array([word]).buffer)];

describe('colours for pixel boards', () => {
  it('reads hex, rgb(a) and hsl colours', () => {
    expect(parseColor('#f0d9b5')).toEqual([240, 217, 181, 1]);
    expect(parseColor('#fff')).toEqual([255, 255, 255, 1]);
    expect(parseColor('rgba(38, 162, 105, 0.85)')).toEqual([38, 162, 105, 0.85]);
    expect(parseColor('rgb(1 2 3)')).toEqual([1, 2, 3, 1]);
    // CSS reference values: hsl(0 100% 50%) is red, hsl(120 100% 25%) is #008000, hsl(240 100% 50%) blue.
    expect(parseColor('hsl(0 100% 50%)')).toEqual([255, 0, 0, 1]);
    expect(parseColor('hsl(120 100% 25%)')).toEqual([0, 128, 0, 1]);
    expect(parseColor('hsl(240 100% 50%)')).toEqual([0, 0, 255, 1]);
    expect(parseColor('hsl(0 0% 100%)')).toEqual([255, 255, 255, 1]);
    expect(() => parseColor('papayawhip')).toThrow(/not understood/);
  });

  it('parses every heat colour', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (t) => {
        const [r, g, b, a] = parseColor(heatColor(t));
        for (const v of [r, g, b]) expect(Number.isInteger(v) && v >= 0 && v <= 255).toBe(true);
        expect(a).toBe(1);
      }),
    );
  });

  it('packs opaque words with the bytes R, G, B, 255 in memory', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (r, g, b) => {
          expect(bytes(rgbWord(r, g, b))).toEqual([r, g, b, 255]);
        },
      ),
    );
  });

  it('lays a translucent colour over the square under it', () => {
    // 0.85 × (38, 162, 105) + 0.15 × (240, 217, 181), rounded.
    expect(bytes(colorWord('rgba(38, 162, 105, 0.85)', '#f0d9b5'))).toEqual([68, 170, 116, 255]);
    expect(bytes(colorWord('#1a5fb4', '#f0d9b5'))).toEqual([26, 95, 180, 255]);
    const words = new ColorWords();
    expect(words.get('#b58863')).toBe(rgbWord(181, 136, 99));
    expect(words.get('#b58863')).toBe(words.get('#b58863'));
  });
});

describe('painting squares in one pass', () => {
  it('puts square rank * width + file on the pixel of its file, ranks counted up from the bottom row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (w, h) => {
        const px = new Uint32Array(w * h);
        const seen: number[] = [];
        let wrong = 0;
        paintSquares(px, w, h, (s, f, r) => {
          if (s !== r * w + f) wrong++;
          seen.push(s);
          return s + 1;
        });
        expect(wrong).toBe(0);
        expect(seen).toHaveLength(w * h);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (px[y * w + x] !== (h - 1 - y) * w + x + 1) wrong++;
        expect(wrong).toBe(0);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the zoomed view of a canvas board', () => {
  const W = 37,
    H = 23,
    cell = 10,
    max = 40;
  const view = fc.record({
    z: fc.double({ min: 1, max, noNaN: true }),
    x: fc.double({ min: 0, max: W, noNaN: true }),
    y: fc.double({ min: 0, max: H, noNaN: true }),
  });

  it('keeps the zoom in range and the view on the board', () => {
    fc.assert(
      fc.property(
        fc.record({
          z: fc.double({ min: -5, max: 100, noNaN: true }),
          x: fc.double({ min: -50, max: 80, noNaN: true }),
          y: fc.double({ min: -50, max: 80, noNaN: true }),
        }),
        (v) => {
          const c = clampView(v, W, H, max);
          expect(c.z).toBeGreaterThanOrEqual(1);
          expect(c.z).toBeLessThanOrEqual(max);
          expect(c.x).toBeGreaterThanOrEqual(0);
          expect(c.y).toBeGreaterThanOrEqual(0);
          expect(c.x + W / c.z).toBeLessThanOrEqual(W + 1e-9);
          expect(c.y + H / c.z).toBeLessThanOrEqual(H + 1e-9);
        },
      ),
    );
  });

  it('zooms about a point: the board position under it stays under it unless the edge stops the view', () => {
    fc.assert(
      fc.property(
        view,
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 0, max: W * cell, noNaN: true }),
        fc.double({ min: 0, max: H * cell, noNaN: true }),
        (v0, k, px, py) => {
          const v = clampView(v0, W, H, max);
          const after = zoomAbout(v, k, px, py, cell, W, H, max);
          const before = [v.x + px / (cell * v.z), v.y + py / (cell * v.z)];
          const now = [after.x + px / (cell * after.z), after.y + py / (cell * after.z)];
          // Only when the unclamped corner was on the board (no edge in the way) must the point hold still.
          const z = Math.min(max, Math.max(1, v.z * k));
          const ux = before[0] - px / (cell * z),
            uy = before[1] - py / (cell * z);
          if (ux >= 0 && ux <= W - W / z) expect(now[0]).toBeCloseTo(before[0], 6);
          if (uy >= 0 && uy <= H - H / z) expect(now[1]).toBeCloseTo(before[1], 6);
          expect(after.z).toBeCloseTo(z, 9);
        },
      ),
    );
  });

  it('lists the squares in view, counted by a plain loop over every square', () => {
    fc.assert(
      fc.property(view, (v0) => {
        const v = clampView(v0, W, H, max);
        const { f0, f1, r0, r1 } = visibleRange(v, W, H);
        for (let f = 0; f < W; f++) {
          const inside = f + 1 > v.x + 1e-9 && f < v.x + W / v.z - 1e-9;
          expect(f >= f0 && f <= f1, `file ${f}`).toBe(inside);
        }
        for (let r = 0; r < H; r++) {
          const row = H - 1 - r;
          const inside = row + 1 > v.y + 1e-9 && row < v.y + H / v.z - 1e-9;
          expect(r >= r0 && r <= r1, `rank ${r}`).toBe(inside);
        }
      }),
    );
  });

  it('keeps a square in view after the cursor moves to it, moving the view the least', () => {
    fc.assert(
      fc.property(view, fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 0, max: H - 1 }), (v0, f, r) => {
        const v = clampView(v0, W, H, max);
        const k = keepInView(v, f, r, W, H, max);
        const { f0, f1, r0, r1 } = visibleRange(k, W, H);
        expect(f >= f0 && f <= f1 && r >= r0 && r <= r1).toBe(true);
        expect(k.x).toBeGreaterThanOrEqual(Math.min(v.x, f) - 1e-9);
        expect(k.z).toBe(v.z);
      }),
    );
  });

  it('spaces edge labels on round numbers at least the gap apart', () => {
    for (const [c, gap] of [
      [1.5, 22],
      [9.6, 22],
      [30, 15],
      [0.2, 15],
    ] as const) {
      const step = labelStep(c, gap);
      expect(step * c).toBeGreaterThanOrEqual(gap);
      const ls = labelled(0, 399, step);
      if (step === 1) expect(ls).toHaveLength(400);
      else for (const l of ls) expect((l + 1) % step).toBe(0);
    }
    expect(labelled(3, 21, 5)).toEqual([4, 9, 14, 19]);
    expect(labelled(3, 6, 1)).toEqual([3, 4, 5, 6]);
  });
});
