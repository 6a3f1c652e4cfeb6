import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { decideDemoStep } from '../../src/demo/decide-demo-step.js';
import { createDemoTask } from '../../src/demo/create-demo-task.js';
import { renderDemoPrompt } from '../../src/demo/render-demo-prompt.js';

const task = createDemoTask({ workspaceDir: '/work/space' });
const user: LanguageModelV4Prompt[number] = { role: 'user', content: [{ type: 'text', text: renderDemoPrompt(task) }] };
const schema = { type: 'object' as const, properties: {} };
const toolSearch: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'tool_search',
  description: 'Search.\n\nDeferred tools by group:\nfiles:\n- mcp__files__list_directory\n- mcp__files__write_file\nmem:\n- mcp__mem__create_entities\n',
  inputSchema: schema,
};
const tool = (name: string): LanguageModelV4FunctionTool => ({ type: 'function', name, description: name, inputSchema: schema });

/** One earlier step: the assistant's calls and their results (`ok` false → error-text). */
function step(calls: { id: string; name: string; input: unknown; output: unknown; ok?: boolean }[]): LanguageModelV4Prompt {
  return [
    { role: 'assistant', content: calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.input })) },
    {
      role: 'tool',
      content: calls.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.id,
        toolName: call.name,
        output: call.ok === false ? { type: 'error-text' as const, value: String(call.output) } : { type: 'json' as const, value: call.output as never },
      })),
    },
  ];
}

describe('decideDemoStep', () => {
  it('step 0: searches for the write tool and calls it at once by its inventory name', () => {
    expect(decideDemoStep({ prompt: [user], tools: [toolSearch] })).toEqual({
      type: 'tool-calls',
      toolCalls: [
        { toolName: 'tool_search', input: { query: 'write a file' } },
        { toolName: 'mcp__files__write_file', input: { path: '/work/space/notes.md', content: task.fileContent } },
      ],
    });
  });

  it('calls the write tool once a search made it visible, and searches for the next goal', () => {
    const prompt = [
      user,
      ...step([
        { id: 'a', name: 'tool_search', input: { query: 'write a file' }, output: { activated: ['mcp__files__write_file'] } },
        { id: 'b', name: 'mcp__files__write_file', input: {}, output: 'not callable until your next step', ok: false },
      ]),
    ];
    expect(decideDemoStep({ prompt, tools: [toolSearch, tool('mcp__files__write_file')] })).toEqual({
      type: 'tool-calls',
      toolCalls: [
        { toolName: 'mcp__files__write_file', input: { path: '/work/space/notes.md', content: task.fileContent } },
        { toolName: 'tool_search', input: { query: 'remember an entity in the memory knowledge graph' } },
      ],
    });
  });

  it('revises a search that did not make the tool visible by searching for the tool name', () => {
    const prompt = [user, ...step([{ id: 'a', name: 'tool_search', input: { query: 'write a file' }, output: { activated: [] } }])];
    expect(decideDemoStep({ prompt, tools: [toolSearch] })).toEqual({
      type: 'tool-calls',
      toolCalls: [{ toolName: 'tool_search', input: { query: 'write_file' } }],
    });
  });

  it('lists the directory only after the write succeeded, then answers from the results', () => {
    const tools = [toolSearch, tool('mcp__files__write_file'), tool('mcp__files__list_directory'), tool('mcp__mem__create_entities')];
    const written = step([{ id: 'w', name: 'mcp__files__write_file', input: {}, output: 'Successfully wrote' }]);
    expect(decideDemoStep({ prompt: [user, ...written], tools })).toEqual({
      type: 'tool-calls',
      toolCalls: [
        { toolName: 'mcp__mem__create_entities', input: { entities: [{ name: 'turnscope-demo', entityType: 'project', observations: [task.entity.observation] }] } },
        { toolName: 'mcp__files__list_directory', input: { path: '/work/space' } },
      ],
    });

    const done = step([
      { id: 'm', name: 'mcp__mem__create_entities', input: {}, output: [] },
      { id: 'l', name: 'mcp__files__list_directory', input: {}, output: '[FILE] notes.md' },
    ]);
    expect(decideDemoStep({ prompt: [user, ...written, ...done], tools })).toEqual({
      type: 'text',
      text:
        'Done: wrote /work/space/notes.md (76 characters); remembered turnscope-demo as a project; ' +
        'the workspace lists: [FILE] notes.md.',
    });
  });

  it('gives up on a goal after two fruitless searches and moves on to the next one', () => {
    const searched = step([{ id: 'a', name: 'tool_search', input: { query: 'write a file' }, output: { activated: [] } }]);
    const revised = step([{ id: 'b', name: 'tool_search', input: { query: 'write_file' }, output: { activated: [] } }]);
    expect(decideDemoStep({ prompt: [user, ...searched, ...revised], tools: [toolSearch] })).toEqual({
      type: 'tool-calls',
      toolCalls: [{ toolName: 'tool_search', input: { query: 'remember an entity in the memory knowledge graph' } }],
    });
  });

  it('answers with what it could not do once every search came back empty', () => {
    const queries = ['write a file', 'write_file', 'remember an entity in the memory knowledge graph', 'create_entities'];
    const prompt = [
      user,
      ...queries.flatMap((query, index) =>
        step([{ id: `s${index}`, name: 'tool_search', input: { query }, output: { activated: [] } }]),
      ),
    ];
    expect(decideDemoStep({ prompt, tools: [toolSearch] })).toEqual({
      type: 'text',
      text: 'Not everything worked: could not write /work/space/notes.md; could not remember turnscope-demo; could not list the workspace.',
    });
  });
});
