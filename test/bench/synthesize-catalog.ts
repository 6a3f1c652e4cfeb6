import type { EvalTool } from '../../src/eval/eval-dataset.js';

/**
 * A catalog of exactly `size` tools from the real ones: the real tools first, then renamed
 * copies (`c2__<id>`, `c3__<id>`, … in group `<group>-c2`, …) with the same descriptions and
 * schemas, so a 50,000-tool catalog has real text and real vocabulary, as a large MCP
 * deployment (many servers exposing similar tools) would.
 */
export function synthesizeCatalog(pool: readonly EvalTool[], size: number): EvalTool[] {
  const tools: EvalTool[] = [];
  for (let index = 0; tools.length < size; index += 1) {
    const source = pool[index % pool.length]!;
    const copy = Math.floor(index / pool.length) + 1;
    tools.push(copy === 1 ? source : { ...source, id: `c${copy}__${source.id}`, name: `c${copy}__${source.id}`, group: `${source.group}-c${copy}` });
  }
  return tools;
}
