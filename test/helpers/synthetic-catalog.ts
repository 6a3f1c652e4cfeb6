import { jsonSchema, tool, type ToolSet } from 'ai';

const VERBS = ['create', 'list', 'get', 'delete', 'update', 'search', 'merge', 'close'];
const NOUNS = ['issue', 'file', 'page', 'user', 'repo', 'branch', 'comment', 'label'];

/** `size` tools in `groupCount` groups named like MCP tools (`mcp__<group>__<verb>_<noun>_<n>`), cheap JSON-schema inputs. */
export function syntheticCatalog(size: number, groupCount: number): { tools: ToolSet; groups: Record<string, string[]> } {
  const tools: ToolSet = {};
  const groups: Record<string, string[]> = {};
  for (let index = 0; index < size; index += 1) {
    const group = `server${index % groupCount}`;
    const verb = VERBS[index % VERBS.length]!;
    const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]!;
    const name = `mcp__${group}__${verb}_${noun}_${index}`;
    tools[name] = tool({
      description: `${verb} a ${noun} (tool number ${index})`,
      inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string' } } }),
      execute: async () => 'ok',
    });
    (groups[group] ??= []).push(name);
  }
  return { tools, groups };
}
