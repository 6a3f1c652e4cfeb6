import { createUIMessageStream, type AsyncIterableStream, type UIMessageStreamOnEndCallback } from 'ai';
import { asAsyncIterableStream } from '../runtime/as-async-iterable-stream.js';
import type { TurnResult } from '../runtime/runtime-options.js';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import type { TurnEnd } from './create-turn-ui-chunk-mapper.js';
import type { TurnUIMessage, TurnUIMessageChunk } from './turn-ui-message.js';
import { writeTurnUIChunks } from './write-turn-ui-chunks.js';

/** Options of {@link createTurnPartsUIMessageStream}. */
export interface TurnPartsUIMessageStreamOptions {
  /**
   * A turn's stream parts, in order: a `ReadableStream` (e.g. `readLiveTurn({ url, key })`, a
   * durable turn's live output) or any async iterable (`turn.stream`). Read to its end; a
   * `retry` part removes the parts of the attempt it names from the message (`reset-step`).
   */
  readonly parts: ReadableStream<TurnStreamPart> | AsyncIterable<TurnStreamPart>;
  /** The turn's id, on the message metadata from `start` on (a durable turn's: `status().turnId`, or the invocation id). */
  readonly turnId: string;
  /**
   * The turn's final result, read once the parts end (a durable turn's: the Restate object's
   * `status` handler's `result`); the `finish` metadata and the `error` / `abort` chunk are built
   * from it. Default `undefined`: from the `turn-end` part — its `status`, `reason`, `usage` and
   * `error`, with `turnId`. Without either (the parts end before `turn-end`), the stream ends
   * with an `error` chunk instead of `finish`.
   */
  readonly result?: TurnResult | PromiseLike<TurnResult> | (() => TurnResult | PromiseLike<TurnResult> | undefined);
  /**
   * The chat's messages so far (validated `TurnUIMessage`s), as the SDK's `originalMessages`:
   * the end event's `messages` are these plus the streamed assistant message (continuing the
   * last one if it is an assistant message). Default: none.
   */
  readonly originalMessages?: TurnUIMessage[];
  /**
   * Called once when the stream ends, with the SDK's end event (`messages`, `responseMessage`,
   * `isAborted`, …) and `end`: how the turn ended (the given result, or the `turn-end` part's
   * fields; `undefined` when the parts ended before `turn-end` or failed). Default: none.
   */
  readonly onEnd?: (event: Parameters<UIMessageStreamOnEndCallback<TurnUIMessage>>[0] & { readonly end: TurnEnd | undefined }) => PromiseLike<void> | void;
  /**
   * Formats an error for the `error` chunk: a `failed` turn's error (an `Error` with the
   * `TurnError`'s fields), the parts stream's own error (e.g. the hub unreachable), or parts
   * that ended before `turn-end`. Default: the SDK's `() => 'An error occurred.'`.
   */
  readonly onError?: (error: unknown) => string;
  /** Send reasoning parts to the client (the SDK's option). Default `true`. */
  readonly sendReasoning?: boolean;
  /** Send source parts to the client (the SDK's option). Default `false`. */
  readonly sendSources?: boolean;
  /** Id of the assistant message. Default: the SDK's `generateId`. */
  readonly generateMessageId?: () => string;
}

/**
 * The UI message stream (the AI SDK's `createUIMessageStream`) of any stream of a turn's parts —
 * a durable turn's live output (`readLiveTurn`) or an in-process `turn.stream` — with the same
 * chunks as {@link createTurnUIMessageStream} (the mapping is the same code): `start` with
 * metadata `{ turnId, status: 'running' }`, the steps' chunks, `data-tool-search` parts, then
 * `error` (a `failed` turn) or `abort` (`cancelled`) and `finish` with metadata
 * `{ turnId, status, reason, usage }` (from `result`, else from the `turn-end` part). The parts
 * are mapped as they come: the live-turn hub already delivers each replayed part once, and its
 * `retry` part after a lost execution becomes `reset-step`, so the lost text leaves the message.
 *
 * Errors are chunks, never throws: a parts stream that errors, or ends before `turn-end` with
 * no `result`, ends the stream with one `error` chunk. Cancelling the returned stream (the
 * client went away) cancels the parts stream (a `readLiveTurn` request closes); the turn itself
 * goes on (cancel a durable turn through its object's `cancel` handler). The stream is an
 * `AsyncIterableStream` (`for await` reads it too), as `streamText`'s `toUIMessageStream()`.
 */
export function createTurnPartsUIMessageStream(options: TurnPartsUIMessageStreamOptions): AsyncIterableStream<TurnUIMessageChunk> {
  const { parts, turnId, result, originalMessages, onEnd, onError = defaultOnError, sendReasoning = true, sendSources = false, generateMessageId } = options;
  const source = iteratorOf(parts);
  let end: TurnEnd | undefined;
  const sdk = createUIMessageStream<TurnUIMessage>({
    onError,
    ...(generateMessageId === undefined ? {} : { generateId: generateMessageId }),
    ...(originalMessages === undefined ? {} : { originalMessages }),
    onEnd: async (event) => {
      await onEnd?.({ ...event, end });
    },
    execute: async ({ writer }) => {
      const resultOf = result === undefined ? undefined : typeof result === 'function' ? result : () => result;
      end = await writeTurnUIChunks(writer, {
        parts: { [Symbol.asyncIterator]: () => source },
        turnId,
        ...(resultOf === undefined ? {} : { result: resultOf }),
        onError,
        sendReasoning,
        sendSources,
      });
    },
  });
  const reader = sdk.getReader();
  return asAsyncIterableStream(new ReadableStream<TurnUIMessageChunk>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel(reason) {
      await Promise.all([source.return?.(reason)?.then(() => {}, () => {}), reader.cancel(reason)]);
    },
  }));
}

function iteratorOf(parts: ReadableStream<TurnStreamPart> | AsyncIterable<TurnStreamPart>): AsyncIterator<TurnStreamPart> {
  if (parts instanceof ReadableStream) {
    const reader = parts.getReader();
    return {
      next: async () => {
        const next = await reader.read();
        return next.done ? { done: true, value: undefined } : { done: false, value: next.value };
      },
      return: async (reason?: unknown) => {
        await reader.cancel(reason);
        return { done: true, value: undefined };
      },
    };
  }
  return parts[Symbol.asyncIterator]();
}

function defaultOnError(): string {
  return 'An error occurred.';
}
