import { tool, type LanguageModelUsage, type ToolSet } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, TOOL_SEARCH_NAME } from '../../src/index.js';
import type { callModelStep } from '../../src/runtime/call-model-step.js';
import { runtimeInternals } from '../../src/runtime/runtime-internals.js';
import { startTurn } from '../../src/runtime/start-turn.js';

const WORDS = ['issue', 'file', 'page', 'message', 'event', 'search', 'create', 'list', 'delete', 'read'];
const NAMES = ['Bash', 'Read', 'Edit', 'create_issue', 'list_files', 'read_page', 'send_message', 'delete_event', 'search_docs', 'list_issues', 'read_file', 'create_event'];
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 } as LanguageModelUsage;

type Call = { toolName: string; input: unknown };

/**
 * Runtimes are built once per catalog (at most 2^12 of them) and reused: the property is about
 * the per-turn ceiling, and building the search index for every case would dominate the run.
 * Each tool's description is two vocabulary words chosen by its name, so searches match.
 */
const runtimes = new Map<string, { runtime: ReturnType<typeof createToolSearchRuntime>; log: { current: (name: string) => void } }>();
function runtimeFor(catalog: readonly string[]) {
  const key = [...catalog].sort().join(',');
  let built = runtimes.get(key);
  if (built === undefined) {
    const log = { current: (_name: string) => {} };
    const tools: ToolSet = Object.fromEntries(
      catalog.map((name) => {
        const index = NAMES.indexOf(name);
        const description = `${WORDS[index % WORDS.length]} ${WORDS[(index * 7 + 3) % WORDS.length]}`;
        return [name, tool({ description, inputSchema: z.object({}), execute: async () => void log.current(name) })];
      }),
    );
    built = { runtime: createToolSearchRuntime({ tools }), log };
    runtimes.set(key, built);
  }
  return built;
}

const scenario = fc.record({
  catalog: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: NAMES.length }),
  ceilingPick: fc.array(fc.boolean(), { minLength: NAMES.length, maxLength: NAMES.length }),
  steps: fc.array(
    fc.array(
      fc.oneof(
        fc.record({ toolName: fc.constant(TOOL_SEARCH_NAME), input: fc.record({ query: fc.oneof(fc.constantFrom(...WORDS, ...NAMES), fc.string()), limit: fc.integer({ min: 1, max: 20 }) }) }),
        fc.record({ toolName: fc.constantFrom(...NAMES, 'unknown_tool'), input: fc.constant({}) }),
      ),
      { maxLength: 4 },
    ),
    { minLength: 1, maxLength: 4 },
  ),
});

describe('S10, C6: an explicit ceiling can never be widened (property, 10,000 cases)', () => {
  it('every step\'s visible set and definitions stay inside the ceiling, and nothing outside it (or hidden) is executed', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ catalog, ceilingPick, steps }) => {
        const { runtime, log } = runtimeFor(catalog);
        const executed: { name: string; stepIndex: number }[] = [];
        let currentStep = 0;
        log.current = (name) => executed.push({ name, stepIndex: currentStep });
        const ceiling = catalog.filter((_, index) => ceilingPick[index]);
        const sent: { visible: readonly string[]; definitions: string[] }[] = [];
        const fakeStep: typeof callModelStep = async ({ visible, tools: definitions }) => {
          currentStep = sent.length;
          sent.push({ visible, definitions: Object.keys(definitions) });
          const calls: Call[] = steps[sent.length - 1] ?? [];
          const toolCalls = calls.map((call, index) => ({ toolCallId: `c${sent.length}-${index}`, ...call }));
          return {
            responseMessages: [{ role: 'assistant', content: toolCalls.map((call) => ({ type: 'tool-call' as const, ...call })) }],
            toolCalls,
            text: '',
            finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
            usage,
          };
        };
        const result = await startTurn(runtimeInternals.get(runtime)!, { model: 'unused', prompt: 'go', boundTools: ceiling }, { callModelStep: fakeStep }).result;

        const allowed = new Set([...ceiling, TOOL_SEARCH_NAME]);
        for (const request of sent) {
          for (const name of request.visible) expect(allowed.has(name)).toBe(true);
          for (const name of request.definitions) expect(allowed.has(name)).toBe(true);
        }
        for (const { name, stepIndex } of executed) {
          expect(ceiling).toContain(name);
          expect(sent[stepIndex]!.visible).toContain(name);
        }
        for (const name of result.activated) expect(ceiling).toContain(name);
        expect(result.status).toBe('completed');
      }),
      { numRuns: 10_000 },
    );
  }, 600_000); // 10,000 turns: about 70–90 s on an idle 2-core machine, several times that under load
});
