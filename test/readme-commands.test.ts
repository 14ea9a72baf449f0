// Every `$ npx gridbits …` example in the README, run as shown: its output must be the README's, line for line,
// except for times (which vary by machine) and lines the README elides with '…'.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

interface Example {
  line: number;
  args: string[];
  expected: string[];
}

/** Splits a shell line into words (single and double quotes; no other shell syntax is used in the README). */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/**
 * The examples: a `$ npx gridbits` line in a fenced block, and the lines after it up to the next `$` line or the fence.
 */
export function examples(text: string): Example[] {
  const lines = text.split('\n');
  const found: Example[] = [];
  let inBlock = false;
  let current: Example | null = null;
  lines.forEach((l, i) => {
    if (l.startsWith('```')) {
      if (current) found.push(current);
      current = null;
      inBlock = !inBlock;
      return;
    }
    if (!inBlock) return;
    if (l.startsWith('$ ')) {
      if (current) found.push(current);
      // A trailing '# …' is a remark for the reader.
      const cmd = l.slice(2).replace(/\s+#.*$/, '');
      current = cmd.startsWith('npx gridbits ') ? { line: i + 1, args: words(cmd).slice(2), expected: [] } : null;
      return;
    }
    current?.expected.push(l);
  });
  return found;
}

/**
 * Times and memory vary by machine: "0.33 s", "12.5 ms", "ms":123, "seconds":0.3, "58 MB of memory at most",
 * "peakMemoryBytes":61000000 become placeholders.
 */
const timeless = (s: string): string =>
  s
    .replace(/"(ms|seconds|timeMs|elapsedMs)":[0-9.e+-]+/g, '"$1":T')
    .replace(/"peakMemoryBytes":[0-9]+/g, '"peakMemoryBytes":M')
    .replace(/\b[0-9.]+ [MG]B of memory at most\b/g, 'M of memory at most')
    .replace(/\b[0-9]+(\.[0-9]+)? ?(ms|s)\b/g, 'T')
    .replace(/\b[0-9.]+ ?[kM]? ?(nodes|positions)\/s\b/g, 'R');

/**
 * The README's lines against the output's: equal but for times; '…' in a README line stands for any text, and
 * a line that is only '…' for any number of lines.
 */
function matches(expected: string[], got: string[]): boolean {
  const esc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/…/g, '.*');
  const pattern = expected.map((l) => (l.trim() === '…' ? '(?:[^\\n]*\\n)*?' : `${esc(timeless(l))}\\n`)).join('');
  return new RegExp(`^${pattern}$`).test(got.map((l) => timeless(l) + '\n').join(''));
}

/** Interactive or minutes-long examples, run elsewhere (the play tests and the bench). */
const SKIP = [/^valley play\b/, /^valley match --games 200\b/];

describe('the README examples', () => {
  const all = examples(readme);
  it('are found', () => expect(all.length).toBeGreaterThan(20));
  for (const ex of all) {
    const shown = ex.args.join(' ');
    it.skipIf(SKIP.some((r) => r.test(shown)))(`line ${ex.line}: gridbits ${shown}`, () => {
      const r = spawnSync(process.execPath, [main, ...ex.args], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 120_000,
      });
      const got = (r.stdout + r.stderr).replace(/\n$/, '').split('\n');
      while (ex.expected.length > 0 && ex.expected[ex.expected.length - 1] === '') ex.expected.pop();
      expect(
        matches(ex.expected, got),
        `README line ${ex.line}\n--- README\n${ex.expected.join('\n')}\n--- gridbits ${shown}\n${got.join('\n')}`,
      ).toBe(true);
    });
  }
});
