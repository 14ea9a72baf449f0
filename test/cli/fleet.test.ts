import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayout, refProblem, type RefProblem } from '../reference/fleet.js';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson, gridbitsCheck } from './run.js';

interface Ships {
  ships: Array<{ cells: string[] }>;
}

/** Square name → index on a board of width w (plain letters-then-number, a1 bottom-left). */
function sq(name: string, w: number): number {
  const m = /^([a-z]+)([0-9]+)$/.exec(name)!;
  let f = 0;
  for (const ch of m[1]) f = f * 26 + ch.charCodeAt(0) - 96;
  return (Number(m[2]) - 1) * w + f - 1;
}

/** Checks a printed layout against the reference problem, finding each ship's kind by trying them all. */
function verify(p: RefProblem, layout: Ships): string | null {
  const ships = layout.ships.map((s) => s.cells.map((c) => sq(c, p.width)));
  // Kinds by size and shape: let the reference decide by trying each kind per ship.
  const kinds = ships.map((cells) =>
    p.kinds.findIndex(
      (_k, i) => checkLayout({ ...p, kinds: [{ ...p.kinds[i], count: 1 }] }, { ships: [{ kind: 0, cells }] }) === null,
    ),
  );
  if (kinds.includes(-1)) return 'a ship of no kind';
  return checkLayout(p, { ships: ships.map((cells, i) => ({ kind: kinds[i], cells })) });
}

const CLASSIC = ['4', '3', '3', '2', '2', '2', '1', '1', '1', '1'];

describe('gridbits fleet place', () => {
  it('places the classic fleet by rails and by search, seeded', () => {
    const p = refProblem(10, 10, CLASSIC, 'none');
    for (const method of ['rails', 'search']) {
      const a = gridbitsJson<Ships & { exists: boolean; seed: number }>([
        'fleet',
        'place',
        '--board',
        '10x10',
        '--fleet',
        'classic',
        '--method',
        method,
        '--seed',
        '5',
      ]);
      expect(a.exists).toBe(true);
      expect(a.seed).toBe(5);
      expect(verify(p, a)).toBeNull();
      expect({
        ...gridbitsJson([
          'fleet',
          'place',
          '--board',
          '10x10',
          '--fleet',
          'classic',
          '--method',
          method,
          '--seed',
          '5',
        ]),
        seconds: 0,
      }).toEqual({ ...a, seconds: 0 });
    }
  });

  it('draws uniform layouts by default, several with --samples', () => {
    const p = refProblem(6, 5, ['3', '2', '2'], 'any');
    const j = gridbitsBudget<{ exists: boolean; layouts: Ships[]; layoutsInAll: string }>([
      'fleet',
      'place',
      '--board',
      '6x5',
      '--fleet',
      '3,2,2',
      '--touch',
      'any',
      '--samples',
      '20',
      '--seed',
      '1',
    ]);
    expect(j.exists).toBe(true);
    expect(j.layouts).toHaveLength(20);
    for (const l of j.layouts) expect(verify(p, l)).toBeNull();
  });

  it('places polyomino ships around forbidden cells from a list and a mask', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    const mask = join(dir, 'mask.txt');
    writeFileSync(mask, ['.....', '.#...', '.....', '.....', '...#.', '.....', '.....'].join('\n') + '\n');
    const forbidden = [sq('b6', 5), sq('d3', 5), sq('a1', 5)];
    const p = refProblem(5, 7, ['###/.#./.#.', '##/#.', '2'], 'none', { forbidden, mirror: true });
    for (const method of ['rails', 'search', 'uniform']) {
      const j = gridbitsJson<Ships & { exists: boolean }>([
        'fleet',
        'place',
        '--board',
        '5x7',
        '--ship',
        '###/.#./.#.',
        '--ship',
        '##/#.',
        '--fleet',
        '2',
        '--mask',
        mask,
        '--forbid',
        'a1',
        '--mirror',
        '--method',
        method,
        '--seed',
        '2',
      ]);
      expect(j.exists).toBe(true);
      expect(verify(p, j)).toBeNull();
    }
    const text = gridbits([
      'fleet',
      'place',
      '--mask',
      mask,
      '--ship',
      '###/.#./.#.',
      '--method',
      'rails',
      '--seed',
      '2',
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  a b c d e');
    // Forbidden cells are drawn '-' ('x' reads as a hit).
    expect(text.stdout).toMatch(/^6 [.#] - /m);
    expect(text.stdout).not.toMatch(/x/);
  });

  it('answers exists: false for an impossible request, exit 0', () => {
    for (const method of ['uniform', 'rails', 'search']) {
      const r = gridbits([
        'fleet',
        'place',
        '--board',
        '6x6',
        '--fleet',
        'classic',
        '--touch',
        'none',
        '--method',
        method,
        '--json',
      ]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ exists: false });
    }
    expect(gridbits(['fleet', 'place', '--board', '6x6', '--method', 'rails']).stdout).toMatch(/no layout/);
  });

  it('says when the budget ran out', () => {
    const j = gridbitsBudget<{ exists: null; reason: string }>([
      'fleet',
      'place',
      '--board',
      '8x8',
      '--fleet',
      'german',
      '--method',
      'search',
      '--max-nodes',
      '100',
    ]);
    expect(j.exists).toBeNull();
    expect(j.reason).toMatch(/budget exhausted/);
  });
});

describe('gridbits fleet count', () => {
  it('prints the exact count as a decimal string', () => {
    expect(gridbitsJson(['fleet', 'count', '--board', '10x10', '--fleet', '2,2', '--touch', 'any']).count).toBe(
      '15626',
    );
    expect(gridbitsJson(['fleet', 'count', '--board', '10x10', '--fleet', '2,2', '--touch', 'none']).count).toBe(
      '13952',
    );
    expect(gridbits(['fleet', 'count', '--board', '4x4', '--fleet', '1']).stdout).toMatch(/^16 layouts/);
  });
});

describe('gridbits fleet check', () => {
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
  ].join('\n');

  it('says valid for a valid layout (file or stdin) and every reason otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    const file = join(dir, 'layout.txt');
    writeFileSync(file, good + '\n');
    expect(gridbitsCheck(['fleet', 'check', '--board', '10x10', '--fleet', 'classic', file])).toMatchObject({
      valid: true,
      errors: [],
    });
    expect(gridbitsCheck(['fleet', 'check', '--board', '10x10', '--fleet', 'classic', '-'], good)).toMatchObject({
      valid: true,
    });
    const rows = good.split('\n');
    rows[5] = '...#......';
    const bad = rows.join('\n');
    const j = gridbitsCheck<{ valid: boolean; errors: string[] }>(
      ['fleet', 'check', '--board', '10x10', '--fleet', 'classic', '-'],
      bad,
    );
    expect(j.valid).toBe(false);
    expect(j.errors).toEqual([
      'ships touching at d5/e6',
      'ships touching at d5/c6',
      'one 1-cell ship too many (the fleet has 4, the layout 5)',
    ]);
    const text = gridbits(['fleet', 'check', '--board', '10x10', '--fleet', 'classic', '-'], bad);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^not valid:/);
  });

  it('checks touching fleets by trying the splits', () => {
    expect(
      gridbitsCheck(['fleet', 'check', '--board', '4x2', '--fleet', '3,2,2,1', '--touch', 'any', '-'], '####\n####\n'),
    ).toMatchObject({ valid: true });
  });
});

describe('gridbits fleet: mistakes', () => {
  it('turns bad input into one line and exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    const mask = join(dir, 'mask.txt');
    writeFileSync(mask, '..#\n.x.\n');
    const cases: Array<[string[], RegExp, string?]> = [
      [['fleet'], /name a subcommand/],
      [['fleet', 'sail'], /unknown subcommand 'sail'/],
      [['fleet', 'place', '--ship', '#.#'], /not connected/],
      [['fleet', 'place', '--ship', '...'], /no '#' cell/],
      [['fleet', 'place', '--board', '3x3', '--fleet', '4'], /cannot fit/],
      [['fleet', 'place', '--forbid', 'k1'], /off the 10x10 board/],
      [['fleet', 'place', '--forbid', 'a1,a1'], /given twice/],
      [['fleet', 'place', '--fleet', 'armada'], /unknown fleet 'armada'/],
      [['fleet', 'place', '--mask', mask], /mask row 2: unexpected 'x'/],
      [['fleet', 'place', '--mask', join(dir, 'none.txt')], /cannot read the mask/],
      [['fleet', 'place', '--board', '401x5'], /1 to 400/],
      [['fleet', 'place', '--touch', 'edges'], /unknown touch rule/],
      [['fleet', 'place', '--method', 'guess'], /--method must be one of/],
      [['fleet', 'check', '--board', '3x3', '--fleet', '1', '-'], /the layout is 2x1, the board 3x3/, '#.\n'],
      [['fleet', 'check', '--board', '3x3', '--fleet', '1', '-'], /unexpected '\*'/, '#.*\n...\n...\n'],
      // A flag another subcommand reads is refused, not ignored.
      [
        ['fleet', 'count', '--samples', '3'],
        /fleet count: --samples does not apply here \(it is for fleet place, heat\)/,
      ],
      [['fleet', 'check', '--seed', '1', '-'], /fleet check: --seed does not apply here/, '#\n'],
      [['fleet', 'constructor'], /unknown subcommand 'constructor'/],
    ];
    for (const [args, pattern, input] of cases) expectUserError(gridbits(args, input), pattern);
  });

  it('has help listing the subcommands', () => {
    const h = gridbits(['fleet', '--help']);
    expect(h.code).toBe(0);
    for (const word of ['place', 'count', 'check', 'classic', 'hasbro', 'german', '--mirror'])
      expect(h.stdout).toContain(word);
  });
});
