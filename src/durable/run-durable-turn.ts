import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { InspectionEvent } from 'xstate';
import { createToolSearchRuntime } from '../runtime/create-tool-search-runtime.js';
import type { SendInput, ToolSearchRuntimeOptions, TurnResult } from '../runtime/runtime-options.js';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import { durableModel } from './durable-model.js';
import type { DurableStepRunner } from './durable-step-runner.js';
import { durableTools } from './durable-tools.js';
import { durableApprovalStore } from './durable-approval-store.js';
import { createCallSequencer } from './create-call-sequencer.js';
import { checkDurableParts } from './check-durable-parts.js';

/** The runtime options of a durable turn: everything but what the engine supplies. */
export type DurableRuntimeOptions = Omit<ToolSearchRuntimeOptions, 'journal' | 'now' | 'generateId'>;

/** The `send()` input of a durable turn, without the model (given separately) and the signal (the engine cancels). */
export type DurableSendInput = Omit<SendInput, 'model' | 'abortSignal'>;

/**
 * Runs one turnscope turn through a {@link DurableStepRunner} (issue 15): a runtime is made for
 * this execution with the engine's clock and ids (`runner.now`, `runner.generateId`, so a
 * re-execution has the same turn id and takes the same path) and a journal that hands each tool
 * its operation id; each model call is one step `model:<n>` ({@link durableModel}) and each tool
 * call one step `tool:<operationId>` ({@link durableTools}; the parallel calls of a step start
 * their steps in call order, whatever order they pass permission and approval in), and each answer of the runtime's
 * `approvalStore` one step too (`approval-issue:…`, `approval-claim:…`: a replay of the turn that
 * answers an approval gets the claim it made, C27); the turn's snapshot (C28) is saved
 * with `runner.saveSnapshot` at every step boundary it goes on from (just before the next model
 * call, in the turn's own order, so a replay saves it at the same point). Search, the
 * availability guard, validation, permission and approval run in-process on every execution as
 * in any turn (C4); only the model's responses and the tools' results come from the record.
 *
 * On a re-execution after a crash, finished steps replay from the record and the step that was
 * in flight runs again (at least once). Runs to the end of the turn and resolves with its
 * result, as plain JSON (never rejects for a failed turn; the engine's own errors — e.g. a
 * cancelled invocation — propagate).
 *
 * @param options.onPart told of every stream part of this execution as it happens (a replayed
 *   execution tells the replayed parts again). Default: none.
 * @param options.abortSignal aborting it cancels the turn (`cancelled`). Default: none.
 * @throws {InvalidOptionError} `runtime` is not an object, its `tools` not a plain object of tool
 *   objects (checked before the tools are wrapped: an array, a Map or a missing `tools` would
 *   otherwise be a `TypeError`, or a silently empty catalog), or `model` not a `LanguageModelV4`
 *   object (a model id string is not recorded as steps); and what `createToolSearchRuntime`
 *   throws for the other options.
 */
export async function runDurableTurn(options: {
  readonly runner: DurableStepRunner;
  readonly runtime: DurableRuntimeOptions;
  readonly model: LanguageModelV4;
  readonly input: DurableSendInput;
  readonly onPart?: (part: TurnStreamPart) => void;
  readonly abortSignal?: AbortSignal;
}): Promise<TurnResult> {
  const { runner } = options;
  checkDurableParts(options.runtime, options.model);
  const sequencer = createCallSequencer();
  const { tools, journal } = durableTools(options.runtime.tools, runner, { sequencer });
  const store = options.runtime.approvalStore;
  const approvalStore = store === undefined ? {} : { approvalStore: durableApprovalStore(store, runner) };
  const runtime = createToolSearchRuntime({ ...options.runtime, ...approvalStore, tools, journal, now: () => runner.now(), generateId: () => runner.generateId() });
  let savedStep = -1;
  let snapshotOf: () => ReturnType<ReturnType<typeof runtime.send>['snapshot']> = () => undefined;
  const model = durableModel(options.model, runner, () => {
    const snapshot = snapshotOf();
    if (snapshot === undefined || snapshot.stepIndex === savedStep) return;
    savedStep = snapshot.stepIndex;
    void Promise.resolve(runner.saveSnapshot(snapshot)).catch(() => {});
  });
  // the sequencer watches the turn first; the caller's observer then sees every event as before
  const callers = options.input.inspect;
  const inspect = (event: InspectionEvent): unknown => {
    sequencer.observe(event);
    return callers === undefined ? undefined : typeof callers === 'function' ? callers(event) : callers.next?.(event);
  };
  const turn = runtime.send({ ...options.input, model, inspect, ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }) } as SendInput);
  snapshotOf = () => turn.snapshot();
  const drained = (async () => {
    for await (const part of turn.stream) options.onPart?.(part);
  })();
  const result = await turn.result;
  await drained;
  return JSON.parse(JSON.stringify(result)) as TurnResult;
}
