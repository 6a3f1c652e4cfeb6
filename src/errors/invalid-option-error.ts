import { TurnscopeError } from './turnscope-error.js';

/**
 * An option has a value out of its range or of the wrong type. Code `invalid-option`.
 * The message names the option, what was given and what is accepted.
 */
export class InvalidOptionError extends TurnscopeError {
  readonly option: string;

  constructor(options: { option: string; value: unknown; expected: string }) {
    super({
      code: 'invalid-option',
      message: `Option \`${options.option}\` is ${describe(options.value)}; expected ${options.expected}.`,
    });
    this.option = options.option;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value;
}
