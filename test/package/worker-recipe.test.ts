// The README's worker recipe, word for word, against the installed tarball: its files run in Node (a worker
// thread) and, bundled by Vite, in Chromium (a module Web Worker); each prints what the README says it prints.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext } from '../web/browser.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { REPO, packAndInstall, serveStatic, viteBuild, type Installed } from './tarball.js';

const readme = readFileSync(join(REPO, 'README.md'), 'utf8');

/** The README's ```js block whose first line is `first`, whole. */
function block(first: string): string {
  const start = readme.indexOf('```js\n' + first + '\n');
  expect(start, `the README has a block starting ${first}`).toBeGreaterThanOrEqual(0);
  const body = start + '```js\n'.length;
  return readme.slice(body, readme.indexOf('\n```', body) + 1);
}

/** What the block says it prints: the comment after its console.log. */
const promised = (code: string): string => /console\.log\(.*\); \/\/ (.+)$/m.exec(code)![1];

const WORKER = block('// job.worker.js');
const BROWSER = block('// main.js, in a browser');
const NODE = block('// main.js, in Node');

let installed: Installed;

beforeAll(() => {
  installed = packAndInstall();
}, 300_000);

afterAll(() => rmSync(installed.dir, { recursive: true, force: true }));

/** A folder of the consumer project holding the recipe's two files. */
function recipe(name: string, main: string): string {
  const dir = join(installed.app, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'job.worker.js'), WORKER);
  writeFileSync(join(dir, 'main.js'), main);
  return dir;
}

describe('the README worker recipe', () => {
  it('runs in Node, the job in a worker thread', () => {
    const dir = recipe('recipe-node', NODE);
    const out = execFileSync(process.execPath, [join(dir, 'main.js')], { cwd: dir, encoding: 'utf8' });
    expect(out.trim()).toBe(promised(NODE));
  });

  const skip = skipWithout(CHROMIUM, 'the browser test of the worker recipe');
  it.skipIf(skip)('runs in a page bundled by Vite, the job in a module Web Worker', async () => {
    const dir = recipe('recipe-web', BROWSER);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>recipe</title><script type="module" src="./main.js"></script>',
    );
    const built = viteBuild(dir, installed.app);
    // The worker is a file of its own in the build, with the library's job server in it.
    const workers = readdirSync(join(built, 'assets')).filter((f) => f.startsWith('job.worker'));
    expect(workers).toHaveLength(1);
    expect(readFileSync(join(built, 'assets', workers[0]), 'utf8').includes('no job named')).toBe(true);
    const server = await serveStatic(built);
    const browser = await openContext();
    try {
      const tab = await browser.context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      const logged = tab.waitForEvent('console', { predicate: (m) => m.type() === 'log', timeout: 30_000 });
      await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      const line = (await logged).text();
      expect(errors).toEqual([]);
      expect(line).toBe(promised(BROWSER));
    } finally {
      await browser.close();
      server.close();
    }
  });
});
