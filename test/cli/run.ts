// Runs the built CLI as a subprocess and captures what a user would see.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function gridbits(args: string[], input?: string): Run {
  const r = spawnSync(process.execPath, [main, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
  });
  // A process ended by a signal (the time limit's, or a crash) has no status: -1, the signal named on stderr.
  const ended =
    r.status === null ? `\n[ended by ${r.signal ?? 'no status'}${r.error ? `: ${r.error.message}` : ''}]` : '';
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr + ended };
}

/**
 * Runs and parses stdout as JSON, failing loudly when the exit code is not `code`: 0, or 3 for work a budget cut
 * short, 1 for a checker's "not valid".
 */
export function gridbitsJson<T = Record<string, unknown>>(args: string[], input?: string, code = 0): T {
  const r = gridbits([...args, '--json'], input);
  if (r.code !== code)
    throw new Error(
      `gridbits ${args.join(' ')} exited ${r.code}, not ${code}: ${r.stderr}\n[stdout: ${r.stdout.slice(0, 300)}]`,
    );
  return JSON.parse(r.stdout) as T;
}

/** Asserts the shape of a user mistake: exit 2, one line on stderr, no stack trace, nothing on stdout. */
export function expectUserError(r: Run, pattern: RegExp): void {
  const lines = r.stderr.trimEnd().split('\n');
  if (
    r.code !== 2 ||
    lines.length !== 1 ||
    !pattern.test(lines[0]) ||
    /\bat .*(\.[cm]?[jt]s|node:internal\/[\w/]+):\d+/.test(r.stderr) ||
    r.stdout !== ''
  ) {
    throw new Error(
      `expected exit 2 and one line matching ${pattern}, got exit ${r.code}\nstderr: ${r.stderr}\nstdout: ${r.stdout}`,
    );
  }
}

/**
 * Runs work under a budget (--max-nodes, --timeout, a sample count) and parses its JSON, checking the exit code
 * agrees with it: 3 when it says `"complete": false` (the budget ran out first), else 0.
 */
export function gridbitsBudget<T = Record<string, unknown>>(args: string[], input?: string): T {
  const r = gridbits([...args, '--json'], input);
  let doc: { complete?: unknown };
  try {
    doc = JSON.parse(r.stdout) as { complete?: unknown };
  } catch {
    throw new Error(`gridbits ${args.join(' ')} exited ${r.code} without JSON: ${r.stderr}`);
  }
  const code = doc.complete === false ? 3 : 0;
  if (r.code !== code)
    throw new Error(`gridbits ${args.join(' ')} exited ${r.code}, not ${code} (complete: ${String(doc.complete)})`);
  return doc as T;
}

/** Runs a checker (tour-check, fleet check) and parses its JSON, checking the exit code: 1 when not valid, else 0. */
export function gridbitsCheck<T = Record<string, unknown>>(args: string[], input?: string): T {
  const r = gridbits([...args, '--json'], input);
  const doc = JSON.parse(r.stdout || 'null') as { valid?: unknown } | null;
  const code = doc?.valid === false ? 1 : 0;
  if (r.code !== code)
    throw new Error(
      `gridbits ${args.join(' ')} exited ${r.code}, not ${code}: ${r.stderr}\n[stdout: ${r.stdout.slice(0, 300)}]`,
    );
  return doc as T;
}
