import type { JSONSchema7 } from 'ai';

/**
 * Size of a tool definition as it is sent to the provider, in characters: the length of
 * `JSON.stringify({ name, description, inputSchema })`. One measure for catalog entries,
 * `tool_search` and telemetry (C10, C21).
 */
export function measureDefinitionChars(definition: {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JSONSchema7;
}): number {
  return JSON.stringify({ name: definition.name, description: definition.description, inputSchema: definition.inputSchema }).length;
}
