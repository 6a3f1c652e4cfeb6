import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { startFakeAnthropicServer } from './fake-anthropic-server.js';
import { startFakeOpenAIResponsesServer } from './fake-openai-responses-server.js';
import { startFakeOpenAIServer } from './fake-openai-server.js';
import type { FakeProviderServer, FakeReply } from './fake-provider-server.js';

/** One provider wire: the real AI SDK client of a provider against its local fake server. */
export interface RequestWire {
  readonly name: string;
  readonly start: (replies: readonly FakeReply[]) => Promise<FakeProviderServer>;
  readonly model: (baseURL: string) => LanguageModel;
  /** tool_search's name on this wire. */
  readonly searchName: string;
  /** name, description and input schema of each tool of a request body, and its bytes as sent. */
  readonly definitions: (body: Record<string, unknown>) => { name: string; description: string; inputSchema: unknown; bytes: string }[];
}

/** The three wires C23's tests measure on: @ai-sdk/openai Chat Completions and Responses, @ai-sdk/anthropic Messages. */
export const REQUEST_WIRES: readonly RequestWire[] = [
  {
    name: 'OpenAI Chat Completions',
    start: startFakeOpenAIServer,
    model: (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('fake-model'),
    searchName: 'tool_search',
    definitions: (body) =>
      (body.tools as { function: { name: string; description?: string; parameters: unknown } }[]).map((tool) => ({ name: tool.function.name, description: tool.function.description ?? '', inputSchema: tool.function.parameters, bytes: JSON.stringify(tool) })),
  },
  {
    name: 'OpenAI Responses',
    start: startFakeOpenAIResponsesServer,
    model: (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' }).responses('fake-model'),
    searchName: 'turnscope_tool_search',
    definitions: (body) => (body.tools as { name: string; description?: string; parameters: unknown }[]).map((tool) => ({ name: tool.name, description: tool.description ?? '', inputSchema: tool.parameters, bytes: JSON.stringify(tool) })),
  },
  {
    name: 'Anthropic Messages',
    start: startFakeAnthropicServer,
    model: (baseURL) => createAnthropic({ baseURL, apiKey: 'test-key' })('fake-model'),
    searchName: 'tool_search',
    definitions: (body) => (body.tools as { name: string; description?: string; input_schema: unknown }[]).map((tool) => ({ name: tool.name, description: tool.description ?? '', inputSchema: tool.input_schema, bytes: JSON.stringify(tool) })),
  },
];
