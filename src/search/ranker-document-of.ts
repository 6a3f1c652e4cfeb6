import type { RankerDocument, RankerParameter } from './tool-ranker.js';
import type { indexOperationNames } from './index-operation-names.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

/** Parameters listed per tool at most: a schema with thousands of properties costs the index no more. */
const MAX_PARAMETERS = 64;
/** Nesting levels of `properties` / `items` followed below the top-level object. */
const MAX_DEPTH = 3;
/** Characters kept of one parameter's written description (its enum values follow the cut whole). */
const MAX_PARAMETER_DESCRIPTION_CHARS = 500;
/** Values of one parameter's `enum` indexed at most. */
const MAX_ENUM_VALUES = 32;

/**
 * The document a ranker indexes for one tool: its canonical name, description, group and
 * aliases (when it has any), and the names and descriptions of its input schema's properties (nested objects and array items
 * followed to depth 3; at most 64 parameters, descriptions cut to 500 characters). A parameter's
 * `enum` string values (at most 32) follow its cut description whole, so an operation a long
 * description lists late (GitHub's `pull_request_read` method `get_reviews`, after 1,400
 * characters) is still indexed, and named in full by a query ({@link indexOperationNames}, C9).
 *
 * @param tool.inputSchema a JSON schema (any shape; non-objects give no parameters).
 * @param tool.searchText hint words (C26), indexed after the description; never shown to the
 *   model, which sees the tool's own definition. Default: none.
 * @throws {InvalidOptionError} `name`, `description` or `group` is not a string, `aliases` is not
 *   an array of strings, or `title` / `searchText` is neither a string nor `undefined` (a number
 *   `description` failed with `TypeError: description.includes is not a function`, a number
 *   `searchText` was indexed as its digits), named as `tool.description`.
 */
export function rankerDocumentOf(tool: {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  readonly inputSchema?: unknown;
  /** Default: none. */
  readonly aliases?: readonly string[];
  readonly searchText?: string | undefined;
  /** Default: the `title` of `tool`, else none. */
  readonly title?: string | undefined;
  /** The AI SDK tool of a catalog entry; only its `title` is read. Default: none. */
  readonly tool?: unknown;
}): RankerDocument {
  checkTool(tool);
  const collected: RankerParameter[] = [];
  collectParameters(tool.inputSchema, 0, collected);
  // an exact-size copy: an array grown by push keeps room for 17 entries, and a catalog's
  // documents live through the young-generation collections of its index build, which copy them
  const parameters = collected.length === 0 ? collected : collected.slice();
  const title = titleOf(tool);
  const own = withoutErrorResponses(tool.description);
  const described = title === undefined ? own : `${title}\n${own}`;
  const description = tool.searchText === undefined ? described : `${described}\n${tool.searchText}`;
  const document = { name: tool.name, description, group: tool.group, parameters };
  return tool.aliases === undefined || tool.aliases.length === 0 ? document : { ...document, aliases: tool.aliases };
}

function checkTool(tool: unknown): void {
  if (!isRecord(tool)) throw new InvalidOptionError({ option: 'tool', value: tool, expected: 'a tool { name, description, group, inputSchema?, aliases?, searchText?, title? }' });
  for (const field of ['name', 'description', 'group'] as const) {
    if (typeof tool[field] !== 'string') throw new InvalidOptionError({ option: `tool.${field}`, value: tool[field], expected: field === 'group' ? "a string ('' for none)" : 'a string' });
  }
  for (const field of ['title', 'searchText'] as const) {
    if (tool[field] !== undefined && typeof tool[field] !== 'string') throw new InvalidOptionError({ option: `tool.${field}`, value: tool[field], expected: 'a string, or undefined for none' });
  }
  const aliases = tool['aliases'];
  if (aliases !== undefined && !(Array.isArray(aliases) && aliases.every((alias) => typeof alias === 'string'))) {
    throw new InvalidOptionError({ option: 'tool.aliases', value: aliases, expected: 'an array of strings, or undefined for none' });
  }
}

function collectParameters(schema: unknown, depth: number, into: RankerParameter[]): void {
  if (depth > MAX_DEPTH || !isRecord(schema)) return;
  const properties = valueAt(schema, 'properties');
  if (isRecord(properties)) {
    // for-in over own keys visits them in Object.entries' order without building the pairs
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue;
      if (into.length >= MAX_PARAMETERS) return;
      const property = valueAt(properties, name);
      const written = isRecord(property) ? stringAt(property, 'description') : '';
      const values = isRecord(property) ? enumText(property) : '';
      const cut = written.slice(0, MAX_PARAMETER_DESCRIPTION_CHARS);
      const description = values.length === 0 ? cut : cut.length === 0 ? values : `${cut}\n${values}`;
      into.push({ name, description });
      collectParameters(property, depth + 1, into);
    }
  }
  const items = valueAt(schema, 'items');
  if (isRecord(items)) collectParameters(items, depth + 1, into);
}

/**
 * The tool's title as text to index, when it says more than its description already opens with:
 * `title`, else the AI SDK tool's `title` (what `@ai-sdk/mcp` sets from an MCP tool's `title` or
 * `annotations.title`).
 */
function titleOf(tool: { readonly description: string; readonly title?: string | undefined; readonly tool?: unknown }): string | undefined {
  const fromTool = isRecord(tool.tool) && typeof tool.tool['title'] === 'string' ? tool.tool['title'] : undefined;
  const title = (tool.title ?? fromTool)?.trim();
  if (title === undefined || title.length === 0) return undefined;
  return tool.description.toLowerCase().startsWith(title.toLowerCase()) ? undefined : title;
}

/**
 * The description without the `Error Responses:` section that OpenAPI-to-MCP bridges append
 * (notion-mcp-server: `400: Bad request`, `429: Rate limited`): status lines every tool of the
 * server repeats, which would match any query saying "request" or "error".
 */
function withoutErrorResponses(description: string): string {
  // a plain substring test first: String.prototype.search goes through the generic
  // Symbol.search protocol, the slowest part of a document at 10,000 tools
  if (!description.includes('Error Responses:')) return description;
  const at = description.search(ERROR_RESPONSES);
  return at <= 0 ? description : description.slice(0, at).trimEnd();
}

const ERROR_RESPONSES = /\n\s*Error Responses:\s*\n\s*\d{3}:/;

/** The string values of a property's `enum` (`get_diff`, `list_workflow_runs`), space-separated; `''` when it has none. */
function enumText(property: Record<string, unknown>): string {
  const values = valueAt(property, 'enum');
  if (!Array.isArray(values)) return '';
  const words: string[] = [];
  const count = valueAt(values, 'length') as number;
  for (let index = 0; index < count && words.length < MAX_ENUM_VALUES; index += 1) {
    const value = valueAt(values, index);
    if (typeof value === 'string') words.push(value);
  }
  return words.join(' ');
}

/**
 * `record[key]`. Every read of a schema (its `properties`, `items`, `description`, `enum`, an
 * enum's values) goes through this one keyed read: schemas come in many shapes (and enum arrays
 * in several element kinds), and a read site of its own that had seen a few of them was compiled
 * by the JIT for those and deoptimized by the next (`wrong map`), so the walk was compiled two or
 * three times per 10,000-tool build; this site has seen many keys and shapes, so its compiled code
 * reads any.
 */
function valueAt(record: object, key: string | number): unknown {
  return (record as Record<string | number, unknown>)[key];
}

/** `record[key]` when it is a string ({@link valueAt}), else `''`. */
function stringAt(record: object, key: string): string {
  const value = valueAt(record, key);
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
