import { describe, expect, it } from 'vitest';
import { createHybridRanker, createToolSearchRuntime } from '../../src/index.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { describedTool } from '../helpers/described-tool.js';

const TOOLS = { Read: describedTool('Read a file.'), slack_send: describedTool('Send a Slack message.'), email_send: describedTool('Send an email.') };
const microtasks = async (count: number) => {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
};
/** The hybrid ranker behind `hops` awaits: an embedding call's shape, with no timer. */
const slowRanker = (hops: number) => (documents: readonly RankerDocument[]) => {
  const inner = createHybridRanker(documents);
  return { name: 'slow', rank: async (query: string, maxResults: number) => (await microtasks(hops), inner.rank(query, maxResults)) };
};

const SCENARIOS: Record<string, { options: Parameters<typeof createToolSearchRuntime>[0]; steps: ScriptedStep[] }> = {
  // C25: the prefetch ranks before step 0, then the model calls what it loaded
  prefetch: { options: { tools: TOOLS, ranker: slowRanker(3), prefetch: { limit: 2 } }, steps: [{ toolCalls: [{ toolName: 'slack_send', input: {} }] }, { text: 'sent' }] },
  // C24: candidates, then select:, then the call
  'confirm-select': {
    options: { tools: TOOLS, ranker: slowRanker(3), search: { mode: 'confirm' } },
    steps: [
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'send a slack message' } }] },
      { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:slack_send' } }] },
      { toolCalls: [{ toolName: 'slack_send', input: {} }] },
      { text: 'sent' },
    ],
  },
};

/** Runs the scenario and cancels `delay` microtasks after stream part `at` (before the first part for -1). */
async function cancelAt(scenario: keyof typeof SCENARIOS, at: number, delay: number) {
  const { options, steps } = SCENARIOS[scenario]!;
  const runtime = createToolSearchRuntime(options);
  const scripted = createScriptedModel({ steps });
  const turn = runtime.send({ model: scripted.model, prompt: 'send a slack message' });
  const parts: TurnStreamPart[] = [];
  const cancelLater = () => void microtasks(delay).then(() => turn.cancel('stop'));
  if (at === -1) cancelLater();
  for await (const part of turn.stream) {
    parts.push(part);
    if (parts.length - 1 === at) cancelLater();
  }
  return { result: await turn.result, parts, requests: scripted.requests.length };
}

describe('cancelling a turn between any two of its awaits (C17, C24, C25)', () => {
  it.each(Object.keys(SCENARIOS))('%s: at every stream part and 0, 1 or 4 microtasks after, the turn ends once, every call has a result, and nothing is activated that the stream did not announce', async (scenario) => {
    const { parts: uncancelled } = await cancelAt(scenario, Number.MAX_SAFE_INTEGER, 0);
    let cancelled = 0;
    for (let at = -1; at < uncancelled.length; at += 1) {
      for (const delay of [0, 1, 4]) {
        const { result, parts, requests } = await cancelAt(scenario, at, delay);
        const where = `${scenario}, part ${at}, +${delay} microtasks`;
        expect(parts.filter((part) => part.type === 'turn-end'), where).toHaveLength(1);
        expect(parts.at(-1)?.type, where).toBe('turn-end');
        expect(['completed', 'cancelled'], where).toContain(result.status);
        // every call in the transcript has its result, so it can be sent again as it is
        const contentOf = (role: string): { type: string; toolCallId?: string }[] =>
          result.messages.flatMap((message) => (message.role === role && Array.isArray(message.content) ? (message.content as { type: string; toolCallId?: string }[]) : []));
        const ids = (role: string, type: string) => contentOf(role).flatMap((part) => (part.type === type ? [String(part.toolCallId)] : [])).sort();
        expect(ids('tool', 'tool-result'), where).toEqual(ids('assistant', 'tool-call'));
        // A only grows by what activation parts announced (C15), and is what the result reports
        expect(result.activated, where).toEqual(parts.flatMap((part) => (part.type === 'activation' ? part.names : [])));
        // at most the request of a step the cancel cut short has no step record
        expect(requests, where).toBeLessThanOrEqual(result.steps.length + 1);
        if (result.status !== 'cancelled') continue;
        cancelled += 1;
        // cancelled before any step: no request was made, so nothing was ever visible to call
        if (!parts.some((part) => part.type === 'step-start')) expect(requests, where).toBe(0);
      }
    }
    // the sweep reached the cancellation it is about, not only turns that had already ended
    expect(cancelled).toBeGreaterThan(uncancelled.length);
  });
});
