import { createUIMessageStreamResponse } from 'ai';
import { createTurnUIMessageStream, type TurnUIMessageStreamOptions } from './create-turn-ui-message-stream.js';
import { splitResponseInit } from './split-response-init.js';

/**
 * Options of {@link createTurnUIMessageStreamResponse}: those of `createTurnUIMessageStream` plus
 * the SDK's `UIMessageStreamResponseInit` (`status`, default 200; `statusText`; `headers`, added
 * to the SDK's UI message stream headers; `keepAliveMs`, SSE keep-alive comments every that many
 * ms of idle stream, default none; `consumeSseStream`, a tee'd copy of the SSE text).
 */
export type TurnUIMessageStreamResponseOptions = TurnUIMessageStreamOptions & UIMessageStreamResponseInit;

/** The SDK's `UIMessageStreamResponseInit` (not exported by `ai` under that name). */
type UIMessageStreamResponseInit = Omit<Parameters<typeof createUIMessageStreamResponse>[0], 'stream'>;

/**
 * One turn as a `Response` whose body is its UI message stream in the SDK's SSE protocol
 * (the SDK's `createUIMessageStreamResponse` over {@link createTurnUIMessageStream}): what a
 * fetch-style route (`app/api/chat/route.ts`, Hono, Bun, Deno) returns to `useChat` and
 * `DefaultChatTransport`. Returns at once; the turn runs while the body is read. Never throws
 * for a bad request: see `createTurnUIMessageStream` for how errors arrive.
 */
export function createTurnUIMessageStreamResponse(options: TurnUIMessageStreamResponseOptions): Response {
  const { init, rest } = splitResponseInit(options);
  return createUIMessageStreamResponse({
    ...init,
    stream: createTurnUIMessageStream(rest),
  });
}
