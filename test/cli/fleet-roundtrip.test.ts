// `fleet check` reads back what `fleet place` writes: its drawn text, its JSON, and --samples streams, for random
// problems and seeds; each layout is also checked by the plain reference checker.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLayout, refProblem } from '../reference/fleet.js';
import { expectUserError, gridbits, gridbitsCheck } from './run.js';
import { runs } from '../long.js';

/** Square name → index on a board of width w. */
function sq(name: string, w: number): number {
  const m = /^([a-z]+)([0-9]+)$/.exec(name)!;
  let f = 0;
  for (const ch of m[1]) f = f * 26 + ch.charCodeAt(0) - 96;
  return (Number(m[2]) - 1) * w + f - 1;
}

/** Ship cells read from a drawn grid by hand: rows after their rank numbers, top row first. */
function drawnCells(text: string, w: number, h: number): number[] {
  const rows = text
    .split('\n')
    .filter((l) => /^\s*[0-9]+ /.test(l))
    .slice(0, h);
  const cells: number[] = [];
  rows.forEach((line, i) => {
    const t = line.trim().split(/\s+/).slice(1);
    t.forEach((c, f) => c === '#' && cells.push((h - 1 - i) * w + f));
  });
  return cells.sort((a, b) => a - b);
}

interface Placed {
  exists: boolean;
  ships: Array<{ kind: string; cells: string[] }>;
  board: { width: number; height: number };
}

const problems = fc.record({
  width: fc.integer({ min: 4, max: 9 }),
  height: fc.integer({ min: 4, max: 9 }),
  fleet: fc.constantFrom('3,2', '2,2,1', '3,2,2', '4,1', '2,1,1,1'),
  touch: fc.constantFrom('none', 'corner', 'any'),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  method: fc.constantFrom('uniform', 'rails', 'search'),
});

describe('fleet place | fleet check', () => {
  it('reads the text and the JSON back as valid, for random problems and seeds', () => {
    fc.assert(
      fc.property(problems, ({ width, height, fleet, touch, seed, method }) => {
        const flags = [`${width}x${height}`, '--fleet', fleet, '--touch', touch];
        const placed = gridbits(['fleet', 'place', ...flags, '--seed', String(seed), '--method', method]);
        expect(placed.code).toBe(0);
        if (/^no layout/.test(placed.stdout)) return;
        // The text, without a board: the drawn grid's own size is the board.
        expect(gridbitsCheck(['fleet', 'check', '--fleet', fleet, '--touch', touch, '-'], placed.stdout)).toMatchObject(
          {
            valid: true,
            errors: [],
            board: { width, height },
          },
        );
        const json = gridbits(['fleet', 'place', ...flags, '--seed', String(seed), '--method', method, '--json']);
        const j = JSON.parse(json.stdout) as Placed;
        expect(j.board).toEqual({ width, height });
        const ref = refProblem(width, height, fleet.split(','), touch as 'none' | 'corner' | 'any');
        const kinds = j.ships.map((s) => ref.kinds.findIndex((k) => k.orientations[0].length === s.cells.length));
        expect(
          checkLayout(ref, {
            ships: j.ships.map((s, i) => ({ kind: kinds[i], cells: s.cells.map((c) => sq(c, width)) })),
          }),
        ).toBeNull();
        // The text draws the JSON's cells (the same seed, the same layout).
        expect(drawnCells(placed.stdout, width, height)).toEqual(
          j.ships.flatMap((s) => s.cells.map((c) => sq(c, width))).sort((a, b) => a - b),
        );
        const back = gridbits(['fleet', 'check', '--fleet', fleet, '--touch', touch, '-'], json.stdout);
        expect(back.stdout).toMatch(/^valid: ships of length/);
      }),
      { numRuns: runs(5, 24), seed: 14 },
    );
  });

  it('reads --samples streams one layout at a time, text and JSON', () => {
    fc.assert(
      fc.property(problems, fc.integer({ min: 2, max: 5 }), ({ width, height, fleet, touch, seed, method }, n) => {
        const flags = [`${width}x${height}`, '--fleet', fleet, '--touch', touch];
        const text = gridbits([
          'fleet',
          'place',
          ...flags,
          '--seed',
          String(seed),
          '--method',
          method,
          '--samples',
          String(n),
        ]);
        if (/^no layout/.test(text.stdout)) return;
        // A separator line opens each layout.
        expect(text.stdout.match(/^layout \d+ of \d+$/gm)).toEqual(
          Array.from({ length: n }, (_, i) => `layout ${i + 1} of ${n}`),
        );
        const r = gridbitsCheck<{ valid: boolean; layouts: Array<{ valid: boolean }> }>(
          ['fleet', 'check', '--fleet', fleet, '--touch', touch, '-'],
          text.stdout,
        );
        expect(r.valid).toBe(true);
        expect(r.layouts).toHaveLength(n);
        const t = gridbits(['fleet', 'check', '--fleet', fleet, '--touch', touch, '-'], text.stdout);
        expect(t.stdout).toContain(`${n} of ${n} layouts valid`);
        const json = gridbits([
          'fleet',
          'place',
          ...flags,
          '--seed',
          String(seed),
          '--method',
          method,
          '--samples',
          String(n),
          '--json',
        ]);
        const back = gridbitsCheck<{ valid: boolean; layouts: unknown[] }>(
          ['fleet', 'check', '--fleet', fleet, '--touch', touch, '-'],
          json.stdout,
        );
        expect(back.valid).toBe(true);
        expect(back.layouts).toHaveLength(n);
      }),
      { numRuns: runs(3, 12), seed: 15 },
    );
  });

  it('the README pipe: fleet place --seed 3 | fleet check -, and forbidden cells drawn and read back', () => {
    const placed = gridbits(['fleet', 'place', '--seed', '3']);
    expect(gridbits(['fleet', 'check', '-'], placed.stdout).stdout).toBe(
      'valid: ships of length 4, 3, 3, 2, 2, 2, 1, 1, 1, 1; touch none\n',
    );
    const f = gridbits(['fleet', 'place', '--seed', '3', '--forbid', 'a1,j10']);
    expect(f.stdout).toMatch(/^10 (?:[.#] ){9}-$/m);
    expect(f.stdout).toMatch(/^ 1 - /m);
    expect(gridbits(['fleet', 'check', '--forbid', 'a1,j10', '-'], f.stdout).stdout).toMatch(/^valid/);
    // The older drawing of forbidden cells ('x') is still read.
    expect(gridbits(['fleet', 'check', '-'], f.stdout.replace(/-/g, 'x')).stdout).toMatch(/^valid/);
  });

  it('reports each layout of a stream, and refuses what is no layout with one line', () => {
    const stream = ['layout 1 of 2', '#.#', '...', '#..', '', 'layout 2 of 2', '##.', '...', '..#', ''].join('\n');
    const r = gridbitsCheck<{ valid: boolean; errors: string[]; layouts: Array<{ valid: boolean }> }>(
      ['fleet', 'check', '--fleet', '1,1,1', '-'],
      stream,
    );
    expect(r.layouts.map((l) => l.valid)).toEqual([true, false]);
    expect(r.valid).toBe(false);
    expect(r.errors[0]).toMatch(/^layout 2: /);
    const t = gridbits(['fleet', 'check', '--fleet', '1,1,1', '-'], stream);
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/layout 1: valid\nlayout 2: not valid:\n {2}/);
    expect(t.stdout).toMatch(/1 of 2 layouts valid/);
    expectUserError(gridbits(['fleet', 'check', '-'], '{"exists":false,"reason":"none"}'), /holds no layout/);
    expectUserError(gridbits(['fleet', 'check', '-'], '{"exists":true'), /not valid JSON/);
    expectUserError(gridbits(['fleet', 'check', '-'], '{"exists":true,"ships":[{"cells":["z99"]}]}'), /z99/);
    expectUserError(gridbits(['fleet', 'check', '-'], ' 2 # .\n 3 . .\n   a b\n'), /row 2: expected the rank number 1/);
    expectUserError(
      gridbits(['fleet', 'check', '-'], 'layout 1 of 2\n#.\n..\nlayout 2 of 2\n#..\n...\n'),
      /differ in size/,
    );
  });
});
