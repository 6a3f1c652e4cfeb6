import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { DemoModel } from '../../src/demo/demo-model.js';
import { createDemoTask } from '../../src/demo/create-demo-task.js';
import { renderDemoPrompt } from '../../src/demo/render-demo-prompt.js';
import { chatInstructions } from '../../src/chat/chat-instructions.js';

const task = createDemoTask({ workspaceDir: '/work/space' });
const toolSearch: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'tool_search',
  description: 'Search.\n\nDeferred tools by group:\nfilesystem:\n- mcp__filesystem__write_file\n',
  inputSchema: { type: 'object', properties: {} },
};

async function read(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('DemoModel', () => {
  it('implements LanguageModelV4 and streams tool calls with JSON-string input and a finish part', async () => {
    const model = new DemoModel();
    expect(model.specificationVersion).toBe('v4');
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: renderDemoPrompt(task) }] }],
      tools: [toolSearch],
    });
    const parts = await read(stream);

    expect(parts.map((part) => part.type)).toEqual(['stream-start', 'tool-call', 'tool-call', 'finish']);
    expect(parts[1]).toEqual({ type: 'tool-call', toolCallId: 'demo-0-0', toolName: 'tool_search', input: '{"query":"write a file"}' });
    expect(parts[2]).toEqual({
      type: 'tool-call',
      toolCallId: 'demo-0-1',
      toolName: 'mcp__filesystem__write_file',
      input: JSON.stringify({ path: '/work/space/notes.md', content: task.fileContent }),
    });
    const finish = parts[3] as Extract<LanguageModelV4StreamPart, { type: 'finish' }>;
    expect(finish.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool-calls' });
    expect(finish.usage.inputTokens.total).toBeGreaterThan(0);
    expect(model.requests).toEqual([{ stepIndex: 0, visible: ['tool_search'] }]);
  });

  it('answers with a text block and finish reason stop when there is nothing to do', async () => {
    const { stream } = await new DemoModel().doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] });
    const parts = await read(stream);
    expect(parts.map((part) => part.type)).toEqual(['stream-start', 'text-start', 'text-delta', 'text-end', 'finish']);
    expect(parts[2]).toMatchObject({ type: 'text-delta', id: 'text-0', delta: 'I did not find the demo task in the prompt.' });
    expect((parts[4] as Extract<LanguageModelV4StreamPart, { type: 'finish' }>).finishReason.unified).toBe('stop');
  });

  it('gives the same stream for the same request', async () => {
    const request = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: renderDemoPrompt(task) }] }], tools: [toolSearch] };
    const first = await read((await new DemoModel().doStream(request)).stream);
    const second = await read((await new DemoModel().doStream(request)).stream);
    expect(second).toEqual(first);
  });

  it('rejects doGenerate: the runtime streams', async () => {
    await expect(new DemoModel().doGenerate({ prompt: [] })).rejects.toThrow('DemoModel supports streaming only');
  });

  describe('on a chat prompt (turnscope chat)', () => {
    const chatPrompt = [
      { role: 'system' as const, content: chatInstructions({ workspaceDir: '/work/space' }) },
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Write a note saying hi to a.md' }] },
    ];

    it('streams its reasoning word by word before the tool call', async () => {
      const parts = await read((await new DemoModel().doStream({ prompt: chatPrompt, tools: [toolSearch] })).stream);
      const types = parts.map((part) => part.type);
      expect(types[1]).toBe('reasoning-start');
      expect(types.slice(-3)).toEqual(['reasoning-end', 'tool-call', 'finish']);
      const deltas = parts.filter((part) => part.type === 'reasoning-delta').map((part) => part.delta);
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.join('')).toBe(
        'To write /work/space/a.md I need a write_file tool. None of the visible tools is one; the catalog behind tool_search should have it, so I search for "write a file".',
      );
      expect(parts.at(-2)).toEqual({ type: 'tool-call', toolCallId: 'demo-0-0', toolName: 'tool_search', input: '{"query":"write a file"}' });
    });

    it('waits chunkDelayMs between parts and stops at once when the request is aborted', async () => {
      const controller = new AbortController();
      const { stream } = await new DemoModel({ chunkDelayMs: 60_000 }).doStream({ prompt: chatPrompt, tools: [toolSearch], abortSignal: controller.signal });
      const reader = stream.getReader();
      expect((await reader.read()).value).toEqual({ type: 'stream-start', warnings: [] });
      const next = reader.read();
      controller.abort(new Error('stop'));
      await expect(next).rejects.toThrow('stop');
    });
  });
});
