import type { ServerResponse } from 'node:http';
import { pipeUIMessageStreamToResponse } from 'ai';
import { createTurnUIMessageStream } from './create-turn-ui-message-stream.js';
import type { TurnUIMessageStreamResponseOptions } from './create-turn-ui-message-stream-response.js';

/**
 * Writes one turn's UI message stream to a Node.js `ServerResponse` (`node:http`, Express,
 * Fastify's `reply.raw`) in the SDK's SSE protocol, with the SDK's
 * `pipeUIMessageStreamToResponse` over {@link createTurnUIMessageStream}. Options are those of
 * `createTurnUIMessageStreamResponse` plus `response`. Resolves when the whole stream has been
 * written; the turn is cancelled if the client closes the connection first (the SDK then
 * cancels the stream). Pass `abortSignal` to cancel it on your own signal.
 */
export function pipeTurnUIMessageStreamToResponse(options: TurnUIMessageStreamResponseOptions & { readonly response: ServerResponse }): Promise<void> {
  const { response, status, statusText, headers, keepAliveMs, consumeSseStream, ...streamOptions } = options;
  return pipeUIMessageStreamToResponse({
    response,
    ...(status === undefined ? {} : { status }),
    ...(statusText === undefined ? {} : { statusText }),
    ...(headers === undefined ? {} : { headers }),
    ...(keepAliveMs === undefined ? {} : { keepAliveMs }),
    ...(consumeSseStream === undefined ? {} : { consumeSseStream }),
    stream: createTurnUIMessageStream(streamOptions),
  });
}
