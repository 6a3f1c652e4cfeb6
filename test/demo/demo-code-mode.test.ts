import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXEC_TOOL_NAME } from '../../src/code-mode/code-mode-options.js';
import { createDemoTask } from '../../src/demo/create-demo-task.js';
import { decideDemoStep, execCode } from '../../src/demo/decide-demo-step.js';
import { readDemoTranscript } from '../../src/demo/read-demo-transcript.js';
import { renderDemoPrompt } from '../../src/demo/render-demo-prompt.js';
import { runDemo, type DemoResult } from '../../src/demo/run-demo.js';

const task = createDemoTask({ workspaceDir: '/work/space' });
const user: LanguageModelV4Prompt[number] = { role: 'user', content: [{ type: 'text', text: renderDemoPrompt(task) }] };
const tool = (name: string): LanguageModelV4FunctionTool => ({ type: 'function', name, description: name, inputSchema: { type: 'object', properties: {} } });

describe('the demo model in code mode (exec visible)', () => {
  it('puts the step’s goal calls into one exec call and keeps searching directly', () => {
    const tools = [tool(EXEC_TOOL_NAME), tool('tool_search'), tool('mcp__files__write_file')];
    const decision = decideDemoStep({ prompt: [user], tools });
    expect(decision).toEqual({
      type: 'tool-calls',
      toolCalls: [
        { toolName: EXEC_TOOL_NAME, input: { code: execCode([{ toolName: 'mcp__files__write_file', input: { path: '/work/space/notes.md', content: task.fileContent } }]) } },
        { toolName: 'tool_search', input: { query: 'remember an entity in the memory knowledge graph' } },
      ],
    });
  });

  it('reads the nested calls back from the exec result, so finished goals are not called again', () => {
    const code = execCode([{ toolName: 'mcp__files__list_directory', input: { path: '/work/space' } }]);
    const prompt: LanguageModelV4Prompt = [
      user,
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'x', toolName: EXEC_TOOL_NAME, input: { code } }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'x',
            toolName: EXEC_TOOL_NAME,
            output: { type: 'json', value: { result: { mcp__files__list_directory: '[FILE] notes.md' }, calls: [{ tool: 'mcp__files__list_directory', outcome: 'ok' }] } },
          },
        ],
      },
    ];
    expect(readDemoTranscript(prompt).calls.map(({ toolCallId, toolName, result }) => ({ toolCallId, toolName, ok: result?.ok, text: result?.text }))).toEqual([
      { toolCallId: 'x', toolName: EXEC_TOOL_NAME, ok: true, text: expect.any(String) },
      { toolCallId: 'x/1', toolName: 'mcp__files__list_directory', ok: true, text: '[FILE] notes.md' },
    ]);
  });
});

describe('turnscope demo --code-mode: the real MCP servers, the embedded model using exec', () => {
  const lines: string[] = [];
  let result: DemoResult;

  beforeAll(async () => {
    result = await runDemo({ output: (line) => lines.push(line), codeMode: true });
  }, 60_000);

  it('completes the same task, with exec visible from step 0 and the found tools called from its code', () => {
    expect(result.status).toBe('completed');
    expect(result.file.contentOnDisk).toBe(result.file.expectedContent);
    expect(result.steps[0]!.visible).toEqual([EXEC_TOOL_NAME, 'tool_search']);
    for (const step of result.steps) expect(step.visible).toContain(EXEC_TOOL_NAME);
    const execCalls = result.calls.filter((call) => call.toolName === EXEC_TOOL_NAME);
    expect(execCalls.length).toBeGreaterThanOrEqual(1);
    expect(execCalls.every((call) => call.outcome === 'ok')).toBe(true);
    const nested = result.calls.filter((call) => call.parentToolCallId !== undefined);
    expect(nested.map((call) => call.toolName).sort()).toEqual(['mcp__filesystem__list_directory', 'mcp__filesystem__write_file', 'mcp__memory__create_entities']);
    expect(nested.every((call) => call.outcome === 'ok')).toBe(true);
    expect(result.text).toContain('the workspace lists: [FILE] notes.md');
  });

  it('still shows the hidden-tool rejection of step 0 (C14) and prints the nested calls', () => {
    expect(result.calls.find((call) => call.stepIndex === 0 && call.toolName === 'mcp__filesystem__write_file')?.outcome).toBe('rejected-hidden');
    const text = lines.join('\n');
    expect(text).toContain('code mode: exec runs JavaScript that calls them');
    expect(text).toMatch(/nested {3}mcp__filesystem__write_file .*\n {11}→ ok: Successfully wrote to/);
    expect(text).toMatch(/call {5}exec const text = /);
  });

  it('counts the nested calls of discovered tools in the report’s top-k recall', () => {
    expect(result.report.turns[0]!.recall.called).toHaveLength(3);
  });
});
