import { convertToModelMessages, createUIMessageStream, validateUIMessages, type UIMessageStreamOnEndCallback } from 'ai';
import type { ToolSearchRuntime } from '../runtime/create-tool-search-runtime.js';
import type { SendInput, Turn, TurnResult } from '../runtime/runtime-options.js';
import { createTurnUIChunkMapper } from './create-turn-ui-chunk-mapper.js';
import type { TurnUIMessage, TurnUIMessageChunk } from './turn-ui-message.js';

/**
 * Options of {@link createTurnUIMessageStream}: the runtime, the chat's UI messages, every other
 * `send()` input (`model`, `instructions`, `requiredTools`, `clientTools`, `abortSignal`, …; not
 * `messages` or `prompt`: the history is `uiMessages`), and the stream's own options.
 */
export type TurnUIMessageStreamOptions = Omit<SendInput, 'messages' | 'prompt'> & {
  /** The runtime whose `send()` runs the turn. */
  readonly runtime: ToolSearchRuntime;
  /**
   * The chat's messages as the client sent them (`useChat`'s request body `messages`), the new
   * user message last. Checked with the SDK's `validateUIMessages` (structure only: no tool,
   * metadata or data schemas) and converted with `convertToModelMessages` to the turn's
   * `messages` (data parts, e.g. `data-tool-search`, are left out of the model's history).
   */
  readonly uiMessages: readonly unknown[];
  /**
   * Called once when the stream ends, with the SDK's end event — `messages` (the validated
   * `uiMessages` plus the turn's assistant message, the whole chat to persist and to send as the
   * next request's history), `responseMessage`, `isAborted`, … — and `result`, the turn's
   * result (`undefined` when no turn ran: the messages were invalid or `send()` refused its input;
   * when the reader cancelled the stream first, the turn is cancelled and this is its result).
   * Default: none.
   */
  readonly onEnd?: (event: Parameters<UIMessageStreamOnEndCallback<TurnUIMessage>>[0] & { readonly result: TurnResult | undefined }) => PromiseLike<void> | void;
  /**
   * Formats an error for the client's `error` chunk: invalid `uiMessages`, a `send()` input error
   * (e.g. `InvalidOptionError`), or the `error` of a turn that ended `failed`. Default: the SDK's
   * `() => 'An error occurred.'` (server-side details are not sent to the client).
   */
  readonly onError?: (error: unknown) => string;
  /** Id of the assistant message the turn streams. Default: the SDK's `generateId`. */
  readonly generateMessageId?: () => string;
};

const STREAM_OPTION_NAMES = ['runtime', 'uiMessages', 'onEnd', 'onError', 'generateMessageId'] as const;

/**
 * The UI message stream of one turn, built with the AI SDK's own functions
 * (`validateUIMessages`, `convertToModelMessages`, `createUIMessageStream`, `toUIMessageChunk`),
 * for `createUIMessageStreamResponse`, `pipeUIMessageStreamToResponse` or a `ChatTransport`.
 *
 * Chunks, in order: `start` (message metadata `{ turnId, status: 'running' }`); per step
 * `start-step`, the model's `text-start` / `text-delta` / `text-end`, `tool-input-available` (or
 * `tool-input-error` for unparsable input) per call, then per result `tool-output-available`
 * (outcome `ok`) or `tool-output-error` (every other outcome, with the message the model got),
 * `data-tool-search` per search, transient `data-tool-activation`, and `finish-step`; a retried
 * provider request sends `reset-step` (the failed attempt's parts leave the message) and a
 * transient `data-turn-retry`; at the end `error` (a `failed` turn) or `abort` (a `cancelled`
 * one) and `finish` with metadata `{ turnId, status, reason, usage }`. See
 * {@link TurnUIDataTypes} for the data parts and which are transient.
 *
 * Errors are chunks, never throws: invalid `uiMessages` or an input `send()` refuses send one
 * `error` chunk (text from `onError`) and no turn runs. Cancelling the returned stream (the
 * client went away) cancels the turn; so does `abortSignal` (pass the request's signal).
 */
export function createTurnUIMessageStream(options: TurnUIMessageStreamOptions): ReadableStream<TurnUIMessageChunk> {
  // the SDK decides at creation whether the answer continues the last (assistant) message, so
  // the SDK stream is built once the messages are validated; this stream forwards it
  let reader: ReadableStreamDefaultReader<TurnUIMessageChunk> | undefined;
  let cancelled: { reason: unknown } | undefined;
  return new ReadableStream<TurnUIMessageChunk>({
    async start() {
      reader = (await sdkStreamOf(options)).getReader();
      if (cancelled !== undefined) await reader.cancel(cancelled.reason);
    },
    async pull(controller) {
      const next = await reader!.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel(reason) {
      cancelled = { reason };
      await reader?.cancel(reason);
    },
  });
}

async function sdkStreamOf(options: TurnUIMessageStreamOptions): Promise<ReadableStream<TurnUIMessageChunk>> {
  const { runtime, uiMessages, onEnd, onError = defaultOnError, generateMessageId } = options;
  const sendInput = withoutStreamOptions(options);
  const validated = await validateUIMessages<TurnUIMessage>({ messages: [...uiMessages] }).then(
    (messages) => ({ ok: true as const, messages }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let result: TurnResult | undefined;
  let turn: Turn | undefined;
  return createUIMessageStream<TurnUIMessage>({
    onError,
    ...(generateMessageId === undefined ? {} : { generateId: generateMessageId }),
    originalMessages: validated.ok ? validated.messages : [],
    onEnd: async (event) => {
      // the reader went away before the turn ended: end it, so onEnd gets its (cancelled) result
      if (event.isCancelled === true && turn !== undefined) {
        turn.cancel('The UI message stream was cancelled.');
        result = await turn.result;
      }
      await onEnd?.({ ...event, result });
    },
    execute: async ({ writer }) => {
      if (!validated.ok) throw validated.error;
      const messages = await convertToModelMessages(validated.messages);
      turn = runtime.send({ ...sendInput, messages });
      const mapper = createTurnUIChunkMapper({ turnId: turn.turnId, onError });
      for (const chunk of mapper.start()) writer.write(chunk);
      for (const toolCallId of deniedApprovalsOf(validated.messages)) writer.write({ type: 'tool-output-denied', toolCallId });
      for await (const part of turn.stream) for (const chunk of mapper.map(part)) writer.write(chunk);
      result = await turn.result;
      for (const chunk of mapper.finish(result)) writer.write(chunk);
      writer.setOutcome(outcomeOf(result));
    },
  });
}

/**
 * The calls of the last (assistant) message a person denied in this request (`approval-responded`,
 * `approved: false`). `convertToModelMessages` gives the model their `execution-denied` result
 * itself, so the turn has no open call to settle and streams nothing for them; the SDK's
 * `streamText` sends `tool-output-denied` for such calls, and so does this stream, so the chat
 * client's part ends `output-denied` (C27).
 */
function deniedApprovalsOf(messages: readonly TurnUIMessage[]): string[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.parts.flatMap((part) => {
    const call = part as { state?: unknown; toolCallId?: unknown; approval?: { approved?: unknown } };
    return call.state === 'approval-responded' && call.approval?.approved === false && typeof call.toolCallId === 'string' ? [call.toolCallId] : [];
  });
}

function outcomeOf(result: TurnResult): { status: 'completed' } | { status: 'aborted' } | { status: 'failed'; error: unknown } {
  if (result.status === 'completed') return { status: 'completed' };
  return result.status === 'cancelled' ? { status: 'aborted' } : { status: 'failed', error: result.error };
}

function withoutStreamOptions(options: TurnUIMessageStreamOptions): SendInput {
  const input: Record<string, unknown> = { ...options };
  for (const name of STREAM_OPTION_NAMES) delete input[name];
  return input as unknown as SendInput;
}

function defaultOnError(): string {
  return 'An error occurred.';
}
