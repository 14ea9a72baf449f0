// `fleet heat`, `fleet play` and `fleet sim` as subprocesses: JSON contracts, text output, piped games, bad input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'gridbits-fleet-play-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const SMALL = ['--board', '5x5', '--ship', '3', '--ship', '2', '--ship', '2', '--touch', 'any'];

describe('gridbits fleet heat', () => {
  it('gives exact probabilities and counts that sum to the expected number of ship cells', () => {
    const h = gridbitsJson<{
      method: string;
      consistent: boolean;
      total: string;
      cells: Record<string, number>;
      counts: Record<string, string>;
      why: string;
    }>(['fleet', 'heat', ...SMALL]);
    expect(h.method).toBe('exact');
    expect(h.why).toBe('small');
    expect(h.consistent).toBe(true);
    const sum = Object.values(h.cells).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(7, 10);
    expect(Number(h.counts.c3) / Number(h.total)).toBeCloseTo(h.cells.c3, 12);
    expect(h.cells.a1).toBe(h.cells.e5);
  });

  it('reads a shot record (list or grid) and marks known cells', () => {
    const shots = file('shots.txt', 'c3 miss\nb2 hit\nc2 hit\nd2 sunk b2 c2 d2\n');
    const h = gridbitsJson<{ cells: Record<string, number>; total: string }>([
      'fleet',
      'heat',
      ...SMALL,
      '--shots',
      shots,
    ]);
    expect([h.cells.c3, h.cells.b2, h.cells.d2]).toEqual([0, 1, 1]);
    const grid = file('grid.txt', '.....\n.....\n..o..\n.###.\n.....\n');
    expect({ ...gridbitsJson(['fleet', 'heat', ...SMALL, '--shots', grid]), seconds: 0 }).toEqual({ ...h, seconds: 0 });
    const text = gridbits(['fleet', 'heat', ...SMALL, '--shots', shots]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/exact \(auto: the count is small enough\): \d+ layouts match/);
    expect(text.stdout).toMatch(/likeliest cell: [a-e][1-5]/);
  });

  it('samples with 95% intervals when asked', () => {
    const h = gridbitsBudget<{
      method: string;
      samples: number;
      intervals: Record<string, [number, number]>;
      cells: Record<string, number>;
    }>(['fleet', 'heat', ...SMALL, '--method', 'sampled', '--samples', '2000', '--seed', '4']);
    expect(h.method).toBe('sampled');
    expect(h.samples).toBe(2000);
    expect(h).toMatchObject({ samplesRequested: 2000, why: 'asked' });
    const [lo, hi] = h.intervals.c3;
    expect(lo).toBeLessThanOrEqual(h.cells.c3);
    expect(hi).toBeGreaterThanOrEqual(h.cells.c3);
    expect(gridbits(['fleet', 'heat', ...SMALL, '--method', 'sampled', '--samples', '500']).stdout).toMatch(
      /sampled: 500 uniform layouts drawn/,
    );
    // Past its time limit the sampled method answers from the layouts drawn, and says so.
    const cut = gridbitsBudget<{ stopped: string; samples: number; samplesRequested: number }>([
      'fleet',
      'heat',
      '--method',
      'sampled',
      '--samples',
      '10000000',
      '--timeout',
      // The time limit counts from the command's start: enough for the sampling to begin on a busy machine.
      '2s',
    ]);
    expect(cut).toMatchObject({ stopped: 'timeout', samplesRequested: 10_000_000 });
    expect(cut.samples).toBeGreaterThan(0);
    expect(cut.samples).toBeLessThan(10_000_000);
  });

  it('says so when no layout matches, and rejects bad records and flags with exit 2', () => {
    const none = file('none.txt', 'a1 hit\nb1 hit\nc1 hit\nd1 hit\ne1 hit\n');
    expect(gridbitsJson(['fleet', 'heat', ...SMALL, '--shots', none])).toMatchObject({ consistent: false, total: '0' });
    expectUserError(
      gridbits(['fleet', 'heat', ...SMALL, '--shots', file('bad.txt', 'a1 miss\na1 hit\n')]),
      /line 2: a1 was shot before/,
    );
    expectUserError(gridbits(['fleet', 'heat', ...SMALL, '--shots', join(dir, 'missing.txt')]), /no such file/);
    expectUserError(gridbits(['fleet', 'heat', ...SMALL, '--method', 'guess']), /--method/);
    expectUserError(gridbits(['fleet', 'heat', ...SMALL, '--samples', '0']), /--samples/);
    // The exact method past its time limit: no map, what the count had come to, exit 3.
    expect(
      gridbitsBudget([
        'fleet',
        'heat',
        '--board',
        '10x10',
        '--fleet',
        'hasbro',
        '--method',
        'exact',
        '--timeout',
        '50',
      ]),
    ).toMatchObject({ count: null, complete: false, stopped: 'timeout' });
  });
});

describe('gridbits fleet sim', () => {
  it('prints consistent statistics as JSON, the same for the same seed', () => {
    const args = ['fleet', 'sim', ...SMALL, '--games', '30', '--seed', '7'];
    const r = gridbitsJson<{
      games: number;
      mean: number;
      median: number;
      max: number;
      min: number;
      histogram: Record<string, number>;
    }>(args);
    expect(r.games).toBe(30);
    const entries = Object.entries(r.histogram).map(([k, v]) => [Number(k), v] as const);
    expect(entries.reduce((a, [, v]) => a + v, 0)).toBe(30);
    expect(entries.reduce((a, [k, v]) => a + k * v, 0) / 30).toBeCloseTo(r.mean, 10);
    expect(Math.max(...entries.map(([k]) => k))).toBe(r.max);
    expect(Math.min(...entries.map(([k]) => k))).toBe(r.min);
    const again = gridbitsJson<typeof r>(args);
    expect({ ...again, ms: 0, seconds: 0 }).toEqual({ ...r, ms: 0, seconds: 0 });
    const text = gridbits(['fleet', 'sim', ...SMALL, '--games', '10', '--seed', '1', '--hunter', 'random']);
    expect(text.stdout).toMatch(/10 games .*hunter random.*mean [0-9.]+, median/);
  });

  it('rejects bad counts and hunters with exit 2', () => {
    expectUserError(gridbits(['fleet', 'sim', ...SMALL, '--games', '0']), /--games/);
    expectUserError(gridbits(['fleet', 'sim', ...SMALL, '--hunter', 'psychic']), /--hunter/);
    expectUserError(
      gridbits(['fleet', 'sim', ...SMALL, '--timeout', 'soon']),
      /--timeout must be a duration like 250ms, 5s/,
    );
    expectUserError(
      gridbits(['fleet', 'sim', ...SMALL, '--method', 'rails']),
      /fleet sim: --method does not apply here \(it is for fleet place, heat\)/,
    );
  });

  it('stops at the time limit and answers for the games played, saying so', () => {
    const r = gridbitsBudget<{
      games: number;
      gamesRequested: number;
      stopped: string;
      histogram: Record<string, number>;
    }>(['fleet', 'sim', ...SMALL, '--games', '100000000', '--timeout', '1s']);
    expect(r.stopped).toBe('timeout');
    expect(r.gamesRequested).toBe(100_000_000);
    expect(r.games).toBeGreaterThan(0);
    expect(r.games).toBeLessThan(100_000_000);
    expect(Object.values(r.histogram).reduce((a, b) => a + b, 0)).toBe(r.games);
    const text = gridbits(['fleet', 'sim', ...SMALL, '--games', '100000000', '--timeout', '1s']);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/stopped at the time limit \([^)]*\) after [\d,]+ of the 100,000,000 games asked for/);
    // Within the limit nothing is said.
    expect(gridbitsBudget(['fleet', 'sim', ...SMALL, '--games', '3', '--timeout', '60000'])).not.toHaveProperty(
      'stopped',
    );
  });
});

describe('gridbits fleet play', () => {
  it('plays from piped input: bad squares leave the game as it was, quit ends it', () => {
    const r = gridbits(['fleet', 'play', ...SMALL, '--seed', '3'], 'a1\nzz9\na1\nhello\nb2\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/you fire at a1: (miss|hit|sunk)/);
    expect(r.stdout).toMatch(/'zz9' is off the 5x5 board; try again/);
    expect(r.stdout).toMatch(/a1 has been shot already; try again/);
    expect(r.stdout).toMatch(/bad square 'hello'/);
    expect(r.stdout.match(/the computer fires at/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/game left unfinished after 2 of your shots/);
  });

  it("answers 'help' with what can be typed, and fires no shot for it", () => {
    const r = gridbits(['fleet', 'play', ...SMALL, '--seed', '3'], 'help\n?\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout.match(/'help' for this, or 'quit' to leave; your board is on the left/g)).toHaveLength(2);
    expect(r.stdout).not.toMatch(/bad square/);
    expect(r.stdout).toMatch(/game left unfinished after 0 of your shots/);
  });

  it('plays a whole game to a winner, the record in JSON, the same for the same seed', () => {
    const squares = [];
    for (const f of 'abcde') for (let r = 1; r <= 5; r++) squares.push(`${f}${r}`);
    const input = squares.join('\n') + '\n';
    type Game = {
      winner: string;
      shots: { you: number; computer: number };
      moves: Array<{ by: string; square: string; reply: string; ship?: string[] }>;
    };
    const g = gridbitsJson<Game>(['fleet', 'play', ...SMALL, '--seed', '11'], input);
    expect(['you', 'computer']).toContain(g.winner);
    const mine = g.moves.filter((m) => m.by === 'computer');
    expect(new Set(mine.map((m) => m.square)).size).toBe(mine.length);
    expect(
      g.moves.filter((m) => m.by === (g.winner === 'you' ? 'you' : 'computer') && m.reply === 'sunk'),
    ).toHaveLength(3);
    expect(gridbitsJson<Game>(['fleet', 'play', ...SMALL, '--seed', '11'], input)).toEqual(g);
  });

  it('takes the player fleet from a file, and refuses an invalid one with exit 2', () => {
    const layout = file('mine.txt', '###..\n.....\n##...\n.....\n##...\n');
    const r = gridbits(['fleet', 'play', ...SMALL, '--seed', '1', '--layout', layout], 'quit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/5 S S S \. \./);
    expectUserError(
      gridbits(
        ['fleet', 'play', ...SMALL, '--layout', file('bad-fleet.txt', '####.\n.....\n.....\n.....\n.....\n')],
        'quit\n',
      ),
      /not valid/,
    );
  });
});
