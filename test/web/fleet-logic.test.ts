// The Sea Battle page's state logic in Node: links read and written back, bad values dropped, the problem
// built (or the engine's message), hand-drawn layout cells, and ships drawn on the small grid.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { DEFAULT_STATE, drawnShape, layoutMask, problemOf, readState, toggleLayoutCell, writeState, type FleetState } from '../../web/src/pages/fleet/state.js';
import { formatHash, parseHash } from '../../web/src/router.js';

describe('fleet page state', () => {
  it('reads what it writes; unreadable values fall back to the defaults', () => {
    const s: FleetState = {
      width: 8,
      height: 6,
      fleet: '3,2',
      ships: ['###/.#.', '##/##'],
      touch: 'corner',
      mirror: true,
      forbid: ['a1', 'h6'],
      method: 'uniform',
      seed: 42,
      layout: [['b2', 'b3', 'b4'], ['d1']],
      heat: true,
    };
    expect(readState(parseHash(formatHash('fleet', writeState(s))).params)).toEqual(s);
    expect(readState(new URLSearchParams('board=33x8&touch=some&method=x&seed=-1&forbid=z99&layout=k1'))).toEqual(DEFAULT_STATE);
  });

  it('builds the problem or says why not', () => {
    const ok = problemOf({ ...DEFAULT_STATE, width: 10, height: 10 });
    expect(ok.problem?.kinds.map((k) => [k.name, k.count])).toEqual([['4', 1], ['3', 2], ['2', 3], ['1', 4]]);
    expect(ok.problem?.touch).toBe('none');
    expect(problemOf({ ...DEFAULT_STATE, fleet: 'hasbro' }).problem?.touch).toBe('any');
    expect(problemOf({ ...DEFAULT_STATE, fleet: 'navy' }).error).toMatch(/unknown fleet/);
    expect(problemOf({ ...DEFAULT_STATE, width: 3, height: 3 }).error).toMatch(/cannot fit/);
    expect(problemOf({ ...DEFAULT_STATE, fleet: '', ships: [] }).error).toMatch(/no ships/);
  });

  it('toggles hand-drawn cells and masks the layout', () => {
    let layout = toggleLayoutCell([], 'a1');
    layout = toggleLayoutCell(layout, 'b1');
    expect(layout).toEqual([['a1'], ['b1']]);
    expect(toggleLayoutCell([['a1', 'a2']], 'a1')).toEqual([['a2']]);
    expect(Array.from(layoutMask(Board.of(2, 2), [['a1'], ['b2']]))).toEqual([1, 0, 0, 1]);
  });

  it('turns cells drawn on the small grid into a shape, refusing unconnected ones', () => {
    // Cells by index on a 5-wide grid, rank 0 at the bottom: a T with its bar on rank 1.
    expect(drawnShape(new Set([5, 6, 7, 1]), 5)).toBe('###/.#.');
    expect(drawnShape(new Set([0, 2]), 5)).toEqual({ error: expect.stringMatching(/not connected/) });
    expect(drawnShape(new Set(), 5)).toEqual({ error: expect.stringMatching(/Draw a ship/) });
  });
});
