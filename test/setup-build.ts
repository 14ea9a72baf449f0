// Builds dist/ once before the tests, so the CLI tests run the same files `npx gridbits` runs. Each test
// project runs this setup, in the one main process: the first builds, the others find it done.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  if (process.env.GRIDBITS_TESTS_BUILT === '1') return;
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    stdio: 'inherit',
  });
  // The CLI as it ships: one bundled, executable file (scripts/bundle-cli.mjs).
  execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { stdio: 'inherit' });
  process.env.GRIDBITS_TESTS_BUILT = '1';
}
