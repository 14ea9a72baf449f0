// Ctrl-C on the built CLI: start a command with --progress, send one SIGINT once its first progress line is out
// (and `afterMs` more), and measure the time from the signal to the exit.
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

export function interruptAfterProgress(args: string[], afterMs = 300): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args, '--progress'], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '', stderr = '', sentAt = 0, armed = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (armed) return;
      armed = true;
      setTimeout(() => {
        sentAt = performance.now();
        child.kill('SIGINT');
      }, afterMs);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr, exitMs: sentAt === 0 ? Infinity : performance.now() - sentAt }));
  });
}
