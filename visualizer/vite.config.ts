import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page is built into visualizer/dist (gitignored) with relative asset paths, so
// `turnscope visualize` can serve it from any prefix. See visualizer/README.md.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
  },
});
