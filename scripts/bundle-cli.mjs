// Bundles the CLI (dist/cli/main.js and the modules it imports) into that one file, in place, after tsc.
// Loading one file instead of about 120 modules halves the CLI's start-up; the library's modules in dist/
// stay as tsc wrote them, and the bundle's worker threads still load dist/worker.js.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(import.meta.resolve('../dist/cli/main.js'));
await build({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The bin must stay executable however dist/ was made, or `npx gridbits` says 'Permission denied'.
chmodSync(entry, 0o755);
