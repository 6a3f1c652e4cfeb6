import type { JSONValue, Tool, ToolResultPart } from 'ai';

type ToolResultOutput = ToolResultPart['output'];

/** The result of {@link toModelOutput}. */
export type ModelOutputConversion = { readonly ok: true; readonly modelOutput: ToolResultOutput } | { readonly ok: false; readonly message: string };

/**
 * The output stage of the pipeline (C4): turns a tool's successful output into what the model
 * receives — the tool's own `toModelOutput` when it has one, else text for a string and JSON
 * for anything else. Output that is not JSON (a cycle, a BigInt) or a `toModelOutput` that
 * throws is a failure the caller reports as an `error` outcome, so the model never receives a
 * silently mangled value.
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
      return { ok: true, modelOutput: await options.tool.toModelOutput({ toolCallId: options.toolCallId, input: options.input, output: options.output }) };
    } catch (error) {
      return { ok: false, message: `${options.toolName} returned output its toModelOutput could not convert: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  if (typeof options.output === 'string') return { ok: true, modelOutput: { type: 'text', value: options.output } };
  try {
    const json = options.output === undefined ? null : (JSON.parse(JSON.stringify(options.output)) as JSONValue);
    return { ok: true, modelOutput: { type: 'json', value: json } };
  } catch (error) {
    return { ok: false, message: `${options.toolName} returned output that is not JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
}

/** What the model receives for a failed call: the message as `error-text`, or an MCP error result as `error-json`. */
export function errorModelOutput(output: unknown): ToolResultOutput {
  if (typeof output === 'string') return { type: 'error-text', value: output };
  try {
    return { type: 'error-json', value: JSON.parse(JSON.stringify(output ?? null)) as JSONValue };
  } catch {
    return { type: 'error-text', value: String(output) };
  }
}
