// Help as a user meets it: every page and topic within 40 lines at 100 columns and wrapped to a terminal's width,
// topics reachable from the main page, "did you mean" for commands, topics and every flag's closed set of names,
// and completion scripts that complete those names (run through bash where it is installed). `npm test` asks for
// each closed set of names once, and `help COMMAND` for every third page; `npm run test:long` for every flag and page.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { HELP_WIDTH, helpWidth, wrapHelp, wrapUsage } from '../../src/cli/help-layout.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { expectUserError, gridbits } from './run.js';
import { LONG } from '../long.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** Every command's path: ['tour'], ['fleet'], ['fleet', 'place'], … */
function paths(commands: Command[], above: string[] = []): Array<{ path: string[]; command: Command }> {
  return commands.flatMap((c) => [
    { path: [...above, c.name], command: c },
    ...paths(c.subcommands ?? [], [...above, c.name]),
  ]);
}
const PAGES = paths(COMMANDS);

/** Lines over `width` columns, and how many lines there are. */
function measure(text: string, width: number): { lines: number; over: string[] } {
  const lines = text.replace(/\n$/, '').split('\n');
  return { lines: lines.length, over: lines.filter((l) => [...l].length > width) };
}

describe('help pages and topics', () => {
  it('every page (the main one, each command, each subcommand) fits in 40 lines of 100 columns', () => {
    expect(HELP_WIDTH).toBe(100);
    const top = gridbits(['--help']);
    expect(top.code).toBe(0);
    expect(measure(top.stdout, 100)).toEqual({ lines: expect.any(Number), over: [] });
    expect(measure(top.stdout, 100).lines).toBeLessThanOrEqual(40);
    for (const [i, { path }] of PAGES.entries()) {
      const page = gridbits([...path, '--help']);
      expect(page.code, path.join(' ')).toBe(0);
      expect(page.stdout, path.join(' ')).toContain(`Usage: gridbits ${path.join(' ')}`);
      const m = measure(page.stdout, 100);
      expect(m.over, path.join(' ')).toEqual([]);
      expect(m.lines, path.join(' ')).toBeLessThanOrEqual(40);
      if (LONG || i % 3 === 0) expect(gridbits(['help', ...path]).stdout, path.join(' ')).toBe(page.stdout);
    }
  });

  it('every topic fits in 40 lines of 100 columns and is listed on the main page', () => {
    const top = gridbits(['--help']).stdout;
    expect(HELP_TOPICS.length).toBeGreaterThanOrEqual(5);
    for (const t of HELP_TOPICS) {
      const page = gridbits(['help', t.name]);
      expect(page.code, t.name).toBe(0);
      expect(page.stderr).toBe('');
      expect(page.stdout, t.name).toMatch(new RegExp(`^gridbits help ${t.name}: `));
      const m = measure(page.stdout, 100);
      expect(m.over, t.name).toEqual([]);
      expect(m.lines, t.name).toBeLessThanOrEqual(40);
      expect(top, t.name).toMatch(new RegExp(`^  ${t.name} +${t.summary.slice(0, 20)}`, 'm'));
      // Topic names must not hide a command's page.
      expect(COMMANDS.map((c) => c.name)).not.toContain(t.name);
    }
  });

  it('a page whose notes moved to topics names them', () => {
    expect(gridbits(['tour-count', '--help']).stdout).toMatch(/gridbits help counting[\s\S]*gridbits help shards/);
    expect(gridbits(['fleet', 'count', '--help']).stdout).toContain('gridbits help checkpoints');
    expect(gridbits(['worker', '--help']).stdout).toContain('gridbits help queue');
    expect(gridbits(['valley', 'play', '--help']).stdout).toContain('gridbits help kings-valley');
    expect(gridbits(['fleet', 'place', '--help']).stdout).toContain('gridbits help fleets');
    // The notes themselves, on their topic's page.
    expect(gridbits(['help', 'counting']).stdout).toMatch(/frontier dynamic program/);
    expect(gridbits(['help', 'exit-codes']).stdout).toMatch(/^ {2}130 +Ctrl-C/m);
  });

  it('help for a name that is neither a command nor a topic: one line, exit 2, did you mean', () => {
    expectUserError(
      gridbits(['help', 'NOPE']),
      /^gridbits: help: no command or topic 'NOPE' \(commands: moves, .*topics: /,
    );
    expectUserError(gridbits(['help', 'shard']), /help: no command or topic 'shard' \(did you mean shards\?\)$/);
    expectUserError(gridbits(['help', 'exitcodes']), /\(did you mean exit-codes\?\)$/);
    expectUserError(gridbits(['help', 'tuor']), /\(did you mean tour\?\)$/);
    expectUserError(
      gridbits(['help', 'fleet', 'plce']),
      /help: fleet has no subcommand 'plce' \(did you mean place\?\)$/,
    );
  });

  it('is wrapped to the width of the terminal it is shown on', () => {
    const script = spawnSync('script', ['--version'], { encoding: 'utf8' });
    if (script.status !== 0) return expect(helpWidth({ isTTY: true, columns: 60 })).toBe(60);
    for (const args of [['tour-count', '--help'], ['--help'], ['help', 'shards']]) {
      const command = `stty cols 60; NO_COLOR=1 ${process.execPath} ${main} ${args.join(' ')}`;
      const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, args.join(' ')).toBe(0);
      const text = r.stdout.replace(/\r/g, '');
      expect(text, args.join(' ')).toMatch(/gridbits/);
      expect(measure(text, 60).over, args.join(' ')).toEqual([]);
    }
  });

  it("takes the terminal's width, else 100 columns", () => {
    expect(helpWidth({ isTTY: true, columns: 72 })).toBe(72);
    expect(helpWidth({ isTTY: true, columns: 200 })).toBe(200);
    expect(helpWidth({ isTTY: false, columns: 72 })).toBe(100);
    expect(helpWidth({ isTTY: true })).toBe(100);
    expect(helpWidth({ isTTY: true, columns: 0 })).toBe(100);
    expect(helpWidth({ isTTY: true, columns: 10 })).toBe(40);
  });
});

describe('wrapping', () => {
  it('reflows running text, keeps list items and hanging indents, and aligns examples under their notes', () => {
    const text = `One two three four
five six.
Label: seven eight
  nine ten eleven
Examples:
  gridbits tour 8x8       (one two three four)
  gridbits walk`;
    expect(wrapHelp(text, 20).split('\n')).toEqual([
      'One two three four',
      'five six.',
      'Label: seven eight',
      '  nine ten eleven',
      'Examples:',
      '  gridbits tour 8x8',
      '      (one two three',
      '      four)',
      '  gridbits walk',
    ]);
    expect(wrapHelp(text, 100).split('\n')).toEqual([
      'One two three four five six.',
      'Label: seven eight nine ten eleven',
      'Examples:',
      '  gridbits tour 8x8       (one two three four)',
      '  gridbits walk',
    ]);
  });

  it('never breaks a command to type', () => {
    const text = 'More: see gridbits help counting and `gridbits worker --queue URL`.';
    expect(wrapHelp(text, 24).split('\n')).toEqual([
      'More: see',
      'gridbits help counting',
      'and',
      '`gridbits worker --queue URL`.',
    ]);
  });

  it('breaks a usage line only between its groups', () => {
    const usage = 'Usage: gridbits mobility <piece> [WxH | --board WxH] [--timeout DURATION] [--json]';
    expect(wrapUsage(usage, 60, 'Usage: gridbits mobility').split('\n')).toEqual([
      'Usage: gridbits mobility <piece> [WxH | --board WxH]',
      '                         [--timeout DURATION] [--json]',
    ]);
    expect(wrapUsage(usage, 100, 'Usage: gridbits mobility')).toBe(usage);
  });
});

/** Every flag with a closed set of names, on every command that has one: [path, flag, names]. */
const CLOSED = PAGES.flatMap(({ path, command }) =>
  Object.entries(command.flags)
    .filter(([, f]) => f.choices !== undefined)
    .map(([name, f]) => ({ path, name, names: f.choices! })),
);

/** Each closed set of names once (the first flag that has it); every flag under `npm run test:long`. */
const CLOSED_SETS = LONG
  ? CLOSED
  : CLOSED.filter((c, i) => CLOSED.findIndex((d) => d.name === c.name && d.names.join() === c.names.join()) === i);

/** A plausible slip of `name`: one letter dropped from its middle. */
const typo = (name: string): string => name.slice(0, 2) + name.slice(3);

describe('did you mean, for values', () => {
  it('covers pieces, fleets, touch rules, hunters, players, methods, formats, variants and the gallery', () => {
    const flags = new Set(CLOSED.map((c) => c.name));
    for (const f of ['piece', 'fleet', 'touch', 'hunter', 'white', 'black', 'method', 'format', 'variant', 'gallery'])
      expect(flags, f).toContain(f);
  });

  it('a mistyped name of every closed-set flag gets its name suggested, in one line with exit 2', () => {
    for (const { path, name, names } of CLOSED_SETS) {
      const meant = names.find((n) => /^[a-z-]{4,}$/.test(n) && !names.includes(typo(n)))!;
      const wrong = typo(meant);
      const where = `${path.join(' ')} --${name} ${wrong}`;
      const r = gridbits([...path, `--${name}`, wrong]);
      expect(r.stderr, where).toMatch(new RegExp(`unknown --${name} '${wrong}' \\(did you mean ${meant}\\?\\)`));
      expectUserError(r, /did you mean/);
    }
  });

  it('the examples of the issue, a part of a compound, and the first argument of moves', () => {
    expectUserError(
      gridbits(['tour', '8x8', '--piece', 'knigt']),
      /^gridbits: tour: unknown --piece 'knigt' \(did you mean knight\?\)$/,
    );
    expectUserError(gridbits(['fleet', 'sim', '--hunter', 'lattic']), /\(did you mean lattice\?\)$/);
    expectUserError(
      gridbits(['walk', '8x8', '--piece', 'knight+fers']),
      /unknown --piece 'fers' \(did you mean ferz\?\)$/,
    );
    expectUserError(
      gridbits(['moves', 'quen', 'd4']),
      /^gridbits: moves: unknown piece 'quen' \(did you mean queen\?\)$/,
    );
    expectUserError(gridbits(['completion', 'fihs']), /unknown shell 'fihs' \(did you mean fish\?\)$/);
  });

  it('leaves other forms to the parser: m,n leapers, ship lengths, AI levels, names in capitals', () => {
    expect(gridbits(['tour', '5x5', '--piece', '1,2', '--format', 'summary']).code).toBe(0);
    expect(gridbits(['tour', '5x5', '--piece', 'Knight', '--format', 'summary']).code).toBe(0);
    expect(gridbits(['fleet', 'count', '6x6', '--fleet', '3,2']).code).toBe(0);
    expectUserError(gridbits(['valley', 'match', '--games', '1', '--white', 'ai:9']), /AI level must be 1 to 6/);
    expectUserError(gridbits(['tour', '5x5', '--piece', 'xyzzy']), /unknown piece 'xyzzy'/);
  });
});

/** Runs the bash completion script on a command line (the cursor at its end); undefined without bash. */
function bashComplete(script: string, line: string): string[] | undefined {
  const words = line.split(' ');
  const r = spawnSync(
    'bash',
    [
      '-c',
      `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}
COMP_LINE='${line}'; COMP_POINT=${line.length}
_gridbits_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  if (r.error !== undefined) return undefined;
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter((s) => s !== '');
}

describe('completion', () => {
  const bash = gridbits(['completion', 'bash']).stdout;
  const hasBash = spawnSync('bash', ['--version']).status === 0;

  it.skipIf(!hasBash)('bash completes the shells, the commands once each, and help topics', () => {
    expect(bashComplete(bash, 'gridbits completion ')).toEqual(['bash', 'zsh', 'fish']);
    const top = bashComplete(bash, 'gridbits ')!;
    expect(top).toEqual([...COMMANDS.map((c) => c.name), 'help']);
    expect(new Set(top).size).toBe(top.length);
    expect(bashComplete(bash, 'gridbits help sh')).toEqual(['shards']);
    expect(bashComplete(bash, 'gridbits help tour-c')).toEqual(['tour-count', 'tour-check']);
    expect(bashComplete(bash, 'gridbits moves kn')).toEqual(['knight']);
    expect(bashComplete(bash, 'gridbits moves knight d')).toEqual([]);
    expect(bashComplete(bash, 'gridbits tour 8x8 --from ')).toEqual([]);
    expect(bashComplete(bash, 'gridbits tour 8x8 --out /dev/nul')).toEqual(['/dev/null']);
    expect(bashComplete(bash, 'gridbits valley perft --di')).toEqual(['--divide']);
  });

  it.skipIf(!hasBash)('bash completes the names of every closed-set flag, from the same tables', () => {
    for (const { path, name, names } of CLOSED_SETS)
      expect(bashComplete(bash, `gridbits ${path.join(' ')} --${name} `), `${path.join(' ')} --${name}`).toEqual([
        ...names,
      ]);
    expect(bashComplete(bash, 'gridbits tour 8x8 --piece ze')).toEqual(['zebra']);
    expect(bashComplete(bash, 'gridbits fleet place --fleet ')).toEqual(['classic', 'hasbro', 'german']);
    expect(bashComplete(bash, 'gridbits fleet sim --hunter la')).toEqual(['lattice']);
    // bash replaces only what follows the colon of "ai:".
    expect(bashComplete(bash, 'gridbits valley match --white ai:')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(bashComplete(bash, 'gridbits valley play --black hu')).toEqual(['human']);
  });

  it('zsh loads the bash script; fish lists the names of every closed-set flag and the shells', () => {
    expect(gridbits(['completion', 'zsh']).stdout).toMatch(/bashcompinit[\s\S]*_gridbits_complete/);
    const fish = gridbits(['completion', 'fish']).stdout;
    expect(fish).toContain(`complete -c gridbits -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'`);
    for (const { path, name, names } of CLOSED) {
      const cond = path.map((w) => `__fish_seen_subcommand_from ${w}`).join('; and ');
      expect(fish, `${path.join(' ')} --${name}`).toContain(`-n '${cond}' -l ${name} -x -a '${names.join(' ')}'`);
    }
    expect(fish).toMatch(/-l out -r -F/);
    expect(fish.match(/-a 'completion'$/gm)).toHaveLength(1);
  });
});
