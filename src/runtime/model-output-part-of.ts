import type { TextStreamPart, ToolSet } from 'ai';
import type { ModelOutputPart } from './turn-stream-part.js';

/** The `fullStream` part types the turn's stream passes on as they are ({@link ModelOutputPart}). */
const MODEL_OUTPUT_TYPES: ReadonlySet<string> = new Set<ModelOutputPart['type']>([
  'text-start', 'text-delta', 'text-end',
  'reasoning-start', 'reasoning-delta', 'reasoning-end', 'reasoning-file',
  'source', 'file',
  'tool-input-start', 'tool-input-delta', 'tool-input-end',
  'custom', 'raw',
]);

/**
 * The {@link ModelOutputPart} of one `fullStream` part, or `undefined` for the parts the runtime
 * reports otherwise (tool calls, step and stream boundaries, errors) or not at all (`ping`).
 * `tool-input-start` gets the canonical tool name (`fromWire`, as `tool-call` does); every other
 * part is passed on as the SDK made it.
 */
export function modelOutputPartOf(part: TextStreamPart<ToolSet>, fromWire: (name: string) => string): ModelOutputPart | undefined {
  if (!MODEL_OUTPUT_TYPES.has(part.type)) return undefined;
  const output = part as ModelOutputPart;
  if (output.type === 'tool-input-start') return { ...output, toolName: fromWire(output.toolName) };
  return output;
}
