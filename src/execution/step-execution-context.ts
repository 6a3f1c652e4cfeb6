import type { ModelMessage, Tool } from 'ai';
import type { ExecutionPipelineSettings } from './execution-pipeline-settings.js';
import type { PermissionCheck, ToolOrigin } from './permission.js';
import type { ToolPolicy } from './tool-policy.js';

/**
 * One entry of a step's tool table: the tool to validate against and execute in this step (the
 * runtime's own tools come with an `execute` bound to the step) and its {@link ToolPolicy}.
 */
export interface StepTool {
  readonly tool: Tool;
  readonly policy: ToolPolicy;
}

/**
 * What the execution pipeline needs to run the calls of one step. Built by the runtime per
 * step; `visible` is the step-start snapshot (C14), never the live active set.
 */
export interface StepExecutionContext {
  readonly turnId: string;
  readonly stepIndex: number;
  /** The step-start visible set. */
  readonly visible: ReadonlySet<string>;
  /**
   * The step's tool table: the tool behind a name with its policy — a bound tool with
   * `DEFAULT_TOOL_POLICY`, or one of the runtime's own tools of this step (`tool_search` over
   * this step's search state, code mode's `exec` over this context), each with the policy it
   * declares. `undefined` when nothing has that name.
   */
  readonly resolveTool: (name: string) => StepTool | undefined;
  /** Every bound name, to suggest the right spelling for an unknown one. */
  readonly bound: readonly string[];
  /** True when `tool_search` is offered in this turn, so rejections may point to it. */
  readonly offersToolSearch: boolean;
  /**
   * The size in characters of a bound tool's definition as a search would load it, and one
   * search's budget (`search.maxSchemaChars`, C10): a deferred tool larger than the budget is
   * rejected with a message that says no search can load it, instead of "call tool_search".
   * `undefined`: sizes are not known, and no rejection says so.
   */
  readonly loadBudget?: { readonly maxSchemaChars: number; readonly schemaCharsOf: (name: string) => number };
  /** How a visible tool came to be visible. */
  readonly originOf: (name: string) => ToolOrigin;
  /** True when a search of this step activated `name` (it becomes visible next step). */
  readonly isPendingActivation: (name: string) => boolean;
  readonly permission: PermissionCheck | undefined;
  /** The runtime's approver, journal, operation ids, timeouts, output limit and artifact store. */
  readonly pipeline: ExecutionPipelineSettings;
  /** The messages sent in this step's request (passed to `execute`). */
  readonly messages: readonly ModelMessage[];
  /** Aborted when the turn is cancelled. */
  readonly abortSignal: AbortSignal;
  readonly now: () => number;
  /**
   * Told a call's `toolCallId` right before its `execute` is called, in the same synchronous
   * run, so the runtime knows which cancelled calls never ran. Must not throw. Default: nobody is told.
   */
  readonly onExecuteStart?: (toolCallId: string) => void;
  /**
   * The turn's `toolsContext`: by tool name, the `context` that tool's `execute` receives (checked
   * against its `contextSchema`). Default: none (every `execute` gets `context: undefined`).
   */
  readonly toolsContext?: Readonly<Record<string, unknown>>;
}
