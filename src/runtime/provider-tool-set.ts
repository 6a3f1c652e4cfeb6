import { jsonSchema, type JSONSchema7, type Tool, type ToolSet } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';

/** One definition to send: its name, text and JSON schema as measured. */
export interface ProviderDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JSONSchema7;
  /** The bound tool, for its provider options and title. */
  readonly tool: Tool;
}

/**
 * The tool definitions handed to `streamText`, built once per binding: every definition with
 * its JSON schema already computed (so no schema conversion happens per step) and without the
 * parts that would make the AI SDK execute or approve it — the runtime executes through its
 * own pipeline (C4), which honours a tool's `needsApproval` itself (askApproval) — plus
 * `tool_search` when it is offered. Which of them a step sends is
 * decided by `activeTools` (C3).
 *
 * The set has no prototype, so a tool named `__proto__` is an own key like any other and its
 * definition reaches the request (the AI SDK reads tool sets with `Object.entries` and own-key
 * lookups) (C2, C3).
 */
export function providerToolSet(options: {
  readonly definitions: readonly ProviderDefinition[];
  readonly toolSearch: ProviderDefinition | undefined;
}): ToolSet {
  const tools: ToolSet = nameKeyedRecord<Tool>();
  for (const definition of [...options.definitions, ...(options.toolSearch === undefined ? [] : [options.toolSearch])]) {
    const {
      execute: _execute,
      needsApproval: _needsApproval,
      onInputStart: _start,
      onInputDelta: _delta,
      onInputAvailable: _available,
      toModelOutput: _toModelOutput,
      ...rest
    } = definition.tool as Tool & Record<string, unknown>;
    tools[definition.name] = { ...rest, description: definition.description, inputSchema: jsonSchema(definition.inputSchema) } as Tool;
  }
  if (options.toolSearch !== undefined && options.toolSearch.name !== TOOL_SEARCH_NAME) {
    throw new Error(`providerToolSet: the search tool must be named ${TOOL_SEARCH_NAME}`);
  }
  return tools;
}
