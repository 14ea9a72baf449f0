import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';
import { LONG } from '../long.js';

describe('gridbits moves', () => {
  it('lists the 8 knight targets from d4 with a diagram', () => {
    const r = gridbits(['moves', 'knight', 'd4']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('8 targets: b3 b5 c2 c6 e2 e6 f3 f5');
    expect(r.stdout).toContain('4 . . . @ . . . .');
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('prints the contract JSON', () => {
    const j = gridbitsJson(['moves', 'knight', 'd4']);
    expect(j).toMatchObject({ piece: 'knight', board: { width: 8, height: 8 }, from: ['d4'], count: 8 });
    expect(j.targets).toEqual(['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
  });

  it('takes several squares (the union), boards, blockers and compound pieces', () => {
    const j = gridbitsJson<{ targets: string[]; count: number }>(['moves', 'knight', 'a1', 'b1']);
    expect(j.targets).toEqual(['a3', 'b3', 'c2', 'c3', 'd2']);
    const q = gridbitsJson<{ targets: string[] }>(['moves', 'rook', 'a1', '--board', '3x3', '--occupied', 'a2']);
    expect(q.targets).toEqual(['a2', 'b1', 'c1']);
    const c = gridbitsJson<{ count: number }>(['moves', 'knight+king', 'e5', '--board', '10x10']);
    expect(c.count).toBe(16);
    const m = gridbitsJson<{ count: number }>(['moves', '1,3', 'a1', '--board', '30x30']);
    expect(m.count).toBe(2);
  });

  it('a 16384x16384 board: the same text and JSON contract (no diagram), blockers stop riders', () => {
    const r = gridbits(['moves', 'knight', 'a1,h8,p5', '--board', '16384x16384']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('18 targets: b3 c2 f7 f9 g6 g10 i6 i10 j7 j9 n4 n6 o3 o7 q3 q7 r4 r6');
    const j = gridbitsJson(['moves', 'rook', 'b2', '--board', '16384x16384', '--occupied', 'b5,e2']);
    expect(j).toEqual({
      piece: 'rook',
      board: { width: 16384, height: 16384 },
      from: ['b2'],
      occupied: ['b5', 'e2'],
      targets: ['a2', 'b1', 'b3', 'b4', 'b5', 'c2', 'd2', 'e2'],
      count: 8,
    });
  });

  it('turns user mistakes into one line and exit 2', () => {
    expectUserError(
      gridbits(['moves', 'knight', 'a1', '--board', '0x5']),
      /board width must be a whole number of at least 1/,
    );
    for (const name of ['constructor', '__proto__', 'knight+hasOwnProperty'])
      expectUserError(gridbits(['moves', name, 'e4']), /unknown piece/);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--board=-3x5']), /bad board size '-3x5'/);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--board', '-3x5']), /bad board size '-3x5'/);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--board']), /--board/);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--board', 'big']), /bad board size 'big'/);
    expectUserError(
      gridbits(['moves', 'knight', 'a1', '--board', '1000000000x1000000000']),
      /over the limit of 100000/,
    );
    expectUserError(gridbits(['moves', 'knight', 'z9']), /square 'z9' is off the 8x8 board/);
    expectUserError(gridbits(['moves', 'dragon', 'a1']), /unknown piece 'dragon'/);
    expectUserError(gridbits(['moves', '1,2,3', 'a1']), /malformed leaper '1,2,3'/);
    expectUserError(gridbits(['moves', 'knight']), /name at least one square/);
    expectUserError(gridbits(['moves']), /name a piece/);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--bogus']), /unknown option '--bogus'/i);
    expectUserError(gridbits(['moves', 'knight', 'a1', '--occupied', 'q99']), /off the 8x8 board/);
    expectUserError(gridbits(['frobnicate']), /unknown command 'frobnicate'/);
  });
});

describe('gridbits mobility', () => {
  it('gives the contract totals', () => {
    expect(gridbitsJson<{ total: number }>(['mobility', 'knight', '--board', '8x8']).total).toBe(336);
    expect(gridbitsJson<{ total: number }>(['mobility', 'king', '--board', '8x8']).total).toBe(420);
    expect(gridbitsJson<{ total: number }>(['mobility', 'knight', '--board', '1x3']).total).toBe(0);
  });

  it('lists counts rank 1 first and draws a table', () => {
    const j = gridbitsJson<{ counts: number[][]; total: number }>(['mobility', 'knight', '--board', '3x4']);
    expect(j.counts).toHaveLength(4);
    expect(j.counts[0]).toHaveLength(3);
    expect(j.counts[0]).toEqual([2, 2, 2]);
    const r = gridbits(['mobility', 'knight']);
    expect(r.stdout).toContain('1 2 3 4 4 4 4 3 2');
    expect(r.stdout).toContain('total: 336');
  });
});

describe('gridbits help', () => {
  it('shows help for the program and each command, exit 0', () => {
    const r = gridbits(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('moves');
    expect(r.stdout).toContain('mobility');
    const m = gridbits(['moves', '--help']);
    expect(m.code).toBe(0);
    expect(m.stdout).toContain('Usage: gridbits moves');
    expect(gridbits(['help', 'mobility']).stdout).toContain('Usage: gridbits mobility');
    expect(gridbits(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('moves and mobility as issue 14 asks', () => {
  it('take the board as a positional WxH or as --board, anywhere, and refuse two different ones', () => {
    const a = gridbitsJson(['moves', 'knight', 'd4', '5x5']);
    expect(a).toEqual(gridbitsJson(['moves', 'knight', 'd4', '--board', '5x5']));
    expect(gridbitsJson(['moves', '5x5', 'knight', 'd4'])).toEqual(a);
    expect(a.board).toEqual({ width: 5, height: 5 });
    expect(gridbitsJson(['mobility', 'king', '5x5'])).toEqual(gridbitsJson(['mobility', 'king', '--board', '5x5']));
    expect(gridbitsJson<{ total: number }>(['mobility', '3x4', 'knight']).total).toBe(
      gridbitsJson<{ total: number }>(['mobility', 'knight', '--board', '3x4']).total,
    );
    expectUserError(gridbits(['moves', 'knight', 'd4', '5x5', '--board', '6x6']), /two boards given/);
    expectUserError(gridbits(['mobility', 'knight', '5x5', '6x6']), /two boards given/);
    expectUserError(gridbits(['mobility', 'knight', 'e4']), /unexpected argument 'e4'/);
  });

  it('a budget stops them with the ranks done, said to be incomplete, exit 0 (text and JSON)', () => {
    const j = gridbitsBudget<{
      counts: number[][];
      total: number;
      complete: boolean;
      stopped: string;
      ranksDone: number;
      seconds: number;
    }>(['mobility', 'knight', '100x100', '--max-nodes', '1000']);
    expect(j.complete).toBe(false);
    expect(j.stopped).toBe('max-nodes');
    expect(j.ranksDone).toBeGreaterThan(0);
    expect(j.ranksDone).toBeLessThan(100);
    expect(j.counts).toHaveLength(j.ranksDone);
    expect(typeof j.seconds).toBe('number');
    // An independent count of the ranks done: a knight's leaps that stay on a 100x100 board.
    let total = 0;
    for (let r = 0; r < j.ranksDone; r++) {
      for (let f = 0; f < 100; f++) {
        let n = 0;
        for (const [dx, dy] of [
          [1, 2],
          [2, 1],
          [-1, 2],
          [-2, 1],
          [1, -2],
          [2, -1],
          [-1, -2],
          [-2, -1],
        ])
          if (f + dx >= 0 && f + dx < 100 && r + dy >= 0 && r + dy < 100) n++;
        expect(j.counts[r][f]).toBe(n);
        total += n;
      }
    }
    expect(j.total).toBe(total);
    const t = gridbits(['mobility', 'knight', '100x100', '--max-nodes', '1000']);
    expect(t.code).toBe(3);
    expect(t.stdout).toMatch(/stopped at the budget of 1,000 nodes after .* s, with \d+ of 100 ranks counted/);
    expect(t.stdout).toMatch(/total of ranks 1 to \d+: [0-9,]+ \(incomplete: the other ranks were not counted\)/);
    expect(t.stdout).toContain('?');
    // Stopped on a wide board, the report lists the counts of at most 100,000 squares, in whole ranks, and says so.
    const wide = gridbitsBudget<{ counts: number[][]; ranksDone: number; ranksListed: number; total: number }>([
      'mobility',
      'knight',
      '2000x2000',
      '--max-nodes',
      '400000',
    ]);
    expect(wide.ranksDone).toBeGreaterThan(50);
    expect(wide.ranksListed).toBe(50);
    expect(wide.counts).toHaveLength(50);
    expect(wide.counts[0].slice(0, 3)).toEqual([2, 3, 4]);
    expect(wide.total).toBeGreaterThan(50 * 2000 * 7);
    expect(gridbitsJson<{ complete?: boolean }>(['mobility', 'knight'])).not.toHaveProperty('complete');
    expectUserError(gridbits(['mobility', 'knight', '--timeout', 'soon']), /--timeout must be a duration/);
    expect(gridbits(['mobility', 'knight', '--timeout', '5s']).stdout).toContain('total: 336');
  });

  it('writes a huge board in thousands style, and its JSON row by row (one document, every row)', () => {
    // The largest board in test:long (2,147,090,448 moves); half its side here. A knight has 8(n-1)(n-2) moves on
    // an n×n board, counted in the plain formula against the engine's sweep.
    const n = LONG ? 16384 : 8192;
    const moves = (8 * (n - 1) * (n - 2)).toLocaleString('en-US');
    expect(gridbits(['mobility', 'knight', `${n}x${n}`]).stdout.trim()).toBe(`total: ${moves}`);
    const file = join(mkdtempSync(join(tmpdir(), 'gridbits-mobility-')), 'm.json');
    expect(gridbits(['mobility', 'king', '2000x2000', '--json', '--out', file]).code).toBe(0);
    const j = JSON.parse(readFileSync(file, 'utf8')) as { counts: number[][]; total: number; board: object };
    expect(j.board).toEqual({ width: 2000, height: 2000 });
    expect(j.counts).toHaveLength(2000);
    expect(j.counts[1999]).toHaveLength(2000);
    expect(j.counts.flat().reduce((a, b) => a + b, 0)).toBe(j.total);
    expect(j.total).toBe(8 * 1998 * 1998 + 5 * 4 * 1998 + 3 * 4);
  });

  it('--json with every flag gives one JSON document', () => {
    for (const args of [
      ['moves', 'rook', 'a1', '--board', '3x3', '--occupied', 'a2', '--max-nodes', '5', '--timeout', '1m'],
      ['mobility', 'queen', '4x4', '--occupied', 'b2', '--max-nodes', '3', '--timeout', '250ms'],
    ]) {
      const r = gridbits([...args, '--json']);
      // Exit 3 where the budget ran out first (the JSON says "complete": false), else 0.
      expect(r.code).toBe((JSON.parse(r.stdout) as { complete?: boolean }).complete === false ? 3 : 0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    }
  });

  it('has help pages with examples of both board forms', () => {
    expect(gridbits(['moves', '--help']).stdout).toMatch(/Examples:[\s\S]*16384x16384/);
    expect(gridbits(['help', 'mobility']).stdout).toMatch(/--timeout DURATION[\s\S]*Examples:/);
  });
});
