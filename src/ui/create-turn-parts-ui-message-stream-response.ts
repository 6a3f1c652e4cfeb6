import { createUIMessageStreamResponse } from 'ai';
import { createTurnPartsUIMessageStream, type TurnPartsUIMessageStreamOptions } from './create-turn-parts-ui-message-stream.js';
import { splitResponseInit } from './split-response-init.js';

/**
 * Options of {@link createTurnPartsUIMessageStreamResponse}: those of
 * `createTurnPartsUIMessageStream` plus the SDK's response init (`status`, default 200;
 * `statusText`; `headers`, added to the SDK's UI message stream headers; `keepAliveMs`, SSE
 * keep-alive comments every that many ms of idle stream, default none; `consumeSseStream`).
 */
export type TurnPartsUIMessageStreamResponseOptions = TurnPartsUIMessageStreamOptions & Omit<Parameters<typeof createUIMessageStreamResponse>[0], 'stream'>;

/**
 * A turn's stream parts (e.g. a durable turn's live output, `readLiveTurn({ url, key })`) as a
 * `Response` in the SDK's UI message stream protocol (the SDK's `createUIMessageStreamResponse`
 * over {@link createTurnPartsUIMessageStream}), for `useChat` and `DefaultChatTransport`.
 * Returns at once; never throws (errors arrive as an `error` chunk).
 */
export function createTurnPartsUIMessageStreamResponse(options: TurnPartsUIMessageStreamResponseOptions): Response {
  const { init, rest } = splitResponseInit(options);
  return createUIMessageStreamResponse({
    ...init,
    stream: createTurnPartsUIMessageStream(rest),
  });
}
