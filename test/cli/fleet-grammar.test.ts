// The fleet commands' grammar as a user meets it: both board forms, durations, help per subcommand, JSON with
// board, seconds and kinds; words (no rectangles, plurals). Ctrl-C is in fleet-interrupt.test.ts.
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson, gridbitsCheck } from './run.js';
import { LONG } from '../long.js';

const SMALL = ['--ship', '3', '--ship', '2', '--ship', '2', '--touch', 'any'];

describe('fleet: the board as WxH or --board', () => {
  it('gives the same answer both ways, in every subcommand', () => {
    for (const sub of [['place', '--seed', '2'], ['count'], ['heat'], ['sim', '--games', '3', '--seed', '1']]) {
      const a = gridbitsJson<Record<string, unknown>>(['fleet', ...sub, '5x5', ...SMALL]);
      const b = gridbitsJson<Record<string, unknown>>(['fleet', ...sub, '--board', '5x5', ...SMALL]);
      expect({ ...a, ms: 0, seconds: 0 }).toEqual({ ...b, ms: 0, seconds: 0 });
      expect(a.board).toEqual({ width: 5, height: 5 });
    }
    expect(gridbitsCheck(['fleet', 'check', '3x1', '--fleet', '1', '-'], '#..\n')).toMatchObject({
      valid: true,
      board: { width: 3, height: 1 },
    });
    expect(gridbits(['fleet', 'play', '5x5', ...SMALL, '--seed', '1'], 'quit\n').stdout).toMatch(/Sea Battle on 5x5/);
    expectUserError(
      gridbits(['fleet', 'count', '5x5', '--board', '6x6', ...SMALL]),
      /two boards given \(5x5 and --board 6x6\)/,
    );
    expectUserError(gridbits(['fleet', 'place', '5x5', 'extra']), /fleet place: unexpected argument 'extra'/);
  });
});

describe('fleet: time limits are durations', () => {
  it('takes 250ms, 5s, 2m and bare milliseconds in place, count, heat and sim', () => {
    const unlimited = gridbitsJson(['fleet', 'count', '5x5', ...SMALL]).count;
    // Each form in count and sim under test:long; in npm test each form in one of them, in turn.
    for (const [i, t] of ['60s', '1m', '60000', '1h'].entries()) {
      if (LONG || i % 2 === 0)
        expect(gridbitsBudget(['fleet', 'count', '5x5', ...SMALL, '--timeout', t]).count).toBe(unlimited);
      if (LONG || i % 2 === 1)
        expect(gridbitsBudget(['fleet', 'sim', '5x5', ...SMALL, '--games', '3', '--timeout', t])).not.toHaveProperty(
          'stopped',
        );
    }
    expect(gridbitsBudget(['fleet', 'place', '5x5', ...SMALL, '--method', 'rails', '--timeout', '5s'])).toMatchObject({
      exists: true,
    });
    expect(gridbitsBudget(['fleet', 'heat', '5x5', ...SMALL, '--timeout', '5s'])).toMatchObject({ method: 'exact' });
    // A count past its time limit answers what it had: no total, exit 3.
    expect(gridbitsBudget(['fleet', 'count', '--fleet', 'german', '--timeout', '0.2s'])).toMatchObject({
      count: null,
      complete: false,
      stopped: 'timeout',
    });
    expectUserError(
      gridbits(['fleet', 'count', '--timeout', '5 parsecs']),
      /--timeout must be a duration like 250ms, 5s, 2m or 1h/,
    );
    expectUserError(gridbits(['fleet', 'place', '--timeout', '-1', '--method', 'search']), /--timeout/);
  });
});

describe('fleet: help per subcommand', () => {
  it('each subcommand has its own usage, options and examples', () => {
    const pages: Record<string, string[]> = {
      place: ['--samples', '--method', 'gridbits fleet place 10x10', 'layout i of N'],
      count: ['--timeout <T>', 'gridbits fleet count 10x10 --fleet hasbro'],
      check: ['FILE|-', 'fleet place --seed 3 | gridbits fleet check -', "'-' a forbidden"],
      heat: ['--shots', 'gridbits fleet heat'],
      play: ['--layout', 'gridbits fleet play'],
      sim: ['--games', '--hunter-samples', 'gridbits fleet sim --games 1000 --seed 1 --fleet hasbro'],
    };
    const help: Record<string, string> = {};
    for (const [sub, words] of Object.entries(pages)) {
      const h = gridbits(['fleet', sub, '--help']);
      help[sub] = h.stdout;
      expect(h.code).toBe(0);
      expect(h.stdout).toMatch(new RegExp(`^Usage: gridbits fleet ${sub} \\[WxH\\]`));
      for (const w of words) expect(h.stdout).toContain(w);
      // Each page shows its own flags, without naming the others' subcommands in front of them.
      expect(h.stdout).not.toMatch(/^\s+--\S+.*\b(place|heat|sim|play), /m);
      expect(h.stdout).not.toMatch(/odometer|seed article/);
      expect(gridbits(['help', 'fleet', sub]).stdout).toBe(h.stdout);
    }
    expect(help.count).not.toContain('--samples');
  });
});

describe('fleet: JSON', () => {
  it('has board as {width, height}, seconds and the kinds everywhere a board is in play', () => {
    const kinds = [
      { name: '3', count: 1, cells: 3 },
      { name: '2', count: 2, cells: 2 },
    ];
    const answers: Record<string, unknown>[] = [];
    for (const sub of [
      ['place', '--seed', '1'],
      ['place', '--seed', '1', '--samples', '2'],
      ['count'],
      ['heat'],
      ['heat', '--method', 'sampled', '--samples', '50'],
      ['sim', '--games', '2'],
    ]) {
      const j = gridbitsJson<Record<string, unknown>>(['fleet', ...sub, '5x5', ...SMALL]);
      expect(j).toMatchObject({ board: { width: 5, height: 5 }, touch: 'any', kinds });
      expect(typeof j.seconds).toBe('number');
      answers.push(j);
    }
    const [, , count, , , sim] = answers;
    // fleet sim keeps its old fields: the fleet as it was written and the board's size as text.
    expect(sim).toMatchObject({ size: '5x5', fleet: '3 2×2' });
    // Time is `seconds` only, in every command.
    expect(sim).not.toHaveProperty('ms');
    expect(count).not.toHaveProperty('ms');
    const play = gridbitsJson(['fleet', 'play', '5x5', ...SMALL, '--seed', '1'], 'quit\n');
    expect(play).toMatchObject({ board: { width: 5, height: 5 }, winner: null });
  });
});

describe('fleet: words', () => {
  it('names ship kinds so they cannot be read as rectangles, with plurals right', () => {
    const sim = gridbits(['fleet', 'sim', '--games', '1', '--seed', '1', '--fleet', 'classic']).stdout;
    expect(sim).toMatch(
      /^1 game \(ships of length 4, 3, 3, 2, 2, 2, 1, 1, 1, 1; touch none, 10x10; hunter lattice, seed 1\)/m,
    );
    expect(sim).not.toMatch(/\d×\d/);
    const shapes = gridbits(['fleet', 'count', '6x6', '--ship', '##/#.', '--ship', '2', '--ship', '2']).stdout;
    expect(shapes).toMatch(/layouts of one 3-cell L-ship and two 2-cell ships; touch none on 6x6/);
    expect(gridbits(['fleet', 'count', '1x1', '--fleet', '1']).stdout).toMatch(/^1 layout of ships of length 1;/);
    expect(gridbits(['fleet', 'count', '10x10', '--fleet', '2,2', '--touch', 'any']).stdout).toMatch(/^15,626 layouts/);
    const bad = gridbitsCheck<{ errors: string[] }>(
      ['fleet', 'check', '--fleet', '2,2', '-'],
      '##..\n....\n....\n....\n',
    );
    expect(bad.errors).toEqual(['one 2-cell ship missing (the fleet has 2, the layout 1)']);
    const over = gridbitsCheck<{ errors: string[] }>(['fleet', 'check', '--fleet', '1', '-'], '#.#\n...\n#..\n');
    expect(over.errors).toEqual(['two 1-cell ships too many (the fleet has 1, the layout 3)']);
  });
});
