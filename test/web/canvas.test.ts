// The one-pass pixel painting of large boards, without a browser: colours parsed as the boards write them, the
// words put the right bytes in an ImageData, squares land on the right pixels (a1 bottom-left).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatColor } from '../../web/src/board/keys.js';
import { ColorWords, colorWord, paintSquares, parseColor, rgbWord } from '../../web/src/board/pixels.js';

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
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        expect(bytes(rgbWord(r, g, b))).toEqual([r, g, b, 255]);
      }),
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
