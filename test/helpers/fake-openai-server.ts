import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of the fake server: tool calls, or text. */
export type FakeOpenAIReply =
  | { toolCalls: { name: string; arguments: string }[] }
  | { text: string }
  | { status: number; body: string };

/**
 * A local HTTP server speaking the OpenAI Chat Completions streaming protocol (SSE), so the
 * real `@ai-sdk/openai` client can be tested on the wire: it answers request k with
 * `replies[k]` and records every request body.
 */
export async function startFakeOpenAIServer(replies: readonly FakeOpenAIReply[]): Promise<{
  baseURL: string;
  bodies: Record<string, unknown>[];
  close: () => Promise<void>;
}> {
  const bodies: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const index = bodies.length;
      bodies.push(JSON.parse(raw) as Record<string, unknown>);
      const reply = replies[index] ?? { text: '(no more replies)' };
      if ('status' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(reply.body);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: unknown, finishReason: string | null, usage?: unknown) =>
        `data: ${JSON.stringify({
          id: `chatcmpl-${index}`,
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model: 'fake-model',
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...(usage === undefined ? {} : { usage }),
        })}\n\n`;
      if ('text' in reply) {
        response.write(chunk({ role: 'assistant', content: reply.text }, null));
        response.write(chunk({}, 'stop', { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }));
      } else {
        response.write(
          chunk(
            {
              role: 'assistant',
              content: null,
              tool_calls: reply.toolCalls.map((call, callIndex) => ({
                index: callIndex,
                id: `call_${index}_${callIndex}`,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            },
            null,
          ),
        );
        response.write(chunk({}, 'tool_calls', { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
