// The valley commands' grammar as a user meets it: per-subcommand help, durations, budgets and partial counts,
// --json with every flag, --out, move forms, game records read back (gridbits' and AbstractPlay's), plurals.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refFormat, refMoves, refParse, refPerft, refPlay } from '../valley/reference.js';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'gridbits-valley-'));

describe('gridbits valley: help per subcommand', () => {
  it("gives each subcommand its own usage, flags in the usage line, examples, and no other page's prefixes", () => {
    const pages = Object.fromEntries(
      ['perft', 'best', 'match', 'solve', 'play'].map((s) => [s, gridbits(['valley', s, '--help']).stdout]),
    );
    expect(pages.match).toMatch(/Usage: gridbits valley match .*--ply-cap N/);
    expect(pages.solve).toMatch(/Usage: gridbits valley solve .*--no-symmetry/);
    expect(pages.play).toMatch(/Usage: gridbits valley play .*--position P \| --load FILE/);
    for (const [name, page] of Object.entries(pages)) {
      expect(page, name).toMatch(/Examples:\n {2}gridbits valley /);
      expect(page, name).not.toMatch(/\b(best|match|solve|play|perft)(, \w+)*: /);
      expect(page, name).toMatch(new RegExp(`Usage: gridbits valley ${name}`));
    }
    expect(pages.match).not.toContain('--depth');
    expect(pages.best).not.toContain('--games');
    expect(pages.best).not.toContain('Players:');
    expect(pages.match).not.toContain('"winIn"');
    expect(pages.solve).toContain('a bare number is milliseconds');
  });
});

describe('gridbits valley: durations and budgets', () => {
  it('reads every time flag as 250ms, 5s, 2m, 1h or bare milliseconds', () => {
    // solve --timeout 1 is one millisecond now (it was one second): the start is not solved in that time.
    expect(gridbitsBudget(['valley', 'solve', '--timeout', '1', '--table', '4'])).toMatchObject({
      value: 'unknown',
      exhausted: true,
      stopped: 'timeout',
    });
    // A proven win stops the search long before --time 1m.
    expect(gridbitsJson(['valley', 'best', '--position', 'k4/3s1/5/5/K3S w 4', '--time', '1m'])).toMatchObject({
      move: 'a1c3',
      stopped: 'proven',
    });
    expect(
      gridbits([
        'valley',
        'match',
        '--games',
        '1',
        '--white',
        'ai',
        '--black',
        'random',
        '--time',
        '2m',
        '--position',
        'k4/3s1/5/5/K3S w 4',
        '--opening',
        '0',
      ]).code,
    ).toBe(0);
    expectUserError(
      gridbits(['valley', 'match', '--games', '1', '--time', 'soon']),
      /--time must be a duration like 250ms, 5s, 2m or 1h/,
    );
    expectUserError(gridbits(['valley', 'perft', '3', '--timeout', '-1']), /--timeout must be a duration/);
  });

  it('stops perft on a node budget with a partial count, a lower bound of the whole', () => {
    const whole = refPerft(refParse('sskss/5/5/5/SSKSS w 0'), 5);
    const part = gridbitsBudget<{ nodes: number; complete: boolean; lowerBound: boolean; stopped: string }>([
      'valley',
      'perft',
      '5',
      '--max-nodes',
      '100000',
    ]);
    expect(part).toMatchObject({ complete: false, lowerBound: true, stopped: 'max-nodes' });
    expect(part.nodes).toBeGreaterThanOrEqual(100_000);
    expect(part.nodes).toBeLessThan(whole);
    const full = gridbitsJson<{ divide: Record<string, number> }>(['valley', 'perft', '5', '--divide']);
    const rows = gridbitsBudget<{ divide: Record<string, number> }>([
      'valley',
      'perft',
      '5',
      '--divide',
      '--max-nodes',
      '100000',
    ]);
    // Some first moves counted to the end before the budget ran out, not all.
    expect(Object.keys(rows.divide).length).toBeGreaterThan(0);
    expect(Object.keys(rows.divide).length).toBeLessThan(Object.keys(full.divide).length);
    for (const [m, n] of Object.entries(rows.divide)) expect(n).toBe(full.divide[m]);
    expect(gridbits(['valley', 'perft', '5', '--max-nodes', '100000']).stdout).toMatch(
      /perft 5: at least [0-9,]+ nodes, a partial count \(the leaves counted; stopped at the budget of 100,000 nodes\)/,
    );
    expect(gridbits(['valley', 'perft', '5']).stdout).toContain(`perft 5: ${whole.toLocaleString('en-US')} nodes`);
  });

  it('stops a match on --timeout with the tally of the games finished', () => {
    const t = gridbitsBudget<Record<string, number | boolean>>([
      'valley',
      'match',
      '--games',
      '100000',
      '--white',
      'random',
      '--black',
      'random',
      '--timeout',
      '300ms',
    ]);
    expect(t).toMatchObject({ complete: false, stopped: 'timeout', gamesAsked: 100000 });
    expect((t.white as number) + (t.black as number) + (t.draws as number)).toBe(t.games);
  });
});

describe('gridbits valley: --json with every flag', () => {
  const board = { width: 5, height: 5 };
  it('prints one JSON document with the board (and seconds where time is spent)', () => {
    for (const args of [
      ['perft', '2', '--divide'],
      ['perft', '2', '--variant', 'retrieve', '--first', 'black'],
      ['best', '--depth', '2', '--no-draw-rule'],
      ['best', '--max-nodes', '500', '--first', 'black'],
      [
        'match',
        '--games',
        '2',
        '--white',
        'random',
        '--black',
        'greedy',
        '--alternate',
        '--opening',
        '0',
        '--ply-cap',
        '10',
        '--no-draw-rule',
      ],
      ['solve', '--all-moves', '--shortest', '--no-symmetry', '--max-nodes', '20000', '--table', '4'],
    ]) {
      const j = gridbitsBudget(['valley', ...args]);
      if (args[0] !== 'solve') expect(j.board, args.join(' ')).toEqual(board);
      expect(typeof j.seconds, args.join(' ')).toBe('number');
    }
    expect(gridbitsJson(['valley', 'perft', '1', '--variant', 'labyrinth']).board).toEqual({ width: 7, height: 7 });
    const play = gridbitsJson(['valley', 'play', '--white', 'ai:1', '--black', 'ai:1']);
    expect(play.board).toEqual(board);
  });

  it('writes the result to --out', () => {
    const file = join(dir, 'perft.json');
    expect(gridbits(['valley', 'perft', '3', '--json', '--out', file]).stdout).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      nodes: refPerft(refParse('sskss/5/5/5/SSKSS w 0'), 3),
    });
    const game = join(dir, 'transcript.txt');
    expect(gridbits(['valley', 'play', '--out', game], 'b1e4\nquit\n').stdout).toBe('');
    expect(readFileSync(game, 'utf8')).toMatch(/White to move> b1e4\n/);
  });
});

describe('gridbits valley play: move forms and records read back', () => {
  it('reads moves as b1e4, b1-e4 or b1 e4', () => {
    const j = gridbitsJson<{ moves: string[]; rejected: unknown[] }>(['valley', 'play'], 'b1-e4\nb5 e2\nD1D4\nquit\n');
    expect(j.moves).toEqual(['b1e4', 'b5e2', 'd1d4']);
    expect(j.rejected).toEqual([]);
    const rec = join(dir, 'dashes.txt');
    writeFileSync(rec, 'a1-d4\nc5 c2\n');
    expect(gridbitsJson<{ moves: string[] }>(['valley', 'play', '--load', rec], 'quit\n').moves).toEqual([
      'a1d4',
      'c5c2',
    ]);
  });

  it('reads a record from standard input with --load -, and refuses missing files in words', () => {
    const saved = gridbitsJson<{ record: string; moves: string[] }>(['valley', 'play'], 'a1d4\nc5c2\nquit\n');
    // The record arrives on standard input, so the moves to play come from nowhere: the game just loads.
    const back = gridbitsJson<{ moves: string[] }>(['valley', 'play', '--load', '-'], saved.record);
    expect(back.moves).toEqual(saved.moves);
    expectUserError(
      gridbits(['valley', 'play', '--load', dir]),
      /cannot read the game record '.*': it is a directory$/,
    );
    expectUserError(
      gridbits(['valley', 'play', '--load', '-'], 'a1d4\nzz\n'),
      /^gridbits: standard input: game record line 2: bad move 'zz'/,
    );
  });

  it("reads AbstractPlay's JSON game records, their variants and their errors", () => {
    const ap = (moves: unknown, variants?: string[]): string =>
      JSON.stringify({
        header: {
          game: { name: "King's Valley", ...(variants ? { variants } : {}) },
          players: [
            { name: 'a', result: 1 },
            { name: 'b', result: 0 },
          ],
        },
        moves,
      });
    const std = gridbitsJson<{ moves: string[]; variant: string; position: string }>(
      ['valley', 'play', '--load', '-'],
      ap([['a1-d4', 'c5-c2'], ['b1-b4']]),
    );
    expect(std).toMatchObject({ variant: 'standard', moves: ['a1d4', 'c5c2', 'b1b4'] });
    // Checked move by move against the reference rules, which share no code with the game's.
    let p = refParse('sskss/5/5/5/SSKSS w 0');
    for (const m of std.moves) {
      expect(refMoves(p)).toContain(m);
      p = refPlay(p, m);
    }
    expect(std.position.split(' ')[0]).toBe(refFormat(p).split(' ')[0]);
    const swap = gridbitsJson<{ variant: string; start: string; moves: string[] }>(
      ['valley', 'play', '--load', '-'],
      ap([['a1-d4', { move: 'a5-d2' }]], ['king-swap']),
    );
    expect(swap).toMatchObject({ variant: 'retrieve', start: 'ssKss/5/5/5/SSkSS w 0', moves: ['a1d4', 'a5d2'] });
    const lab = gridbitsJson<{ variant: string; moves: string[] }>(
      ['valley', 'play', '--load', '-'],
      ap([['a1-a6', null]], ['labyrinth']),
    );
    expect(lab).toMatchObject({ variant: 'labyrinth', moves: ['a1a6'] });
    expectUserError(
      gridbits(['valley', 'play', '--load', '-'], ap([['a1-d4', 'c1-c2']])),
      /round 1, Black's move 'c1-c2': illegal move/,
    );
    expectUserError(
      gridbits(['valley', 'play', '--load', '-'], ap([], ['hex'])),
      /AbstractPlay game record: unknown variant 'hex'/,
    );
    expectUserError(
      gridbits(['valley', 'play', '--load', '-'], JSON.stringify({ header: { game: { name: 'Amazons' } }, moves: [] })),
      /a record of "Amazons", not King's Valley/,
    );
    expectUserError(
      gridbits(['valley', 'play', '--load', '-'], '{ "moves": '),
      /AbstractPlay game record: not valid JSON/,
    );
  });

  it('starts from --position, and says "1 move"', () => {
    const j = gridbitsJson<{ start: string; moves: string[]; result: { winner: string } }>(
      ['valley', 'play', '--position', 'k4/3s1/5/5/K3S w 4'],
      'a1c3\n',
    );
    expect(j).toMatchObject({ start: 'k4/3s1/5/5/K3S w 4', moves: ['a1c3'], result: { winner: 'white' } });
    const file = join(dir, 'one.txt');
    expect(gridbits(['valley', 'play'], `b1e4\nsave ${file}\nquit\n`).stdout).toContain(`saved 1 move to ${file}`);
    expectUserError(
      gridbits(['valley', 'play', '--position', 'k4/5/5/5/4K w 3', '--load', file]),
      /give --position or --load, not both/,
    );
  });
});
