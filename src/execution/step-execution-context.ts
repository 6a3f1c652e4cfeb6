import type { ModelMessage, Tool } from 'ai';
import type { ExecutionPipelineSettings } from './execution-pipeline-settings.js';
import type { PermissionCheck, ToolOrigin } from './permission.js';

/**
 * What the execution pipeline needs to run the calls of one step. Built by the runtime per
 * step; `visible` is the step-start snapshot (C14), never the live active set.
 */
export interface StepExecutionContext {
  readonly turnId: string;
  readonly stepIndex: number;
  /** The step-start visible set. */
  readonly visible: ReadonlySet<string>;
  /** The bound tool (or `tool_search`) behind a name; `undefined` when nothing has that name. */
  readonly resolveTool: (name: string) => Tool | undefined;
  /** Every bound name, to suggest the right spelling for an unknown one. */
  readonly bound: readonly string[];
  /** True when `tool_search` is offered in this turn, so rejections may point to it. */
  readonly offersToolSearch: boolean;
  /** How a visible tool came to be visible. */
  readonly originOf: (name: string) => ToolOrigin;
  /** True when a search of this step activated `name` (it becomes visible next step). */
  readonly isPendingActivation: (name: string) => boolean;
  /**
   * Runs `tool_search` with validated input; the runtime sends ACTIVATE itself. `abortSignal`
   * aborts when the turn is cancelled or the search's timeout passes: the search then
   * activates nothing. Resolves at once for a synchronous ranker.
   */
  readonly runSearch: (
    input: unknown,
    toolCallId: string,
    abortSignal: AbortSignal,
  ) => Promise<{ ok: true; output: { activated: string[]; reason?: string } } | { ok: false; message: string }>;
  readonly permission: PermissionCheck | undefined;
  /** The runtime's approver, journal, operation ids, timeouts, output limit and artifact store. */
  readonly pipeline: ExecutionPipelineSettings;
  /** The messages sent in this step's request (passed to `execute`). */
  readonly messages: readonly ModelMessage[];
  /** Aborted when the turn is cancelled. */
  readonly abortSignal: AbortSignal;
  readonly now: () => number;
  /**
   * Told a call's `toolCallId` right before its `execute` (for `tool_search`, its ranking) is
   * called, in the same synchronous run, so the runtime knows which cancelled calls never ran.
   * Must not throw. Default: nobody is told.
   */
  readonly onExecuteStart?: (toolCallId: string) => void;
}
