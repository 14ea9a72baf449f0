import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/index.js';
import { boardSvg, drawGrid } from '../../src/render/index.js';

describe('drawGrid', () => {
  it('draws the top rank first with file letters and rank numbers', () => {
    const b = Board.of(3, 2);
    expect(drawGrid(b, (s) => String(s))).toBe(['2 3 4 5', '1 0 1 2', '  a b c'].join('\n'));
    expect(drawGrid(b, (s) => String(s), { coords: false })).toBe(['3 4 5', '0 1 2'].join('\n'));
  });

  it('pads cells to the widest text and ranks to the widest number', () => {
    const b = Board.of(2, 10);
    const text = drawGrid(b, (s) => String(s * 10));
    const lines = text.split('\n');
    expect(lines[0]).toBe('10 180 190');
    expect(lines[9]).toBe(' 1   0  10');
    expect(lines[10]).toBe('     a   b');
  });

  it('names files past z in the footer and lets the caller paint cells', () => {
    const b = Board.of(28, 1);
    const text = drawGrid(b, () => '.', { paint: (s, t) => (s === 0 ? `[${t}]` : t) });
    expect(text.split('\n')[0].startsWith('1 [ .]')).toBe(true);
    expect(text.split('\n')[1].trimEnd().endsWith('aa ab')).toBe(true);
  });
});

describe('boardSvg', () => {
  it('draws every square, the coordinates, a path with marked start and end, and labels', () => {
    const b = Board.of(3, 4);
    const svg = boardSvg(b, { path: [0, 7, 2], label: (s) => (s === 0 ? '1' : undefined), title: 'a <tour>' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(12);
    expect(svg).toContain('<polyline');
    expect(svg).toContain('<title>start a1</title>');
    expect(svg).toContain('<title>end c1</title>');
    expect(svg).toContain('<title>a &lt;tour&gt;</title>');
    expect(svg.match(/>1</g)?.length).toBeGreaterThanOrEqual(1);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('closes a closed path and shrinks cells on large boards', () => {
    const b = Board.of(200, 100);
    const svg = boardSvg(b, { path: [0, 201], closed: true });
    expect(svg).toMatch(/width="800"/);
    const pts = /points="([^"]+)"/.exec(svg)![1].split(' ');
    expect(pts).toHaveLength(3);
    expect(pts[2]).toBe(pts[0]);
  });
});
