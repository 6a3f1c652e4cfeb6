import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openCallHarness } from '../helpers/open-call-harness.js';

// C27 with C4 / S11: a client's accepted output crosses the output truncation and artifact
// stages as a server tool's output does.

const tools = (): ToolSet => ({ pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }) });
const setup = () => openCallHarness(tools, ['pick_color']);
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

async function awaitingPick(context: ReturnType<typeof setup>) {
  const { result } = await context.send([{ role: 'user', content: 'pick' }], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' }] });
  return result;
}
const withOutput = (first: { messages: readonly ModelMessage[] }, output: unknown): ModelMessage[] =>
  [...first.messages, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'pick', toolName: 'pick_color', output }] }] as ModelMessage[];

describe('answerOpenCall: a client output', () => {
  it('S11, S16: a huge client output crosses the output truncation and artifact stages as a server tool\'s does: the model reads head, note and tail, result.output keeps it whole', async () => {
    const context = setup();
    const first = await awaitingPick(context);
    const lines = Array.from({ length: 5_000 }, (_, index) => `shade ${index}`);
    const { result, requests } = await context.send(withOutput(first, { type: 'text', value: lines.join('\n') }), { text: 'ok' });
    const settled = result.steps[0]!.toolResults[0]!;
    expect(settled).toMatchObject({ toolCallId: 'pick', outcome: 'ok', output: lines.join('\n'), truncated: { totalLines: 5_000, omittedLines: 3_000 }, artifact: { id: expect.any(String) } });
    const sent = toolResultsIn(requests[0]!.prompt)[0]!.output as { type: string; value: string };
    expect(sent.type).toBe('text');
    expect(sent.value.split('\n')).toHaveLength(2_001);
    expect(sent.value).toContain('shade 0\n');
    expect(sent.value).toContain('[turnscope: output cut to fit 51200 bytes and 2000 lines.');
    expect(sent.value.endsWith('shade 4999')).toBe(true);
  });
});
