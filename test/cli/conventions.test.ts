// The conventions of input every command holds (issue 32, point 5), one table per convention across the commands
// it concerns: the board, seeds, --max-nodes's unit, flags that do not apply or conflict, fleet check's problem
// from the layout's JSON, and --to without --from. \`npm test\` runs each table for one command of each family (moves,
// tours, walks, fleets, King's Valley); \`npm run test:long\` runs every row.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { flagsOf, type Command } from '../../src/cli/command.js';
import { expectUserError, gridbits, gridbitsCheck } from './run.js';
import { LONG } from '../long.js';

/** A table's rows: every one under \`npm run test:long\`, in \`npm test\` those whose command is in `quick`. */
function rowsOf<T extends [string[], ...unknown[]]>(all: T[], quick: string[]): T[] {
  return LONG ? all : all.filter(([args]) => quick.some((q) => args.join(' ').startsWith(q)));
}

/** Runs with --json and parses, accepting a budget's exit 3 where the command was given one. */
function json(args: string[], input?: string): Record<string, unknown> {
  const r = gridbits([...args, '--json'], input);
  if (r.code !== 0 && r.code !== 3) throw new Error(`gridbits ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** A JSON answer without what changes from run to run of the same question (time, memory). */
function stable(doc: unknown): unknown {
  return JSON.parse(
    JSON.stringify(doc, (k, v: unknown) => (['seconds', 'peakMemoryBytes', 'timeMs'].includes(k) ? undefined : v)),
  );
}

/** Every runnable command of the table with its path: ['fleet place', command], … */
function leaves(list: Command[] = COMMANDS, path: string[] = []): Array<[string, Command]> {
  return list.flatMap((c) =>
    c.subcommands ? leaves(c.subcommands, [...path, c.name]) : [[[...path, c.name].join(' '), c]],
  );
}

describe('the board: WxH or --board WxH, one default for one kind of board', () => {
  // Each command with a board, the rest of its arguments, and its default board.
  const BOARDS: Array<[string[], string[], string]> = [
    [['moves'], ['knight', 'd4'], '8x8'],
    [['mobility'], ['knight'], '8x8'],
    [['tour'], ['--from', 'b1'], '8x8'],
    [['tour-table'], ['--max-nodes', '1000'], '8x8'],
    [['tour-count'], ['--max-nodes', '100'], '8x8'],
    [['walk'], ['--from', 'a1', '--steps', '2'], '8x8'],
    [['fleet', 'place'], ['--seed', '1'], '10x10'],
    [['fleet', 'count'], ['--fleet', '2'], '10x10'],
    [['fleet', 'heat'], ['--method', 'sampled', '--samples', '10', '--seed', '1'], '10x10'],
    [['fleet', 'sim'], ['--games', '2', '--seed', '1'], '10x10'],
  ];

  it.each(rowsOf(BOARDS, ['moves', 'tour-count', 'walk', 'fleet count']))(
    '%s: no board is the default; WxH and --board WxH agree; two that differ are refused',
    (cmd, rest, def) => {
      const [w, h] = def.split('x').map(Number);
      const plain = json([...cmd, ...rest]);
      expect(plain.board).toEqual({ width: w, height: h });
      expect(stable(json([...cmd, def, ...rest]))).toEqual(stable(plain));
      expect(stable(json([...cmd, '--board', def, ...rest]))).toEqual(stable(plain));
      expect(stable(json([...cmd, def, '--board', def, ...rest]))).toEqual(stable(plain));
      expectUserError(gridbits([...cmd, '5x6', '--board', '6x5', ...rest]), /two boards given \(5x6 and --board 6x5\)/);
      expectUserError(
        gridbits([...cmd, '--board', '5x6', '--board', '6x5', ...rest]),
        /--board given twice \(5x6 and 6x5\)/,
      );
    },
  );

  it('any flag of one value given twice with two values is refused, and the same value twice is taken', () => {
    expectUserError(gridbits(['walk', '--from', 'a1', '--from', 'b1', '--steps', '2']), /walk: --from given twice/);
    expectUserError(gridbits(['fleet', 'place', '--seed', '1', '--seed', '2']), /fleet place: --seed given twice/);
    expect(json(['walk', '--from', 'a1', '--from', 'a1', '--steps', '2']).from).toBe('a1');
  });
});

describe('seeds: a random command draws a fresh seed, prints it, and --seed repeats the run', () => {
  // Each random command, where its JSON keeps the seed, and its standard input.
  const RANDOM: Array<[string[], (doc: Record<string, unknown>) => unknown, string?]> = [
    [['fleet', 'place', '8x8', '--fleet', 'hasbro'], (d) => d.seed],
    [['fleet', 'sim', '8x8', '--fleet', 'hasbro', '--games', '3'], (d) => d.seed],
    [['fleet', 'heat', '8x8', '--fleet', 'hasbro', '--method', 'sampled', '--samples', '50'], (d) => d.seed],
    [['fleet', 'play', '8x8', '--fleet', 'hasbro'], (d) => d.seed, 'a1\nb2\nc3\nquit\n'],
    [
      ['walk', '--from', 'd4', '--steps', '5', '--simulate', '200'],
      (d) => (d.simulation as Record<string, unknown>).seed,
    ],
    [['valley', 'match', '--games', '2', '--white', 'random', '--black', 'greedy'], (d) => d.seed],
    [['valley', 'play', '--white', 'random', '--black', 'random'], (d) => d.seed],
  ];

  it.each(rowsOf(RANDOM, ['fleet place', 'walk', 'valley match']))('%s', (args, seedOf, input) => {
    const first = json(args, input);
    const seed = seedOf(first);
    expect(Number.isSafeInteger(seed)).toBe(true);
    // Fresh each run (two runs drawing the same of 2^31 seeds would be a one in two billion chance).
    expect(seedOf(json(args, input))).not.toBe(seed);
    expect(stable(json([...args, '--seed', String(seed)], input))).toEqual(stable(first));
    // The text says it too.
    const text = gridbits([...args, '--seed', String(seed)], input);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`seed ${String(seed)}\\b`));
  });
});

describe('--max-nodes: its unit named in the help of every command that takes it', () => {
  const UNITS: Record<string, RegExp> = {
    moves: /squares swept/,
    mobility: /squares counted/,
    tour: /moves made/,
    'tour-table': /moves made/,
    'tour-count': /states expanded.*moves made/,
    'fleet place': /ships put down/,
    'valley perft': /leaves counted/,
    'valley best': /positions searched/,
    'valley solve': /positions searched/,
  };

  it('every command with --max-nodes is in the table', () => {
    const taking = leaves()
      .filter(([, c]) => 'max-nodes' in flagsOf(c))
      .map(([p]) => p);
    expect(taking.sort()).toEqual(Object.keys(UNITS).sort());
  });

  const quickUnits = ['moves', 'tour-count', 'fleet place', 'valley best'];
  it.each(Object.entries(UNITS).filter(([path]) => LONG || quickUnits.includes(path)))('%s --help', (path, unit) => {
    const help = gridbits([...path.split(' '), '--help']).stdout;
    // The flag's line with its wrapped continuation, up to the next flag.
    const line = /--max-nodes <N>([\s\S]*?)(?=\n\s+-|\n\n|$)/.exec(help)?.[1].replace(/\s+/g, ' ');
    expect(line).toMatch(unit);
  });
});

describe('a flag that does not apply, or two that conflict: refused in one line, never ignored', () => {
  const REFUSED: Array<[string[], RegExp]> = [
    [
      ['walk', '--from', 'a1', '--steps', '2', '--format', 'svg'],
      /walk: --format applies only with --all or --distribution/,
    ],
    [['walk', '--steps', '2', '--all', '--format', 'svg', '--json'], /walk: --format does not go with --json/],
    [['walk', '--all', '--from', 'a1', '--steps', '2'], /walk: --from does not go with --all/],
    [['walk', '--from', 'a1', '--steps', '2', '--seed', '3'], /walk: --seed applies only with --simulate/],
    [['walk', '--steps', '2', '--all', '--distribution'], /walk: --all does not go with --distribution/],
    [['walk', '--from', 'a1', '--steps', '2', '--all', '--simulate', '5'], /walk: --from does not go with --all/],
    [['tour', '--json', '--format', 'svg'], /tour: --format does not go with --json/],
    [['tour', '3x4', '--trace', '--format', 'moves'], /tour: --format does not go with --trace/],
    [['tour', '3x4', '--trace', '--timeout', '1s'], /tour: --trace does not go with --timeout/],
    [['tour', '--to', 'h8', '--closed'], /tour: --to does not go with --closed/],
    [['tour-count', '5x5', '--each', '--from', 'a1'], /tour-count: --each does not go with --from/],
    [['tour-count', '5x5', '--each', '--checkpoint', 'x.ckpt'], /tour-count: --each does not go with --checkpoint/],
    [
      ['tour-count', '5x5', '--queue', 'redis://127.0.0.1:1', '--max-nodes', '5'],
      /--queue does not go with --max-nodes/,
    ],
    [['tour-count', '5x5', '--closed', '--to', 'a1'], /tour-count: --to does not go with --closed/],
    [['tour-check', '--gallery', 'list', '--piece', 'camel'], /--gallery list lists the tours; it takes no --piece/],
    [
      ['fleet', 'count', '--queue', 'redis://127.0.0.1:1', '--timeout', '1s'],
      /fleet count: --queue does not go with --timeout/,
    ],
    [['fleet', 'place', '--timeout', '1s'], /fleet place: --timeout is for the methods rails and search/],
    [['fleet', 'place', '--max-nodes', '10'], /fleet place: --max-nodes is for the methods rails and search/],
    [['fleet', 'heat', '--method', 'exact', '--samples', '10'], /fleet heat: --samples is for the sampled method/],
    [['fleet', 'heat', '--method', 'exact', '--seed', '1'], /fleet heat: --seed is for the sampled method/],
    [
      ['fleet', 'sim', '--games', '1', '--hunter-samples', '5'],
      /fleet sim: --hunter-samples is for the posterior hunter/,
    ],
    [
      ['valley', 'match', '--games', '1', '--white', 'random', '--black', 'random', '--time', '1s'],
      /--time is the move time of a player given as plain 'ai'/,
    ],
    [['valley', 'play', '--seed', '4'], /valley play: --seed is for the random and greedy players/],
  ];

  it.each(
    rowsOf(REFUSED, [
      'walk --from a1 --steps 2 --format',
      'tour --to h8',
      'tour-count 5x5 --each --from',
      'tour-check',
      'fleet place --timeout',
      'fleet heat --method exact --samples',
      'valley play',
    ]),
  )('%s', (args, message) => {
    expectUserError(gridbits(args), message);
  });

  it("the command table's conflicts and needs name flags the command has", () => {
    for (const [path, c] of leaves()) {
      const flags = flagsOf(c);
      for (const [name, f] of Object.entries(flags)) {
        for (const other of [...Object.keys(f.conflicts ?? {}), ...(f.needs ?? [])])
          expect(`${path} --${name}: --${other} ${other in flags ? 'is' : 'is not'} a flag`).toBe(
            `${path} --${name}: --${other} is a flag`,
          );
      }
    }
  });

  it('what is refused apart goes together where it applies', () => {
    expect(json(['walk', '--steps', '2', '--all']).grid).toBeDefined();
    expect(gridbits(['walk', '--steps', '2', '--all', '--format', 'svg']).stdout).toMatch(/^<svg/);
    expect(json(['walk', '--from', 'a1', '--steps', '2', '--simulate', '10', '--seed', '3']).simulation).toMatchObject({
      seed: 3,
    });
    expect(
      json(['fleet', 'place', '8x8', '--fleet', 'hasbro', '--method', 'search', '--max-nodes', '1000']).exists,
    ).toBe(true);
    expect(json(['valley', 'play', '--white', 'greedy', '--black', 'ai:1', '--seed', '4']).seed).toBe(4);
  });

  it('where only the answer shows that a flag did not apply, the answer says so (text and JSON "note")', () => {
    // The automatic method picked the exact count: what only sampling reads is named as not applied.
    const small = ['fleet', 'heat', '6x6', '--ship', '3', '--ship', '2'];
    expect(json([...small, '--samples', '500']).note).toBe('the exact count answered, so --samples did not apply');
    expect(gridbits([...small, '--samples', '500', '--seed', '3']).stdout).toContain(
      'note: the exact count answered, so --samples and --seed did not apply',
    );
    expect(json(small)).not.toHaveProperty('note');
    // A tour built without a search: the search budget is named as not applied.
    expect(json(['tour', '8x8', '--max-nodes', '100']).note).toMatch(/needed no search .* --max-nodes did not apply/);
  });
});

describe('fleet check takes the problem from the layout JSON it reads, flags overriding', () => {
  // Problems fleet place answers in JSON; fleet check must find each layout valid with no flags at all.
  const PLACED: string[][] = [
    ['10x10', '--fleet', 'hasbro'],
    ['10x10', '--fleet', 'classic'],
    ['6x6', '--fleet', '3,2', '--ship', '###/.#.', '--ship', '##/#.', '--mirror', '--forbid', 'a1,b1'],
    ['7x7', '--fleet', '3,2,2', '--touch', 'corner', '--samples', '3'],
  ];

  it.each(LONG ? PLACED : [PLACED[0], PLACED[2]])('fleet place %s … --json | fleet check -', (...problem) => {
    const placed = gridbits(['fleet', 'place', ...problem, '--seed', '5', '--json']).stdout;
    expect(gridbitsCheck(['fleet', 'check', '-'], placed).valid).toBe(true);
    expect(gridbits(['fleet', 'check', '-'], placed).code).toBe(0);
  });

  it('the JSON forbidden cells, touch rule and kinds are read, and flags override them', () => {
    const placed = gridbits(['fleet', 'place', '10x10', '--fleet', 'hasbro', '--seed', '1', '--json']).stdout;
    const doc = JSON.parse(placed) as { ships: Array<{ cells: string[] }>; touch: string; forbidden?: string[] };
    const cell = doc.ships[0].cells[0];
    // This layout has ships side by side (hasbro lets them touch).
    expect(doc.touch).toBe('any');
    expect(gridbitsCheck(['fleet', 'check', '-'], JSON.stringify({ ...doc, touch: 'none' })).valid).toBe(false);
    expect(gridbitsCheck(['fleet', 'check', '--touch', 'none', '-'], placed).valid).toBe(false);
    expect(gridbitsCheck(['fleet', 'check', '-'], JSON.stringify({ ...doc, forbidden: [cell] })).valid).toBe(false);
    expect(gridbitsCheck(['fleet', 'check', '--forbid', cell, '-'], placed).valid).toBe(false);
    // --forbid replaces the JSON's list: the layout is valid with another cell forbidden instead.
    const free = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']
      .flatMap((f) => Array.from({ length: 10 }, (_, r) => `${f}${r + 1}`))
      .find((sq) => !doc.ships.some((s) => s.cells.includes(sq)))!;
    expect(
      gridbitsCheck(['fleet', 'check', '--forbid', free, '-'], JSON.stringify({ ...doc, forbidden: [cell] })).valid,
    ).toBe(true);
    expect(gridbitsCheck(['fleet', 'check', '--fleet', 'classic', '-'], placed).valid).toBe(false);
    expectUserError(gridbits(['fleet', 'check', '-'], JSON.stringify({ ...doc, kinds: 'five' })), /"kinds"/);
  });
});

describe('--to without --from: the tours ending there, from any start, in tour and tour-count', () => {
  const TO = [
    ['3x4', 'a1'],
    ['5x5', 'c3'],
    ['8x8', 'h8'],
    ['12x9', 'e5'],
  ];
  it.each(LONG ? TO : TO.slice(1, 3))('tour %s --to %s ends there', (board, to) => {
    const doc = json(['tour', board, '--to', to]) as { exists: boolean; path: string[] };
    expect(doc.exists).toBe(true);
    expect(doc.path[doc.path.length - 1]).toBe(to);
  });

  it('tour-count --to: as many as start there, and over every square the whole count', () => {
    const count = (args: string[]): bigint => BigInt(json(['tour-count', ...args]).count as string);
    expect(count(['5x5', '--to', 'a1'])).toBe(304n);
    expect(json(['tour-count', '5x5', '--to', 'a1'])).toMatchObject({
      to: 'a1',
      convention: expect.stringMatching(/ending on/),
    });
    // Over every square of 3x4 (twelve runs): in test:long.
    if (LONG) {
      const squares = ['a', 'b', 'c'].flatMap((f) => ['1', '2', '3', '4'].map((r) => f + r));
      expect(squares.reduce((sum, sq) => sum + count(['3x4', '--to', sq]), 0n)).toBe(count(['3x4']));
    }
    expect(gridbits(['tour-count', '5x5', '--to', 'a1']).stdout).toMatch(
      /^304 directed open knight tours of the 5x5 board to a1/,
    );
  });

  it('a square with no tour ending there: none in both', () => {
    expect(json(['tour', '5x5', '--to', 'b1']).exists).toBe(false);
    expect(json(['tour-count', '5x5', '--to', 'b1']).count).toBe('0');
  });
});
