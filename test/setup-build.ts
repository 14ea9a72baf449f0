// Builds dist/ once before the tests, so the CLI tests run the same files `npx gridbits` runs.
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

export default function setup(): void {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  // The bin must stay executable however dist/ was made, or `npx gridbits` says 'Permission denied'.
  chmodSync('dist/cli/main.js', 0o755);
}
