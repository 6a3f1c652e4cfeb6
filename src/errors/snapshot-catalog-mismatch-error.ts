import { TurnscopeError } from './turnscope-error.js';

/**
 * `runtime.resume()` was given a snapshot taken over another bound catalog (C28): a tool the
 * turn had visible, active, required or direct is missing or has another definition here, or
 * the ceiling B differs (other tools bound, another `boundTools`, profile or client tools).
 * Code `snapshot-catalog-mismatch`. Fix: resume on a runtime (and with `send` inputs) that
 * binds the same tools with the same definitions as the one that took the snapshot.
 */
export class SnapshotCatalogMismatchError extends TurnscopeError {
  /** Tools of the turn that this runtime does not bind. */
  readonly missing: readonly string[];
  /** Tools of the turn bound here with another definition (description or input schema). */
  readonly changed: readonly string[];

  constructor(options: {
    missing: readonly string[];
    changed: readonly string[];
    boundHere: number;
    boundThere: number;
  }) {
    const parts: string[] = [];
    if (options.missing.length > 0) parts.push(`not bound here: ${list(options.missing)}`);
    if (options.changed.length > 0) parts.push(`another definition here: ${list(options.changed)}`);
    if (parts.length === 0) {
      parts.push(
        options.boundHere === options.boundThere
          ? `the ${options.boundHere} bound tools differ in names or definitions outside this turn's tools`
          : `${options.boundThere} tools were bound when it was taken, ${options.boundHere} are bound here`,
      );
    }
    super({
      code: 'snapshot-catalog-mismatch',
      message:
        `This turn snapshot was taken over another bound catalog (${parts.join('; ')}). ` +
        'Resume it on a runtime that binds the same tools with the same definitions (and the same boundTools, profile, clientTools and toolMode).',
    });
    this.missing = Object.freeze([...options.missing]);
    this.changed = Object.freeze([...options.changed]);
  }
}

function list(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => JSON.stringify(name)).join(', ');
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
}
