import { TurnscopeError } from '../errors/turnscope-error.js';

/**
 * The visualizer page is not built and cannot be built here (Vite is not installed). Code
 * `visualizer-page-missing`. In a checkout, `npm ci` builds it (the `prepare` script), and so
 * does `npm run build:visualizer`.
 */
export class VisualizerPageMissingError extends TurnscopeError {
  /** Where the page was looked for: the directory that should hold `index.html`. */
  readonly pageDir: string;

  constructor(options: { pageDir: string; cause?: unknown }) {
    super({
      code: 'visualizer-page-missing',
      message:
        `The visualizer page is not built (no ${options.pageDir}/index.html) and Vite, which builds it, ` +
        'is not installed. In a turnscope checkout run `npm ci` or `npm run build:visualizer`.',
      cause: options.cause,
    });
    this.pageDir = options.pageDir;
  }
}
