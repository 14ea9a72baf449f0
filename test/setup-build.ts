// Builds dist/ once before the tests, so the CLI tests run the same files `npx gridbits` runs, and the playground
// (web/dist) beside it: tsc takes one core, Vite the other, and no test file then waits for a build. Each test
// project runs this setup, in the one main process: the first builds, the others find it done.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { PACKED } from './package/tarball.js';
import { ensureWebBuiltAsync } from './web/build.js';

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    spawn(process.execPath, args, { stdio: 'inherit' })
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited ${code}`)))),
  );
}

export default async function setup(): Promise<() => void> {
  // Every Node process started with NODE_EXTRA_CA_CERTS set reads and parses that CA bundle as it starts: 40 ms of CPU
  // on the machine CI runs on, a quarter of a short CLI run, and the suite starts some 850 Node processes. None of
  // them opens a TLS connection (the queue tests' Redis is on loopback, npm runs offline), so the test workers, which
  // take their environment from this process after this setup, and what they start go without it.
  delete process.env.NODE_EXTRA_CA_CERTS;
  // After the run: the package the test files packed and installed once (test/package/tarball.ts).
  const teardown = (): void => rmSync(PACKED, { recursive: true, force: true });
  if (process.env.GRIDBITS_TESTS_BUILT === '1') return teardown;
  // From nothing, as `npm run build` does: a module left from an earlier build would ship and be tested too.
  rmSync('dist', { recursive: true, force: true });
  const web = ensureWebBuiltAsync();
  try {
    await run(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
    // The CLI as it ships: one bundled, executable file (scripts/bundle-cli.mjs).
    await run(['scripts/bundle-cli.mjs']);
  } finally {
    // Waited for even when tsc fails, so no build is left running behind the error.
    await web.catch(() => undefined);
  }
  await web;
  process.env.GRIDBITS_TESTS_BUILT = '1';
  return teardown;
}
