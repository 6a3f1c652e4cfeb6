import type { ChatTransport } from 'ai';
import { createTurnUIMessageStream, type TurnUIMessageStreamOptions } from './create-turn-ui-message-stream.js';
import type { TurnUIMessage } from './turn-ui-message.js';

/**
 * Options of {@link createTurnChatTransport}: those of `createTurnUIMessageStream` without
 * `uiMessages` (each request's messages are the chat's) — or a function of the request that
 * answers them, e.g. to pick the model or `requiredTools` per chat.
 */
export type TurnChatTransportOptions =
  | Omit<TurnUIMessageStreamOptions, 'uiMessages'>
  | ((request: { readonly chatId: string; readonly messages: readonly TurnUIMessage[] }) => Omit<TurnUIMessageStreamOptions, 'uiMessages'>);

/**
 * A `ChatTransport` that runs each request as a turn in this process, without HTTP: what the
 * SDK's `DirectChatTransport` does for an `Agent`, for a turnscope runtime (a turnscope runtime
 * is not an SDK `Agent`: see the README, "Use with useChat"). Give it to the SDK's chat core
 * (`useChat({ transport })`, `AbstractChat`) in a desktop app, a worker or a test. Each
 * `sendMessages` streams {@link createTurnUIMessageStream} over the chat's messages with the
 * request's `abortSignal` (stopping the chat cancels the turn; an `abortSignal` in the options
 * is replaced). `reconnectToStream` answers `null`: nothing outlives the request.
 */
export function createTurnChatTransport(options: TurnChatTransportOptions): ChatTransport<TurnUIMessage> {
  return {
    sendMessages: async ({ chatId, messages, abortSignal }) => {
      const resolved = typeof options === 'function' ? options({ chatId, messages }) : options;
      const { abortSignal: _replaced, ...rest } = resolved;
      return createTurnUIMessageStream({ ...rest, uiMessages: messages, ...(abortSignal === undefined ? {} : { abortSignal }) });
    },
    reconnectToStream: async () => null,
  };
}
