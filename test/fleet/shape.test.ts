import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLEETS, fleetKinds, fleetProblem, parseFleet, parseTouch } from '../../src/fleet/fleets.js';
import { mergeForbidden, parseFleetBoard, parseForbidList, parseMask } from '../../src/fleet/field.js';
import { isConnected, parseShape, shapeId, shapeOrientations, shapeText } from '../../src/fleet/shape.js';
import { Board } from '../../src/core/board.js';
import { refOrientationKeys, refProblem, refShapeCells } from '../reference/fleet.js';

const key = (o: ReadonlyArray<readonly [number, number]>): string =>
  [...o]
    .map(([x, y]) => [x, y])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .map(([x, y]) => `${x},${y}`)
    .join(' ');

/** A random connected shape drawn as ASCII (grown cell by cell from one). */
const shapeArb = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 6, maxLength: 6 }))
  .map(([n, picks]) => {
    const cells: Array<[number, number]> = [[0, 0]];
    for (let i = 1; i < n; i++) {
      const [x, y] = cells[picks[i] % cells.length];
      const [dx, dy] = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ][picks[i] % 4];
      if (!cells.some(([a, b]) => a === x + dx && b === y + dy)) cells.push([x + dx, y + dy]);
    }
    return shapeText(cells);
  });

describe('fleet shapes', () => {
  it('parses ASCII rows top to bottom and lengths', () => {
    expect(parseShape('###/.#./.#.')).toEqual([
      [1, 0],
      [1, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(parseShape('3')).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(shapeText(parseShape('###/.#./.#.'))).toBe('###/.#./.#.');
  });

  it('rejects empty, unconnected and malformed shapes', () => {
    for (const bad of ['', '...', '#.#', '##/../##', '#x#', '0', '#/./#'])
      expect(() => parseShape(bad)).toThrow(/ship|shape/);
    expect(
      isConnected([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(false);
  });

  it('has the orientations the reference computes independently (turns, mirror images with --mirror)', () => {
    fc.assert(
      fc.property(shapeArb, fc.boolean(), (text, mirror) => {
        const mine = shapeOrientations(parseShape(text), mirror).map(key).sort();
        expect(mine).toEqual(refOrientationKeys(refShapeCells(text), mirror).map((k) => k));
      }),
      { numRuns: 300 },
    );
    expect(shapeOrientations(parseShape('1'), true)).toHaveLength(1);
    expect(shapeOrientations(parseShape('4'), true)).toHaveLength(2);
    expect(shapeOrientations(parseShape('###/.#./.#.'), false)).toHaveLength(4);
    expect(shapeOrientations(parseShape('###/#..'), false)).toHaveLength(4);
    expect(shapeOrientations(parseShape('###/#..'), true)).toHaveLength(8);
    expect(shapeOrientations(parseShape('##./.##'), false)).toHaveLength(2);
    expect(shapeOrientations(parseShape('##./.##'), true)).toHaveLength(4);
  });

  it('merges equal shapes into one kind with a count', () => {
    const kinds = fleetKinds(['###/#..', '#../###', '..#/###', '4', '1', '1'].map(parseShape), false);
    // '###/#..' and '#../###' are mirror images: different kinds without --mirror; '..#/###' turns into '###/#..'.
    expect(kinds.map((k) => k.count)).toEqual([1, 2, 1, 2]);
    expect(kinds[0].name).toBe('4');
    expect(kinds[1].orientations.map(key)).toContain(key(parseShape('###/#..')));
    expect(kinds[2].orientations.map(key)).toContain(key(parseShape('#../###')));
    expect(fleetKinds(['###/#..', '#../###'].map(parseShape), true).map((k) => k.count)).toEqual([2]);
    const ids = (s: string): string[] => shapeOrientations(parseShape(s), false).map(shapeId);
    expect(ids('#../###')).not.toEqual(ids('###/#..'));
  });
});

describe('named fleets and problems', () => {
  it('knows the traditional fleets and their touch rules', () => {
    expect(FLEETS.classic.lengths).toEqual([4, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
    expect(parseFleet('hasbro').touch).toBe('any');
    expect(parseFleet('german').shapes.map((s) => s.length)).toEqual([5, 4, 4, 3, 3, 3, 2, 2, 2, 2]);
    expect(parseFleet('4,3').touch).toBeUndefined();
    expect(() => parseFleet('nelson')).toThrow(/unknown fleet/);
    expect(() => parseTouch('edge')).toThrow(/touch/);
  });

  it('combines --fleet and --ship, defaults the touch rule to the fleet tradition', () => {
    const p = fleetProblem({ width: 10, height: 10, fleet: 'hasbro', ships: ['3', '##/#.'] });
    expect(p.touch).toBe('any');
    expect(p.kinds.map((k) => [k.name, k.count])).toEqual([
      ['5', 1],
      ['4', 1],
      ['3', 3],
      ['##/#.', 1],
      ['2', 1],
    ]);
    expect(fleetProblem({ width: 5, height: 5, ships: ['2'] }).touch).toBe('none');
    expect(fleetProblem({ width: 5, height: 5, fleet: 'classic', touch: 'corner' }).touch).toBe('corner');
  });

  it('agrees with the reference problem builder', () => {
    const mine = fleetProblem({ width: 6, height: 5, fleet: '3,2,2', ships: ['###/.#.', '.#/##'], mirror: true });
    const ref = refProblem(6, 5, ['3', '2', '2', '###/.#.', '.#/##'], 'none', { mirror: true });
    const norm = (ks: typeof ref.kinds): string[] =>
      ks.map((k) => `${k.count}:${k.orientations.map(key).sort().join('|')}`).sort();
    expect(norm(mine.kinds)).toEqual(norm(ref.kinds));
  });

  it('rejects ships that cannot fit the board at all, and empty fleets', () => {
    expect(() => fleetProblem({ width: 3, height: 3, fleet: '4' })).toThrow(/cannot fit/);
    expect(() => fleetProblem({ width: 3, height: 2, ships: ['#/#/#'] })).not.toThrow();
    expect(() => fleetProblem({ width: 2, height: 2, ships: ['###/.#.'] })).toThrow(/cannot fit/);
    expect(() => fleetProblem({ width: 3, height: 3 })).toThrow(/no ships/);
  });
});

describe('the field', () => {
  it('takes boards of 1..400 a side', () => {
    expect(parseFleetBoard('400x1').width).toBe(400);
    for (const bad of ['0x5', '401x10', '10', 'ax3']) expect(() => parseFleetBoard(bad)).toThrow(/board/);
  });

  it('reads forbidden squares and masks, rejecting off-board, repeated and overlapping cells', () => {
    const b = Board.of(4, 3);
    expect([...parseForbidList(b, ['a1', 'd3'])].map((v, i) => (v ? i : -1)).filter((i) => i >= 0)).toEqual([0, 11]);
    expect(() => parseForbidList(b, ['e1'])).toThrow(/off/);
    expect(() => parseForbidList(b, ['a1', 'a1'])).toThrow(/twice/);
    expect(() => parseForbidList(b, ['1a'])).toThrow(/bad square/);
    const m = parseMask('#...\n....\n...#\n');
    expect([m.width, m.height, m.forbidden[8], m.forbidden[3], m.forbidden[0]]).toEqual([4, 3, 1, 1, 0]);
    expect(() => parseMask('#..\n....\n')).toThrow(/row 2/);
    expect(() => parseMask('#x..\n')).toThrow(/unexpected 'x'/);
    expect(() => parseMask('\n\n')).toThrow(/empty/);
    expect(() => parseMask('....\n', b)).toThrow(/4x1, the board 4x3/);
    expect(() => mergeForbidden(b, parseForbidList(b, ['a1']), parseMask('....\n....\n#...\n').forbidden)).toThrow(
      /a1 is forbidden twice/,
    );
  });
});
