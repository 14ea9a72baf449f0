// Vite build of the playground (`vite build web`): web/ is the root, the library's TypeScript comes from ../src.
import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset paths: the files work from any folder and under `gridbits serve`.
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The engines stay free of Node APIs; a Node built-in in the bundle is a bug, so fail loudly.
    rolldownOptions: {
      onwarn(warning, warn) {
        if (/externalized for browser compatibility|node:/.test(warning.message)) throw new Error(warning.message);
        warn(warning);
      },
    },
    reportCompressedSize: false,
  },
  server: { fs: { allow: ['..'] } },
});
