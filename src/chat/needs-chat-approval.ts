/**
 * Whether a tool of the chat's MCP servers changes something, so that `turnscope chat` marks it
 * `needsApproval: true` and the page asks the person first (C27): the filesystem server's
 * `write_file`, `edit_file`, `move_file`, `create_directory`, and the memory server's
 * `create_*`, `add_*` and `delete_*` tools. Reading, listing and searching run at once.
 *
 * @param name a canonical MCP tool name, `mcp__<server>__<tool>`.
 */
export function needsChatApproval(name: string): boolean {
  const tool = name.slice(name.lastIndexOf('__') + 2);
  return /^(write|edit|move|create|add|delete)_/.test(tool);
}
