import { tool } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

// Call ids a provider repeats, generated: within a step and across the steps of one turn, from a
// pool that holds names an object literal mishandles and ids that look like the runtime's own
// renames. Each generated turn runs through the real runtime (streamText + the scripted model).

const NUM_RUNS = Math.max(50, Math.floor(Number(process.env.PROPERTY_RUNS ?? 2_000) / 20));
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const ID_POOL = ['call_0', 'call_1', 'call_0_dup2', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'toolu_01A'];

/**
 * Steps of calls, each an id from the pool. A call's input is its position in the step, so the
 * same id at the same position in two steps is the same call made again (a polling tool): it must
 * run again, not replay.
 */
const turnArbitrary = fc.array(fc.array(fc.constantFrom(...ID_POOL), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 });

type PromptPart = { type: string; toolCallId?: string };
type PromptMessage = { role: string; content: unknown };
const partsOf = (message: PromptMessage): PromptPart[] => (Array.isArray(message.content) ? (message.content as PromptPart[]) : []);

describe(`repeated provider call ids (${NUM_RUNS} generated turns, seed ${SEED})`, () => {
  it('a call runs exactly when it is the first with its id in its step; nothing is replayed; every request pairs each call with one result', async () => {
    await fc.assert(
      fc.asyncProperty(turnArbitrary, async (steps) => {
        const ran: string[] = [];
        const runtime = createToolSearchRuntime({
          tools: { poll: tool({ description: 'Poll.', inputSchema: z.object({ n: z.string() }), execute: async ({ n }, { toolCallId }) => (ran.push(`${toolCallId}|${n}`), `polled ${n}`) }) },
          direct: ['poll'],
          generateId: () => 'turn-p',
        });
        const scripted = createScriptedModel({
          steps: [...steps.map((ids) => ({ toolCalls: ids.map((toolCallId, index) => ({ toolName: 'poll', input: { n: String(index) }, toolCallId })) })), { text: 'done' }],
        });
        const result = await runtime.send({ model: scripted.model, prompt: 'poll' }).result;

        expect(result.status).toBe('completed');
        const firsts = steps.flatMap((ids) => ids.flatMap((id, index) => (ids.indexOf(id) === index ? [`${id}|${index}`] : [])));
        expect([...ran].sort()).toEqual([...firsts].sort());
        steps.forEach((ids, step) => {
          const results = result.steps[step]!.toolResults;
          expect(results).toHaveLength(ids.length);
          expect(new Set(results.map((entry) => entry.toolCallId)).size).toBe(ids.length);
          results.forEach((entry, index) => {
            if (ids.indexOf(ids[index]!) === index) {
              expect(entry).toMatchObject({ toolCallId: ids[index], outcome: 'ok', replayed: false, operationId: `turn-p:${step}:${ids[index]}` });
            } else {
              expect(entry.outcome).toBe('error');
              expect(entry.output).toContain(`duplicate tool call id ${JSON.stringify(ids[index])}`);
            }
          });
        });
        // each request after step k: its tool messages answer the calls of the assistant message before them, once each
        for (const request of scripted.requests.slice(1)) {
          const prompt = request.prompt as PromptMessage[];
          prompt.forEach((message, index) => {
            if (message.role !== 'assistant') return;
            const calls = partsOf(message).filter((part) => part.type === 'tool-call').map((part) => part.toolCallId);
            const answered = (prompt[index + 1] === undefined ? [] : partsOf(prompt[index + 1]!)).filter((part) => part.type === 'tool-result').map((part) => part.toolCallId);
            expect(new Set(calls).size).toBe(calls.length);
            expect(answered).toEqual(calls);
          });
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  }, 600_000);
});
