import { MissingPeerDependencyError } from '../errors/missing-peer-dependency-error.js';
import type { OptionalPackages } from './optional-packages.js';

/**
 * Loads the optional peer dependencies a command needs, all at once, so one message names every
 * missing package: each of `imports` is imported, each of `entries` (scripts run as child
 * processes, never imported) only resolved.
 *
 * @param options.neededBy what needs them, for the message (e.g. `'turnscope demo'`).
 * @returns the imported modules, in the order of `imports`.
 * @throws {MissingPeerDependencyError} naming every package of `imports` and `entries` that is
 *   not installed (the CLI exits 2); any other import failure (a broken install) as it was.
 */
export async function loadOptionalPackages(options: {
  readonly packages: OptionalPackages;
  readonly neededBy: string;
  readonly imports?: readonly string[];
  readonly entries?: readonly string[];
}): Promise<unknown[]> {
  const { packages, imports = [], entries = [] } = options;
  const missing: string[] = [];
  let firstCause: unknown;
  const notInstalled = (specifier: string, error: unknown) => {
    if (!isNotFound(error, packageNameOf(specifier))) throw error;
    if (!missing.includes(packageNameOf(specifier))) missing.push(packageNameOf(specifier));
    firstCause ??= error;
  };
  const modules = await Promise.all(
    imports.map(async (specifier) => {
      try {
        return await packages.import(specifier);
      } catch (error) {
        notInstalled(specifier, error);
        return undefined;
      }
    }),
  );
  for (const specifier of entries) {
    try {
      packages.resolve(specifier);
    } catch (error) {
      notInstalled(specifier, error);
    }
  }
  if (missing.length > 0) throw new MissingPeerDependencyError({ packages: missing, neededBy: options.neededBy, cause: firstCause });
  return modules;
}

/** `@scope/name/deep/path` → `@scope/name`; `name/deep` → `name`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Node's "cannot find" for this package itself, not for one of its own dependencies (a broken install). */
function isNotFound(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = String((error as { message?: unknown }).message);
  return message.includes(`'${packageName}'`) || message.includes(`'${packageName}/`);
}
