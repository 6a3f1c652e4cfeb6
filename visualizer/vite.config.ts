import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The pages are built into visualizer/dist (gitignored) with relative asset paths, so
// `turnscope visualize` (index.html) and `turnscope chat` (chat.html) can serve them from any
// prefix; they share the statechart code. See visualizer/README.md.
export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: { index: `${root}index.html`, chat: `${root}chat.html` },
    },
  },
});
