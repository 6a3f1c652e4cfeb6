import type { Tool, ToolSet } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';

/**
 * The tool definitions handed to `streamText`, built once per runtime: every bound tool
 * without the parts that would make the AI SDK execute or approve it (the runtime executes
 * through its own pipeline, C4), plus `tool_search` when it is offered. Which of them a step
 * sends is decided by `activeTools` (C3).
 */
export function providerToolSet(options: { readonly catalog: ToolCatalog; readonly toolSearch: Tool | undefined }): ToolSet {
  const tools: ToolSet = {};
  for (const entry of options.catalog.entries) {
    const { execute: _execute, needsApproval: _needsApproval, onInputStart: _start, onInputDelta: _delta, onInputAvailable: _available, ...definition } =
      entry.tool as Tool & Record<string, unknown>;
    tools[entry.name] = { ...definition, description: entry.description } as Tool;
  }
  if (options.toolSearch !== undefined) tools[TOOL_SEARCH_NAME] = options.toolSearch;
  return tools;
}
