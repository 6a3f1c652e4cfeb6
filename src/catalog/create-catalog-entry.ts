import type { JSONSchema7, Tool } from 'ai';
import { syncJsonSchemaOf } from './sync-json-schema-of.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { CatalogEntry } from './catalog-entry.js';
import { measureDefinitionChars } from './measure-definition-chars.js';

/**
 * Builds the frozen catalog entry of one tool: its JSON schema, its description (a
 * context-dependent one resolved once, without context) and its definition size (C10).
 * Shared by the runtime's catalog and the client tools of one send, so both are measured
 * and indexed the same way.
 *
 * @param options.option the option the tool came from, for error messages: `tools` or `clientTools`.
 * @throws {InvalidOptionError} the tool has no input schema, its input schema is not one the AI
 *   SDK accepts (a plain JSON schema object must be wrapped in `jsonSchema()`), or its JSON schema
 *   is only available asynchronously.
 */
export function createCatalogEntry(options: {
  readonly name: string;
  readonly tool: Tool;
  readonly group: string;
  readonly source: string | undefined;
  /** Default: none. */
  readonly aliases?: readonly string[];
  readonly kind: CatalogEntry['kind'];
  readonly option: string;
  /** Search text to index with the description, never shown (C26); `undefined` for none. */
  readonly searchText?: string | undefined;
}): CatalogEntry {
  const { name, tool, option } = options;
  const inputSchema = jsonSchemaOf(option, name, tool);
  const description = descriptionOf(tool);
  return Object.freeze({
    name,
    description,
    group: options.group,
    source: options.source,
    aliases: Object.freeze([...(options.aliases ?? [])]),
    kind: options.kind,
    inputSchema,
    schemaChars: measureDefinitionChars({ name, description, inputSchema }),
    ...(options.searchText === undefined ? {} : { searchText: options.searchText }),
    tool,
  });
}

function jsonSchemaOf(option: string, name: string, tool: Tool): JSONSchema7 {
  if (tool === null || typeof tool !== 'object' || tool.inputSchema === undefined) {
    throw new InvalidOptionError({
      option: `${option}.${name}`,
      value: tool,
      expected: 'an AI SDK tool with an inputSchema (use tool({ description, inputSchema, execute }))',
    });
  }
  return syncJsonSchemaOf(`${option}.${name}.inputSchema`, tool.inputSchema);
}

function descriptionOf(tool: Tool): string {
  const description = tool.description;
  // A context-dependent description is resolved once, without context, so it can be measured and indexed.
  if (typeof description === 'function') return String(description({ context: undefined }));
  return description ?? '';
}
