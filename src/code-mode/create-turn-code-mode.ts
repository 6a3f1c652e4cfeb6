import { jsonSchema, tool, type Tool, type ToolSet } from 'ai';
import type { StepExecutionContext, StepTool } from '../execution/step-execution-context.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import type { NestedCallObserver } from './call-nested-tool.js';
import { EXEC_TOOL_NAME, type CodeModeOptions } from './code-mode-options.js';
import { createExecTool } from './create-exec-tool.js';
import { execToolDefinition } from './exec-tool-definition.js';

/** The part of a turn's binding code mode builds on. */
export interface CodeModeBinding {
  readonly bound: readonly string[];
  readonly providerTools: ToolSet;
  resolveTool(name: string): Tool | undefined;
  schemaCharsOf(name: string): number;
}

/**
 * Code mode for one turn: what `send()` with `toolMode: 'code'` changes. `exec` is a required
 * tool (R, C3): visible on every step from step 0, never an activation, never searchable, and
 * never part of B — nested calls reach only the step's visible set, which B bounds (C1, C6).
 * It is the runtime's own tool, like `tool_search`, so the turn actor's bound list gets it for
 * `(D ∪ A ∪ R) ∩ B` to keep it visible, while the binding, the catalog and the inventory do not.
 */
export interface TurnCodeMode {
  /** B plus `exec`: the bound list the turn actor projects visible sets from. */
  readonly bound: readonly string[];
  /** The binding's definitions plus `exec`'s (without `execute`: the runtime runs it, C4). */
  readonly providerTools: ToolSet;
  /** A visible definition's size in characters, `exec` included. */
  schemaCharsOf(name: string): number;
  /** R of a step with `exec` appended (once). */
  withExec(required: readonly string[]): readonly string[];
  /** `exec`'s entry in one step's tool table: its tool bound to that step's context, and its policy. */
  execTool(context: StepExecutionContext): StepTool;
}

/**
 * Builds a turn's code mode over its binding.
 *
 * @param options.nestedObserver told about each nested call of an `exec` call in a step
 *   (the runtime records them with telemetry origin `nested`).
 * @throws {InvalidOptionError} a bound tool (or a client tool of this turn) is named `exec`.
 */
export function createTurnCodeMode(options: {
  readonly binding: CodeModeBinding;
  readonly limits: CodeModeOptions;
  readonly nestedObserver?: (stepIndex: number) => NestedCallObserver;
  /** True for a client tool of this send. Default: none is. */
  readonly isClientTool?: (name: string) => boolean;
}): TurnCodeMode {
  const { binding, limits } = options;
  checkExecNameFree(
    binding.resolveTool(EXEC_TOOL_NAME) === undefined ? binding.bound : [...binding.bound, EXEC_TOOL_NAME],
    options.isClientTool?.(EXEC_TOOL_NAME) === true,
  );
  const definition = execToolDefinition(limits);
  // no prototype, like the binding's set: a tool named `__proto__` stays an own key (C3)
  const providerTools: ToolSet = Object.freeze(
    nameKeyedRecord<Tool>([
      ...Object.entries(binding.providerTools),
      [EXEC_TOOL_NAME, tool({ description: definition.description, inputSchema: jsonSchema(definition.inputSchema) })],
    ]),
  );
  return Object.freeze({
    bound: Object.freeze([...binding.bound, EXEC_TOOL_NAME]),
    providerTools,
    schemaCharsOf: (name: string) => (name === EXEC_TOOL_NAME ? definition.schemaChars : binding.schemaCharsOf(name)),
    withExec: (required: readonly string[]) => (required.includes(EXEC_TOOL_NAME) ? required : [...required, EXEC_TOOL_NAME]),
    execTool: (context: StepExecutionContext) => ({
      tool: createExecTool({
        definition,
        limits,
        context,
        ...(options.nestedObserver === undefined ? {} : { observer: options.nestedObserver(context.stepIndex) }),
      }),
      policy: definition.policy,
    }),
  });
}

/**
 * Code mode reserves the name `exec` for its own tool.
 *
 * @param fromClient the `exec` in `bound` is a client tool of this send (the error then names
 *   `clientTools.exec`). Default false.
 * @throws {InvalidOptionError} (option `toolMode`, or `clientTools.exec`) when `bound` has a tool named `exec`.
 */
export function checkExecNameFree(bound: readonly string[], fromClient = false): void {
  if (!bound.includes(EXEC_TOOL_NAME)) return;
  if (fromClient) {
    throw new InvalidOptionError({
      option: `clientTools.${EXEC_TOOL_NAME}`,
      value: 'a client tool',
      expected: `no client tool named "${EXEC_TOOL_NAME}" while the turn runs in code mode (toolMode 'code'), which adds its own ${EXEC_TOOL_NAME} tool: rename the client tool or leave code mode off for this send`,
    });
  }
  throw new InvalidOptionError({
    option: 'toolMode',
    value: 'code',
    expected: `no bound tool named "${EXEC_TOOL_NAME}": code mode adds its own ${EXEC_TOOL_NAME} tool; rename yours or leave code mode off`,
  });
}
