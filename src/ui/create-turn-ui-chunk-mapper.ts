import { toUIMessageChunk, type TextStreamPart, type ToolSet } from 'ai';
import type { TurnResult } from '../runtime/runtime-options.js';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import type { TurnUIMessageChunk, TurnUIMessageMetadata } from './turn-ui-message.js';

/** Options of {@link createTurnUIChunkMapper}. */
export interface TurnUIChunkMapperOptions {
  readonly turnId: string;
  /** Formats a failed turn's error for the `error` chunk (the SDK's `onError`). */
  readonly onError: (error: unknown) => string;
  /** The SDK's `sendReasoning` and `sendSources` for `toUIMessageChunk`. */
  readonly sendReasoning: boolean;
  readonly sendSources: boolean;
}

/**
 * Model output parts a turn stream may carry with the SDK's own `fullStream` shape (plus
 * `stepIndex`): mapped by `toUIMessageChunk` as they are, so reasoning, tool-input streaming,
 * sources and files reach the UI with the SDK's chunks.
 */
/**
 * How a turn ended, as the `finish` chunk reports it: a `TurnResult`, or the fields of a stream's
 * `turn-end` part with the turn's id (a durable turn's live output).
 */
export type TurnEnd = Pick<TurnResult, 'turnId' | 'status' | 'reason' | 'usage' | 'error'>;

const SDK_SHAPED_PARTS: ReadonlySet<string> = new Set([
  'reasoning-start', 'reasoning-delta', 'reasoning-end', 'tool-input-start', 'tool-input-delta', 'tool-input-end',
  'source', 'file', 'reasoning-file', 'custom',
]);

/**
 * Maps one turn's stream parts, in order, to the SDK's UI message chunks (internal to
 * `createTurnUIMessageStream`). Stateful: it opens and closes text parts, sends `start-step` once
 * per step, before the step's first chunk (also for a step with no step-start part, the answering
 * step of C27), and answers a `retry` with `reset-step`, which makes the chat client (and the
 * server's `onEnd` messages) drop every part of the retried attempt: its text, reasoning and tool
 * input. The last attempt of a failed or cancelled turn gets no `reset-step`: its partial text
 * and reasoning stay in the message, ended (`*-end`), before the `error` / `abort` chunk, as the
 * SDK's `toUIMessageStream` leaves a failed request's partial text beside its `error` chunk. The SDK's {@link toUIMessageChunk} maps text and tool parts, so their chunk fields are the
 * SDK's own (e.g. an unparsable call becomes `tool-input-error`, an `undefined` output `null`).
 */
export function createTurnUIChunkMapper(options: TurnUIChunkMapperOptions): {
  readonly start: () => TurnUIMessageChunk[];
  readonly map: (part: TurnStreamPart) => TurnUIMessageChunk[];
  readonly finish: (result: TurnEnd) => TurnUIMessageChunk[];
} {
  let openText: string | undefined;
  let textCount = 0;
  let stepStarted = -1;
  // inputs by call id, for the SDK's tool-result part (which carries the input again)
  const inputs = new Map<string, unknown>();
  // calls whose input started streaming and has no tool-call yet: the tool name by call id
  const streamingInputs = new Map<string, string>();
  const sdk = (part: TextStreamPart<ToolSet>): TurnUIMessageChunk[] => {
    const chunk = toUIMessageChunk(part, { sendReasoning: options.sendReasoning, sendSources: options.sendSources });
    return chunk === undefined ? [] : [chunk as TurnUIMessageChunk];
  };
  const closeText = (): TurnUIMessageChunk[] => {
    if (openText === undefined) return [];
    const id = openText;
    openText = undefined;
    return sdk({ type: 'text-end', id });
  };
  const map = (part: TurnStreamPart): TurnUIMessageChunk[] => {
    if (part.type === 'text-delta') {
      const opened: TurnUIMessageChunk[] = [];
      if (openText === undefined) {
        openText = `text-${part.stepIndex}-${part.attempt}-${textCount++}`;
        opened.push(...sdk({ type: 'text-start', id: openText }));
      }
      return [...startedStep(part), ...opened, ...sdk({ type: 'text-delta', id: openText, text: part.text })];
    }
    const closed = closeText();
    const chunks = mapOther(part);
    return [...closed, ...(chunks.length === 0 ? [] : startedStep(part)), ...chunks];
  };
  // a step whose first part is not its step-start (the answering step 0 of C27 settles calls
  // without asking the model) still opens with start-step, before its first chunk
  const startedStep = (part: TurnStreamPart): TurnUIMessageChunk[] => {
    const stepIndex = (part as { stepIndex?: unknown }).stepIndex;
    if (part.type === 'step-start' || part.type === 'retry' || typeof stepIndex !== 'number' || stepStarted === stepIndex) return [];
    stepStarted = stepIndex;
    return [{ type: 'start-step' }];
  };
  const mapOther = (part: Exclude<TurnStreamPart, { type: 'text-delta' }>): TurnUIMessageChunk[] => {
    switch (part.type) {
      case 'step-start':
        // a retried attempt continues the step the reset emptied: one step-start part per step
        if (stepStarted === part.stepIndex) return [];
        stepStarted = part.stepIndex;
        return [{ type: 'start-step' }];
      case 'retry':
        // reset-step drops the abandoned attempt's tool parts too
        streamingInputs.clear();
        return [
          { type: 'reset-step' },
          { type: 'data-turn-retry', data: { stepIndex: part.stepIndex, attempt: part.attempt, delayMs: part.delayMs, error: part.error }, transient: true },
        ];
      case 'tool-call':
        streamingInputs.delete(part.duplicateOf ?? part.toolCallId);
        return toolCallChunks(part, inputs, sdk);
      case 'tool-result':
        return toolResultChunks(part, inputs, sdk);
      case 'search': {
        const { type: _type, ...record } = part;
        return [{ type: 'data-tool-search', id: `search-${part.stepIndex}-${part.toolCallId}`, data: record }];
      }
      case 'activation':
        return [{ type: 'data-tool-activation', data: { stepIndex: part.stepIndex, names: part.names }, transient: true }];
      case 'step-end':
        return [{ type: 'finish-step' }];
      case 'turn-end':
        return [];
      default: {
        const type = (part as { type: string }).type;
        if (part.type === 'tool-input-start') streamingInputs.set(part.id, part.toolName);
        return SDK_SHAPED_PARTS.has(type) ? sdk(part as unknown as TextStreamPart<ToolSet>) : [];
      }
    }
  };
  return {
    start: () => [{ type: 'start', messageMetadata: { turnId: options.turnId, status: 'running' } }],
    map,
    finish: (result) => {
      const metadata: TurnUIMessageMetadata = { turnId: result.turnId, status: result.status, reason: result.reason, usage: result.usage };
      const chunks: TurnUIMessageChunk[] = [...closeText(), ...unfinishedInputs(streamingInputs)];
      if (result.status === 'failed') chunks.push({ type: 'error', errorText: options.onError(errorOf(result)) });
      if (result.status === 'cancelled') chunks.push({ type: 'abort', reason: result.error?.message ?? 'cancelled' });
      chunks.push({ type: 'finish', finishReason: finishReasonOf(result), messageMetadata: metadata });
      return chunks;
    },
  };
}

/**
 * A `tool-input-error` for each call whose input was still streaming when the turn ended (its
 * request failed or was cancelled mid-call): left alone, ai's chat core keeps the tool part
 * `input-streaming`, which it reads as a call waiting for the user. `streamText`'s UI stream
 * leaves it so; this stream ends it `output-error`.
 */
function unfinishedInputs(streamingInputs: Map<string, string>): TurnUIMessageChunk[] {
  const chunks = [...streamingInputs].map(([toolCallId, toolName]): TurnUIMessageChunk => ({
    type: 'tool-input-error', toolCallId, toolName, input: undefined,
    errorText: `The model's request ended before the input of ${toolName} was complete; the call did not run.`,
  }));
  streamingInputs.clear();
  return chunks;
}

type Sdk = (part: TextStreamPart<ToolSet>) => TurnUIMessageChunk[];

function toolCallChunks(part: Extract<TurnStreamPart, { type: 'tool-call' }>, inputs: Map<string, unknown>, sdk: Sdk): TurnUIMessageChunk[] {
  if (part.parentToolCallId !== undefined) {
    const data = { stepIndex: part.stepIndex, parentToolCallId: part.parentToolCallId, toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
    inputs.set(nestedKey(part.stepIndex, part.toolCallId), data);
    return [{ type: 'data-nested-tool-call', id: nestedKey(part.stepIndex, part.toolCallId), data }];
  }
  inputs.set(part.toolCallId, part.input);
  if (part.unparsableInput === true) {
    return sdk({
      type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, dynamic: true, invalid: true,
      error: `The input of ${part.toolName} is not valid JSON.`,
    });
  }
  return sdk({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
}

function toolResultChunks(part: Extract<TurnStreamPart, { type: 'tool-result' }>, inputs: Map<string, unknown>, sdk: Sdk): TurnUIMessageChunk[] {
  if (part.parentToolCallId !== undefined) {
    const key = nestedKey(part.stepIndex, part.toolCallId);
    const call = inputs.get(key) as Record<string, unknown> | undefined;
    const data = {
      stepIndex: part.stepIndex, parentToolCallId: part.parentToolCallId, toolCallId: part.toolCallId, toolName: part.toolName,
      input: call?.input, outcome: part.outcome, output: part.output,
    };
    return [{ type: 'data-nested-tool-call', id: key, data }];
  }
  const input = inputs.get(part.toolCallId);
  // C27: a call that waits for a person is the SDK's approval request (the page answers it with
  // addToolApprovalResponse); a client-side tool's call stays input-available for addToolOutput;
  // a person's denial (execution-denied) is the SDK's denied output
  if (part.outcome === 'awaiting-approval' && part.approvalRequest !== undefined) {
    const { approvalId, reason, signature } = part.approvalRequest;
    return sdk({
      type: 'tool-approval-request',
      approvalId,
      toolCall: { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input, dynamic: true },
      ...(reason === undefined ? {} : { reason }),
      ...(signature === undefined ? {} : { signature }),
    });
  }
  if (part.outcome === 'awaiting-client') return [];
  if ((part.modelOutput as { type?: unknown } | null | undefined)?.type === 'execution-denied') {
    return sdk({ type: 'tool-output-denied', toolCallId: part.toolCallId, toolName: part.toolName });
  }
  if (part.outcome === 'ok') {
    return sdk({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, input, output: uiOutputOf(part) });
  }
  return sdk({ type: 'tool-error', toolCallId: part.toolCallId, toolName: part.toolName, input, error: messageOf(part.output) });
}

/**
 * What the UI message keeps as a successful call's `output`: the tool's output, except when
 * truncation cut what the model received — then the model's text (the kept head and tail with
 * the note saying where the whole is), so the message sent back as history gives the model what
 * it saw, not the whole output.
 */
function uiOutputOf(part: Extract<TurnStreamPart, { type: 'tool-result' }>): unknown {
  if (part.truncated === undefined) return part.output;
  const model = part.modelOutput as { type?: unknown; value?: unknown } | null;
  return model !== null && typeof model === 'object' && (model.type === 'text' || model.type === 'json') ? model.value : part.output;
}

function messageOf(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output) ?? String(output);
}

function nestedKey(stepIndex: number, toolCallId: string): string {
  return `nested-${stepIndex}-${toolCallId}`;
}

/** A failed turn's `TurnError` as an `Error` (name, message, `isRetryable`, `code`) for `onError`. */
function errorOf(result: TurnEnd): Error {
  const { name, message, ...rest } = result.error ?? { name: 'Error', message: 'The turn failed.' };
  return Object.assign(new Error(message), { name }, rest);
}

function finishReasonOf(result: TurnEnd): 'stop' | 'tool-calls' | 'error' | 'other' {
  if (result.status === 'failed') return 'error';
  if (result.status === 'cancelled') return 'other';
  // both end after a step whose calls ran (streamText's last step then finished with 'tool-calls')
  return result.reason === 'max-steps' || result.reason === 'stop-condition' ? 'tool-calls' : 'stop';
}
