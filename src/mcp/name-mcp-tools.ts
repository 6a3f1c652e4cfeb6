import { holdsListSeparator } from '../catalog/holds-list-separator.js';
import { canonicalMcpToolName } from './canonical-mcp-tool-name.js';
import { McpToolNameCollisionError, type McpToolOrigin } from './mcp-tool-name-collision-error.js';
import { mcpToolUpstream } from './mcp-tool-upstream.js';
import { readableMcpToolName } from './readable-mcp-tool-name.js';

/** An MCP tool with the canonical name it is bound under. */
export interface NamedMcpTool extends McpToolOrigin {
  /**
   * `mcp__<server>__<tool>`; for a gateway name (`github.create_issue`) the readable
   * `mcp__<server>__github_create_issue`; otherwise shortened when needed (see
   * {@link canonicalMcpToolName}).
   */
  readonly canonicalName: string;
  /** The upstream server the tool name carries (`github` of `github.create_issue`); `undefined` when it carries none. */
  readonly upstream: string | undefined;
  /**
   * Other names a search finds the tool by (C9), when its canonical name is not the name the
   * server lists: the listed name, and for a gateway name both spellings of it
   * (`github.create_issue`, `github/create_issue`). `[]` for a tool listed under a name
   * providers accept; a listed name that holds a comma, semicolon or ideographic comma is left
   * out (a `select:` list is split at them: `LIST_SEPARATORS`).
   */
  readonly aliases: readonly string[];
}

/**
 * Gives every listed MCP tool its canonical name, in the order given (servers, then each
 * server's listing order). A name providers accept keeps `mcp__<server>__<tool>`; a gateway name
 * (`github.create_issue`, `github/create_issue`) gets the readable name with `_` for the
 * separators, unless that is another tool's name (listed as such, or the readable name of
 * another tool), in which case — as for every other name providers refuse — it gets the
 * shortened name with a sha256 suffix. The result does not depend on listing order.
 *
 * @param listings each server's key and the tool names it listed.
 * @throws {McpToolNameCollisionError} two tools map to one canonical name.
 */
export function nameMcpTools(
  listings: readonly { readonly server: string; readonly tools: readonly string[] }[],
): NamedMcpTool[] {
  const planned = listings.flatMap(({ server, tools }) =>
    tools.map((tool) => {
      const canonical = canonicalMcpToolName({ server, tool });
      const exact = canonical === `mcp__${server}__${tool}`;
      return { server, tool, canonical, readable: exact ? undefined : readableMcpToolName({ server, tool }) };
    }),
  );
  // a readable name is used only when no other tool has it, as its own name or as its readable one
  const claims = new Map<string, number>();
  for (const { canonical, readable } of planned) {
    const name = readable ?? canonical;
    claims.set(name, (claims.get(name) ?? 0) + 1);
  }
  const claimed = new Map<string, McpToolOrigin>();
  const named: NamedMcpTool[] = [];
  for (const { server, tool, canonical, readable } of planned) {
    const canonicalName = readable !== undefined && claims.get(readable) === 1 ? readable : canonical;
    const first = claimed.get(canonicalName);
    if (first !== undefined) {
      throw new McpToolNameCollisionError({ canonicalName, first, second: { server, tool } });
    }
    claimed.set(canonicalName, { server, tool });
    const gateway = mcpToolUpstream(tool);
    const aliases = canonicalName === `mcp__${server}__${tool}` ? [] : gateway === undefined ? [tool] : [tool, `${gateway.upstream}.${gateway.tool}`, `${gateway.upstream}/${gateway.tool}`];
    // a listed name with a comma, semicolon or `、` could never be selected (a select: list is split there)
    named.push({ canonicalName, server, tool, upstream: gateway?.upstream, aliases: [...new Set(aliases)].filter((alias) => !holdsListSeparator(alias)) });
  }
  return named;
}
