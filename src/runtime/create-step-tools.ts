import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';
import type { StepExecutionContext, StepTool } from '../execution/step-execution-context.js';
import { DEFAULT_TOOL_POLICY } from '../execution/tool-policy.js';

/**
 * The tool table of one step (C4), its context's `resolveTool`: name → the tool to validate
 * against and execute, with its policy. The runtime's own tools of the step sit over the
 * binding's: `tool_search` with an `execute` over this step's search state, and code mode's
 * `exec` over this step's context, each with the policy declared where it is created; any other
 * name is the binding's tool with {@link DEFAULT_TOOL_POLICY}. Nothing of B is copied per
 * step: the binding's tools are looked up as they are called.
 *
 * @param options.search `tool_search`'s entry of this step; `undefined` when the turn offers no search.
 * @param options.exec builds `exec`'s entry of this step, once, on its first lookup; `undefined`
 *   outside code mode.
 */
export function createStepTools(options: {
  readonly resolveBound: (name: string) => StepTool['tool'] | undefined;
  readonly search: StepTool | undefined;
  readonly exec: (() => StepTool) | undefined;
}): StepExecutionContext['resolveTool'] {
  const { resolveBound, search, exec } = options;
  let execTool: StepTool | undefined;
  const own = new Map<string, () => StepTool>();
  if (search !== undefined) own.set(TOOL_SEARCH_NAME, () => search);
  if (exec !== undefined) own.set(EXEC_TOOL_NAME, () => (execTool ??= exec()));
  return (name) => {
    const entry = own.get(name);
    if (entry !== undefined) return entry();
    const tool = resolveBound(name);
    return tool === undefined ? undefined : { tool, policy: DEFAULT_TOOL_POLICY };
  };
}
