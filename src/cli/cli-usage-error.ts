import { TurnscopeError } from '../errors/turnscope-error.js';

/**
 * The command line asks for something the CLI cannot do: an unknown command or option, a
 * malformed `--model`, or a provider whose API key is not set. Code `cli-usage`. The CLI
 * prints the message and exits with status 2.
 */
export class CliUsageError extends TurnscopeError {
  constructor(options: { message: string }) {
    super({ code: 'cli-usage', message: options.message });
  }
}
