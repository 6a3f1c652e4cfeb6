import type { TurnResult } from '../../src/index.js';

/**
 * What a durable turn must agree on with an in-process one: everything but ids and clock
 * readings — status, reason, text, activated tools, messages, each step's tool results (name,
 * call id, outcome, output) by step index, and the error's name.
 */
export function observableTurn(result: TurnResult) {
  return {
    status: result.status,
    reason: result.reason,
    text: result.text,
    activated: result.activated,
    messages: result.messages,
    outcomes: result.steps.map((step) => [step.stepIndex, step.toolResults.map((r) => [r.toolName, r.toolCallId, r.outcome, r.output])]),
    error: result.error?.name,
  };
}
