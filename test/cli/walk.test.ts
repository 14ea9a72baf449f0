// The `walk` command as a subprocess: the contract JSON, whole-board maps, far horizons, simulation, bad input.
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsJson } from './run.js';

describe('gridbits walk', () => {
  it('keeps the contract: 3x3 a1 two moves is 1/16, the seed puzzle is 4669663/268435456', () => {
    const a = gridbitsJson(['walk', '3x3', '--from', 'a1', '--steps', '2', '--exact']);
    expect(a).toMatchObject({
      board: { width: 3, height: 3 },
      piece: 'knight',
      from: 'a1',
      steps: 2,
      probability: 0.0625,
      exact: '1/16',
    });
    const b = gridbitsJson(['walk', '8x8', '--from', 'a1', '--steps', '10', '--exact']);
    expect(b).toMatchObject({
      board: { width: 8, height: 8 },
      piece: 'knight',
      from: 'a1',
      steps: 10,
      exact: '4669663/268435456',
    });
    expect(b.probability).toBeCloseTo(4669663 / 268435456, 15);
    expect(gridbitsJson(['walk', '8x8', '--from', 'a1', '--steps', '10'])).not.toHaveProperty('exact');
  });

  it('prints text with the decay rate, and log10 where the double underflows at N = 10^9', () => {
    const r = gridbits(['walk', '8x8', '--from', 'a1', '--steps', '10', '--exact']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('= 0.017395850270986557');
    expect(r.stdout).toContain('exact: 4669663/268435456');
    const far = gridbitsJson<{ probability: number; log10: number; lambda: number; method: string }>([
      'walk',
      '8x8',
      '--from',
      'a1',
      '--steps',
      '1000000000',
    ]);
    expect(far.probability).toBe(0);
    expect(far.log10).toBeLessThan(-1e8);
    expect(far.lambda).toBeGreaterThan(0.75);
    expect(far.lambda).toBeLessThan(0.76);
    expect(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '1000000000']).stdout).toMatch(/10\^-124167783\./);
  });

  it('maps every square (JSON grid rank 1 first, heat map, SVG) and the distribution after N moves', () => {
    const all = gridbitsJson<{ grid: number[][]; exact: string[][] }>([
      'walk',
      '3x3',
      '--steps',
      '2',
      '--all',
      '--exact',
    ]);
    expect(all.grid[0][0]).toBe(1 / 16);
    expect(all.grid[1][1]).toBe(0);
    expect(all.exact[2][2]).toBe('1/16');
    const text = gridbits(['walk', '8x8', '--steps', '3', '--all']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('1 12.5 19.9');
    const svg = gridbits(['walk', '5x5', '--steps', '4', '--all', '--format', 'svg']);
    expect(svg.stdout.startsWith('<svg')).toBe(true);
    expect(svg.stdout).toContain('hsl(');
    const far = gridbitsJson<{ grid: number[][]; log10: number[][] }>([
      'walk',
      '8x8',
      '--steps',
      '1000000000',
      '--all',
    ]);
    expect(far.grid[0][0]).toBe(0);
    expect(far.log10[0][0]).toBeLessThan(-1e8);
    expect(far.log10[7][7]).toBe(far.log10[0][0]);
    expect(gridbits(['walk', '6x6', '--steps', '100000', '--all']).stdout).toContain('log10');
    const d = gridbitsJson<{ probability: number; distribution: number[][] }>([
      'walk',
      '5x5',
      '--from',
      'c3',
      '--steps',
      '2',
      '--distribution',
    ]);
    expect(d.probability).toBe(0.375);
    expect(d.distribution[2][2]).toBe(0.125);
    const dFar = gridbitsJson<{ probability: number; log10: number; log10Distribution: (number | null)[][] }>([
      'walk',
      '8x8',
      '--from',
      'a1',
      '--steps',
      '5000',
      '--distribution',
    ]);
    expect(dFar.probability).toBe(0);
    expect(dFar.log10).toBeLessThan(-600);
    // The knight changes colour each move: after an even number it stands on a1's colour only.
    expect(dFar.log10Distribution[0][1]).toBeNull();
    expect(dFar.log10Distribution[0][0]).toBeLessThan(-600);
  });

  it('gives exact fractions past the old limit: 25x25 with 100 steps', () => {
    const r = gridbitsJson<{ exact: string; probability: number }>([
      'walk',
      '25x25',
      '--from',
      'a1',
      '--steps',
      '100',
      '--exact',
    ]);
    const [n, d] = r.exact.split('/').map(BigInt);
    expect(d > 0n && 8n ** 100n % d === 0n).toBe(true);
    expect(Number((n * 10n ** 18n) / d) / 1e18).toBeCloseTo(r.probability, 12);
  });

  it('simulates with a seed, reproducibly, and the interval holds the exact value', () => {
    const args = ['walk', '8x8', '--from', 'a1', '--steps', '10', '--simulate', '50000', '--seed', '3'];
    const s = gridbitsJson<{ simulation: { low: number; high: number; survived: number } }>(args);
    expect(s.simulation.low).toBeLessThanOrEqual(4669663 / 268435456);
    expect(s.simulation.high).toBeGreaterThanOrEqual(4669663 / 268435456);
    expect(gridbitsJson<{ simulation: { survived: number } }>(args).simulation.survived).toBe(s.simulation.survived);
  });

  it('turns user mistakes into one line and exit 2', () => {
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps=-1']), /--steps/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '1.5']), /whole number/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps', 'ten']), /whole number/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1']), /--steps/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'i1', '--steps', '3']), /off the 8x8 board/);
    expectUserError(gridbits(['walk', '8x8', '--steps', '3']), /--from/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '3', '--piece', 'unicorn']), /unknown piece/);
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '3', '--piece', 'nightrider']), /leapers only/);
    // The exact limit moved from squares × steps = 12800 to what the machine does in about a minute.
    expectUserError(
      gridbits(['walk', '100x100', '--from', 'a1', '--steps', '100000', '--exact']),
      /exact fractions go up to.*drop --exact for the float mode/,
    );
    expectUserError(gridbits(['walk', '101x8', '--from', 'a1', '--steps', '3']), /100x100/);
    expectUserError(gridbits(['walk', '8x8', '--steps', '3', '--all', '--format', 'png']), /--format/);
  });
});

describe('walk as issue 14 asks', () => {
  it('takes the board as a positional WxH or as --board', () => {
    const a = gridbitsJson(['walk', '8x8', '--from', 'a1', '--steps', '10', '--exact']);
    expect(gridbitsJson(['walk', '--board', '8x8', '--from', 'a1', '--steps', '10', '--exact'])).toEqual(a);
    expect(gridbitsJson(['walk', '--from', 'a1', '--steps', '10', '8x8', '--exact'])).toEqual(a);
    expectUserError(gridbits(['walk', '8x8', '--board', '6x6', '--from', 'a1', '--steps', '3']), /two boards given/);
    // No board: the chessboard, as for every command with a board.
    expect(gridbitsJson(['walk', '--from', 'a1', '--steps', '10', '--exact'])).toEqual(a);
  });

  it('never labels a fraction per cent: the distribution says 0.125 (12.5 %), its map per cent, the SVG title too', () => {
    const r = gridbits(['walk', '8x8', '--from', 'a1', '--steps', '3', '--distribution']);
    expect(r.stdout).toContain('on the board: 0.125 (12.5 %); squares in per cent');
    expect(r.stdout).not.toContain('0.125 (per cent)');
    // Independent check: 3 knight moves from a1 on 8x8, each of 8 equally likely, counted by brute force.
    const jumps = [
      [1, 2],
      [2, 1],
      [-1, 2],
      [-2, 1],
      [1, -2],
      [2, -1],
      [-1, -2],
      [-2, -1],
    ];
    let on = 0;
    const walk = (f: number, k: number, n: number): void => {
      if (f < 0 || f > 7 || k < 0 || k > 7) return;
      if (n === 0) return void on++;
      for (const [dx, dy] of jumps) walk(f + dx, k + dy, n - 1);
    };
    walk(0, 0, 3);
    expect(on / 512).toBe(0.125);
    const svg = gridbits(['walk', '8x8', '--from', 'a1', '--steps', '3', '--distribution', '--format', 'svg']).stdout;
    expect(svg).toContain('0.125 (12.5 %); squares in per cent');
    expect(svg).not.toContain('(per cent)');
  });

  it('draws far horizons in log10 P when per cent would read 0.00, with a legend saying so', () => {
    const r = gridbits(['walk', '8x8', '--all', '--steps', '100']);
    expect(r.stdout).not.toMatch(/ 0\.00/);
    expect(r.stdout).toContain('squares in log10 of the probability, as the smallest would show as 0 in per cent');
    const j = gridbitsJson<{ grid: number[][] }>(['walk', '8x8', '--all', '--steps', '100']);
    expect(r.stdout).toContain(Math.log10(j.grid[0][0]).toFixed(2));
    // Near horizons stay in per cent.
    expect(gridbits(['walk', '8x8', '--all', '--steps', '5']).stdout).toContain('squares in per cent');
  });

  it('writes plural forms and thousands right, and refuses flags that would be ignored', () => {
    expect(gridbits(['walk', '3x3', '--all', '--steps', '1']).stdout).toContain('after 1 move)');
    expect(gridbits(['walk', '8x8', '--from', 'd4', '--steps', '1000000000']).stdout).toContain('1,000,000,000 moves');
    expect(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '1', '--simulate', '1']).stdout).toMatch(
      /of 1 walk stayed/,
    );
    expectUserError(
      gridbits(['walk', '8x8', '--steps', '3', '--all', '--simulate', '10']),
      /--simulate does not go with --all/,
    );
    expectUserError(
      gridbits(['walk', '8x8', '--from', 'a1', '--steps', '3', '--distribution', '--exact']),
      /--exact does not go with --distribution/,
    );
    expectUserError(
      gridbits(['walk', '8x8', '--from', 'a1', '--steps', '100', '--simulate', '400000000']),
      /--simulate goes up to walks × steps = 5,000,000,000/,
    );
  });

  it('--json with every flag gives one JSON document', () => {
    for (const args of [
      [
        'walk',
        '5x5',
        '--from',
        'a1',
        '--steps',
        '4',
        '--exact',
        '--simulate',
        '100',
        '--seed',
        '2',
        '--piece',
        'camel',
      ],
      ['walk', '5x5', '--steps', '4', '--all', '--exact'],
      ['walk', '5x5', '--from', 'c3', '--steps', '4', '--distribution'],
    ]) {
      const r = gridbits([...args, '--json']);
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(r.stdout).board).toEqual({ width: 5, height: 5 });
    }
  });
});
