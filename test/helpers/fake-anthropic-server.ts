import { sseEvent, startFakeProviderServer, type FakeProviderServer, type FakeReply } from './fake-provider-server.js';

/**
 * A local HTTP server speaking the Anthropic Messages streaming protocol, for the real
 * `@ai-sdk/anthropic` client (`POST /v1/messages`). Events as the API sends them
 * (`event: <type>` + `data: {type, …}`): `message_start`, per content block
 * `content_block_start` → `content_block_delta` (`text_delta`, or `input_json_delta` for a
 * `tool_use` block) → `content_block_stop`, then `message_delta` with the stop reason and
 * usage, and `message_stop`. Tool call k.i gets the id `toolu_k_i` unless the reply gives one.
 */
export async function startFakeAnthropicServer(replies: readonly FakeReply[]): Promise<FakeProviderServer> {
  return startFakeProviderServer({
    replies,
    streamReply: (reply, index) => {
      const event = (type: string, fields: Record<string, unknown> = {}) => sseEvent({ type, ...fields }, type);
      const events = [
        event('message_start', {
          message: {
            id: `msg_${index}`,
            type: 'message',
            role: 'assistant',
            model: 'fake-model',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 1 },
          },
        }),
        event('ping'),
      ];
      if ('text' in reply) {
        events.push(
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: reply.text } }),
          event('content_block_stop', { index: 0 }),
        );
      } else {
        reply.toolCalls.forEach((call, blockIndex) => {
          events.push(
            event('content_block_start', { index: blockIndex, content_block: { type: 'tool_use', id: call.id ?? `toolu_${index}_${blockIndex}`, name: call.name, input: {} } }),
            event('content_block_delta', { index: blockIndex, delta: { type: 'input_json_delta', partial_json: call.arguments } }),
            event('content_block_stop', { index: blockIndex }),
          );
        });
      }
      events.push(
        event('message_delta', { delta: { stop_reason: 'text' in reply ? 'end_turn' : 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } }),
        event('message_stop'),
      );
      return events;
    },
  });
}
