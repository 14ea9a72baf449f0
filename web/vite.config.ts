// Vite build of the playground (`vite build web`): web/ is the root, the library's TypeScript comes from ../src;
// the API reference is built with it, into api/.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
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

/**
 * The service worker (src/service.worker.ts), written as sw.js with this build's files (web/public's too) and a
 * version named by the build's time and contents: the playground then opens with no network once visited. The API
 * reference is left out of the list (it is kept as it is read).
 */
function offline(): Plugin {
  return {
    name: 'gridbits:offline',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const pub = fileURLToPath(new URL('public/', import.meta.url));
        const files = [...Object.keys(bundle), ...readdirSync(pub)]
          .filter((f) => !f.endsWith('.map') && !f.startsWith('api/'))
          .sort();
        const hash = createHash('sha256');
        for (const f of files) {
          const out = bundle[f];
          hash.update(f + '\0');
          if (out) hash.update(out.type === 'chunk' ? out.code : out.source);
          else hash.update(readFileSync(pub + f));
        }
        const time = new Date().toISOString().replace(/[-:.]/g, '');
        const source = readFileSync(fileURLToPath(new URL('src/service.worker.ts', import.meta.url)), 'utf8');
        const { code } = await transform(source, {
          loader: 'ts',
          target: 'es2022',
          minify: true,
          define: {
            GRIDBITS_FILES: JSON.stringify(files),
            GRIDBITS_VERSION: JSON.stringify(`${time}-${hash.digest('hex').slice(0, 16)}`),
          },
        });
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
      },
    },
  };
}

export default defineConfig({
  // Relative asset paths: the files work from any folder and under `gridbits serve`.
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [noNodeModules(), apiReference(), offline()],
  worker: { format: 'es', plugins: () => [noNodeModules()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  server: { fs: { allow: ['..'] } },
});
