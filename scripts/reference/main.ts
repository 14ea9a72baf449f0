// `npm run docs`: writes the API reference to a folder (docs/api/ by default), as the playground's build does to
// web/dist/api/, and says what it wrote.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceFiles } from './build.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fallback = join(root, 'docs/api');
const out = resolve(process.argv[2] ?? fallback);
const files = await referenceFiles(root, { playground: false });
// Only the default folder (generated, git-ignored) is emptied first; a folder named by hand is written into.
if (out === fallback) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let bytes = 0;
for (const [name, text] of files) {
  writeFileSync(join(out, name), text);
  bytes += Buffer.byteLength(text);
}
console.log(`API reference: ${files.size} files, ${(bytes / 1024).toFixed(0)} kB, in ${out} (open index.html)`);
