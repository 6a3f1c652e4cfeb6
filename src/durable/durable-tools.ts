import { lastOutputOf } from '../execution/last-output-of.js';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import { cutForMessage } from '../errors/cut-for-message.js';
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
 * goes on; so is an output whose JSON is over {@link MAX_RECORDED_OUTPUT_BYTES} (`The tool's
 * output is too large to record (…)`), and a thrown message is cut to
 * {@link MAX_RECORDED_ERROR_CHARS}. Tools without `execute` are left as they are.
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
            // the engine records the output as JSON: one it cannot write (a bigint, a cycle), or
            // one too large for the engine's messages, is the tool's error, not a step the engine
            // fails to record on every retry
            const problem = recordingProblemOf(output);
            return problem === undefined ? { ok: true, output } : { ok: false, message: problem };
          } catch (error) {
            return { ok: false, message: cutForMessage(describeThrown(error), MAX_RECORDED_ERROR_CHARS) };
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

/**
 * UTF-8 bytes of a tool output's JSON that a durable turn records at most: 16 MiB (16,777,216),
 * half of restate-server's default message limit of 32 MiB, which the journal entry's envelope
 * and the turn's other records share. A tool that answered ≈40 MB (a page or a log fetched
 * whole) was never recorded and its turn retried without end (test/restate/hostile-turn-inputs.test.ts).
 * The truncation stage (50 KiB by default) runs after the record, so the model never reads more
 * than that of any output anyway.
 */
export const MAX_RECORDED_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Characters of a thrown value's message that a durable turn records for a tool's error: 8,000;
 * the rest is cut (`… (N characters)`), for the same reason as {@link MAX_RECORDED_OUTPUT_BYTES}.
 */
export const MAX_RECORDED_ERROR_CHARS = 8_000;

/** Why the engine cannot record `value` (JSON cannot write it, or it is over {@link MAX_RECORDED_OUTPUT_BYTES}), as the tool's error message; `undefined` when it can. */
function recordingProblemOf(value: unknown): string | undefined {
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return `The tool's output cannot be recorded as JSON (${cutForMessage(describeThrown(error), MAX_RECORDED_ERROR_CHARS)}); it must answer plain JSON.`;
  }
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= MAX_RECORDED_OUTPUT_BYTES) return undefined;
  const count = (value: number) => value.toLocaleString('en-US');
  const size = typeof value === 'string' ? `${count(value.length)} characters` : `${count(json.length)} characters of JSON`;
  return `The tool's output is too large to record (${size}, ${count(bytes)} bytes; a durable turn records at most ${count(MAX_RECORDED_OUTPUT_BYTES)} bytes of a tool's output). Answer less: a summary, a page of it, or a reference to where the whole is kept.`;
}
