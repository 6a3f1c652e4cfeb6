import { TurnscopeError } from '../errors/turnscope-error.js';

/** One MCP tool as its server lists it. */
export interface McpToolOrigin {
  /** The server's key in `bindMcpTools({ servers })`. */
  readonly server: string;
  /** The tool name as the server lists it. */
  readonly tool: string;
}

/**
 * Two MCP tools map to one canonical name, e.g. server `a__b` offering `c` and server `a`
 * offering `b__c` both give `mcp__a__b__c`. Code `mcp-tool-name-collision`.
 * Fix: rename one of the server keys in `bindMcpTools({ servers })`.
 */
export class McpToolNameCollisionError extends TurnscopeError {
  /** The canonical name both tools map to. */
  readonly canonicalName: string;
  /** The tool that claimed the name first (server order, then the server's listing order). */
  readonly first: McpToolOrigin;
  /** The tool that collided with it. */
  readonly second: McpToolOrigin;

  constructor(options: { canonicalName: string; first: McpToolOrigin; second: McpToolOrigin }) {
    super({
      code: 'mcp-tool-name-collision',
      message:
        `Two MCP tools map to the canonical name ${JSON.stringify(options.canonicalName)}: ` +
        `${describe(options.first)} and ${describe(options.second)}. ` +
        'Rename one of these server keys in bindMcpTools({ servers }) so their names no longer collide ' +
        '(avoid "__" in server keys).',
    });
    this.canonicalName = options.canonicalName;
    this.first = options.first;
    this.second = options.second;
  }
}

function describe(origin: McpToolOrigin): string {
  return `tool ${JSON.stringify(origin.tool)} of server ${JSON.stringify(origin.server)}`;
}
