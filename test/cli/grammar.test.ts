// The CLI's one grammar, as a user meets it: help per subcommand, suggestions, durations, the board both
// ways, --out on files, symlinks, FIFOs and devices, a closed pipe, completion scripts.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/cli/command.js';
import { wantColor } from '../../src/cli/output.js';
import { clock, compact, formatProgress, ProgressDisplay } from '../../src/cli/progress.js';
import { expectUserError, gridbits } from './run.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const scratch = (): string => mkdtempSync(join(tmpdir(), 'gridbits-grammar-'));

describe('help and suggestions', () => {
  it('every subcommand has its own page, reached three ways; the top page lists help, --version and completion', () => {
    const top = gridbits(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/gridbits help COMMAND/);
    expect(top.stdout).toMatch(/--version/);
    expect(top.stdout).toMatch(/gridbits completion bash/);
    expect(gridbits([]).stdout).toBe(top.stdout);
    for (const [group, sub] of [
      ['valley', 'solve'],
      ['fleet', 'sim'],
      ['valley', 'play'],
    ]) {
      const page = gridbits([group, sub, '--help']);
      expect(page.code).toBe(0);
      expect(page.stdout).toContain(`Usage: gridbits ${group} ${sub}`);
      expect(gridbits(['help', group, sub]).stdout).toBe(page.stdout);
      expect(gridbits([group, sub, '-h']).stdout).toBe(page.stdout);
    }
    expect(gridbits(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('a mistyped command, subcommand or option gets a suggestion, in one line with exit 2', () => {
    expectUserError(gridbits(['tuor', '8x8']), /unknown command 'tuor' \(did you mean tour\?\)/);
    expectUserError(gridbits(['valley', 'slove']), /valley: unknown subcommand 'slove' \(did you mean solve\?\)/);
    expectUserError(
      gridbits(['tour', '8x8', '--clsoed']),
      /tour: unknown option '--clsoed' \(did you mean --closed\?\)/,
    );
    expectUserError(gridbits(['help', 'nosuch']), /help: no command or topic 'nosuch'/);
    expectUserError(gridbits(['help', 'tourr']), /did you mean tour\?/);
    expectUserError(gridbits(['valley']), /valley: name a subcommand \(perft, best, match, solve, play\)/);
  });

  it('a negative number is a value, refused for its range, not taken for a flag', () => {
    expectUserError(gridbits(['walk', '8x8', '--from', 'a1', '--steps', '-5']), /--steps must be between/);
  });
});

describe('durations', () => {
  it('250ms, 5s, 1.5s, 2m, 1h; a bare number is milliseconds', () => {
    expect(parseDuration('250ms', 'x')).toBe(250);
    expect(parseDuration('5s', 'x')).toBe(5000);
    expect(parseDuration('1.5s', 'x')).toBe(1500);
    expect(parseDuration('2m', 'x')).toBe(120_000);
    expect(parseDuration('1h', 'x')).toBe(3_600_000);
    expect(parseDuration('5000', 'x')).toBe(5000);
    for (const bad of ['', '0', '-5s', '5 minutes', '1d', 'abc', '0.1ms', '31d'])
      expect(() => parseDuration(bad, '--timeout')).toThrow(/--timeout must be a duration like 250ms/);
  });

  it('the tour search takes them', () => {
    expect(gridbits(['tour', '6x6', '--timeout', '5s', '--json']).code).toBe(0);
    expectUserError(gridbits(['tour', '6x6', '--timeout', '5 minutes']), /--timeout must be a duration/);
  });
});

describe('the board as WxH or --board', () => {
  it('both forms give the same answer; two different boards are a mistake', () => {
    // The same answer but for the time it took.
    const answer = (args: string[]): unknown => ({
      ...(JSON.parse(gridbits(args).stdout) as Record<string, unknown>),
      seconds: 0,
    });
    expect(answer(['tour', '--board', '5x5', '--json'])).toEqual(answer(['tour', '5x5', '--json']));
    expectUserError(gridbits(['tour', '5x5', '--board', '6x6']), /two boards given/);
  });
});

describe('--out', () => {
  it('replaces a regular file whole (no temporary file left), keeps its mode', () => {
    const dir = scratch();
    const file = join(dir, 'tour.txt');
    writeFileSync(file, 'old', { mode: 0o640 });
    expect(gridbits(['tour', '5x5', '--out', file]).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^5 /);
    expect(lstatSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['tour.txt']);
  });

  it('refuses a directory, a name ending in a slash and an empty name, leaving nothing', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'sub'));
    expectUserError(gridbits(['tour', '5x5', '--out', join(dir, 'sub')]), /is a directory: give a file name/);
    expectUserError(gridbits(['tour', '5x5', '--out', join(dir, 'sub') + '/']), /is a directory/);
    expectUserError(gridbits(['tour', '5x5', '--out', '']), /--out needs a file name/);
    expectUserError(
      gridbits(['tour', '5x5', '--out', join(dir, 'no', 'x.txt')]),
      /cannot write .*no such file or directory/,
    );
    expect(readdirSync(dir)).toEqual(['sub']);
    expect(readdirSync(join(dir, 'sub'))).toEqual([]);
  });

  it('writes through a symlink (the link stays) and into a device without replacing it; refuses a FIFO', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'target'), 'old');
    symlinkSync('target', join(dir, 'link'));
    expect(gridbits(['valley', 'perft', '2', '--json', '--out', join(dir, 'link')]).code).toBe(0);
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link'))).toBe('target');
    expect(JSON.parse(readFileSync(join(dir, 'target'), 'utf8'))).toMatchObject({ nodes: 110 });

    // A FIFO is refused at once (a FIFO with no reader held the command, deaf to Ctrl-C); a pipe is standard output.
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expectUserError(gridbits(['valley', 'perft', '2', '--json', '--out', fifo]), /is a FIFO \(named pipe\)/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);

    expect(gridbits(['valley', 'perft', '1', '--out', '/dev/null']).code).toBe(0);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    if (existsSync('/dev/full')) {
      expectUserError(
        gridbits(['tour', '6x6', '--out', '/dev/full']),
        /cannot write '\/dev\/full': no space left on the device/,
      );
      expect(lstatSync('/dev/full').isCharacterDevice()).toBe(true);
    }
  });
});

describe('a closed pipe', () => {
  it('ends the command quietly', () => {
    for (const args of [
      ['moves', 'knight', 'd4'],
      ['tour', '100x100', '--format', 'moves'],
      ['mobility', 'knight', '--board', '300x300'],
    ]) {
      const r = spawnSync(
        'sh',
        ['-c', `node ${JSON.stringify(main)} ${args.join(' ')} | head -c 1 >/dev/null; echo "exit \${PIPESTATUS:-$?}"`],
        { encoding: 'utf8' },
      );
      expect(r.stderr, args.join(' ')).toBe('');
    }
  });
});

describe('completion', () => {
  it('bash completes commands, subcommands and flags; zsh and fish scripts name them', () => {
    const script = gridbits(['completion', 'bash']).stdout;
    const complete = (line: string): string[] => {
      const words = line.split(' ');
      const r = spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _gridbits_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      );
      return r.stdout.split('\n').filter((s) => s !== '');
    };
    expect(complete('gridbits tou')).toEqual(['tour', 'tour-table', 'tour-count', 'tour-check']);
    expect(complete('gridbits valley s')).toEqual(['solve']);
    expect(complete('gridbits valley perft --di')).toEqual(['--divide']);
    expect(complete('gridbits fleet place --me')).toEqual(['--method']);
    expect(gridbits(['completion', 'zsh']).stdout).toMatch(/bashcompinit/);
    expect(gridbits(['completion', 'fish']).stdout).toMatch(
      /complete -c gridbits -n '__fish_seen_subcommand_from valley[^\n]*' -a 'perft'/,
    );
    expectUserError(gridbits(['completion', 'tcsh']), /name a shell: bash, zsh or fish/);
  });
});

describe('colours', () => {
  it('as force-color.org and no-color.org say, FORCE_COLOR first (0 or false turn colours off), else a terminal', () => {
    expect(wantColor({}, true)).toBe(true);
    expect(wantColor({}, false)).toBe(false);
    expect(wantColor({ NO_COLOR: '1' }, true)).toBe(false);
    expect(wantColor({ NO_COLOR: '' }, true)).toBe(true);
    expect(wantColor({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(wantColor({ FORCE_COLOR: '3' }, false)).toBe(true);
    expect(wantColor({ FORCE_COLOR: '' }, false)).toBe(false);
    expect(wantColor({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(wantColor({ FORCE_COLOR: 'false' }, true)).toBe(false);
    expect(wantColor({ NO_COLOR: '1', FORCE_COLOR: '1' }, false)).toBe(true);
    expect(wantColor({ NO_COLOR: '1', FORCE_COLOR: '0' }, true)).toBe(false);
    expect(wantColor({ TERM: 'dumb' }, true)).toBe(false);
    // Through the CLI: FORCE_COLOR paints a pipe (over NO_COLOR too); FORCE_COLOR=0 and NO_COLOR do not.
    const run = (env: Record<string, string>): string =>
      spawnSync(process.execPath, [main, 'moves', 'knight', 'd4'], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env },
      }).stdout;
    expect(run({ FORCE_COLOR: '1' })).toContain('\u001b[');
    expect(run({ NO_COLOR: '1', FORCE_COLOR: '1' })).toContain('\u001b[');
    expect(run({ FORCE_COLOR: '0' })).not.toContain('\u001b[');
    expect(run({ NO_COLOR: '1' })).not.toContain('\u001b[');
  });
});

describe('the progress display', () => {
  it('shows the bar, the per cent, the rate and the time left', () => {
    expect(formatProgress('tour-count 6x6', { share: 0.25, done: 250, unit: 'states' }, 5000, 50, 15_000)).toBe(
      'tour-count 6x6  [#####---------------]  25 %  250 states  50 states/s  0:05 spent  0:15 left',
    );
    // Work of unknown size: no bar, no time left.
    expect(formatProgress('tour 8x8', { done: 12_000, unit: 'backtracks' }, 2000, 6000)).toBe(
      'tour 8x8  12.0 k backtracks  6,000 backtracks/s  0:02 spent',
    );
    expect(compact(1_234_567)).toBe('1.23 M');
    expect(compact(1000)).toBe('1,000');
    expect(clock(3_725_000)).toBe('1:02:05');
    let t = 0;
    const lines: string[] = [];
    const d = new ProgressDisplay(
      'x',
      (s) => lines.push(s),
      false,
      () => t,
    );
    for (let i = 0; i <= 10; i++, t += 1000) d.update({ share: i / 20, done: i * 10, unit: 'rows' });
    expect(d.rate()).toBeCloseTo(10, 5);
    // Half done after 10 s at an even pace: 10 s left.
    expect(d.left()).toBeCloseTo(10_000, 5);
    // On a pipe (with --progress) a line every 2 s, each one whole.
    expect(lines.length).toBe(6);
    expect(lines[lines.length - 1]).toMatch(/50 %/);
    // A new label (a count waiting for its queue) is drawn at once, even on a pipe; the same label again waits.
    t += 100;
    d.update({ share: 0.5, done: 100, unit: 'rows' }, 'x: waiting');
    expect(lines.length).toBe(7);
    expect(lines[6]).toMatch(/^x: waiting {2}\[/);
    t += 100;
    d.update({ share: 0.5, done: 100, unit: 'rows' }, 'x: waiting');
    expect(lines.length).toBe(7);
  });
});
