import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/prng.js';
import { checkFleetCells, checkFleetLayout, parseLayoutGrid, parseLayoutGrids } from '../../src/fleet/check.js';
import { placeFleetSync } from '../../src/fleet/place.js';
import { fleetProblem } from '../../src/fleet/fleets.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { bruteEnumerate, checkLayout } from '../reference/fleet.js';

const grid = (rows: string[]): Uint8Array => parseLayoutGrid(rows.join('\n')).ships;
const judge = (p: FleetProblem, rows: string[]): ReturnType<typeof checkFleetCells> => checkFleetCells(p, grid(rows));

describe('fleet layout grids', () => {
  it('reads # or 1 as ship, . or 0 as water, top row first', () => {
    const g = parseLayoutGrid('#..\n0 1 0\n');
    expect([g.width, g.height, ...g.ships]).toEqual([3, 2, 0, 1, 0, 1, 0, 0]);
    expect(() => parseLayoutGrid('')).toThrow(/empty/);
    expect(() => parseLayoutGrid('#..\n##\n')).toThrow(/row 2 has 2 cells/);
    expect(() => parseLayoutGrid('#.?\n')).toThrow(/unexpected '\?'/);
    expect(() => parseLayoutGrid('#..\n', 4, 1)).toThrow(/3x1, the board 4x1/);
  });
});

describe('fleet layout check', () => {
  const classic = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
  const good = [
    '#.#.#.#...',
    '..........',
    '####.###..',
    '..........',
    '###.##.##.',
    '..........',
    '##........',
    '..........',
    '..........',
    '..........',
  ];

  it('accepts a valid classic layout and returns its ships', () => {
    const r = judge(classic, good);
    expect(r).toMatchObject({ valid: true, errors: [] });
    expect(r.ships).toHaveLength(10);
    expect(checkLayout(classic, { ships: r.ships! })).toBeNull();
  });

  it('names every reason a layout fails', () => {
    // A corner touch at g5/f6 (f6 ends a 2-ship, g5 is a 1-ship).
    const corner = [...good];
    corner[0] = '#.#.#.....';
    corner[4] = '###.##....';
    corner[5] = '......#...';
    corner[6] = '##........';
    const a = judge(classic, corner);
    expect(a.valid).toBe(false);
    expect(a.errors).toContain('ships touching at g5/f6');
    const b = judge(classic, [
      '#.#.#.#...',
      '..........',
      '####.###..',
      '..........',
      '###.##.##.',
      '..........',
      '##.....#..',
      '..........',
      '..........',
      '..........',
    ]);
    expect(b.errors).toEqual(['one 1-cell ship too many (the fleet has 4, the layout 5)']);
    const c = judge(classic, [
      '#.#.#.#...',
      '..........',
      '####.###..',
      '..........',
      '###.##....',
      '..........',
      '##........',
      '..........',
      '..........',
      '..........',
    ]);
    expect(c.errors).toEqual(['one 2-cell ship missing (the fleet has 3, the layout 2)']);
    const d = judge(classic, [
      '#.#.#.#...',
      '..........',
      '####.###..',
      '..........',
      '###.##.###',
      '..........',
      '.#........',
      '##........',
      '..........',
      '..........',
    ]);
    // An L of three cells is a 2-ship touching a 1-ship in the classic fleet; without 1-ships it is a foreign shape.
    expect(d.errors).toContain('ships touching at b3/b4');
    const noOnes = fleetProblem({ width: 4, height: 4, fleet: '3,2' });
    expect(judge(noOnes, ['###.', '....', '.#..', '##..']).errors).toEqual([
      'a shape not in the fleet at a1,b1,b2',
      'one 2-cell ship missing (the fleet has 1, the layout 0)',
    ]);
    // Two ships meeting edge to edge: the cells split into fleet ships, so the reason is the touch.
    const e = judge(classic, [
      '#.#.#.#...',
      '..........',
      '#######...',
      '..........',
      '###.##.##.',
      '..........',
      '##........',
      '..........',
      '..........',
      '..........',
    ]);
    expect(e.errors).toEqual(['ships touching at d8/e8']);
    const forbidden = new Uint8Array(100);
    forbidden[0] = 1;
    const f = checkFleetCells(
      fleetProblem({ width: 10, height: 10, fleet: 'classic', forbidden }),
      grid([...good.slice(0, 9), '#.........']),
    );
    expect(f.errors).toEqual(
      expect.arrayContaining([
        'a ship on the forbidden square a1',
        'one 1-cell ship too many (the fleet has 4, the layout 5)',
      ]),
    );
    // Drawn ships are named in words, never drawn in ASCII ("##/#."), with plurals right.
    const drawn = fleetProblem({ width: 5, height: 5, ships: ['##/#.', '##/#.', '###/.#.', '2'] });
    const g = judge(drawn, ['##...', '#....', '.....', '.....', '.....']);
    expect(g.errors).toEqual([
      'one 4-cell T-ship missing (the fleet has 1, the layout 0)',
      'one 3-cell L-ship missing (the fleet has 2, the layout 1)',
      'one 2-cell ship missing (the fleet has 1, the layout 0)',
    ]);
    const h = judge(fleetProblem({ width: 6, height: 6, ships: ['##/#.', '2'] }), [
      '##.##.',
      '#..#..',
      '......',
      '##....',
      '#.....',
      '......',
    ]);
    expect(h.errors).toEqual([
      'two 3-cell L-ships too many (the fleet has 1, the layout 3)',
      'one 2-cell ship missing (the fleet has 1, the layout 0)',
    ]);
    for (const e of [...g.errors, ...h.errors]) expect(e).not.toMatch(/[#.]\/|\/[#.]/);
  });

  it('lets corners touch under the corner rule only', () => {
    const p = (touch: FleetProblem['touch']): FleetProblem =>
      fleetProblem({ width: 3, height: 3, fleet: '2,1', touch });
    expect(judge(p('none'), ['##.', '..#', '...']).errors).toEqual(['ships touching at c2/b3']);
    expect(judge(p('corner'), ['##.', '..#', '...']).valid).toBe(true);
    expect(judge(p('corner'), ['###', '...', '...']).errors).toEqual(['ships touching at b3/c3']);
  });

  it('with touching allowed, finds a split of the cells into the fleet when there is one', () => {
    const hasbroish = fleetProblem({ width: 4, height: 2, fleet: '3,2,2,1' });
    const any = { ...hasbroish, touch: 'any' as const };
    expect(judge(any, ['####', '####']).valid).toBe(true);
    expect(judge(any, ['###.', '####']).errors).toEqual(['7 ship cells, the fleet has 8']);
    const l = fleetProblem({ width: 3, height: 3, fleet: '2,2', touch: 'any' });
    expect(judge(l, ['##.', '##.', '...']).valid).toBe(true);
    expect(judge(l, ['###', '#..', '...']).valid).toBe(true);
    expect(judge(l, ['#.#', '#.#', '...']).valid).toBe(true);
    expect(
      judge(fleetProblem({ width: 3, height: 3, fleet: '3,1', touch: 'any' }), ['##.', '##.', '...']).errors,
    ).toEqual(['a shape not in the fleet at a2,b2,a3,b3']);
  });

  it('agrees with the brute force: a set of cells is valid iff some layout covers exactly those cells', () => {
    const problemArb = fc.record({
      w: fc.integer({ min: 2, max: 5 }),
      h: fc.integer({ min: 2, max: 4 }),
      touch: fc.constantFrom('none' as const, 'corner' as const, 'any' as const),
      ships: fc.array(fc.constantFrom('1', '2', '3', '##/#.', '###/.#.'), { minLength: 1, maxLength: 3 }),
      mirror: fc.boolean(),
    });
    fc.assert(
      fc.property(
        problemArb,
        fc.array(fc.integer({ min: 0, max: 19 })),
        fc.integer({ min: 0, max: 1 << 20 }),
        (r, flips, pick) => {
          let p: FleetProblem;
          try {
            p = fleetProblem({ width: r.w, height: r.h, ships: r.ships, touch: r.touch, mirror: r.mirror });
          } catch {
            return;
          }
          const valid = new Set<string>();
          const layouts: string[] = [];
          bruteEnumerate(p, (l) => {
            const cells = new Uint8Array(r.w * r.h);
            for (const s of l.ships) for (const c of s.cells) cells[c] = 1;
            valid.add(cells.join(''));
            layouts.push(cells.join(''));
          });
          const start =
            layouts.length > 0
              ? layouts[pick % layouts.length].split('').map(Number)
              : new Array<number>(r.w * r.h).fill(0);
          for (const f of flips) if (f < start.length) start[f] ^= 1;
          const mine = checkFleetCells(p, Uint8Array.from(start));
          expect(mine.valid).toBe(valid.has(start.join('')));
          if (mine.valid) expect(checkLayout(p, { ships: mine.ships! })).toBeNull();
          else expect(mine.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('fleet layout streams', () => {
  it('reads drawn grids (rank numbers, file letters, a summary after), separators and the forbidden glyphs', () => {
    const drawn = '3 # . -\n2 . . x\n1 # # .\n  a b c\nships of length 2, 1; touch none\n';
    const g = parseLayoutGrids(drawn);
    expect(g).toHaveLength(1);
    expect([g[0].width, g[0].height, ...g[0].ships]).toEqual([3, 3, 1, 1, 0, 0, 0, 0, 1, 0, 0]);
    // Drawn grids one after another are separate layouts even without separator lines.
    expect(parseLayoutGrids(drawn + '\n' + drawn)).toHaveLength(2);
    const stream = parseLayoutGrids('layout 1 of 2\n#.\n..\n--- layout 2 of 2 ---\n.#\n#.\n');
    expect(stream.map((x) => [...x.ships])).toEqual([
      [0, 0, 1, 0],
      [1, 0, 0, 1],
    ]);
    expect(() => parseLayoutGrid('layout 1 of 2\n#\nlayout 2 of 2\n#\n')).toThrow(/holds 2 layouts/);
    expect(() => parseLayoutGrids('2 # .\n3 . .\n  a b\n')).toThrow(/row 2: expected the rank number 1/);
    expect(() => parseLayoutGrids('2 # .\n1 . .\n  a b c\n')).toThrow(/3 file letters under rows of 2 cells/);
    expect(() => parseLayoutGrids('layout 1 of 2\n#.\nlayout 2 of 2\n#.*\n')).toThrow(
      /layout 2, row 1: unexpected '\*'/,
    );
    expect(() => parseLayoutGrids('#.\n', 3, 1)).toThrow(/the layout is 2x1, the board 3x1/);
  });
});

describe('checkFleetLayout', () => {
  it('takes the layouts the library places, and finds overlaps and ships of the wrong shape', () => {
    const p = fleetProblem({ width: 8, height: 8, fleet: '3,2,2', touch: 'none' });
    for (let seed = 1; seed <= 5; seed++) {
      const o = placeFleetSync(p, { method: 'rails', rng: createRng(seed) });
      expect(o.finished && o.value.exists).toBe(true);
      const layout = o.finished && o.value.exists ? o.value.layout : { ships: [] };
      expect(checkFleetLayout(p, layout)).toMatchObject({ valid: true, errors: [] });
      const [a, b] = layout.ships;
      const overlapping = {
        ships: [a, { kind: b.kind, cells: a.cells.slice(0, b.cells.length) }, ...layout.ships.slice(2)],
      };
      expect(checkFleetLayout(p, overlapping).errors).toContain(`two ships on ${Board.of(8, 8).name(a.cells[0])}`);
      const misnamed = { ships: [{ kind: b.kind, cells: a.cells }, ...layout.ships.slice(1)] };
      const r = checkFleetLayout(p, misnamed);
      expect(r.valid).toBe(false);
      expect(r.errors.join('; ')).toMatch(/is not a /);
    }
  });
});
