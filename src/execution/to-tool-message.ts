import type { ModelMessage, ToolResultPart } from 'ai';
import type { TurnToolResult } from '../../machines/turn-types.js';

/**
 * Builds the tool message that carries a step's results to the model: one `tool-result` part
 * per call, in call order, with the `modelOutput` the pipeline produced for it.
 */
export function toToolMessage(results: readonly TurnToolResult[]): ModelMessage {
  return {
    role: 'tool',
    content: results.map((result) => ({
      type: 'tool-result',
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      output: result.modelOutput as ToolResultPart['output'],
    })),
  };
}
