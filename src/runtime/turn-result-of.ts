import type { LanguageModelUsage, ModelMessage } from 'ai';
import type { TurnMachineOutput } from '../../machines/turn-machine.js';
import { toToolMessage } from '../execution/to-tool-message.js';
import type { TurnResult } from './runtime-options.js';

/**
 * A turn's `result` from the machine's output: every field comes from the machine (C28); the
 * transcript gets one last tool message when the turn ended while a step's tools ran
 * (`closingResults`), so each tool call of `messages` has its result and it can go to the next
 * `send()` as it is.
 */
export function turnResultOf(output: TurnMachineOutput): TurnResult {
  const closing = output.closingResults.length === 0 ? [] : [toToolMessage(output.closingResults)];
  return {
    turnId: output.turnId,
    status: output.status,
    reason: output.finishReason,
    text: output.text,
    steps: output.stepRecords,
    messages: [...(output.messages as ModelMessage[]), ...closing],
    usage: output.usage as unknown as LanguageModelUsage,
    activated: output.activated,
    ...(output.error === undefined ? {} : { error: output.error }),
  };
}
