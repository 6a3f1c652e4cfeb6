import type { ServerResponse } from 'node:http';
import { pipeUIMessageStreamToResponse } from 'ai';
import { createTurnUIMessageStream } from './create-turn-ui-message-stream.js';
import type { TurnUIMessageStreamResponseOptions } from './create-turn-ui-message-stream-response.js';
import { splitResponseInit } from './split-response-init.js';

/**
 * Writes one turn's UI message stream to a Node.js `ServerResponse` (`node:http`, Express,
 * Fastify's `reply.raw`) in the SDK's SSE protocol, with the SDK's
 * `pipeUIMessageStreamToResponse` over {@link createTurnUIMessageStream}. Options are those of
 * `createTurnUIMessageStreamResponse` plus `response`. Resolves when the whole stream has been
 * written; the turn is cancelled if the client closes the connection first (the SDK then
 * cancels the stream). Pass `abortSignal` to cancel it on your own signal.
 */
export function pipeTurnUIMessageStreamToResponse(options: TurnUIMessageStreamResponseOptions & { readonly response: ServerResponse }): Promise<void> {
  const { response, ...others } = options;
  const { init, rest } = splitResponseInit(others);
  return pipeUIMessageStreamToResponse({
    response,
    ...init,
    stream: createTurnUIMessageStream(rest),
  });
}
