import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createTurnChatTransport, type TurnUIMessage } from '../../src/ui/index.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { TestChat } from '../helpers/test-chat.js';

function runtimeOf() {
  const { tools, groups } = sampleTools();
  return createToolSearchRuntime({ tools, groups });
}

describe('createTurnChatTransport', () => {
  it('runs each request of the chat core as a turn in this process, with the chat as its history', async () => {
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'slack message' } }] }, { text: 'I can post to Slack.' }, { text: 'Yes, #general.' }],
    });
    const chatIds: string[] = [];
    const chat = new TestChat<TurnUIMessage>({
      id: 'chat-1',
      transport: createTurnChatTransport(({ chatId }) => {
        chatIds.push(chatId);
        return { runtime: runtimeOf(), model: scripted.model };
      }),
    });

    await chat.sendMessage({ text: 'Can you post to Slack?' });
    await chat.sendMessage({ text: 'Which channel?' });

    expect(chatIds).toEqual(['chat-1', 'chat-1']);
    expect(chat.status).toBe('ready');
    expect(chat.messages[1]!.parts.map((part) => part.type)).toEqual(['step-start', 'tool-tool_search', 'data-tool-search', 'step-start', 'text']);
    expect(chat.messages[1]!.parts.find((part) => part.type === 'data-tool-search')).toMatchObject({ data: { activated: ['slack_post_message'] } });
    expect(chat.messages[3]!.parts.at(-1)).toMatchObject({ type: 'text', text: 'Yes, #general.' });
    expect(JSON.stringify(scripted.requests[2]!.prompt)).toContain('I can post to Slack.');
  });

  it("stopping the chat cancels the turn through the request's abort signal", async () => {
    const scripted = createScriptedModel({ steps: [{ text: 'too late', delayMs: 60_000 }] });
    const results: (TurnResult | undefined)[] = [];
    const chat = new TestChat<TurnUIMessage>({
      transport: createTurnChatTransport({ runtime: runtimeOf(), model: scripted.model, onEnd: ({ result }) => void results.push(result) }),
    });

    const sending = chat.sendMessage({ text: 'Take your time' });
    await expect.poll(() => scripted.requests.length).toBe(1);
    await chat.stop();
    await sending;

    await expect.poll(() => results.length).toBe(1);
    expect(results[0]).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
  });
});
