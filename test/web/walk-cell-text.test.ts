// The figure written on a Random walk square at any N (issue 33: at N = 10⁹ every square read "1241", its
// "e-124167783" cut off): read back by a plain reader that shares nothing with the writer, it is the value to its
// shown digits, and never wider than a square holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textEms } from '../../web/src/board/types.js';
import { cellText } from '../../web/src/pages/walk/state.js';

const DIGIT: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
};
const plain = (sup: string): number => Number([...sup].map((c) => DIGIT[c]).join(''));

/** The log10 a figure says, and how far off its rounding may leave it (in log10). */
function readBack(text: string): { log10: number; slack: number } {
  if (text === '0') return { log10: -Infinity, slack: 0 };
  if (text === '1') return { log10: 0, slack: 0 };
  let m = /^0\.0*([1-9][0-9]*)$|^1\.0$/.exec(text);
  if (m) {
    const v = Number(text);
    // Two significant digits: off by at most half a unit in the second.
    const unit = 10 ** (Math.floor(Math.log10(v)) - 1);
    return { log10: Math.log10(v), slack: Math.log10(v / (v - unit / 2)) + 1e-12 };
  }
  m = /^([1-9]\.[0-9])·10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (m) {
    const v = Number(m[1]);
    return { log10: Math.log10(v) + plain(m[2]), slack: Math.log10(v / (v - 0.05)) + 1e-9 };
  }
  m = /^10\^\n−([1-9]\.[0-9])·10([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (m) {
    const l = Number(m[1]) * 10 ** plain(m[2]);
    return { log10: -l, slack: 0.05 * 10 ** plain(m[2]) * (1 + 1e-9) };
  }
  throw new Error(`not a figure: ${JSON.stringify(text)}`);
}

/** Checks one figure: it reads back as the value, and its widest line fits a square (textEms at most 5). */
function check(p: number, log10: number): void {
  const text = cellText(p, log10);
  const back = readBack(text);
  if (back.log10 === -Infinity) expect(log10).toBe(-Infinity);
  else expect(Math.abs(back.log10 - log10), `${p} ${log10} -> ${text}`).toBeLessThanOrEqual(back.slack);
  expect(textEms(text), text).toBeLessThanOrEqual(5);
}

describe('the figure on a Random walk square', () => {
  it('reads as the known values', () => {
    expect(cellText(0.37, Math.log10(0.37))).toBe('0.37');
    expect(cellText(0.0173959, Math.log10(0.0173959))).toBe('0.017');
    expect(cellText(1.23e-8, Math.log10(1.23e-8))).toBe('1.2·10⁻⁸');
    expect(cellText(0, -350.5)).toBe('3.2·10⁻³⁵¹');
    expect(cellText(0, -124167783.4)).toBe('10^\n−1.2·10⁸');
    expect(cellText(0, -Infinity)).toBe('0');
    expect(cellText(1, 0)).toBe('1');
    // Just above 10⁻¹⁰⁰⁰, where the mantissa would round to 9.9·10⁻¹⁰⁰⁰: the far form (fast-check found it).
    expect(cellText(0, -999.0021769192543)).toBe('10^\n−1.0·10³');
    // Rounding up to the next power keeps one digit before the point.
    expect(cellText(0, -234.001)).toBe('1.0·10⁻²³⁴');
    // Bad values never throw.
    expect(cellText(NaN, NaN)).toBe('?');
  });

  it('any double in [0, 1] reads back within its digits and fits (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (p) => check(p, Math.log10(p))),
      { numRuns: 3000 },
    );
  });

  it('values under a double (log10 only, down to −10¹²) read back within their digits and fit (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: -300, noNaN: true }), (l) => check(0, l)),
      { numRuns: 3000 },
    );
  });
});
