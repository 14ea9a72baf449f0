// The package as a user installs it: packed, installed from the tarball into a fresh project (no other package
// comes with it), then imported from Node by every subpath, type-checked by strict TypeScript consumers, bundled
// by Vite for a page (and a Web Worker) that runs in Chromium, and run as `npx gridbits`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContext } from '../web/browser.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { REPO, packAndInstall, serveStatic, viteBuild, type Installed } from './tarball.js';

const SUBPATHS = ['core', 'pieces', 'render', 'tour', 'walk', 'valley', 'fleet'] as const;

let installed: Installed;

beforeAll(() => {
  installed = packAndInstall();
}, 300_000);

afterAll(() => rmSync(installed.dir, { recursive: true, force: true }));

const app = (): string => installed.app;
let scripts = 0;
/** Runs an ES module in the consumer project, as a file (a worker thread would inherit an --input-type flag). */
const node = (code: string): string => {
  const file = join(app(), `check-${++scripts}.mjs`);
  writeFileSync(file, code);
  return execFileSync(process.execPath, [file], { cwd: app(), encoding: 'utf8' });
};
/** `npx gridbits …` in the consumer project, as a user runs it. */
const npx = (args: string[]) =>
  spawnSync('npx', ['--no-install', 'gridbits', ...args], {
    cwd: app(),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('the package installed from its tarball', () => {
  it('brings no other package', () => {
    const modules = readdirSync(join(app(), 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(modules).toEqual(['gridbits']);
  });

  it('imports every subpath in Node with the names the sources export', async () => {
    for (const sub of SUBPATHS) {
      const expected = Object.keys(await import(join(REPO, 'dist', sub, 'index.js'))).sort();
      const got = JSON.parse(
        node(`const m = await import('gridbits/${sub}'); console.log(JSON.stringify(Object.keys(m).sort()));`),
      ) as string[];
      expect(got, sub).toEqual(expected);
      expect(got.length, sub).toBeGreaterThan(1);
    }
    const root = JSON.parse(
      node(`const m = await import('gridbits'); console.log(JSON.stringify(Object.keys(m)));`),
    ) as string[];
    for (const ns of SUBPATHS.filter((s) => s !== 'core')) expect(root, 'namespace ' + ns).toContain(ns);
    expect(
      node(
        `import { core } from 'gridbits'; import { Board } from 'gridbits/core'; console.log(core.Board === Board, Board.of(8, 8).name(63));`,
      ).trim(),
    ).toBe('true h8');
  });

  it('runs a job in a Node worker thread from gridbits/worker', () => {
    const code = `
      import { Worker } from 'node:worker_threads';
      import { runInWorker } from 'gridbits/core';
      const w = new Worker(new URL(import.meta.resolve('gridbits/worker')));
      try {
        await runInWorker(w, 'nosuch.job', []).catch((e) => console.log(e.message));
        const out = await runInWorker(w, 'tour.count', [{ width: 5, height: 5 }]);
        console.log(out.finished ? String(out.value.count) : out.stopped);
      } finally { setTimeout(() => void w.terminate(), 100); }`;
    expect(node(code).trim().split('\n')).toEqual(["no job named 'nosuch.job'", '1728']);
  });

  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`type-checks a strict TypeScript consumer (moduleResolution ${resolution})`, () => {
      const p = join(app(), `ts-${resolution}`);
      mkdirSync(p, { recursive: true });
      writeFileSync(
        join(p, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            types: [],
            module: resolution === 'nodenext' ? 'NodeNext' : 'ESNext',
            moduleResolution: resolution === 'nodenext' ? 'NodeNext' : 'Bundler',
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
          },
          include: ['*.ts'],
        }),
      );
      writeFileSync(
        join(p, 'use.ts'),
        [
          `import { Board, Bitboard, type Outcome } from 'gridbits/core';`,
          ...SUBPATHS.map((s) => `import * as ${s}Module from 'gridbits/${s}';`),
          `import { tour, fleet, valley, walk, pieces, render } from 'gridbits';`,
          `const b: Board = Board.of(8, 8);`,
          `const set: Bitboard = Bitboard.fromSquares(b, [b.parse('d4')]);`,
          `const o: Outcome<number> = { finished: true, value: set.count(), nodes: 0, ms: 0 };`,
          `export const used = [o, ${SUBPATHS.map((s) => `${s}Module`).join(', ')}, tour, fleet, valley, walk, pieces, render];`,
        ].join('\n'),
      );
      execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', p], { encoding: 'utf8' });
    });
  }

  it('answers npx gridbits --version and runs a command as the built checkout does', () => {
    const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    expect(npx(['--version']).stdout.trim()).toContain(version);
    const args = ['moves', 'knight', 'd4'];
    const moves = npx(args);
    const built = spawnSync(process.execPath, [join(REPO, 'dist/cli/main.js'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(moves.status, moves.stderr).toBe(0);
    expect(moves.stdout).toMatch(/targets: /);
    expect(moves.stdout).toBe(built.stdout);
  });

  it('says in one line what to install when --queue finds no bullmq or ioredis', () => {
    const peers = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }
    ).peerDependencies;
    // The line names each optional peer with the major version package.json asks for.
    const install = `npm install ${Object.entries(peers)
      .map(([name, range]) => `${name}@${/^\^?(\d+)\./.exec(range)![1]}`)
      .join(' ')}`;
    // An address nothing listens on: the missing packages are reported before any connection is tried.
    for (const args of [
      ['tour-count', '6x8', '--closed', '--queue', 'redis://127.0.0.1:1'],
      ['worker', '--queue', 'redis://127.0.0.1:1'],
    ]) {
      const r = npx(args);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toEqual([
        `gridbits: the job queue needs the packages bullmq and ioredis, installed where gridbits is: ${install}`,
      ]);
    }
  });

  it('serves the playground with npx gridbits serve', async () => {
    // npx runs the server as a child of its own: a process group of their own, so both stop at the end.
    const proc = spawn('npx', ['--no-install', 'gridbits', 'serve', '--port', '0', '--json'], {
      cwd: app(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        proc.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const nl = out.indexOf('\n');
          if (nl >= 0) resolve((JSON.parse(out.slice(0, nl)) as { url: string }).url);
        });
        proc.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<div id="app">|gridbits/);
    } finally {
      const running = proc.exitCode === null && proc.signalCode === null;
      const gone = new Promise((done) => proc.once('exit', done));
      try {
        process.kill(-proc.pid!, 'SIGTERM');
      } catch {
        // The whole group has ended already.
      }
      if (running) await gone;
    }
  });
});

const skip = skipWithout(CHROMIUM, 'the browser tests of test/package/installed.test.ts');

describe.skipIf(skip)('the package bundled by Vite for a page', () => {
  it('builds a page importing gridbits/tour that runs in Chromium, with a job in a Web Worker', async () => {
    const page = join(app(), 'page');
    mkdirSync(page, { recursive: true });
    writeFileSync(
      join(page, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>t</title><pre id="out">…</pre><script type="module" src="./main.js"></script>',
    );
    writeFileSync(join(page, 'job.worker.js'), `import 'gridbits/worker';\n`);
    writeFileSync(
      join(page, 'main.js'),
      `import * as tourEngine from 'gridbits/tour';
       import { Board, runInWorker } from 'gridbits/core';
       const worker = new Worker(new URL('./job.worker.js', import.meta.url), { type: 'module' });
       const names = Object.keys(tourEngine).length;
       const reply = await runInWorker(worker, 'nosuch.job', []).catch((e) => e.message);
       const counted = await runInWorker(worker, 'tour.count', [{ width: 5, height: 5 }]);
       const count = counted.finished ? String(counted.value.count) : counted.stopped;
       document.getElementById('out').textContent = JSON.stringify({ names, square: Board.of(8, 8).name(28), reply, count });`,
    );
    const built = viteBuild(page, app());
    const server = await serveStatic(built);
    const browser = await openContext();
    try {
      const tab = await browser.context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      await tab.waitForFunction(() => document.getElementById('out')?.textContent !== '…', undefined, {
        timeout: 20_000,
      });
      const result = JSON.parse((await tab.textContent('#out')) ?? '{}') as {
        names: number;
        square: string;
        reply: string;
        count: string;
      };
      expect(errors).toEqual([]);
      expect(result.square).toBe('e4');
      expect(result.names).toBeGreaterThan(3);
      expect(result.reply).toBe("no job named 'nosuch.job'");
      // The directed open knight's tours of 5×5 (OEIS A165134), counted by the library in the page's Web Worker.
      expect(result.count).toBe('1728');
    } finally {
      await browser.close();
      server.close();
    }
  });
});
