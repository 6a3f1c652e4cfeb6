import type { RankerDocument, RankerParameter } from './tool-ranker.js';

/** Parameters listed per tool at most: a schema with thousands of properties costs the index no more. */
const MAX_PARAMETERS = 64;
/** Nesting levels of `properties` / `items` followed below the top-level object. */
const MAX_DEPTH = 3;
/** Characters kept of one parameter description. */
const MAX_PARAMETER_DESCRIPTION_CHARS = 500;

/**
 * The document a ranker indexes for one tool: its canonical name, description, group and
 * aliases (when it has any), and the names and descriptions of its input schema's properties (nested objects and array items
 * followed to depth 3; at most 64 parameters, descriptions cut to 500 characters).
 *
 * @param tool.inputSchema a JSON schema (any shape; non-objects give no parameters).
 * @param tool.searchText hint words (C26), indexed after the description; never shown to the
 *   model, which sees the tool's own definition. Default: none.
 */
export function rankerDocumentOf(tool: {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  readonly inputSchema?: unknown;
  /** Default: none. */
  readonly aliases?: readonly string[];
  readonly searchText?: string | undefined;
}): RankerDocument {
  const parameters: RankerParameter[] = [];
  collectParameters(tool.inputSchema, 0, parameters);
  const description = tool.searchText === undefined ? tool.description : `${tool.description}\n${tool.searchText}`;
  const document = { name: tool.name, description, group: tool.group, parameters };
  return tool.aliases === undefined || tool.aliases.length === 0 ? document : { ...document, aliases: tool.aliases };
}

function collectParameters(schema: unknown, depth: number, into: RankerParameter[]): void {
  if (depth > MAX_DEPTH || !isRecord(schema)) return;
  const properties = schema['properties'];
  if (isRecord(properties)) {
    // for-in over own keys visits them in Object.entries' order without building the pairs
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue;
      if (into.length >= MAX_PARAMETERS) return;
      const property = properties[name];
      const description = isRecord(property) && typeof property['description'] === 'string' ? property['description'] : '';
      into.push({ name, description: description.slice(0, MAX_PARAMETER_DESCRIPTION_CHARS) });
      collectParameters(property, depth + 1, into);
    }
  }
  const items = schema['items'];
  if (isRecord(items)) collectParameters(items, depth + 1, into);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
