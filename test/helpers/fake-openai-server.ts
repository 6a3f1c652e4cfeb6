import { sseEvent, startFakeProviderServer, type FakeProviderServer, type FakeReply } from './fake-provider-server.js';

/** One scripted reply of the fake server: tool calls, or text. */
export type FakeOpenAIReply = FakeReply;

/**
 * A local HTTP server speaking the OpenAI Chat Completions streaming protocol (SSE: `data:`
 * lines of `chat.completion.chunk` objects, then `data: [DONE]`), so the real
 * `@ai-sdk/openai` client (`openai.chat(id)`) can be tested on the wire: it answers request k
 * with `replies[k]` and records every request body. Tool call k.i gets the id `call_k_i` unless the reply gives one.
 */
export async function startFakeOpenAIServer(replies: readonly FakeOpenAIReply[]): Promise<FakeProviderServer> {
  return startFakeProviderServer({
    replies,
    streamReply: (reply, index) => {
      const chunk = (delta: unknown, finishReason: string | null, usage?: unknown) =>
        sseEvent({
          id: `chatcmpl-${index}`,
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model: 'fake-model',
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...(usage === undefined ? {} : { usage }),
        });
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
      if ('text' in reply) {
        return [chunk({ role: 'assistant', content: reply.text }, null), chunk({}, 'stop', usage), sseEvent('[DONE]')];
      }
      const toolCalls = reply.toolCalls.map((call, callIndex) => ({
        index: callIndex,
        id: call.id ?? `call_${index}_${callIndex}`,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      }));
      return [chunk({ role: 'assistant', content: null, tool_calls: toolCalls }, null), chunk({}, 'tool_calls', usage), sseEvent('[DONE]')];
    },
  });
}
