// Every code example users read (the README's ```ts blocks, the @example of every doc comment) compiles against
// the built package (tsc, strict) and runs to its end: each is written to a folder of its own whose
// node_modules/gridbits is this package, so it imports the package by its names, as a user's program does.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../web/build.js';
import { allExamples, type Example } from './examples.js';

const run = promisify(execFile);
const examples = allExamples(REPO);
/** The files of examples/, which test/examples runs and checks line by line; the README quotes them whole. */
const exampleFiles = readdirSync(join(REPO, 'examples')).map((f) => readFileSync(join(REPO, 'examples', f), 'utf8'));

/** A file name for an example from its place: 'src/tour/count.ts:352' → 'src-tour-count-352.ts'. */
const fileOf = (e: Example): string => e.place.replace(/\.(ts|md):/, '-').replace(/[/.]/g, '-') + '.ts';

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gridbits-examples-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'gridbits'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(REPO, 'node_modules', '@types')],
    outDir: 'out',
    rootDir: '.',
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  for (const e of examples) writeFileSync(join(dir, fileOf(e)), e.code);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('code examples', () => {
  it('finds the README and doc-comment examples', () => {
    expect(examples.filter((e) => e.place.startsWith('README.md')).length).toBeGreaterThanOrEqual(5);
    expect(examples.filter((e) => e.place.startsWith('src/')).length).toBeGreaterThanOrEqual(20);
  });

  it('compiles every example against the built package', () => {
    try {
      execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      const out = (e as { stdout?: string }).stdout ?? String(e);
      // Each error names the example's file: say where the example is written.
      const named = out.replace(/^(?:\S*\/)?([\w-]+\.ts)\((\d+),\d+\)/gm, (m, f: string, line: string) => {
        const ex = examples.find((x) => fileOf(x) === f);
        return ex ? `${ex.place} (line ${line} of the example)` : m;
      });
      throw new Error(`examples that do not compile:\n${named}`, { cause: e });
    }
  }, 180_000);

  // The README's quotes of examples/ are run by test/examples, which checks their output too.
  const runnable = examples.filter((e) => !exampleFiles.includes(e.code));
  it.each(runnable.map((e) => [e.place, e] as const))('runs %s to its end', async (_, e) => {
    const js = join(dir, 'out', fileOf(e).replace(/\.ts$/, '.js'));
    // A guard against an example that hangs, not a measure of speed (each takes well under a second).
    const { stderr } = await run(process.execPath, [js], { cwd: dir, timeout: 60_000, encoding: 'utf8' });
    expect(stderr).toBe('');
  });
});
