import type { EvalTool } from '../../src/eval/eval-dataset.js';

/**
 * A catalog of exactly `size` tools from the real ones: the real tools first, then renamed
 * copies (`c2__<id>`, `c3__<id>`, … in group `<group>-c2`, …) with the same descriptions and
 * schemas, so a 50,000-tool catalog has real text and real vocabulary, as a large MCP
 * deployment (many servers exposing similar tools) would.
 *
 * @param options.distinctText give every copy's description and parameter names `copy − 1`
 *   trailing spaces: the same terms (so the same rankings), but no two tools share a text, so
 *   a ranker cannot save work on the copies' repeated text. The catalog then goes through
 *   `JSON.stringify` and `JSON.parse`, so its strings are flat, as in a catalog read from JSON
 *   (V8 would otherwise flatten each concatenated string on its first use, inside the timed
 *   build). Default `false`.
 */
export function synthesizeCatalog(pool: readonly EvalTool[], size: number, options: { readonly distinctText?: boolean } = {}): EvalTool[] {
  const tools: EvalTool[] = [];
  for (let index = 0; tools.length < size; index += 1) {
    const source = pool[index % pool.length]!;
    const copy = Math.floor(index / pool.length) + 1;
    if (copy === 1) {
      tools.push(source);
      continue;
    }
    const renamed = { ...source, id: `c${copy}__${source.id}`, name: `c${copy}__${source.id}`, group: `${source.group}-c${copy}` };
    const padding = ' '.repeat(copy - 1);
    tools.push(
      options.distinctText === true
        ? { ...renamed, description: `${source.description}${padding}`, inputSchema: padPropertyNames(source.inputSchema, padding) }
        : renamed,
    );
  }
  return options.distinctText === true ? (JSON.parse(JSON.stringify(tools)) as EvalTool[]) : tools;
}

/** A copy of a JSON schema with `padding` after every property name, nested ones included. */
function padPropertyNames(schema: unknown, padding: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => padPropertyNames(item, padding));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([name, property]) => [`${name}${padding}`, padPropertyNames(property, padding)]))
        : padPropertyNames(value, padding),
    ]),
  );
}
