// Bundles the CLI (src/cli/main.ts, the engine code it uses and its libraries) into dist/cli/, after tsc: main.js
// and the chunks it loads. Bundled, the CLI starts in about half the CPU time of tsc's 120 modules, and installing
// gridbits brings no other package. Split, a command loads only its own code: main.js and its chunk hold the
// command table (names, flags, help: all that parsing, --help and completion need), and each command's work is a
// chunk that main.js imports when that command runs (the `load` of src/cli/command.ts), with the code that
// commands share in chunks of its own. The library in dist/ stays in tsc's modules (the CLI's worker threads load
// dist/worker.js), written again without their comments; bullmq and ioredis stay outside, optional peers that
// only --queue loads.
import { build } from 'esbuild';
import ts from 'typescript';
import { appendFileSync, chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const dir = fileURLToPath(new URL('dist/cli/', root));
const options = {
  absWorkingDir: fileURLToPath(root),
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: dir,
  bundle: true,
  splitting: true,
  // Flat, beside main.js: the chunks find dist/worker.js, web/dist and package.json by their own import.meta.url.
  // A chunk is named by the module it starts from (`chunk` for shared code) and a hash of its content, the same
  // from build to build of the same sources.
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['bullmq', 'ioredis'],
  // No source map (the sources do not ship). Whitespace and syntax minified, names kept for stack traces:
  // 0.59 MB instead of 0.91 MB, the same start-up.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  metafile: true,
  logLevel: 'warning',
};

// esbuild gives the modules that each set of entries shares a chunk of their own: the modules main.js loads,
// each also used by a different set of commands, came in 24 files, and a file costs about as much to load as
// 10 kB of code. A command's module is only ever loaded after main.js has loaded all of them, so it is bundled
// as if it imported them too (which loads nothing more): they then share one chunk.
const { inputs } = (await build({ ...options, write: false })).metafile;
const atStart = new Set();
const load = (file) => {
  if (atStart.has(file)) return;
  atStart.add(file);
  for (const i of inputs[file].imports) if (i.kind === 'import-statement' && !i.external) load(i.path);
};
load('src/cli/main.ts');
atStart.delete('src/cli/main.ts');
const loadedLater = new Set(
  Object.values(inputs).flatMap((i) => i.imports.filter((r) => r.kind === 'dynamic-import' && !r.external)),
);
const laterPaths = new Set([...loadedLater].map((r) => fileURLToPath(new URL(r.path, root))));
const alsoLoaded = [...atStart].map((f) => `import ${JSON.stringify(fileURLToPath(new URL(f, root)))};`).join('\n');
const afterStart = {
  name: 'after-start',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) =>
      laterPaths.has(args.path)
        ? { contents: `${readFileSync(args.path, 'utf8')}\n${alsoLoaded}\n`, loader: 'ts' }
        : undefined,
    );
  },
};

// Only the bundle lives in dist/cli (an older build may have left modules there).
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) rmSync(dir + name, { recursive: true, force: true });
const { metafile } = await build({
  ...options,
  plugins: [afterStart],
  // The added imports name modules without side effects, on purpose.
  logOverride: { 'ignored-bare-import': 'silent' },
});

// commander and picocolors are CommonJS and require Node's modules, which an ES module can only do through
// createRequire: the files that hold them get one (the others need none).
const requireForBundle =
  "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);\n";
// The bundled libraries' licences travel with their code, at the end of each file that holds some of it.
const licences = new Map();
function licence(name) {
  if (!licences.has(name)) {
    const pkg = new URL(`node_modules/${name}/`, root);
    const { version, license } = JSON.parse(readFileSync(new URL('package.json', pkg), 'utf8'));
    const file = readdirSync(pkg).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    if (!file) throw new Error(`bundle-cli: ${name} (bundled into the CLI) has no licence file to ship`);
    const text = readFileSync(new URL(file, pkg), 'utf8').trim().replaceAll('*/', '* /');
    licences.set(name, `\n/*! ${name} ${version} (${license}), bundled above:\n\n${text}\n*/\n`);
  }
  return licences.get(name);
}
for (const [path, output] of Object.entries(metafile.outputs)) {
  const bundled = new Set();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m && bytesInOutput > 0) bundled.add(m[1]);
  }
  if (bundled.size === 0) continue;
  const file = new URL(path, root);
  const code = readFileSync(file, 'utf8');
  const shebang = /^#!.*\n/.exec(code)?.[0] ?? '';
  writeFileSync(file, shebang + requireForBundle + code.slice(shebang.length));
  for (const name of [...bundled].sort()) appendFileSync(file, licence(name));
}
// One character past ASCII (esbuild escapes those of strings, not of regular expressions) makes V8 hold a
// file's text in two bytes a character: slower to decode and to parse, the whole file.
for (const path of Object.keys(metafile.outputs)) {
  const at = readFileSync(new URL(path, root), 'utf8').search(/[^\t\n\r -~]/);
  if (at >= 0)
    throw new Error(`bundle-cli: ${path} is not all printable ASCII (at character ${at}): write it as an escape`);
}
// The bin must stay executable however dist/ was made, or `npx gridbits` says 'Permission denied'.
chmodSync(dir + 'main.js', 0o755);

// The library's modules as they ship: without their comments, which the types beside them (.d.ts) keep for
// editors. 0.27 MB less of the package, whose budget is about 3 MiB. TypeScript's printer, as tsc wrote them.
const lib = new URL('dist/', root);
const bare = { removeComments: true, target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext };
for (const entry of readdirSync(lib, { recursive: true })) {
  if (!entry.endsWith('.js') || entry.startsWith('cli/')) continue;
  const file = new URL(entry, lib);
  writeFileSync(
    file,
    ts.transpileModule(readFileSync(file, 'utf8'), { fileName: entry, compilerOptions: bare }).outputText,
  );
}
