import { cutForMessage } from './cut-for-message.js';
import { TurnscopeError } from './turnscope-error.js';

/** The pattern providers accept for tool names (OpenAI, Anthropic): 1–64 of `[a-zA-Z0-9_-]`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A bound tool's canonical name would be refused by providers. Code `invalid-tool-name`.
 * Fix: rename the key in the `tools` ToolSet (or `clientTools`, as `option` says) so it
 * matches `^[a-zA-Z0-9_-]{1,64}$`. A name over 120 characters is cut in the message
 * (`cutForMessage`), kept whole in `toolName`.
 */
export class InvalidToolNameError extends TurnscopeError {
  readonly toolName: string;
  /** The option the name came from: `tools` (default) or `clientTools`. */
  readonly option: string;

  constructor(options: { toolName: string; option?: string }) {
    const option = options.option ?? 'tools';
    super({
      code: 'invalid-tool-name',
      message:
        `Tool name ${JSON.stringify(cutForMessage(options.toolName))} is refused by providers: canonical names must match ` +
        `^[a-zA-Z0-9_-]{1,64}$ (letters, digits, "_" and "-", 1 to 64 characters). Rename its key in \`${option}\`.`,
    });
    this.toolName = options.toolName;
    this.option = option;
  }
}
