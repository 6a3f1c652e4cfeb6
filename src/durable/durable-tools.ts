import { lastOutputOf } from '../execution/last-output-of.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import { describeThrown } from '../errors/describe-thrown.js';
import type { ToolExecutionOptions, ToolSet } from 'ai';
import type { ExecutionJournal } from '../execution/execution-journal.js';
import type { DurableStepRunner } from './durable-step-runner.js';
import type { CallSequencer } from './create-call-sequencer.js';

/** What one journaled tool call records: the tool's output, or the message of what it threw. */
export type RecordedToolCall = { readonly ok: true; readonly output?: unknown } | { readonly ok: false; readonly message: string };

/**
 * The execute options a durable tool receives: the AI SDK's, plus `operationId`, the call's
 * idempotency key (C29: `turnId:stepIndex:toolCallId`, the same on every execution of the same
 * call, on any worker). A tool with side effects passes it to the system it changes (an
 * `Idempotency-Key` header, a unique column) so a call that runs again after a crash takes
 * effect once. Read it with {@link operationIdOf}.
 */
export type DurableToolExecutionOptions = ToolExecutionOptions<unknown> & { readonly operationId: string };

/**
 * The operation id (C29) of the call a tool's `execute` is running, from its second argument;
 * `undefined` outside a durable turn.
 */
export function operationIdOf(options: ToolExecutionOptions<unknown>): string | undefined {
  const id = (options as Partial<DurableToolExecutionOptions>).operationId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The bound tools of a durable turn, and the journal that tells them their operation ids.
 * Each tool's `execute` becomes one journaled step `tool:<operationId>` of `runner`: a
 * re-execution of the turn returns the recorded output without running the tool; the call in
 * flight when a worker died runs again with the same operation id. What the tool throws is
 * recorded as its message and thrown again, so it stays a tool error (STYLE 9) on every
 * execution. Outputs are recorded as JSON (a value JSON cannot carry comes back as its JSON
 * form); an output `JSON.stringify` throws for (a bigint, a cycle, a `toJSON` that throws) is
 * recorded as the tool's error (`The tool's output cannot be recorded as JSON (…)`), so the turn
 * goes on. Tools without `execute` are left as they are.
 *
 * `journal` is the runtime's `journal` option: its `started` entry (written by the pipeline
 * just before `execute`, C4) is where the operation id of a `toolCallId` comes from. It never
 * replays by itself (`read` finds nothing): the engine replays.
 *
 * `options.sequencer` (what {@link runDurableTurn} gives): each call's step starts only once the
 * calls before it in its step started theirs or have results, so parallel calls are journaled
 * in call order on every execution, and each call's recorded result reaches the turn only once
 * every call of its step has started its step and the calls before it have their results, so
 * the turn reads its clock in the same order on every execution, however the engine answers
 * (see `createCallSequencer`). Default: none (steps start as the calls reach `execute`, results
 * reach the turn as the engine answers).
 */
export function durableTools(tools: ToolSet, runner: DurableStepRunner, options: { readonly sequencer?: CallSequencer } = {}): { readonly tools: ToolSet; readonly journal: ExecutionJournal } {
  const { sequencer } = options;
  const operationIds = new Map<string, string>();
  const journal: ExecutionJournal = {
    read: () => undefined,
    write(entry) {
      if (entry.status === 'started') operationIds.set(entry.toolCallId, entry.operationId);
    },
  };
  // keyed by tool names: no prototype, so a tool named `__proto__` is a key like any other
  const wrapped: ToolSet = nameKeyedRecord();
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (typeof execute !== 'function') {
      wrapped[name] = tool;
      continue;
    }
    wrapped[name] = {
      ...tool,
      execute: async (input: unknown, options: ToolExecutionOptions<unknown>) => {
        const operationId = operationIds.get(options.toolCallId) ?? options.toolCallId;
        await sequencer?.turnOf(options.toolCallId, options.abortSignal);
        const recorded = await runner.run<RecordedToolCall>(`tool:${operationId}`, async () => {
          try {
            const output = await lastOutputOf(execute(input, { ...options, operationId } as DurableToolExecutionOptions));
            if (output === undefined) return { ok: true };
            // the engine records the output as JSON: one it cannot write (a bigint, a cycle) is the
            // tool's error, not a step the engine fails to record on every retry
            const unrecordable = jsonProblemOf(output);
            return unrecordable === undefined ? { ok: true, output } : { ok: false, message: `The tool's output cannot be recorded as JSON (${unrecordable}); it must answer plain JSON.` };
          } catch (error) {
            return { ok: false, message: describeThrown(error) };
          }
        });
        // the result reaches the turn in call order, whatever order the engine answered in (S18)
        await sequencer?.resultTurnOf(options.toolCallId, options.abortSignal);
        if (!recorded.ok) throw new Error(recorded.message);
        return recorded.output;
      },
    } as ToolSet[string];
  }
  return { tools: wrapped, journal };
}

/** Why `JSON.stringify` cannot write `value` (its message), or `undefined` when it can. */
function jsonProblemOf(value: unknown): string | undefined {
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return describeThrown(error);
  }
}
