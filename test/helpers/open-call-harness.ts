import type { ModelMessage, ToolSet } from 'ai';
import { createToolSearchRuntime, type ToolSearchRuntimeOptions } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import type { ScriptedStepSource } from '../../src/testing/scripted-step.js';

/** The tool executions of a test, in the order they ran. */
export type Ran = { toolName: string; input: unknown }[];

/** An `execute` for `toolName` that records its input in `ran` and answers `<toolName> done`. */
export const recordingExecute = (ran: Ran, toolName: string) => async (input: unknown) => {
  ran.push({ toolName, input });
  return `${toolName} done`;
};

/**
 * A runtime over `toolsOf(ran)` with `direct` tools, for the C27 tests of calls left open across
 * requests: `start(messages, ...steps)` sends one turn on a scripted model, `send` awaits its result.
 */
export function openCallHarness(toolsOf: (ran: Ran) => ToolSet, direct: readonly string[], options: Partial<ToolSearchRuntimeOptions> = {}) {
  const ran: Ran = [];
  const runtime = createToolSearchRuntime({ tools: toolsOf(ran), direct, ...options });
  const start = (messages: ModelMessage[], ...steps: ScriptedStepSource[]) => {
    const scripted = createScriptedModel({ steps });
    return { turn: runtime.send({ model: scripted.model, messages }), requests: scripted.requests };
  };
  const send = async (messages: ModelMessage[], ...steps: ScriptedStepSource[]) => {
    const { turn, requests } = start(messages, ...steps);
    return { result: await turn.result, requests };
  };
  return { ran, runtime, start, send };
}
