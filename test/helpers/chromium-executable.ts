import chromium from '@sparticuz/chromium';

/**
 * The Chromium the browser tests drive with `playwright-core`: `TURNSCOPE_CHROMIUM` when set
 * (a path to any Chromium or Chrome binary), else the headless Chromium shipped inside the npm
 * package `@sparticuz/chromium` (a dev dependency), unpacked on first use to the OS temp folder
 * (`/tmp/chromium`, ~190 MB, reused by later runs). So `npm ci && npm test` needs no apt step
 * and no browser download.
 */
export async function chromiumExecutable(): Promise<string> {
  const fromEnvironment = process.env.TURNSCOPE_CHROMIUM;
  if (fromEnvironment !== undefined && fromEnvironment !== '') return fromEnvironment;
  return chromium.executablePath();
}

/** Flags for a headless run on a machine with a closed network (no background connections). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
