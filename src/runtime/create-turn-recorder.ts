import type { TurnStatus } from '../../machines/turn-types.js';
import type { LanguageModelUsage } from 'ai';
import type { TurnError, TurnFinishReason, TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import type { TelemetryDispatcher } from '../telemetry/create-telemetry-dispatcher.js';
import type { TelemetryToolOrigin, TurnStartRecord } from '../telemetry/telemetry-record.js';
import { createOpenBlocks } from './create-open-blocks.js';
import type { PartQueue } from './part-queue.js';
import type { ModelOutputPart, SearchRecord, StepResponse, TurnStreamPart } from './turn-stream-part.js';
import type { TurnSnapshot } from './turn-snapshot.js';

/**
 * The one place a turn reports what happened: each method pushes the matching part onto the
 * turn's stream and emits the matching telemetry record (C21), so the two never disagree.
 */
export interface TurnRecorder {
  turnStart(record: Omit<TurnStartRecord, 'type' | 'turnId' | 'stepIndex' | 'timestamp'>): void;
  stepStart(step: { stepIndex: number; attempt: number; visible: readonly string[]; schemaChars: Record<string, number> }): void;
  /** A part the model streamed, with the request's step and attempt. */
  modelOutput(stepIndex: number, attempt: number, part: ModelOutputPart): void;
  /**
   * Backpressure for the model's stream: `undefined` when the turn may read the model's next
   * part now, else a promise that resolves once the stream's reader has read enough, let go of
   * the stream, or `signal` aborted (PartQueue.whenRoom; never rejects).
   */
  readerRoom(signal: AbortSignal): Promise<void> | undefined;
  /** The response metadata of the step's successful attempt, put on the step's `step-end` part. */
  stepResponse(stepIndex: number, response: StepResponse): void;
  /** `parentToolCallId`: set for a call an `exec` call's code made (code mode). */
  toolCall(stepIndex: number, call: TurnToolCall, parentToolCallId?: string): void;
  toolExecutionStart(stepIndex: number, call: TurnToolCall, origin: TelemetryToolOrigin, parentToolCallId?: string): void;
  toolResult(stepIndex: number, result: TurnToolResult, origin: TelemetryToolOrigin, parentToolCallId?: string): void;
  search(stepIndex: number, toolCallId: string, search: SearchRecord): void;
  activation(stepIndex: number, names: readonly string[]): void;
  retry(retry: { stepIndex: number; attempt: number; delayMs: number; error: string }): void;
  /** `snapshot` takes the turn's snapshot at this boundary (C28); `undefined` when the turn ended there. */
  stepEnd(stepIndex: number, finishReason: string, toolCalls: number, snapshot: (() => TurnSnapshot) | undefined): void;
  transition(stepIndex: number, state: string, event: string): void;
  turnEnd(end: {
    stepIndex: number;
    status: TurnStatus;
    reason: TurnFinishReason;
    steps: number;
    usage: LanguageModelUsage;
    error: TurnError | undefined;
  }): void;
}

/** Creates the recorder of one turn. */
export function createTurnRecorder(options: {
  readonly turnId: string;
  readonly now: () => number;
  readonly parts: PartQueue<TurnStreamPart>;
  readonly telemetry: TelemetryDispatcher;
  /** Where a tool came from (its source metadata), put on its `tool.execution.*` records. Default: none. */
  readonly sourceOf?: (toolName: string) => string | undefined;
}): TurnRecorder {
  const { turnId, now, parts, telemetry } = options;
  /** Each step's response metadata until its `step-end` part takes it. */
  const responses = new Map<number, StepResponse>();
  /** Blocks the model opened and has not closed; closed before an attempt is abandoned or the turn ends. */
  const openBlocks = createOpenBlocks();
  const closeOpenBlocks = () => {
    for (const end of openBlocks.close()) parts.push(end);
  };
  const base = (stepIndex: number) => ({ turnId, stepIndex, timestamp: now() });
  const sourceOf = (toolName: string) => {
    const source = options.sourceOf?.(toolName);
    return source === undefined ? {} : { source };
  };
  return {
    turnStart(record) {
      telemetry.emit({ type: 'turn.start', ...base(0), ...record });
    },
    stepStart(step) {
      parts.push({ type: 'step-start', ...step });
      if (!telemetry.enabled) return;
      const totalSchemaChars = Object.values(step.schemaChars).reduce((sum, chars) => sum + chars, 0);
      telemetry.emit({ type: 'step.start', ...base(step.stepIndex), attempt: step.attempt, visible: step.visible, schemaChars: step.schemaChars, totalSchemaChars });
    },
    modelOutput(stepIndex, attempt, part) {
      const output = { ...part, stepIndex, attempt };
      openBlocks.note(output);
      parts.push(output);
    },
    readerRoom(signal) {
      return parts.whenRoom(signal);
    },
    stepResponse(stepIndex, response) {
      responses.set(stepIndex, response);
    },
    toolCall(stepIndex, call, parentToolCallId) {
      parts.push({ type: 'tool-call', stepIndex, ...call, ...parentOf(parentToolCallId) });
    },
    toolExecutionStart(stepIndex, call, origin, parentToolCallId) {
      telemetry.emit({
        type: 'tool.execution.start',
        ...base(stepIndex),
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        origin,
        ...sourceOf(call.toolName),
        ...parentOf(parentToolCallId),
      });
    },
    toolResult(stepIndex, result, origin, parentToolCallId) {
      parts.push({ type: 'tool-result', stepIndex, ...result, ...parentOf(parentToolCallId) });
      telemetry.emit({
        type: 'tool.execution.end',
        ...base(stepIndex),
        toolCallId: result.toolCallId,
        toolName: result.toolName,
        origin,
        ...sourceOf(result.toolName),
        ...parentOf(parentToolCallId),
        outcome: result.outcome,
        durationMs: result.durationMs,
        ...(result.operationId === undefined ? {} : { operationId: result.operationId, replayed: result.replayed === true }),
        ...(result.timedOut === true ? { timedOut: true } : {}),
        ...(result.truncated === undefined ? {} : { truncated: true, omittedBytes: result.truncated.omittedBytes, omittedLines: result.truncated.omittedLines }),
        ...(result.artifact === undefined ? {} : { artifactId: result.artifact.id }),
      });
    },
    search(stepIndex, toolCallId, search) {
      parts.push({ type: 'search', stepIndex, toolCallId, ...search });
      telemetry.emit({ type: 'search.end', ...base(stepIndex), ...searchEndFields(toolCallId, search) });
    },
    activation(stepIndex, names) {
      parts.push({ type: 'activation', stepIndex, names });
    },
    retry(retry) {
      closeOpenBlocks();
      parts.push({ type: 'retry', ...retry });
    },
    stepEnd(stepIndex, finishReason, toolCalls, snapshot) {
      closeOpenBlocks();
      const response = responses.get(stepIndex);
      responses.delete(stepIndex);
      parts.push(stepEndPart(stepIndex, finishReason, response, snapshot));
      telemetry.emit({ type: 'step.end', ...base(stepIndex), finishReason, toolCalls });
    },
    transition(stepIndex, state, event) {
      telemetry.emit({ type: 'machine.transition', ...base(stepIndex), state, event });
    },
    turnEnd(end) {
      closeOpenBlocks();
      parts.push({ type: 'turn-end', status: end.status, reason: end.reason, usage: end.usage, ...(end.error === undefined ? {} : { error: end.error }) });
      parts.end();
      telemetry.emit({
        type: 'turn.end',
        ...base(end.stepIndex),
        status: end.status,
        reason: end.reason,
        steps: end.steps,
        usage: {
          inputTokens: end.usage.inputTokens ?? null,
          outputTokens: end.usage.outputTokens ?? null,
          totalTokens: end.usage.totalTokens ?? null,
        },
        ...(end.error === undefined ? {} : { error: end.error.message }),
      });
    },
  };
}

/** A `search.end` telemetry record's fields after its type, turn, step and time: the search as the stream's `search` part has it. */
function searchEndFields(toolCallId: string, search: SearchRecord) {
  return {
    toolCallId,
    origin: search.origin,
    query: search.query,
    requestedLimit: search.requestedLimit ?? null,
    effectiveLimit: search.effectiveLimit,
    ranked: search.ranked,
    activated: search.activated,
    skipped: search.skipped,
    schemaCharsActivated: search.schemaCharsActivated,
    ...(search.rankerDrops === undefined ? {} : { rankerDrops: search.rankerDrops }),
    ...(search.candidates === undefined ? {} : { candidates: search.candidates }),
    ...(search.failure === undefined ? {} : { failure: search.failure }),
    durationMs: search.durationMs,
  };
}

function parentOf(parentToolCallId: string | undefined): { parentToolCallId?: string } {
  return parentToolCallId === undefined ? {} : { parentToolCallId };
}

/** A `step-end` part whose `snapshot` is taken when first read (it walks the transcript). */
function stepEndPart(stepIndex: number, finishReason: string, response: StepResponse | undefined, snapshot: (() => TurnSnapshot) | undefined): TurnStreamPart {
  const part = { type: 'step-end' as const, stepIndex, finishReason, ...response };
  if (snapshot === undefined) return part;
  return Object.defineProperty(part, 'snapshot', { enumerable: true, configurable: true, get: snapshot }) as TurnStreamPart;
}
