import type { InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type Turn } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { captureProcessEvents } from '../helpers/capture-process-events.js';

// An inspect observer that throws is a caller's bug inside xstate's event processing: at
// whichever inspection event it throws, the turn ends failed (execution-error) with the error,
// send() does not throw, nothing is left unhandled, and result settles (C17: nothing lingers).

const unhandled = captureProcessEvents<unknown>('unhandledRejection');

/** A small turn: a tool call, then text. */
function smallTurn(inspect: ((event: InspectionEvent) => unknown) | { next: (event: InspectionEvent) => void }) {
  const { tools } = sampleTools();
  const runtime = createToolSearchRuntime({ tools });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Read', input: { path: '/a' } }] }, { text: 'done' }] });
  return runtime.send({ model: scripted.model, prompt: 'read /a', inspect: inspect as (event: InspectionEvent) => void });
}

/** Lets a rejection nobody handles surface as `unhandledRejection` before the test asserts. */
const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

describe('send({ inspect }): an observer that throws fails the turn, at any inspection event', () => {
  it('a well-behaved observer sees the whole turn', async () => {
    const types: string[] = [];
    const result = await smallTurn((event) => types.push(event.type)).result;
    expect(result.status).toBe('completed');
    expect(types.length).toBeGreaterThan(20);
    expect(types).toContain('@xstate.event');
  });

  it('for every K from 1 to the number of events of the turn, a throw on the K-th event ends it failed with execution-error', async () => {
    let eventCount = 0;
    await smallTurn(() => eventCount++).result;

    for (let k = 1; k <= eventCount; k++) {
      for (const form of ['function', 'observer'] as const) {
        let seen = 0;
        let thrownOn = '';
        const throwOnK = (event: InspectionEvent) => {
          seen += 1;
          if (seen === k) {
            thrownOn = event.type;
            throw new Error(`observer broke at ${k}`);
          }
        };
        let turn: Turn | undefined;
        expect(() => {
          turn = smallTurn(form === 'function' ? throwOnK : { next: throwOnK });
        }, `K=${k} (${form})`).not.toThrow();
        const result = await turn!.result;
        await nextMacrotask();

        expect(result, `K=${k} (${form}) on ${thrownOn}`).toMatchObject({
          status: 'failed',
          reason: 'execution-error',
          error: { name: 'InspectError', code: 'inspect-observer', message: `The inspect observer threw on ${thrownOn}: observer broke at ${k}` },
        });
        // the transcript stays valid to continue: every tool call has its result
        const calls = result.messages.filter((message) => message.role === 'assistant' && Array.isArray(message.content) && message.content.some((part) => part.type === 'tool-call'));
        const toolMessages = result.messages.filter((message) => message.role === 'tool');
        expect(toolMessages.length, `K=${k} (${form})`).toBe(calls.length);
        expect(unhandled, `K=${k} (${form})`).toEqual([]);
      }
    }
  });

  it('the observer is not called again after it threw, and the stream ends with the failure', async () => {
    let calls = 0;
    const turn = smallTurn(() => {
      calls += 1;
      throw new Error('broken from the start');
    });
    const parts: string[] = [];
    for await (const part of turn.stream) parts.push(part.type === 'turn-end' ? `${part.type}:${part.status}:${part.reason}` : part.type);
    expect((await turn.result).status).toBe('failed');
    expect(calls).toBe(1);
    expect(parts).toEqual(['turn-end:failed:execution-error']);
  });

  it('an async observer that rejects fails a running turn, and never leaves an unhandled rejection (even once the turn ended)', async () => {
    let seen = 0;
    const early = await smallTurn(async () => {
      seen += 1;
      if (seen === 5) throw new Error('down');
    }).result;
    await nextMacrotask();
    expect(early).toMatchObject({ status: 'failed', reason: 'execution-error', error: { name: 'InspectError', message: expect.stringMatching(/^The inspect observer rejected on \S+: down$/) } });

    // rejecting on every event: the last rejections come after the turn ended, and are still handled
    const late = await smallTurn(async () => {
      await nextMacrotask();
      throw new Error('always');
    }).result;
    await nextMacrotask();
    await nextMacrotask();
    // failed if a rejection came while it ran, completed if it ended first; either way it settled
    expect(['failed', 'completed']).toContain(late.status);
    expect(unhandled).toEqual([]);
  });
});
