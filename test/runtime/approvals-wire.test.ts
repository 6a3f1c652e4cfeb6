import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { tool, type LanguageModel, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { startFakeAnthropicServer } from '../helpers/fake-anthropic-server.js';
import { startFakeOpenAIResponsesServer } from '../helpers/fake-openai-responses-server.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';
import type { FakeProviderServer, FakeReply } from '../helpers/fake-provider-server.js';

// C27 on the wire: the real provider clients carry an approval round trip across two send()s —
// the approval parts never reach the provider, every tool call of the next request has its result.

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REPLIES: FakeReply[] = [
  {
    toolCalls: [
      { name: 'delete_repo', arguments: '{"repo":"acme/old"}', id: 'call_del' },
      { name: 'list_repos', arguments: '{"owner":"acme"}', id: 'call_list' },
    ],
  },
  { text: 'Deleted acme/old.' },
];

const PROVIDERS: [string, (replies: FakeReply[]) => Promise<FakeProviderServer>, (baseURL: string) => LanguageModel][] = [
  ['OpenAI Chat', startFakeOpenAIServer, (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('fake-model')],
  ['OpenAI Responses', startFakeOpenAIResponsesServer, (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' }).responses('fake-model')],
  ['Anthropic Messages', startFakeAnthropicServer, (baseURL) => createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5')],
];

describe('approvals across requests on the wire (C27)', () => {
  it.each(PROVIDERS)('%s: turn 1 ends awaiting approval after one request; the answering turn sends every call’s result and no approval part', async (_name, start, modelOf) => {
    server = await start(REPLIES);
    const ran: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: {
        delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: async ({ repo }) => (ran.push(repo), `deleted ${repo}`) }),
        list_repos: tool({ description: 'List repositories.', inputSchema: z.object({ owner: z.string() }), execute: async () => (ran.push('list'), 'acme/old, acme/new') }),
      },
      direct: ['delete_repo', 'list_repos'],
      toolApprovalSecret: 'wire-secret',
    });
    const model = modelOf(server.baseURL);
    const first = await runtime.send({ model, prompt: 'delete acme/old' }).result;
    expect(first).toMatchObject({ status: 'completed', reason: 'awaiting-approval' });
    expect(server.bodies).toHaveLength(1);
    const request = (first.messages.findLast((message) => message.role === 'assistant')!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!;

    const answered: ModelMessage[] = [...first.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId!, approved: true }] }];
    const second = await runtime.send({ model, messages: answered }).result;
    expect(second).toMatchObject({ status: 'completed', reason: 'stop', text: 'Deleted acme/old.' });
    expect(ran).toEqual(['list', 'acme/old']);
    expect(server.bodies).toHaveLength(2);
    const bytes = server.rawBodies[1]!;
    expect(bytes).toContain('deleted acme/old');
    expect(bytes).toContain('acme/old, acme/new');
    expect(bytes).not.toContain('approval');
    expect(bytes).not.toContain(request.approvalId!);
  });
});
