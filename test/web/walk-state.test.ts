// The Random walk page's state logic in Node: links read and written back, N typed and on the slider's scale,
// the heat scale (linear, or log10 where values underflow), probabilities written for people.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATE,
  SLIDER_MAX,
  cellText,
  graphOf,
  heatScale,
  parseSide,
  parseSteps,
  probabilityText,
  readState,
  sliderToSteps,
  stepsToSlider,
  writeState,
} from '../../web/src/pages/walk/state.js';
import { formatHash, parseHash } from '../../web/src/router.js';

describe('walk page state', () => {
  it('reads what it writes; bad values fall back to the defaults; a square off the board is dropped', () => {
    const s = { width: 6, height: 5, spec: 'camel', steps: 1_000_000_000, from: 'c3', seed: 42, step: 3, speed: 10 };
    expect(readState(parseHash(formatHash('walk', writeState(s))).params)).toEqual(s);
    expect(readState(new URLSearchParams('board=101x8&n=-3&piece=&from=zz9'))).toEqual(DEFAULT_STATE);
    expect(readState(new URLSearchParams('board=3x3&from=d4')).from).toBe('');
  });

  it('takes N from 0 to 10^9 (1e9 too) and says why otherwise', () => {
    expect(parseSteps('10')).toBe(10);
    expect(parseSteps('1e9')).toBe(1e9);
    expect(parseSteps('1_000')).toBe(1000);
    for (const bad of ['', '-1', '2.5', 'x', '2e9', '1000000001']) expect(typeof parseSteps(bad)).toBe('string');
    expect(parseSide('100', 'width')).toBe(100);
    expect(typeof parseSide('101', 'width')).toBe('string');
  });

  it('the slider is linear to 100, reaches 10^9, never goes back, and maps N back near itself', () => {
    expect(sliderToSteps(0)).toBe(0);
    expect(sliderToSteps(100)).toBe(100);
    expect(sliderToSteps(SLIDER_MAX)).toBe(1e9);
    for (let p = 1; p <= SLIDER_MAX; p++) expect(sliderToSteps(p)).toBeGreaterThanOrEqual(sliderToSteps(p - 1));
    fc.assert(fc.property(fc.integer({ min: 0, max: SLIDER_MAX }), (p) => stepsToSlider(sliderToSteps(p)) === p));
  });

  it("the engine's message for a bad spec or a rider", () => {
    expect(graphOf({ ...DEFAULT_STATE, spec: 'knight' }).error).toBeNull();
    expect(graphOf({ ...DEFAULT_STATE, spec: 'rook' }).error).toMatch(/leapers only/);
    expect(graphOf({ ...DEFAULT_STATE, spec: 'blorp' }).error).toMatch(/unknown piece/);
  });

  it('heat: linear between the least and largest probability; log10 where values underflow', () => {
    const lin = heatScale(
      Float64Array.of(0.25, 0.5, 0.75),
      Float64Array.of(Math.log10(0.25), Math.log10(0.5), Math.log10(0.75)),
    );
    expect(lin.log).toBe(false);
    expect([...lin.heat]).toEqual([0, 0.5, 1]);
    const log = heatScale(Float64Array.of(0, 0, 0), Float64Array.of(-600, -500, -Infinity));
    expect(log.log).toBe(true);
    expect([...log.heat]).toEqual([0, 1, 0]);
    expect([log.min, log.max]).toEqual([-600, -500]);
  });

  it('writes probabilities: 6 digits, powers of ten where a double underflows', () => {
    expect(probabilityText(4669663 / 268435456, Math.log10(4669663 / 268435456))).toBe('0.0173959');
    expect(probabilityText(0, -60008120.8425)).toBe('10^-60008120.84');
    expect(probabilityText(0, -Infinity)).toBe('0');
    expect(probabilityText(1, 0)).toBe('1');
    expect(cellText(0.0173959, -1.76)).toBe('0.017');
    expect(cellText(0, -234.5)).toBe('3.2·10⁻²³⁵');
  });
});
