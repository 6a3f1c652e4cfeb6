import { readUIMessageStream } from 'ai';
import { describe, expect, it } from 'vitest';
import type { TurnStreamPart } from '../../src/index.js';
import { createTurnUIChunkMapper } from '../../src/ui/create-turn-ui-chunk-mapper.js';
import type { TurnUIMessage, TurnUIMessageChunk } from '../../src/ui/index.js';

// Parts with the SDK's fullStream shape (reasoning, tool-input streaming) as a turn stream may
// carry them: the mapper hands them to toUIMessageChunk. Built by hand here because this
// branch's turn stream does not emit them yet.
const sdkShaped = (part: Record<string, unknown>) => part as unknown as TurnStreamPart;

async function messageOf(chunks: TurnUIMessageChunk[]): Promise<TurnUIMessage> {
  const stream = new ReadableStream<TurnUIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: TurnUIMessage | undefined;
  for await (const message of readUIMessageStream<TurnUIMessage>({ stream })) last = message;
  return last!;
}

function run(parts: TurnStreamPart[], options: { sendReasoning?: boolean } = {}): TurnUIMessageChunk[] {
  const mapper = createTurnUIChunkMapper({ turnId: 't1', onError: () => 'An error occurred.', sendReasoning: options.sendReasoning ?? true, sendSources: false });
  return [...mapper.start(), ...parts.flatMap(mapper.map)];
}

const attempt = (n: number, reasoning: string, text: string): TurnStreamPart[] => [
  { type: 'step-start', stepIndex: 0, attempt: n, visible: ['tool_search'], schemaChars: {} },
  sdkShaped({ type: 'reasoning-start', stepIndex: 0, id: 'r0', providerMetadata: { anthropic: { signature: `sig-${n}` } } }),
  sdkShaped({ type: 'reasoning-delta', stepIndex: 0, id: 'r0', text: reasoning }),
  sdkShaped({ type: 'reasoning-end', stepIndex: 0, id: 'r0' }),
  sdkShaped({ type: 'tool-input-start', stepIndex: 0, id: `c${n}`, toolName: 'tool_search' }),
  sdkShaped({ type: 'tool-input-delta', stepIndex: 0, id: `c${n}`, delta: '{"query":' }),
  { type: 'text-delta', stepIndex: 0, attempt: n, id: 't0', text },
];

describe('createTurnUIChunkMapper', () => {
  it('maps SDK-shaped reasoning and tool-input parts with the SDK chunks, and a retry removes the failed attempt\'s', async () => {
    const chunks = run([
      ...attempt(1, 'Thinking about deleting', 'I will del'),
      { type: 'retry', stepIndex: 0, attempt: 1, delayMs: 500, error: 'HTTP 529' },
      ...attempt(2, 'The user wants a search', 'Searching.'),
      { type: 'step-end', stepIndex: 0, finishReason: 'stop' },
    ]);

    expect(chunks).toContainEqual({ type: 'reasoning-start', id: 'r0', providerMetadata: { anthropic: { signature: 'sig-2' } } });
    expect(chunks).toContainEqual({ type: 'tool-input-delta', toolCallId: 'c2', inputTextDelta: '{"query":' });
    const message = await messageOf(chunks);
    expect(message.parts.map((part) => part.type)).toEqual(['step-start', 'reasoning', 'tool-tool_search', 'text']);
    expect(message.parts[1]).toMatchObject({ type: 'reasoning', text: 'The user wants a search', providerMetadata: { anthropic: { signature: 'sig-2' } } });
    expect(message.parts[2]).toMatchObject({ toolCallId: 'c2', state: 'input-streaming' });
    expect(message.parts[3]).toMatchObject({ type: 'text', text: 'Searching.' });
    expect(JSON.stringify(message)).not.toContain('del');
  });

  it('leaves reasoning out with sendReasoning: false, as the SDK does', () => {
    const chunks = run(attempt(1, 'hidden thoughts', 'Hi.'), { sendReasoning: false });
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step', 'tool-input-start', 'tool-input-delta', 'text-start', 'text-delta']);
  });

  it('ignores parts it has no UI chunk for (raw provider chunks, turn-end)', () => {
    const chunks = run([sdkShaped({ type: 'raw', stepIndex: 0, rawValue: { any: 1 } }), { type: 'turn-end', status: 'completed', reason: 'stop', usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined, inputTokenDetails: { noCacheTokens: undefined, cacheReadTokens: undefined, cacheWriteTokens: undefined }, outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined } } }]);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start']);
  });
});
