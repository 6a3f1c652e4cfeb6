import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VisualizerPageMissingError } from './visualizer-page-missing-error.js';

/**
 * The package's root directory: the nearest ancestor of this file whose package.json is
 * turnscope's. The same from the sources (`src/visualizer/`) and the build (`dist/src/visualizer/`).
 */
export function packageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'turnscope') return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`turnscope: no package.json of turnscope above ${fileURLToPath(import.meta.url)}`);
    directory = parent;
  }
}

/** Where `npm run build:visualizer` puts the page: `<package root>/visualizer/dist`. */
export function defaultPageDir(): string {
  return join(packageRoot(), 'visualizer', 'dist');
}

/** The pages `npm run build:visualizer` builds: the visualizer and `turnscope chat`'s page. */
export const VISUALIZER_PAGES: readonly string[] = Object.freeze(['index.html', 'chat.html']);

/**
 * Builds the pages ({@link VISUALIZER_PAGES}) with Vite from `visualizer/vite.config.ts` (about 3 seconds).
 *
 * @param options.outDir where to put it. Default {@link defaultPageDir}.
 * @returns the directory holding `index.html`.
 * @throws {VisualizerPageMissingError} when Vite is not installed (an installed package ships the built page).
 */
export async function buildVisualizerPage(options: { readonly outDir?: string } = {}): Promise<string> {
  const outDir = options.outDir ?? defaultPageDir();
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch (error) {
    throw new VisualizerPageMissingError({ pageDir: outDir, cause: error });
  }
  await vite.build({
    configFile: join(packageRoot(), 'visualizer', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * The built pages' directory, building them first when one is missing (the first `visualize` or
 * `chat` in a checkout whose `prepare` did not run, or a build from before `chat.html`). It is not rebuilt when the sources change: run
 * `npm run build:visualizer` after editing `visualizer/`.
 *
 * @param options.output told when a build starts.
 */
export async function ensureVisualizerPage(options: { readonly output?: (line: string) => void } = {}): Promise<string> {
  const pageDir = defaultPageDir();
  if (VISUALIZER_PAGES.every((page) => existsSync(join(pageDir, page)))) return pageDir;
  options.output?.(`building the visualizer page into ${pageDir} (first use)…`);
  return buildVisualizerPage({ outDir: pageDir });
}
