import type { JSONValue, Tool, ToolResultPart } from 'ai';
import { describeThrown } from '../errors/describe-thrown.js';
import { toJsonValue } from './to-json-value.js';

type ToolResultOutput = ToolResultPart['output'];

/** The output types a model receives (AI SDK `ToolResultOutput`). */
const OUTPUT_TYPES: ReadonlySet<string> = new Set(['text', 'json', 'execution-denied', 'error-text', 'error-json', 'content']);

/** The result of {@link toModelOutput}. */
export type ModelOutputConversion = { readonly ok: true; readonly modelOutput: ToolResultOutput } | { readonly ok: false; readonly message: string };

/**
 * The output stage of the pipeline (C4): turns a tool's successful output into what the model
 * receives — the tool's own `toModelOutput` when it has one, else text for a string and JSON
 * for anything else. Output that is not JSON (a cycle, a BigInt), a `toModelOutput` that
 * throws (any value) or returns something that is not a tool result output (`{ type: 'text' |
 * 'json' | 'content' | …, value }`) is a failure the caller reports as an `error` outcome, so
 * the model never receives a silently mangled value. Never throws.
 */
export async function toModelOutput(options: {
  readonly tool: Tool;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly input: unknown;
  readonly output: unknown;
}): Promise<ModelOutputConversion> {
  if (options.tool.toModelOutput !== undefined) {
    try {
      const converted: unknown = await options.tool.toModelOutput({ toolCallId: options.toolCallId, input: options.input, output: options.output });
      const type: unknown = converted !== null && typeof converted === 'object' ? (converted as { type?: unknown }).type : undefined;
      if (typeof type === 'string' && OUTPUT_TYPES.has(type)) return { ok: true, modelOutput: converted as ToolResultOutput };
      return { ok: false, message: `${options.toolName}'s toModelOutput returned ${describeThrown(converted)}, not a tool result output ({ type: 'text', value } and the like).` };
    } catch (error) {
      return { ok: false, message: `${options.toolName} returned output its toModelOutput could not convert: ${describeThrown(error)}` };
    }
  }
  if (typeof options.output === 'string') return { ok: true, modelOutput: { type: 'text', value: options.output } };
  try {
    const json = options.output === undefined ? null : (JSON.parse(JSON.stringify(options.output)) as JSONValue);
    return { ok: true, modelOutput: { type: 'json', value: json } };
  } catch (error) {
    return { ok: false, message: `${options.toolName} returned output that is not JSON (${describeThrown(error)}).` };
  }
}

/**
 * What the model receives for a failed call: the message as `error-text`, or an MCP error
 * result as `error-json` — with a BigInt as `"42n"` and a cycle as `"[Circular]"`, so it stays
 * readable; a value that cannot be read at all becomes `error-text` saying so. Never throws.
 */
export function errorModelOutput(output: unknown): ToolResultOutput {
  if (typeof output === 'string') return { type: 'error-text', value: output };
  try {
    return { type: 'error-json', value: (toJsonValue(output) ?? null) as JSONValue };
  } catch {
    return { type: 'error-text', value: describeThrown(output) };
  }
}
