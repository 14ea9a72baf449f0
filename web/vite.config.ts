// Vite build of the playground (`vite build web`): web/ is the root, the library's TypeScript comes from ../src;
// the API reference is built with it, into api/.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { referenceFiles } from '../scripts/reference/build.js';

/** Node built-ins by their bare names (the code base writes `node:…`, which is refused outright). */
const NODE_BUILTINS = new Set(
  'assert buffer child_process cluster crypto dgram dns events fs http http2 https module net os path perf_hooks process querystring readline stream string_decoder timers tls tty url util v8 vm worker_threads zlib'.split(
    ' ',
  ),
);

/** The engines stay free of Node APIs: a Node module reaching the bundle fails the build, naming the importer. */
function noNodeModules(): Plugin {
  return {
    name: 'gridbits:no-node-modules',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id.startsWith('node:') || NODE_BUILTINS.has(id.split('/')[0])) {
        this.error(`${importer ?? 'the playground'} imports the Node module '${id}', which cannot run in a browser`);
      }
      return null;
    },
  };
}

/** The API reference (scripts/reference), written beside the playground so `gridbits serve` serves it at /api/. */
function apiReference(): Plugin {
  return {
    name: 'gridbits:api-reference',
    apply: 'build',
    async generateBundle() {
      const files = await referenceFiles(fileURLToPath(new URL('..', import.meta.url)), { playground: true });
      for (const [name, source] of files) this.emitFile({ type: 'asset', fileName: `api/${name}`, source });
    },
  };
}

export default defineConfig({
  // Relative asset paths: the files work from any folder and under `gridbits serve`.
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [noNodeModules(), apiReference()],
  worker: { format: 'es', plugins: () => [noNodeModules()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  server: { fs: { allow: ['..'] } },
});
