// Ctrl-C on the built CLI: start a command with --progress, send one SIGINT once its output shows the work is
// under way (its first progress line, or the line `ready` names) and `afterMs` more, and time the exit from the signal.
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
    afterMs = 0,
    giveUpMs = 120_000,
  } = typeof options === 'number' ? { afterMs: options } : options;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args, '--progress'], {
      stdio: ['ignore', 'pipe', 'pipe'],
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
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (armed || !ready.test(stderr)) return;
      armed = true;
      clearTimeout(giveUp);
      if (afterMs > 0) setTimeout(send, afterMs);
      else send();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(giveUp);
      resolve({ code, stdout, stderr, exitMs: sentAt === 0 ? Infinity : performance.now() - sentAt });
    });
  });
}
