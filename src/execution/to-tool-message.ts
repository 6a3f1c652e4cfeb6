import type { JSONValue, ModelMessage, Tool, ToolResultPart } from 'ai';
import type { TurnToolResult } from '../../machines/turn-types.js';

/**
 * Builds the tool message that carries a step's results to the model, one `tool-result`
 * part per call in call order. `ok` results use the tool's `toModelOutput` when it has one,
 * else text for a string and JSON for anything else; every other outcome is `error-text`
 * (or `error-json` for an MCP error result) so the model reads it as a failed call.
 */
export async function toToolMessage(options: {
  readonly results: readonly TurnToolResult[];
  readonly inputs: ReadonlyMap<string, unknown>;
  readonly resolveTool: (name: string) => Tool | undefined;
}): Promise<ModelMessage> {
  const content: ToolResultPart[] = [];
  for (const result of options.results) {
    content.push({
      type: 'tool-result',
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      output: await toOutput(result, options),
    });
  }
  return { role: 'tool', content };
}

async function toOutput(
  result: TurnToolResult,
  options: { readonly inputs: ReadonlyMap<string, unknown>; readonly resolveTool: (name: string) => Tool | undefined },
): Promise<ToolResultPart['output']> {
  if (result.outcome !== 'ok') {
    return typeof result.output === 'string'
      ? { type: 'error-text', value: result.output }
      : { type: 'error-json', value: toJsonValue(result.output) };
  }
  const tool = options.resolveTool(result.toolName);
  if (tool?.toModelOutput !== undefined) {
    try {
      return await tool.toModelOutput({
        toolCallId: result.toolCallId,
        input: options.inputs.get(result.toolCallId),
        output: result.output,
      });
    } catch (error) {
      return { type: 'error-text', value: `${result.toolName} returned output it could not convert: ${String(error)}` };
    }
  }
  return typeof result.output === 'string'
    ? { type: 'text', value: result.output }
    : { type: 'json', value: toJsonValue(result.output) };
}

/** JSON round trip: drops `undefined`, functions and cycles' offenders so the provider gets valid JSON. */
function toJsonValue(value: unknown): JSONValue {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as JSONValue;
  } catch {
    return String(value);
  }
}
