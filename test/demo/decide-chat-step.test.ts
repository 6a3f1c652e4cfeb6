import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { chatInstructions } from '../../src/chat/chat-instructions.js';
import { decideChatStep } from '../../src/demo/decide-chat-step.js';

const workspaceDir = '/tmp/chat/workspace';
const system = { role: 'system' as const, content: chatInstructions({ workspaceDir }) };
const writeFile = 'mcp__filesystem__write_file';
const tool = (name: string): LanguageModelV4FunctionTool => ({ type: 'function', name, inputSchema: { type: 'object', properties: {} } });
const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });
const call = (toolCallId: string, toolName: string, input: unknown) => ({
  role: 'assistant' as const,
  content: [{ type: 'tool-call' as const, toolCallId, toolName, input }],
});
const result = (toolCallId: string, toolName: string, output: LanguageModelV4ToolResultOutput) => ({
  role: 'tool' as const,
  content: [{ type: 'tool-result' as const, toolCallId, toolName, output }],
});
const request = 'Write a note saying hello from turnscope to notes.md';
const searched: LanguageModelV4Prompt = [
  system,
  user(request),
  call('s', 'tool_search', { query: 'write a file' }),
  result('s', 'tool_search', { type: 'json', value: { activated: [writeFile] } }),
];
const writeInput = { path: `${workspaceDir}/notes.md`, content: 'hello from turnscope' };

describe('decideChatStep', () => {
  it('searches first when the tool for the request is not visible, and says why in its reasoning', () => {
    const decision = decideChatStep({ prompt: [system, user(request)], tools: [tool('tool_search')] });
    expect(decision).toEqual({
      type: 'tool-calls',
      reasoning: expect.stringContaining('so I search for "write a file"'),
      toolCalls: [{ toolName: 'tool_search', input: { query: 'write a file' } }],
    });
  });

  it('calls the tool the search loaded on the next step, with the file and the text the request names', () => {
    const decision = decideChatStep({ prompt: searched, tools: [tool('tool_search'), tool(writeFile)] });
    expect(decision.type).toBe('tool-calls');
    expect(decision.reasoning).toContain('waits for your approval');
    expect(decision.type === 'tool-calls' && decision.toolCalls).toEqual([{ toolName: writeFile, input: writeInput }]);
  });

  it('answers from the result once it is in the prompt: ok, denied by the person, or failed', () => {
    const after = (output: LanguageModelV4ToolResultOutput) =>
      decideChatStep({ prompt: [...searched, call('w', writeFile, writeInput), result('w', writeFile, output)], tools: [tool('tool_search')] });
    expect(after({ type: 'json', value: { content: [{ type: 'text', text: 'Successfully wrote to notes.md' }] } })).toEqual({
      type: 'text',
      reasoning: `The ${writeFile} call succeeded; I answer with what it returned.`,
      text: `Done: write ${workspaceDir}/notes.md. The tool said: Successfully wrote to notes.md`,
    });
    expect(after({ type: 'execution-denied', reason: 'not now' })).toMatchObject({ type: 'text', text: `You denied ${writeFile}, so I did not write ${workspaceDir}/notes.md. (not now)` });
    expect(after({ type: 'error-text', value: 'disk full' })).toMatchObject({ type: 'text', text: `I could not write ${workspaceDir}/notes.md: disk full` });
  });

  it('reads the latest request only: an earlier request answered in the history does not count', () => {
    const earlier: LanguageModelV4Prompt = [
      ...searched,
      call('w', writeFile, writeInput),
      result('w', writeFile, { type: 'json', value: 'ok' }),
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      user("Write 'second' to two.md"),
    ];
    expect(decideChatStep({ prompt: earlier, tools: [tool('tool_search')] })).toMatchObject({
      type: 'tool-calls',
      toolCalls: [{ toolName: 'tool_search', input: { query: 'write a file' } }],
    });
    expect(decideChatStep({ prompt: earlier, tools: [tool('tool_search'), tool(writeFile)] })).toMatchObject({
      toolCalls: [{ toolName: writeFile, input: { path: `${workspaceDir}/two.md`, content: 'second' } }],
    });
  });

  it('lists, reads and remembers with the matching tools, and searches an unknown request with its own words', () => {
    const first = (text: string) => decideChatStep({ prompt: [system, user(text)], tools: [tool('tool_search')] });
    expect(first('List the files')).toMatchObject({ toolCalls: [{ toolName: 'tool_search', input: { query: 'list the files in a directory' } }] });
    expect(first('Read notes.md')).toMatchObject({ toolCalls: [{ toolName: 'tool_search', input: { query: 'read a text file' } }] });
    expect(first('Remember "turnscope" please')).toMatchObject({ toolCalls: [{ toolName: 'tool_search', input: { query: 'remember an entity in the memory knowledge graph' } }] });
    expect(first('What is the weather?')).toMatchObject({ toolCalls: [{ toolName: 'tool_search', input: { query: 'What is the weather?' } }] });
    const answered = decideChatStep({
      prompt: [system, user('What is the weather?'), call('s', 'tool_search', { query: 'What is the weather?' }), result('s', 'tool_search', { type: 'json', value: { activated: [] } })],
      tools: [tool('tool_search')],
    });
    expect(answered).toMatchObject({ type: 'text', text: expect.stringContaining('I searched the catalog for "What is the weather?" and found nothing.') });
  });

  it('gives up when its search did not load the tool, and needs the workspace line to act at all', () => {
    const missed = decideChatStep({
      prompt: [system, user(request), call('s', 'tool_search', { query: 'write a file' }), result('s', 'tool_search', { type: 'json', value: { activated: [] } })],
      tools: [tool('tool_search')],
    });
    expect(missed).toMatchObject({ type: 'text', text: `I could not find a tool to write ${workspaceDir}/notes.md: the search for "write a file" did not load one.` });
    expect(decideChatStep({ prompt: [user(request)], tools: [tool('tool_search')] })).toMatchObject({ type: 'text', text: 'I have nothing to work on: send me a request.' });
  });
});
