import { jsonSchema, tool, type JSONValue, type Tool } from 'ai';
import type { TurnToolResult } from '../../machines/turn-types.js';
import type { StepExecutionContext } from '../execution/step-execution-context.js';
import { callNestedTool, type NestedCallObserver } from './call-nested-tool.js';
import type { CodeModeOptions } from './code-mode-options.js';
import type { ExecToolDefinition } from './exec-tool-definition.js';
import type { SandboxCallAnswer } from './run-sandboxed-code.js';
import { runSandboxedCodeInWorker } from './run-sandboxed-code-in-worker.js';

/**
 * What a successful `exec` call returns (its `result.output`; the model gets
 * {@link execModelView} of it).
 */
export interface ExecOutput {
  /** The code's return value, through JSON; absent when it returned nothing. */
  readonly result?: unknown;
  /** One entry per `console` call, in order. */
  readonly logs: readonly string[];
  /** Every nested call, in the order the code made them, with its whole pipeline result. */
  readonly calls: readonly TurnToolResult[];
}

/**
 * The `exec` tool of one step: its `execute` runs the code in a worker thread with
 * {@link runSandboxedCodeInWorker} (so code that never yields cannot block this thread, and
 * the pipeline's timeout and the turn's cancellation end it) and sends every
 * `tools.<name>(input)` call back here through {@link callNestedTool}, so nested calls cross
 * the same pipeline as direct ones and see only this step's step-start visible set (C4, C14),
 * without the tools whose policy is not `nestable` (`exec` itself).
 * Nested calls get the ids `${execToolCallId}/1`, `/2`, … in the order the code made them.
 *
 * A run that fails (syntax error, uncaught error, a limit, cancellation) throws: the pipeline
 * turns that into an `error` result whose message says what happened, with the console output
 * and the calls made before it stopped. The turn goes on.
 */
export function createExecTool(options: {
  readonly definition: ExecToolDefinition;
  readonly limits: CodeModeOptions;
  /** The step this `exec` call belongs to. */
  readonly context: StepExecutionContext;
  readonly observer?: NestedCallObserver;
}): Tool {
  const { context, limits, observer } = options;
  return tool({
    description: options.definition.description,
    inputSchema: jsonSchema<{ code: string }>(options.definition.inputSchema),
    execute: async ({ code }, { toolCallId, abortSignal }): Promise<ExecOutput> => {
      // what the code may call: the step's visible tools whose policy lets them nest (not exec)
      const toolNames = [...context.visible].filter((name) => context.resolveTool(name)?.policy.nestable !== false);
      const visible = new Set(toolNames);
      const calls: (TurnToolResult | undefined)[] = [];
      const run = await runSandboxedCodeInWorker({
        code,
        limits,
        toolNames,
        abortSignal: abortSignal ?? context.abortSignal,
        callTool: async (toolName, input, signal): Promise<SandboxCallAnswer> => {
          const index = calls.push(undefined) - 1;
          const result = await callNestedTool({
            call: { toolCallId: `${toolCallId}/${index + 1}`, toolName, input },
            parentToolCallId: toolCallId,
            context: { ...context, visible, abortSignal: signal },
            observer,
          });
          calls[index] = result;
          return result.outcome === 'ok' ? { ok: true, value: result.output } : { ok: false, outcome: result.outcome, message: textOf(result.output) };
        },
      });
      const made = calls.filter((call): call is TurnToolResult => call !== undefined);
      if (!run.ok) throw new Error(failureMessage(run.message, run.logs, made, calls.length - made.length));
      return { ...(run.value === undefined ? {} : { result: run.value }), logs: run.logs, calls: made };
    },
    toModelOutput: ({ output }) => ({ type: 'json', value: execModelView(output) as JSONValue }),
  });
}

/**
 * What the model receives for a successful `exec` call: the return value, the console output
 * (when there was any) and how each nested call ended — not the nested outputs themselves,
 * which stay in the sandbox unless the code returns them.
 */
export function execModelView(output: ExecOutput): { result?: unknown; logs?: readonly string[]; calls: { tool: string; outcome: string; error?: string }[] } {
  return {
    ...(output.result === undefined ? {} : { result: output.result }),
    ...(output.logs.length === 0 ? {} : { logs: output.logs }),
    calls: output.calls.map((call) => ({
      tool: call.toolName,
      outcome: call.outcome,
      ...(call.outcome === 'ok' ? {} : { error: textOf(call.output) }),
    })),
  };
}

function failureMessage(message: string, logs: readonly string[], calls: readonly TurnToolResult[], unfinished: number): string {
  const parts = [message];
  if (calls.length > 0 || unfinished > 0) {
    const made = calls.map((call) => `${call.toolName} (${call.outcome})`);
    if (unfinished > 0) made.push(`${unfinished} still running when it stopped`);
    parts.push(`Tool calls it made: ${made.join(', ')}.`);
  }
  if (logs.length > 0) parts.push(`Console output before it stopped:\n${logs.join('\n')}`);
  return parts.join('\n');
}

function textOf(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    return String(output);
  }
}
