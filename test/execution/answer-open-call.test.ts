import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScriptedModel } from '../../src/testing/index.js';
import { openCallHarness, recordingExecute, type Ran } from '../helpers/open-call-harness.js';

// C27 with C4 / S11: a client's accepted output crosses the output truncation and artifact
// stages as a server tool's output does.

const tools = (ran: Ran): ToolSet => ({
  pick_color: tool({ description: 'Ask the user to pick a color.', inputSchema: z.object({ prompt: z.string() }) }),
  delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: recordingExecute(ran, 'delete_repo') }),
  list_repos: tool({ description: 'List the repositories of an owner.', inputSchema: z.object({ owner: z.string() }), execute: recordingExecute(ran, 'list_repos') }),
});
const setup = () => openCallHarness(tools, ['pick_color', 'delete_repo', 'list_repos']);
const toolResultsIn = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.flatMap((message) => (message.role === 'tool' ? (message.content as { toolCallId: string; output: unknown }[]) : [])).map(({ toolCallId, output }) => ({ toolCallId, output }));

async function awaitingPick(context: ReturnType<typeof setup>) {
  const { result } = await context.send([{ role: 'user', content: 'pick' }], { toolCalls: [{ toolName: 'pick_color', input: { prompt: 'Favourite?' }, toolCallId: 'pick' }] });
  return result;
}
const withOutput = (first: { messages: readonly ModelMessage[] }, output: unknown): ModelMessage[] =>
  [...first.messages, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'pick', toolName: 'pick_color', output }] }] as ModelMessage[];

describe('answerOpenCall', () => {
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

  it('S16: an approval answered by a send whose ceiling leaves its tool out runs nothing, says why, and is not spent: a send that binds the tool runs it once', async () => {
    const context = setup();
    const { result: first } = await context.send([{ role: 'user', content: 'delete old' }], { toolCalls: [{ toolName: 'delete_repo', input: { repo: 'old' }, toolCallId: 'del' }] });
    const approvalId = (first.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!.approvalId!;
    const answered: ModelMessage[] = [...first.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] }];

    const narrow = createScriptedModel({ steps: [{ text: 'ok' }] });
    const refused = await context.runtime.send({ model: narrow.model, messages: answered, boundTools: ['list_repos'] }).result;
    expect(refused.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'rejected-answer', output: expect.stringContaining('is not bound to this turn') });
    expect(context.ran).toEqual([]);

    const { result } = await context.send(answered, { text: 'deleted' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'ok', output: 'delete_repo done' });
    expect(context.ran).toEqual([{ toolName: 'delete_repo', input: { repo: 'old' } }]);
  });

  it('S16: a client output that is an error (addToolOutput with state output-error) or a denial settles the call as error or denied, not ok; the model reads it as sent', async () => {
    for (const [output, outcome] of [
      [{ type: 'error-text', value: 'the user closed the picker' }, 'error'],
      [{ type: 'error-json', value: { code: 'closed' } }, 'error'],
      [{ type: 'execution-denied', reason: 'not now' }, 'denied'],
    ] as const) {
      const context = setup();
      const first = await awaitingPick(context);
      const { result, requests } = await context.send(withOutput(first, output), { text: 'ok' });
      expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'pick', outcome });
      expect(toolResultsIn(requests[0]!.prompt)).toEqual([{ toolCallId: 'pick', output }]);
    }
  });
});
