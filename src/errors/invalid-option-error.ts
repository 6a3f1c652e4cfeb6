import { cutForMessage } from './cut-for-message.js';
import { TurnscopeError } from './turnscope-error.js';

/**
 * An option has a value out of its range or of the wrong type, or cannot be read (a getter or
 * Proxy trap that throws). Code `invalid-option`. The message names the option, what was given
 * (or what reading it threw) and what is accepted; an option path over 120 characters (a hostile
 * key inside it) is cut in the message (`cutForMessage`), kept whole in `option`.
 */
export class InvalidOptionError extends TurnscopeError {
  readonly option: string;

  /**
   * @param options.unreadable what reading the option threw, as text: the message then says the
   *   option could not be read instead of describing `value`. Default: none (`value` is described).
   */
  constructor(options: { option: string; value: unknown; expected: string; unreadable?: string }) {
    const given = options.unreadable === undefined ? `is ${describe(options.value)}` : `cannot be read (reading it threw: ${options.unreadable})`;
    super({
      code: 'invalid-option',
      message: `Option \`${cutForMessage(options.option)}\` ${given}; expected ${options.expected}.`,
    });
    this.option = options.option;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value;
}
