import { tool, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { durableApprovalStore } from '../../src/durable/durable-approval-store.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { createMemoryApprovalStore, type TurnResult } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

describe('approval store answers are journaled steps of a durable turn (C27, C29)', () => {
  it('a re-execution replays the claim it made (claimed), where asking the store again would answer answered', async () => {
    const store = createMemoryApprovalStore();
    await store.issue({ id: 'approval:t:0:c', kind: 'approval', turnId: 't', stepIndex: 0, toolCallId: 'c', toolName: 'deploy', inputDigest: 'd', issuedAt: 0 });
    const first = createMemoryStepRunner();
    expect(await durableApprovalStore(store, first).claim('approval:t:0:c')).toMatchObject({ status: 'claimed', record: { toolName: 'deploy' } });
    const again = createMemoryStepRunner({ records: first.records });
    expect(await durableApprovalStore(store, again).claim('approval:t:0:c')).toMatchObject({ status: 'claimed', record: { toolName: 'deploy' } });
    expect(again.calls).toEqual([{ name: 'approval-claim:approval:t:0:c#0', ran: false }]);
    // a second claim of the same key in one execution is its own step, and the store says answered
    expect(await durableApprovalStore(store, createMemoryStepRunner()).claim('approval:t:0:c')).toEqual({ status: 'answered' });
  });

  it('a store that throws is recorded as its message and thrown again on every execution', async () => {
    const failing = { issue: () => Promise.reject(new Error('db down')), claim: () => ({ status: 'unknown' as const }) };
    const runner = createMemoryStepRunner();
    const record = { id: 'x', kind: 'approval' as const, turnId: 't', stepIndex: 0, toolCallId: 'c', toolName: 'deploy', inputDigest: 'd', issuedAt: 0 };
    await expect(durableApprovalStore(failing, runner).issue(record)).rejects.toThrow('db down');
    const healthy = { issue: () => undefined, claim: () => ({ status: 'unknown' as const }) };
    await expect(durableApprovalStore(healthy, createMemoryStepRunner({ records: runner.records })).issue(record)).rejects.toThrow('db down');
  });

  it('the answering turn of an approval, executed again from its record, runs the approved call from the record and ends as the first execution did', async () => {
    const ran: string[] = [];
    const store = createMemoryApprovalStore();
    const tools = { deploy: tool({ description: 'Deploy.', inputSchema: z.object({ target: z.string() }), needsApproval: true, execute: async ({ target }) => (ran.push(target), `deployed ${target}`) }) };
    const runtime = { tools, direct: ['deploy'], approvalStore: store };
    const asking = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'deploy', input: { target: 'prod' }, toolCallId: 'd0' }] }] });
    const awaiting = await runDurableTurn({ runner: createMemoryStepRunner(), runtime, model: asking.model, input: { prompt: 'deploy' } });
    expect(awaiting.reason).toBe('awaiting-approval');
    const request = (awaiting.messages.at(-1)!.content as { type: string; approvalId?: string }[]).find((part) => part.type === 'tool-approval-request')!;
    const messages: ModelMessage[] = [...awaiting.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId!, approved: true }] }];

    const runner = createMemoryStepRunner();
    const answer = (records?: Map<string, string>): Promise<TurnResult> =>
      runDurableTurn({ runner: createMemoryStepRunner(records === undefined ? {} : { records }), runtime, model: createScriptedModel({ steps: [{ text: 'deployed' }] }).model, input: { messages } });
    const first = await runDurableTurn({ runner, runtime, model: createScriptedModel({ steps: [{ text: 'deployed' }] }).model, input: { messages } });
    expect(first.steps[0]!.toolResults[0]).toMatchObject({ toolCallId: 'd0', outcome: 'ok', output: 'deployed prod' });
    const replayed = await answer(runner.records);
    expect(replayed).toEqual(first);
    expect(ran).toEqual(['prod']);
  });
});
