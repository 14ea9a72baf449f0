// Builds dist/ once before the tests, so the CLI tests run the same files `npx gridbits` runs. Each test
// project runs this setup, in the one main process: the first builds, the others find it done.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

export default function setup(): void {
  if (process.env.GRIDBITS_TESTS_BUILT === '1') return;
  // From nothing, as `npm run build` does: a module left from an earlier build would ship and be tested too.
  rmSync('dist', { recursive: true, force: true });
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
  // The CLI as it ships: one bundled, executable file (scripts/bundle-cli.mjs).
  execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { stdio: 'inherit' });
  process.env.GRIDBITS_TESTS_BUILT = '1';
}
