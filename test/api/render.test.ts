// Junk for every export of gridbits/render: each argument of each call refused with a GridbitsError naming it, at once.
import { describe, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import * as render from '../../src/render/index.js';
import { checkJunk, expectCovered, type Call } from './junk.js';

const b5 = Board.of(5, 5);
/** Options without fields of their own are good; so is any board. */
const plainWithout =
  (keys: string[]) =>
  (v: unknown): boolean =>
    typeof v === 'object' &&
    v !== null &&
    Object.getPrototypeOf(v) === Object.prototype &&
    !keys.some((k) => k in (v as object));

const CALLS: Call[] = [
  {
    name: 'drawGrid',
    call: (b, c, o) => render.drawGrid(b as Board, c as (s: number) => string, o as render.GridOptions),
    args: () => [b5, (s: number) => String(s), { coords: true }],
    params: ['board', 'cell', 'options'],
    optional: [2],
    accepts: (i, v) => (i === 0 ? v instanceof Board : i === 2 && plainWithout(['coords', 'paint'])(v)),
    extra: {
      1: [['a function giving numbers', (s: number) => s]],
      2: [
        ["{ coords: 'yes' }", { coords: 'yes' }],
        ['{ paint: 1 }', { paint: 1 }],
      ],
    },
  },
  {
    name: 'boardSvg',
    call: (b, o) => render.boardSvg(b as Board, o as render.SvgOptions),
    args: () => [b5, { path: [0, 7, 14], title: 'three knight moves', label: (s: number) => String(s) }],
    params: ['board', 'options'],
    optional: [1],
    accepts: (i, v) =>
      i === 0 ? v instanceof Board : plainWithout(['cell', 'label', 'fill', 'path', 'closed', 'title'])(v),
    extra: {
      1: [
        ['{ path: [0, 25] }', { path: [0, 25] }],
        ['{ path: 7 }', { path: 7 }],
        ['{ cell: NaN }', { cell: NaN }],
        ['{ label: () => 3 }', { label: () => 3 }],
        ['{ fill: () => 3 }', { fill: () => 3 }],
        ['{ title: 5 }', { title: 5 }],
        ['{ closed: 1 }', { closed: 1 }],
      ],
    },
  },
];

describe('gridbits/render answers junk with a GridbitsError naming the argument', () => {
  it('covers every export', () => {
    expectCovered(render, CALLS, {});
  });
  for (const c of CALLS) it(c.name, async () => checkJunk(c), 60_000);
});
