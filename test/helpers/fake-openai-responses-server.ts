import { sseEvent, startFakeProviderServer, type FakeProviderServer, type FakeReply } from './fake-provider-server.js';

/**
 * A local HTTP server speaking the OpenAI Responses streaming protocol, for the real
 * `@ai-sdk/openai` client's `openai(id)` / `openai.responses(id)` (`POST /v1/responses`).
 * Events as the API sends them (`event: <type>` + `data: {type, sequence_number, …}`):
 * `response.created`, `response.in_progress`, then per output item
 * `response.output_item.added` → `response.output_text.delta` (message) or
 * `response.function_call_arguments.delta`/`.done` (function call) →
 * `response.output_item.done`, and `response.completed` with the usage. Tool call k.i gets
 * the item id `fc_k_i` and the call id `call_k_i` (or the one the reply gives).
 */
export async function startFakeOpenAIResponsesServer(replies: readonly FakeReply[]): Promise<FakeProviderServer> {
  return startFakeProviderServer({
    replies,
    streamReply: (reply, index) => {
      let sequence = 0;
      const event = (type: string, fields: Record<string, unknown>) => sseEvent({ type, sequence_number: sequence++, ...fields }, type);
      const response = (status: string, output: unknown[], usage?: unknown) => ({
        id: `resp_${index}`,
        object: 'response',
        created_at: 1_700_000_000,
        model: 'fake-model',
        status,
        output,
        ...(usage === undefined ? {} : { usage }),
      });
      const events = [event('response.created', { response: response('in_progress', []) }), event('response.in_progress', { response: response('in_progress', []) })];
      const output: unknown[] = [];
      if ('text' in reply) {
        const id = `msg_${index}`;
        const part = { type: 'output_text', text: reply.text, annotations: [] };
        const done = { type: 'message', id, status: 'completed', role: 'assistant', content: [part] };
        events.push(
          event('response.output_item.added', { output_index: 0, item: { type: 'message', id, status: 'in_progress', role: 'assistant', content: [] } }),
          event('response.content_part.added', { item_id: id, output_index: 0, content_index: 0, part: { ...part, text: '' } }),
          event('response.output_text.delta', { item_id: id, output_index: 0, content_index: 0, delta: reply.text, logprobs: [] }),
          event('response.output_text.done', { item_id: id, output_index: 0, content_index: 0, text: reply.text, logprobs: [] }),
          event('response.content_part.done', { item_id: id, output_index: 0, content_index: 0, part }),
          event('response.output_item.done', { output_index: 0, item: done }),
        );
        output.push(done);
      } else {
        reply.toolCalls.forEach((call, outputIndex) => {
          const item = { type: 'function_call', id: `fc_${index}_${outputIndex}`, call_id: call.id ?? `call_${index}_${outputIndex}`, name: call.name };
          const done = { ...item, arguments: call.arguments, status: 'completed' };
          events.push(
            event('response.output_item.added', { output_index: outputIndex, item: { ...item, arguments: '', status: 'in_progress' } }),
            event('response.function_call_arguments.delta', { item_id: item.id, output_index: outputIndex, delta: call.arguments }),
            event('response.function_call_arguments.done', { item_id: item.id, output_index: outputIndex, arguments: call.arguments }),
            event('response.output_item.done', { output_index: outputIndex, item: done }),
          );
          output.push(done);
        });
      }
      const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
      events.push(event('response.completed', { response: response('completed', output, usage) }));
      return events;
    },
  });
}
