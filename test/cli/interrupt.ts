// Ctrl-C on the built CLI: start a command with --progress, send one SIGINT once its output shows the work is
// under way (its first progress line, or the line `ready` names) and `afterMs` more, and time the exit from the signal;
// and a command run without blocking, timed from its start (for its time limit).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface Interrupted {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the SIGINT to the exit (Infinity when the command ended before the signal). */
  exitMs: number;
}

export interface InterruptOptions {
  /** What standard error must show before the signal (default: a first whole line, i.e. the first progress line). */
  ready?: RegExp;
  /** Where `ready` is looked for (default standard error). */
  readyOn?: 'stderr' | 'stdout';
  /** Sends the signal this many milliseconds after the start, for a command that prints nothing first. */
  atMs?: number;
  /** Adds --progress (default true; not every command takes it). */
  progress?: boolean;
  /** Keeps standard input open (a game waiting for its player) instead of giving it none. */
  stdinOpen?: boolean;
  /** Milliseconds to wait after that before the signal (default 0). */
  afterMs?: number;
  /**
   * Ends the command (SIGKILL) if it is not ready within this many milliseconds (default 120,000), so no test leaves it
   * running.
   */
  giveUpMs?: number;
}

/**
 * Runs `gridbits ARGS --progress` and sends SIGINT once it is ready (see InterruptOptions); a number is the
 * `afterMs` of the first progress line. Resolves when the command has exited.
 */
export function interruptAfterProgress(args: string[], options: InterruptOptions | number = {}): Promise<Interrupted> {
  const {
    ready = /\n/,
    readyOn = 'stderr',
    atMs,
    progress = true,
    stdinOpen = false,
    afterMs = 0,
    giveUpMs = 120_000,
  } = typeof options === 'number' ? { afterMs: options } : options;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args, ...(progress ? ['--progress'] : [])], {
      stdio: [stdinOpen ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '',
      stderr = '',
      sentAt = 0,
      armed = false;
    const giveUp = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
    const send = (): void => {
      sentAt = performance.now();
      child.kill('SIGINT');
    };
    const arm = (): void => {
      if (armed || atMs !== undefined || !ready.test(readyOn === 'stderr' ? stderr : stdout)) return;
      armed = true;
      clearTimeout(giveUp);
      if (afterMs > 0) setTimeout(send, afterMs);
      else send();
    };
    if (atMs !== undefined) setTimeout(send, atMs);
    child.stdout!.on('data', (d: Buffer) => ((stdout += d.toString()), arm()));
    child.stderr!.on('data', (d: Buffer) => ((stderr += d.toString()), arm()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(giveUp);
      resolve({ code, stdout, stderr, exitMs: sentAt === 0 ? Infinity : performance.now() - sentAt });
    });
  });
}

export interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the start to the exit. */
  ms: number;
}

/** Runs `gridbits ARGS` without blocking (so that several run at once) and times it from its start to its exit. */
export function timedRun(args: string[], giveUpMs = 120_000): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [main, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '',
      stderr = '';
    const giveUp = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(giveUp);
      resolve({ code, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}
