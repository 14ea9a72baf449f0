import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Board } from '../../src/core/index.js';
import { tourProblem } from '../reference/tour.js';
import { expectUserError, gridbits, gridbitsCheck } from './run.js';

interface CheckJson {
  board: { width: number; height: number };
  valid: boolean;
  closed: boolean;
  errors: string[];
  sums: { rows: number[]; columns: number[]; diagonals: number[] };
  semiMagic: boolean;
  magic: boolean;
  halfTurnSymmetric: boolean;
  path: string[];
  close?: { possible: boolean; how?: string; path?: string[]; reason?: string };
}

const JANISCH_MD = `| 50 | 11 | 24 | 63 | 14 | 37 | 26 | 35 |
| 23 | 62 | 51 | 12 | 25 | 34 | 15 | 38 |
| 10 | 49 | 64 | 21 | 40 | 13 | 36 | 27 |
| 61 | 22 | 9 | 52 | 33 | 28 | 39 | 16 |
| 48 | 7 | 60 | 1 | 20 | 41 | 54 | 29 |
| 59 | 4 | 45 | 8 | 53 | 32 | 17 | 42 |
| 6 | 47 | 2 | 57 | 44 | 19 | 30 | 55 |
| 3 | 58 | 5 | 46 | 31 | 56 | 43 | 18 |
`;

describe('gridbits tour-check', () => {
  it("reads the seed's markdown table from stdin: Janisch's tour is valid, closed, semi-magic, not magic", () => {
    const j = gridbitsCheck<CheckJson>(['tour-check', '-'], JANISCH_MD);
    expect(j.board).toEqual({ width: 8, height: 8 });
    expect(j.valid).toBe(true);
    expect(j.closed).toBe(true);
    expect(j.errors).toEqual([]);
    expect(j.sums.rows).toEqual(new Array(8).fill(260));
    expect(j.sums.columns).toEqual(new Array(8).fill(260));
    expect(j.sums.diagonals.length).toBe(2);
    expect(j.semiMagic).toBe(true);
    expect(j.magic).toBe(false);
    expect(j.halfTurnSymmetric).toBe(true);
    expect(j.path[0]).toBe('d4');
  });

  it('a list of squares with a wrong step: exit 1, valid false, the squares named', () => {
    const r = gridbits(['tour-check', '-', '--json'], 'a1 b3 c1 a2 c3 b1 a3 c2 b2\n');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout) as CheckJson;
    expect(j.valid).toBe(false);
    expect(j.errors.join()).toMatch(/step 8→9 from c2 to b2/);
    const text = gridbits(['tour-check', '-'], 'a1 b3 c1 a2 c3 b1 a3 c2 a1');
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/a1 is visited 2 times \(steps 1, 9\)/);
    expect(text.stdout).toMatch(/never visited: b2/);
  });

  it('the gallery, and Euler closing his 60-square path', () => {
    const list = gridbits(['tour-check', '--gallery', 'list']);
    expect(list.stdout).toMatch(/janisch/);
    expect(gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'euler']).halfTurnSymmetric).toBe(true);
    const e = gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'euler-60', '--close']);
    expect(e.valid).toBe(false);
    expect(e.close?.possible).toBe(true);
    expect(e.close?.how).toMatch(/reversed steps 52–60/);
    expect(e.close?.path?.length).toBe(60);
    const b = gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'beverley', '--close']);
    expect(b.close?.possible).toBe(false);
    // Kumar's 10×6 tour answers to its name and to the alias giving width × height.
    const kOld = gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'kumar-6x10']);
    expect(kOld.board).toEqual({ width: 10, height: 6 });
    expect(gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'kumar-10x6'])).toEqual(kOld);
  });

  it('reads a file; --close gives a closed tour (checked independently) or says why not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridbits-'));
    const file = join(dir, 'tour.txt');
    writeFileSync(file, '1 20 17 12 3\n16 11 2 7 18\n21 24 19 4 13\n10 15 6 23 8\n25 22 9 14 5\n');
    const r = gridbitsCheck<CheckJson>(['tour-check', file, '--close']);
    expect(r.valid).toBe(true);
    expect(r.closed).toBe(false);
    expect(r.close?.possible).toBe(false);
    expect(r.close?.reason).toMatch(/no square next to the end/);
    const b = Board.of(8, 8);
    const d = gridbitsCheck<CheckJson>(['tour-check', '--gallery', 'dudeney', '--close']);
    expect(
      tourProblem(
        8,
        8,
        d.close!.path!.map((s) => b.parse(s)),
        true,
      ),
    ).toBeNull();
    expectUserError(gridbits(['tour-check', join(dir, 'none.txt')]), /cannot read the tour '.*none.txt': no such file/);
  });

  it('reads the JSON a tour command prints', () => {
    const j = gridbitsCheck<CheckJson>(
      ['tour-check', '-'],
      JSON.stringify({ board: { width: 3, height: 3 }, path: ['a1', 'b3', 'c1', 'a2', 'c3', 'b1', 'a3', 'c2'] }),
    );
    expect(j.board).toEqual({ width: 3, height: 3 });
    expect(j.valid).toBe(false);
    expect(j.errors.join()).toMatch(/never visited: b2/);
  });

  it('malformed input: one line naming the problem, exit 2', () => {
    expectUserError(gridbits(['tour-check', '-'], 'hello world\n'), /'hello' is neither/);
    expectUserError(gridbits(['tour-check', '-'], '1 2 3\n4 5\n'), /line 2: a row of 2 cells/);
    expectUserError(gridbits(['tour-check', '-'], ''), /no tour found/);
    expectUserError(gridbits(['tour-check', '-', '--board', '3x3'], 'a1 d4'), /off the 3x3 board/);
    expectUserError(gridbits(['tour-check', '--gallery', 'turk']), /no gallery tour 'turk'/);
  });
});
