import { TurnscopeError } from './turnscope-error.js';

/**
 * A bound tool uses a name the runtime reserves (`tool_search`). Code `reserved-tool-name`.
 * Fix: rename that tool; the runtime supplies `tool_search` itself (C3).
 */
export class ReservedToolNameError extends TurnscopeError {
  readonly toolName: string;

  constructor(options: { toolName: string }) {
    super({
      code: 'reserved-tool-name',
      message:
        `A bound tool is named ${JSON.stringify(options.toolName)}, which turnscope reserves for its own search tool. ` +
        `Rename your tool (for example "${options.toolName}_custom"), or bind with \`availability: 'off'\` ` +
        `and keep your own search.`,
    });
    this.toolName = options.toolName;
  }
}
