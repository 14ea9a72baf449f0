// Files that cannot fool the CLI: results and checkpoints written through new files of their own (never through a
// planted link, the target's mode kept), endless or huge inputs refused, FIFOs refused as outputs and read with
// Ctrl-C working, the command's own standard output named as a file, and write errors on standard output.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemp } from '../../src/cli/sink.js';
import { expectUserError, gridbits } from './run.js';
import { LONG } from '../long.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridbits-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string): string => join(dir, name);

function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', [path]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${String(r.stderr)}`);
}

/** Runs the CLI through a shell (for redirections), `cmd` after the CLI's path. */
function shell(cmd: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${main}" ${cmd}`], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    cwd: dir,
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('results and checkpoints are written through new files of their own', () => {
  it('a new file each time, under a name no one can guess, created exclusively (never through a link)', () => {
    const target = at('t.txt');
    const a = createTemp(target, 0o640);
    const b = createTemp(target, undefined);
    try {
      expect(a.path).not.toBe(b.path);
      expect(a.path.startsWith(join(dir, '.t.txt.'))).toBe(true);
      expect(statSync(a.path).mode & 0o777).toBe(0o640);
      expect(statSync(b.path).mode & 0o777).toBe(0o666 & ~process.umask());
    } finally {
      for (const t of [a, b]) rmSync(t.path);
    }
  });

  it('--out keeps the mode of the file it replaces, leaves no file beside it, and a planted link points where it did', () => {
    const target = at('mode.txt');
    writeFileSync(target, 'old');
    chmodSync(target, 0o600);
    const victim = at('victim');
    writeFileSync(victim, 'secret');
    chmodSync(victim, 0o600);
    const before = readdirSync(dir).length;
    expect(gridbits(['tour', '5x5', '--out', target]).code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readFileSync(target, 'utf8')).toMatch(/^5 +\d/);
    expect(readdirSync(dir).length).toBe(before);
    expect(readFileSync(victim, 'utf8')).toBe('secret');
  });

  it('a checkpoint that could not be saved is refused before the work starts', () => {
    const started = performance.now();
    expectUserError(
      gridbits(['tour-count', '6x6', '--checkpoint', at('no-such-dir/count.ckpt')]),
      /cannot write the checkpoint .*no such file or directory/,
    );
    expectUserError(gridbits(['tour-count', '6x6', '--checkpoint', '/dev/null']), /is a device/);
    expectUserError(gridbits(['fleet', 'count', '--checkpoint', dir]), /is a directory/);
    // Refused at once, not at the first save a minute in (a hang guard, not a timing).
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

describe('FIFOs and the command’s own output', () => {
  it('a FIFO as --out or --checkpoint is refused at once, in one line', () => {
    const fifo = at('out.fifo');
    mkfifo(fifo);
    expectUserError(gridbits(['tour', '8x8', '--out', fifo]), /is a FIFO \(named pipe\)/);
    expectUserError(gridbits(['tour-count', '5x5', '--checkpoint', fifo]), /is a FIFO \(named pipe\)/);
    expectUserError(gridbits(['fleet', 'count', '6x6', '--checkpoint', fifo]), /is a FIFO \(named pipe\)/);
  });

  it('a FIFO as an input is read as its writer writes, and Ctrl-C ends the wait for one with exit 130', async () => {
    const fifo = at('in.fifo');
    mkfifo(fifo);
    const waiting = spawn(process.execPath, [main, 'tour-check', fifo], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => waiting.on('exit', resolve));
    await new Promise((r) => setTimeout(r, 500));
    waiting.kill('SIGINT');
    expect(await exited).toBe(130);
    const fed = shell(`tour-check "${fifo}" --json & printf 'a1 b3 c5' > "${fifo}"; wait`);
    expect(fed.code).toBe(0);
    expect(JSON.parse(fed.stdout)).toMatchObject({ path: ['a1', 'b3', 'c5'] });
  }, 30_000);

  it('--out /dev/stdout works into a pipe and appends under >>', () => {
    const piped = shell('tour 5x5 --from a1 --out /dev/stdout | cat');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^5 /);
    writeFileSync(at('log.txt'), 'first line\n');
    const appended = shell('tour 5x5 --from a1 --out /dev/stdout >> log.txt');
    expect(appended.code).toBe(0);
    const log = readFileSync(at('log.txt'), 'utf8');
    expect(log.startsWith('first line\n5 ')).toBe(true);
  });

  it('a write error on standard output (a full disk) is one line, exit 2', () => {
    if (!existsSync('/dev/full')) throw new Error('this test needs /dev/full');
    const r = shell('tour 30x30 --format moves > /dev/full');
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'gridbits: cannot write standard output: no space left on the device',
    ]);
  });
});

describe('inputs are read with a cap', () => {
  it('an endless input (/dev/zero) and a file past the cap are refused in one line, not read into memory', () => {
    // Each reads 256 MiB before it refuses (3 s): two in npm test, every one in test:long.
    const endless = [
      ['tour-check', '/dev/zero'],
      ['fleet', 'place', '--mask', '/dev/zero'],
      ['fleet', 'check', '/dev/zero'],
      ['fleet', 'heat', '--shots', '/dev/zero'],
      ['valley', 'play', '--load', '/dev/zero'],
    ];
    for (const args of LONG ? endless : endless.slice(0, 2))
      expectUserError(gridbits(args), /longer than 256 MiB, the most a command reads/);
    const big = at('big.txt');
    writeFileSync(big, '');
    truncateSync(big, 300 * 2 ** 20);
    expectUserError(gridbits(['tour-check', big]), /'.*big\.txt' is longer than 256 MiB/);
    rmSync(big);
  });
});
