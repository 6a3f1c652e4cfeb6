import { convertToModelMessages, createUIMessageStream, validateUIMessages, type AsyncIterableStream, type UIMessageStreamOnEndCallback } from 'ai';
import { asAsyncIterableStream } from '../runtime/as-async-iterable-stream.js';
import type { ToolSearchRuntime } from '../runtime/create-tool-search-runtime.js';
import type { SendInput, Turn, TurnResult } from '../runtime/runtime-options.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { createChunkDemand, type ChunkDemand } from './create-chunk-demand.js';
import { writeTurnUIChunks } from './write-turn-ui-chunks.js';
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
   * result (`undefined` when no turn ran: the messages were invalid or `send()` refused its input).
   * When the reader cancels the stream (the client went away), the turn is cancelled and the
   * stream is still read to its end, so `messages` holds the whole answer — every call closed,
   * metadata status `cancelled` — and `isAborted` is `true`.
   * Default: none.
   */
  readonly onEnd?: (event: Parameters<UIMessageStreamOnEndCallback<TurnUIMessage>>[0] & { readonly result: TurnResult | undefined }) => PromiseLike<void> | void;
  /**
   * Formats an error for the client's `error` chunk: invalid `uiMessages` (the SDK's
   * `TypeValidationError`; an `InvalidOptionError` for a `system` message), a `send()` input
   * error (e.g. `InvalidOptionError`), or the `error` of a turn that ended `failed` (as an `Error`
   * with the `TurnError`'s `name`, `message`, `isRetryable` and `code`). Default: the SDK's
   * `() => 'An error occurred.'` (server-side details are not sent to the client).
   */
  readonly onError?: (error: unknown) => string;
  /**
   * Send reasoning parts (`reasoning-start` / `-delta` / `-end`) to the client, as the SDK's
   * `toUIMessageStream` option. Default `true`.
   */
  readonly sendReasoning?: boolean;
  /** Send source parts (`source-url`, `source-document`), as the SDK's option. Default `false`. */
  readonly sendSources?: boolean;
  /** Id of the assistant message the turn streams. Default: the SDK's `generateId`. */
  readonly generateMessageId?: () => string;
};

const STREAM_OPTION_NAMES = ['runtime', 'uiMessages', 'onEnd', 'onError', 'generateMessageId', 'sendReasoning', 'sendSources'] as const;

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
 * one) and `finish` with metadata `{ turnId, status, reason, usage }`. What the last attempt of
 * a failed or cancelled turn streamed stays in the message (no `reset-step`), before the `error`
 * or `abort` chunk: the chat client shows the partial text with the error, as it does for
 * `streamText`'s `toUIMessageStream()` when a request fails mid-text. See
 * {@link TurnUIDataTypes} for the data parts and which are transient.
 *
 * Errors are chunks, never throws: invalid `uiMessages` or an input `send()` refuses send one
 * `error` chunk (text from `onError`) and no turn runs. Cancelling the returned stream (the
 * client went away) cancels the turn; so does `abortSignal` (pass the request's signal).
 *
 * The stream is an `AsyncIterableStream`, as `streamText`'s `toUIMessageStream()`: `for await`
 * reads it too. It has that stream's backpressure: the turn's next part is read only once this
 * stream's reader asked for a chunk (ChunkDemand), so a slow client holds the turn's stream back,
 * and with it the model (the runtime's `maxUnreadParts`). A model request that fails or is cancelled mid-block still ends every part:
 * reasoning and text get their `*-end` (the turn stream closes them), and a call whose input was
 * still streaming gets `tool-input-error` — where `streamText`'s stream leaves them `streaming` /
 * `input-streaming` in the chat client's message.
 */
export function createTurnUIMessageStream(options: TurnUIMessageStreamOptions): AsyncIterableStream<TurnUIMessageChunk> {
  // the SDK decides at creation whether the answer continues the last (assistant) message, so
  // the SDK stream is built once the messages are validated; this stream forwards it
  const control: TurnControl = { turn: undefined, cancelled: false, demand: createChunkDemand() };
  let reader: ReadableStreamDefaultReader<TurnUIMessageChunk> | undefined;
  // a reader that leaves cancels the turn; the SDK stream is read to its end all the same, so
  // onEnd gets the whole message: every call closed, the finish metadata with status cancelled
  const drain = () => {
    control.demand.release();
    if (reader === undefined) return;
    const source = reader;
    void (async () => {
      while (!(await source.read()).done);
    })().catch(() => {});
  };
  return asAsyncIterableStream(new ReadableStream<TurnUIMessageChunk>({
    async start() {
      reader = (await sdkStreamOf(options, control)).getReader();
      if (control.cancelled) drain();
    },
    async pull(controller) {
      const next = await control.demand.read(reader!).catch((error: unknown) => {
        control.demand.release();
        throw error;
      });
      if (next.done) {
        control.demand.release();
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    cancel() {
      control.cancelled = true;
      control.turn?.cancel(CANCELLED_MESSAGE);
      drain();
    },
  }));
}

const CANCELLED_MESSAGE = 'The UI message stream was cancelled (the client went away).';

interface TurnControl {
  turn: Turn | undefined;
  cancelled: boolean;
  /** The reader's demand: the turn's parts are read no faster than the stream's reader reads. */
  readonly demand: ChunkDemand;
}

async function sdkStreamOf(options: TurnUIMessageStreamOptions, control: TurnControl): Promise<ReadableStream<TurnUIMessageChunk>> {
  const { runtime, uiMessages, onEnd, onError = defaultOnError, generateMessageId, sendReasoning = true, sendSources = false } = options;
  const sendInput = withoutStreamOptions(options);
  const validated = await validateUIMessages<TurnUIMessage>({ messages: [...uiMessages] }).then(
    (messages) => ({ ok: true as const, messages }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let result: TurnResult | undefined;
  return createUIMessageStream<TurnUIMessage>({
    onError,
    ...(generateMessageId === undefined ? {} : { generateId: generateMessageId }),
    originalMessages: validated.ok ? validated.messages : [],
    onEnd: async (event) => {
      await onEnd?.({ ...event, result });
    },
    execute: async ({ writer }) => {
      if (!validated.ok) throw validated.error;
      refuseSystemMessages(validated.messages);
      const messages = await convertToModelMessages(validated.messages);
      const turn = runtime.send({ ...sendInput, messages });
      control.turn = turn;
      if (control.cancelled) turn.cancel(CANCELLED_MESSAGE);
      const turnResult = turn.result;
      await writeTurnUIChunks(writer, { parts: turn.stream, turnId: turn.turnId, result: async () => (result = await turnResult), onError, sendReasoning, sendSources, demand: control.demand.wait,
        leading: deniedApprovalsOf(validated.messages).map((toolCallId): TurnUIMessageChunk => ({ type: 'tool-output-denied', toolCallId })) });
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

/**
 * Instructions are the server's (`instructions`): a client may not set them. The SDK's
 * `streamText` refuses system messages in `messages` too, but only once the turn's first request
 * is made, as a model error.
 */
function refuseSystemMessages(messages: readonly TurnUIMessage[]): void {
  const index = messages.findIndex((message) => message.role === 'system');
  if (index >= 0) {
    throw new InvalidOptionError({
      option: `uiMessages[${index}].role`,
      value: 'system',
      expected: "'user' or 'assistant' (give system instructions on the server, as the `instructions` option)",
    });
  }
}

function withoutStreamOptions(options: TurnUIMessageStreamOptions): SendInput {
  const input: Record<string, unknown> = { ...options };
  for (const name of STREAM_OPTION_NAMES) delete input[name];
  return input as unknown as SendInput;
}

function defaultOnError(): string {
  return 'An error occurred.';
}
