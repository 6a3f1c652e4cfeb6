const marker = Symbol.for('turnscope.error');

/**
 * Base class of every error turnscope throws. Only configuration mistakes throw (STYLE 8, 9):
 * tool failures during a turn are tool-error results, and a failed turn resolves with
 * `status: 'failed'`. `code` is stable across versions; match on it, not on the message.
 */
export class TurnscopeError extends Error {
  readonly code: string;
  private readonly [marker] = true;

  constructor(options: { code: string; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
  }

  /** True for any turnscope error, also across duplicate copies of the package. */
  static isInstance(error: unknown): error is TurnscopeError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}
