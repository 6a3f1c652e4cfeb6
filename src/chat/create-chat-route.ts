import { createTurnUIMessageStreamResponse } from '../ui/create-turn-ui-message-stream-response.js';
import { describeThrown } from '../errors/describe-thrown.js';
import type { ChatSession } from './create-chat-session.js';

/**
 * `POST /api/chat` of `turnscope chat`: the route a `useChat` app would write, fetch-style. It
 * reads the body `DefaultChatTransport` sends (`{ id, messages, trigger, messageId }`) and answers
 * with `createTurnUIMessageStreamResponse` — one turn of the session's runtime on its model and
 * instructions, over the chat's UI messages (an approval answer included: C27); the request's
 * `signal` (the page went away) cancels the turn. Server-side errors go to the page as the
 * `error` chunk's text.
 *
 * @returns 405 for another method, 400 for a body that is not JSON with a `messages` array.
 */
export function createChatRoute(session: ChatSession): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return new Response('POST the chat messages here.', { status: 405 });
    let body: { messages?: unknown };
    try {
      body = (await request.json()) as { messages?: unknown };
    } catch (error) {
      return new Response(`The body is not JSON: ${describeThrown(error)}`, { status: 400 });
    }
    if (!Array.isArray(body?.messages)) return new Response('The body has no messages array.', { status: 400 });
    return createTurnUIMessageStreamResponse({
      runtime: session.runtime,
      uiMessages: body.messages,
      model: session.model,
      instructions: session.instructions,
      abortSignal: request.signal,
      onError: describeThrown,
    });
  };
}
