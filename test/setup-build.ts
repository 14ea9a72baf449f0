// Builds dist/ once before the tests, so the CLI tests run the same files `npx gridbits` runs.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  // The CLI as it ships: one bundled, executable file (scripts/bundle-cli.mjs).
  execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { stdio: 'inherit' });
}
