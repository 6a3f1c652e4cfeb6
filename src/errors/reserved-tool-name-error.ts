import { TOOL_SEARCH_WIRE_ALIAS } from '../tool-search/tool-search-wire-names.js';
import { TurnscopeError } from './turnscope-error.js';

/**
 * A bound tool (or a client tool of one send) uses a name the runtime reserves: `tool_search`,
 * or `turnscope_tool_search`, the name `tool_search` goes out under on OpenAI's Responses API (a
 * tool of that name would collide with it there). Code `reserved-tool-name`. The names are
 * reserved whatever `availability` is. Fix: rename that tool; the runtime supplies `tool_search`
 * itself (C3).
 */
export class ReservedToolNameError extends TurnscopeError {
  readonly toolName: string;

  /** @param options.option where the name came from: `tools` (default) or `clientTools`. */
  constructor(options: { toolName: string; option?: 'tools' | 'clientTools' }) {
    const reservedFor =
      options.toolName === TOOL_SEARCH_WIRE_ALIAS
        ? 'which turnscope reserves: its tool_search goes out under that name on the OpenAI Responses API, where "tool_search" is taken by OpenAI\'s own tool search'
        : 'which turnscope reserves for its own search tool';
    const kind = options.option === 'clientTools' ? 'A client tool (`clientTools`)' : 'A bound tool';
    super({
      code: 'reserved-tool-name',
      message:
        `${kind} is named ${JSON.stringify(options.toolName)}, ${reservedFor}. ` +
        `Rename your tool (for example "${options.toolName}_custom").` +
        (options.option === 'clientTools'
          ? ''
          : ` To use your own search tool instead of turnscope's, give it another name and bind with \`availability: 'off'\`.`),
    });
    this.toolName = options.toolName;
  }
}
