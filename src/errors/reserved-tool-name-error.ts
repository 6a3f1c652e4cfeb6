import { TOOL_SEARCH_WIRE_ALIAS } from '../tool-search/tool-search-wire-names.js';
import { TurnscopeError } from './turnscope-error.js';

/**
 * A bound tool uses a name the runtime reserves: `tool_search`, or `turnscope_tool_search`,
 * the name `tool_search` goes out under on OpenAI's Responses API (a bound tool of that name
 * would collide with it there). Code `reserved-tool-name`.
 * Fix: rename that tool; the runtime supplies `tool_search` itself (C3).
 */
export class ReservedToolNameError extends TurnscopeError {
  readonly toolName: string;

  constructor(options: { toolName: string }) {
    const reservedFor =
      options.toolName === TOOL_SEARCH_WIRE_ALIAS
        ? 'which turnscope reserves: its tool_search goes out under that name on the OpenAI Responses API, where "tool_search" is taken by OpenAI\'s own tool search'
        : 'which turnscope reserves for its own search tool';
    super({
      code: 'reserved-tool-name',
      message:
        `A bound tool is named ${JSON.stringify(options.toolName)}, ${reservedFor}. ` +
        `Rename your tool (for example "${options.toolName}_custom"), or bind with \`availability: 'off'\` ` +
        `and keep your own search.`,
    });
    this.toolName = options.toolName;
  }
}
