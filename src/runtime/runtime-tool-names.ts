import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';

/**
 * The names of the runtime's own tools, which no catalog binds: `tool_search` (C3) and code
 * mode's `exec`. Per-tool settings such as `timeout.perToolMs` may name them next to the bound
 * tools, whichever `toolMode` or `availability` a turn uses.
 */
export const RUNTIME_TOOL_NAMES: readonly string[] = Object.freeze([TOOL_SEARCH_NAME, EXEC_TOOL_NAME]);
