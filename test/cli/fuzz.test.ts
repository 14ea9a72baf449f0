// The CLI on arguments drawn at random from its own flag tables and a pool of good and bad values: whatever
// the mix, a run answers (exit 0) or names the mistake in one line (exit 2) — never an internal error or a
// stack trace, never output half-written beside an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flagsOf, type Command } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { runs } from '../long.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridbits-fuzz-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const FILES = [
  file('empty.txt', ''),
  file('grid.txt', '##..\n....\n.#..\n.#..\n'),
  file('tour.txt', 'a1 b3 c5 d7\n'),
  file('shots.txt', 'e5 miss\ne6 hit\nzz hit\n'),
  file('binary.txt', '\u0000\u0001xyz\n###\n'),
  join(dir, 'missing.txt'),
];
const VALUES = [
  ...['', '0', '-1', '1', '2', '3', '1.5', 'NaN', 'abc', '99999999999999999999', 'constructor', '__proto__'],
  ...['0x0', '1x1', '3x4', '5x5', '8x8', '101x101', 'a1', 'e4', 'z9', 'a1,a1', 'knight', 'camel', '1,2', 'king+knight'],
  ...[
    'classic',
    'hasbro',
    '4,3,2',
    '###/.#.',
    '#.#',
    'none',
    'any',
    'rails',
    'exact',
    'lattice',
    'ai:3',
    'greedy',
    'labyrinth',
    'svg',
    'summary',
  ],
  ...['sskss/5/5/5/SSKSS w 0', 'sskss/5/5/5/SSKS w 0', '100ms', '1s', '-5s', '-'],
  ...FILES,
];
/** Names that are no subcommand, drawn now and then beside the real ones. */
const NOT_SUBCOMMANDS = ['fly', '__proto__', 'sail', 'constructor'];
const POSITIONALS = ['5x5', '3x4', '8x8', 'x', 'knight', 'e4', '2', 'constructor', '__proto__', ...FILES.slice(1, 3)];

const argv = fc
  .record({
    command: fc.constantFrom(...COMMANDS.filter((c) => c.name !== 'serve')),
    sub: fc.nat(),
    positional: fc.option(fc.constantFrom(...POSITIONALS), { nil: undefined }),
    flags: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...VALUES), fc.boolean()), { maxLength: 4 }),
  })
  .map(({ command, sub, positional, flags }) => {
    const args = [command.name];
    // A command with subcommands: one of them (its flags are drawn), or now and then a name that is none.
    let leaf: Command = command;
    if (command.subcommands) {
      const names = [...command.subcommands.map((s) => s.name), ...NOT_SUBCOMMANDS];
      const name = names[sub % names.length];
      args.push(name);
      leaf = command.subcommands.find((s) => s.name === name) ?? command.subcommands[sub % command.subcommands.length];
    }
    if (positional !== undefined) args.push(positional);
    const table = flagsOf(leaf);
    const names = Object.keys(table);
    for (const [i, value, bare] of flags) {
      const name = names[i % names.length];
      args.push(`--${name}`);
      // Boolean flags now and then get a value too, string flags now and then none.
      if ((table[name].type === 'string') !== bare) args.push(value);
    }
    // Keep the long-running subcommands short whatever else was drawn (the last --games wins).
    if (args[1] === 'sim' || args[1] === 'match') args.push('--games', '2');
    return args;
  });

describe('the CLI on random arguments', () => {
  it('answers or names the mistake in one line, never an internal error', () => {
    fc.assert(
      fc.property(argv, (args) => {
        // In a scratch directory: --out writes where it is told.
        const r = spawnSync(process.execPath, [main, ...args], {
          cwd: dir,
          input: '',
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
          timeout: 4000,
        });
        // A run still going at the limit (a big request) is not a failure of this test.
        if (r.status === null) return;
        const what = `gridbits ${args.map((a) => JSON.stringify(a)).join(' ')}\nexit ${r.status}\nstderr: ${r.stderr}`;
        expect(r.stderr, what).not.toMatch(/internal error|\n\s+at /);
        expect([0, 2], what).toContain(r.status);
        if (r.status === 2) {
          expect(r.stderr.trimEnd().split('\n'), what).toHaveLength(1);
          expect(r.stdout, what).toBe('');
        }
      }),
      { numRuns: runs(40, 200), seed: 20261129 },
    );
  }, 600_000);
});
