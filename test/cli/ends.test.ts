// How every command ends when told to: (a) Ctrl-C once its work is under way exits 130 soon after the signal, and
// (b) every command that takes --timeout, given 1s, stops with exit 3 and JSON saying "complete": false. Each command
// on its heaviest input. The bounds are hang guards, generous for a shared 2-core machine (the aims are 0.5 s after
// Ctrl-C and 1.5 s from the start); the times themselves belong in bench. Run alone (see vitest.config.ts), two
// commands at a time. \`npm test\` gives --timeout to one command of each family (and the long report);
// \`npm run test:long\` to every one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interruptAfterProgress, timedRun, type InterruptOptions } from './interrupt.js';
import { LONG } from '../long.js';

/** At most two commands at once: the machine has two cores. */
let running = 0;
const waiting: (() => void)[] = [];
async function two<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * 2,000 squares spread over 16384x16384, and a rider of 48 rays: its sweep takes several seconds (a queen's, set-wise,
 * about one).
 */
const RIDER = '1,2*+1,3*+2,3*+1,4*+3,4*+2,5*';
const fileName = (x: number): string =>
  x < 26 ? String.fromCharCode(97 + x) : fileName(Math.floor(x / 26) - 1) + String.fromCharCode(97 + (x % 26));
const SPREAD = Array.from({ length: 2000 }, (_, i) => `${fileName((i * 37) % 16384)}${1 + ((i * 8191) % 16384)}`).join(
  ',',
);

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
let dir = '';
let silent: Server;
let silentPort = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gridbits-ends-'));
  // A reader that never gets a writer, and a job queue that takes the connection and never answers.
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  // A tour of a million squares, as a numbered grid (about a second to check).
  const grid = execFileSync(process.execPath, [CLI, 'tour', '1000x1000', '--format', 'grid'], {
    maxBuffer: 1 << 26,
  });
  writeFileSync(join(dir, 'tour.txt'), grid);
  silent = createServer(() => {});
  await new Promise<void>((up) => silent.listen(0, '127.0.0.1', up));
  silentPort = (silent.address() as { port: number }).port;
});

afterAll(() => {
  silent?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Milliseconds from the signal to the exit that tell a stop from a hang. */
const STOP_GUARD_MS = 3000;

// [what, arguments, how the signal is sent]. Commands with a progress display get the signal after its first line
// and a little more; the others once they show they are up, or after a fixed delay.
const UNDER_WAY = { afterMs: 300 };
const INTERRUPTED: [string, () => string[], InterruptOptions][] = [
  ['moves', () => ['moves', RIDER, SPREAD, '16384x16384', '--json'], UNDER_WAY],
  ['mobility', () => ['mobility', 'queen', '16384x16384', '--json'], UNDER_WAY],
  ['tour: closed tour construction', () => ['tour', '10000x10000', '--closed', '--json'], UNDER_WAY],
  ['tour: round a hole (odd board)', () => ['tour', '9999x9999', '--json'], UNDER_WAY],
  ['tour: both ends fixed', () => ['tour', '10000x10000', '--from', 'a1', '--to', 'b3', '--json'], UNDER_WAY],
  ['tour-table', () => ['tour-table', '8x8', '--piece', 'zebra'], UNDER_WAY],
  ['tour-count', () => ['tour-count', '6x7'], UNDER_WAY],
  ['tour-check (a million squares)', () => ['tour-check', join(dir, 'tour.txt'), '--json'], { atMs: 600 }],
  ['walk', () => ['walk', '100x100', '--from', 'a1', '--steps', '2000', '--exact'], { ready: /exact fraction/ }],
  ['valley perft', () => ['valley', 'perft', '12'], UNDER_WAY],
  ['valley best', () => ['valley', 'best', '--variant', 'labyrinth', '--depth', '40'], UNDER_WAY],
  ['valley match', () => ['valley', 'match', '--games', '100000'], UNDER_WAY],
  ['valley solve', () => ['valley', 'solve', '--all-moves'], UNDER_WAY],
  [
    'valley play (waiting for a move)',
    () => ['valley', 'play'],
    { progress: false, stdinOpen: true, readyOn: 'stdout', ready: /\n/, afterMs: 200 },
  ],
  ['fleet place', () => ['fleet', 'place', '400x400', '--method', 'search'], UNDER_WAY],
  ['fleet count', () => ['fleet', 'count', '400x400'], UNDER_WAY],
  ['fleet check (a reader with no writer)', () => ['fleet', 'check', join(dir, 'fifo')], { atMs: 1500 }],
  ['fleet heat', () => ['fleet', 'heat', '10x10', '--fleet', 'classic', '--method', 'exact'], UNDER_WAY],
  ['fleet sim', () => ['fleet', 'sim', '--games', '1000000', '--seed', '1'], UNDER_WAY],
  [
    'fleet play (waiting for a shot)',
    () => ['fleet', 'play', '--seed', '1'],
    { progress: false, stdinOpen: true, readyOn: 'stdout', ready: /\n/, afterMs: 200 },
  ],
  ['serve', () => ['serve', '--port', '0'], { progress: false, readyOn: 'stdout', ready: /\n/, afterMs: 200 }],
  [
    'tour-count (a queue that never answers)',
    () => ['tour-count', '6x6', '--queue', `redis://127.0.0.1:${silentPort}`],
    { progress: false, atMs: 1500 },
  ],
  [
    'fleet count (a queue that never answers)',
    () => ['fleet', 'count', '--queue', `redis://127.0.0.1:${silentPort}`],
    { progress: false, atMs: 1500 },
  ],
  [
    'worker (a queue that never answers)',
    () => ['worker', '--queue', `redis://127.0.0.1:${silentPort}`],
    { progress: false, atMs: 1500 },
  ],
  // completion prints its script at once: nothing to stop.
];

describe.concurrent('Ctrl-C ends every command with exit 130, soon after the signal', () => {
  it.each(INTERRUPTED)('%s', async (_, args, how) => {
    const r = await two(() => interruptAfterProgress(args(), how));
    if (r.code !== 130) throw new Error(`exit ${r.code} (${r.exitMs} ms after the signal)\n${r.stderr.slice(-500)}`);
    expect(r.exitMs).toBeLessThan(STOP_GUARD_MS);
    // The work heard the signal and ended itself: not ended by the deadline that follows a signal left unheard.
    expect(r.stderr).not.toMatch(/interrupted before the work could say/);
  });
});

/**
 * Milliseconds from the start to the exit of a command given --timeout 1s: the aim is 1.5 s; every command ends
 * in 1.0-1.35 s here two at a time, so 2.5 s tells a late stop (a long report, a set-up not counted) from noise.
 */
const TIME_GUARD_MS = 2500;

// Every command that takes --timeout, on an input that takes far longer than a second.
const TIMED: [string, string[]][] = [
  ['moves', ['moves', RIDER, SPREAD, '16384x16384']],
  ['mobility', ['mobility', 'queen', '16384x16384']],
  ['mobility (a long report)', ['mobility', 'knight', '16384x16384']],
  ['tour', ['tour', '10000x10000', '--closed']],
  ['tour-table', ['tour-table', '8x8', '--piece', 'zebra']],
  ['tour-count', ['tour-count', '7x7']],
  ['valley perft', ['valley', 'perft', '12']],
  ['valley match', ['valley', 'match', '--games', '100000']],
  ['valley solve', ['valley', 'solve', '--all-moves']],
  ['fleet place', ['fleet', 'place', '400x400', '--method', 'search']],
  ['fleet count', ['fleet', 'count', '400x400']],
  ['fleet heat', ['fleet', 'heat', '10x10', '--fleet', 'classic', '--method', 'exact']],
  ['fleet sim', ['fleet', 'sim', '--games', '1000000', '--seed', '1']],
];

const TIMED_QUICK = ['mobility (a long report)', 'tour', 'tour-count', 'valley match', 'fleet count'];

describe.concurrent('--timeout 1s stops every command that takes it: exit 3, "complete": false', () => {
  it.each(LONG ? TIMED : TIMED.filter(([name]) => TIMED_QUICK.includes(name)))('%s', async (_, args) => {
    const r = await two(() => timedRun([...args, '--timeout', '1s', '--json']));
    if (r.code !== 3) throw new Error(`exit ${r.code} after ${r.ms} ms\n${r.stderr.slice(-500)}`);
    expect(JSON.parse(r.stdout)).toMatchObject({ complete: false, stopped: 'timeout' });
    expect(r.ms).toBeLessThan(TIME_GUARD_MS);
  });
});
