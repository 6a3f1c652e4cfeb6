import { tool, type ModelMessage, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidOptionError } from '../../src/index.js';
import { openCallHarness, recordingExecute, type Ran } from '../helpers/open-call-harness.js';
import { thrownBy } from '../helpers/thrown-by.js';

// Bad input never crashes a turn: ai 7's streamText does not check `messages`, so a part it cannot
// read failed the provider request with a TypeError — after the answering step had run an approved
// call (C27). send() now checks them with ai's own message schemas before anything runs.

const tools = (ran: Ran): ToolSet => ({
  delete_repo: tool({ description: 'Delete a repository.', inputSchema: z.object({ repo: z.string() }), needsApproval: true, execute: recordingExecute(ran, 'delete_repo') }),
});
const setup = () => openCallHarness(tools, ['delete_repo']);
const user = (text: string): ModelMessage => ({ role: 'user', content: text });

describe('send() checks messages with the AI SDK message schemas', () => {
  it('S16: an approval sent beside a part no tool message has is refused before the call runs; the approval stays open and a clean answer runs it once', async () => {
    const context = setup();
    const { result: first } = await context.send([user('delete old')], { toolCalls: [{ toolName: 'delete_repo', input: { repo: 'old' }, toolCallId: 'del' }] });
    const approvalId = (first.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!.approvalId!;
    const approve = { type: 'tool-approval-response' as const, approvalId, approved: true };
    for (const extra of [{ type: 'bogus' }, { type: 'text', text: 'hi' }, null, 'approved']) {
      const error = thrownBy(() => context.start([...first.messages, { role: 'tool', content: [approve, extra] } as ModelMessage], { text: 'ok' }));
      expect(error).toBeInstanceOf(InvalidOptionError);
      expect((error as Error).message).toContain(`Option \`messages[${first.messages.length}].content[1]\``);
      expect((error as Error).message).toContain("as ai's toolModelMessageSchema reads it");
    }
    expect(context.ran).toEqual([]);

    const { result } = await context.send([...first.messages, { role: 'tool', content: [approve] }], { text: 'deleted' });
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'del', outcome: 'ok' });
    expect(context.ran).toEqual([{ toolName: 'delete_repo', input: { repo: 'old' } }]);
  });

  it('a message with an unknown role, no content, or that is null is refused by send() with the index and what was wrong, not a TypeError in the provider request; every shape the SDK allows passes', async () => {
    const context = setup();
    const cases: [unknown, string][] = [
      [{ role: 'bogus', content: 'x' }, 'its role is "bogus"'],
      [null, 'its role is missing'],
      [{ role: 'user' }, "as ai's userModelMessageSchema reads it (its content is not)"],
      [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c' }] }, "Option `messages[1].content[0]` is object; expected a part of an AI SDK assistant message"],
    ];
    for (const [message, problem] of cases) {
      const error = thrownBy(() => context.start([user('hi'), message as ModelMessage], { text: 'ok' }));
      expect(error).toBeInstanceOf(InvalidOptionError);
      expect((error as Error).message).toContain('`messages[1]');
      expect((error as Error).message).toContain(problem);
    }

    // every shape the SDK allows passes: files as bytes and base64, reasoning, tool calls and their results
    const messages: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' }, { type: 'image', image: 'aGVsbG8=', mediaType: 'image/png' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking', providerOptions: { anthropic: { signature: 'sig' } } },
          { type: 'text', text: 'checking' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'delete_repo', input: { repo: 'a' } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'delete_repo', output: { type: 'execution-denied', reason: 'no' } }] },
      user('thanks'),
    ];
    const { result } = await context.send(messages, { text: 'welcome' });
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'welcome' });
  });
});
